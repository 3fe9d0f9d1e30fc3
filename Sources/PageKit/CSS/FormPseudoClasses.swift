/// The pseudo-classes of form controls and media, as compiled selectors name them.
enum FormStatePseudoClass: UInt8 {
    case checked, indeterminate, isDefault, disabled, enabled, required, optional, readOnly, readWrite
    case placeholderShown, valid, invalid, inRange, outOfRange, paused, muted
}

/// The pseudo-classes of form controls and media, as HTML §4.16.3 ("Pseudo-classes") defines them.
extension SelectorMatcher {
    func matchesFormState(_ pseudoClass: FormStatePseudoClass, _ element: Int32) -> Bool {
        switch pseudoClass {
        case .checked:
            if document.isElement(element, .input) {
                let type = document.inputType(of: element)
                return (type == "checkbox" || type == "radio") && document.isChecked(element, state: state)
            }
            return document.isElement(element, .option) && document.isChecked(element, state: state)
        case .indeterminate:
            return isIndeterminate(element)
        case .isDefault:
            return isDefault(element)
        case .disabled:
            return canBeDisabled(element) && isDisabled(element)
        case .enabled:
            return canBeDisabled(element) && !isDisabled(element)
        case .required:
            return takesRequired(element) && has("required", element)
        case .optional:
            return takesRequired(element) && !has("required", element)
        case .readWrite:
            return isReadWrite(element)
        case .readOnly:
            return !isReadWrite(element)
        case .placeholderShown:
            guard has("placeholder", element) else { return false }
            if document.isElement(element, .textarea) { return document.controlValue(element, state: state).isEmpty }
            guard document.isElement(element, .input) else { return false }
            let type = document.inputType(of: element)
            guard ["text", "search", "url", "tel", "email", "password", "number"].contains(type) else { return false }
            return document.controlValue(element, state: state).isEmpty
        case .valid, .invalid:
            guard let valid = validity(element) else { return false }
            return valid == (pseudoClass == .valid)
        case .inRange, .outOfRange:
            guard let inRange = rangeState(element) else { return false }
            return inRange == (pseudoClass == .inRange)
        case .paused:
            return document.isElement(element, .video) || document.isElement(element, .audio)
        case .muted:
            return (document.isElement(element, .video) || document.isElement(element, .audio)) && has("muted", element)
        }
    }

    func has(_ attribute: String, _ element: Int32) -> Bool {
        document.attribute(attribute, of: NodeID(element)) != nil
    }

    private func isIndeterminate(_ element: Int32) -> Bool {
        if document.isElement(element, .input) {
            switch document.inputType(of: element) {
            case "checkbox":
                return state.indeterminate.contains(NodeID(element))
            case "radio":
                return !radioGroup(of: element).contains { document.isChecked($0, state: state) }
            default:
                return false
            }
        }
        return document.name(of: NodeID(element)) == "progress" && !has("value", element)
    }

    /// The radio buttons of the same group (same name, same form owner), the element included.
    func radioGroup(of radio: Int32) -> [Int32] {
        guard let name = document.attribute(.name, of: radio), !name.isEmpty else { return [radio] }
        let form = document.ancestor(named: .form, of: radio)
        let top = form ?? rootOfTree(radio)
        var group: [Int32] = []
        var node = top
        while node != HTMLDocument.none {
            if document.isElement(node, .input), document.inputType(of: node) == "radio",
               document.attribute(.name, of: node) == name, document.ancestor(named: .form, of: node) == form {
                group.append(node)
            }
            node = document.following(node, within: top)
        }
        return group
    }

    private func rootOfTree(_ node: Int32) -> Int32 {
        var current = node
        while document.nodes[Int(current)].parent != HTMLDocument.none { current = document.nodes[Int(current)].parent }
        return current
    }

    private func isDefault(_ element: Int32) -> Bool {
        if document.isElement(element, .option) { return document.hasAttribute(.selected, of: element) }
        if document.isElement(element, .input) {
            let type = document.inputType(of: element)
            if type == "checkbox" || type == "radio" { return document.hasAttribute(.checked, of: element) }
            guard type == "submit" || type == "image" else { return false }
        } else if document.isElement(element, .button) {
            let type = document.attribute(.type, of: element).map { asciiLowercased(collapsingWhitespace($0)) } ?? "submit"
            guard type == "submit" || (type != "reset" && type != "button") else { return false }
        } else {
            return false
        }
        guard let form = document.ancestor(named: .form, of: element) else { return false }
        return defaultButton(of: form) == element
    }

    /// A form's default button: its first submit button in tree order.
    private func defaultButton(of form: Int32) -> Int32? {
        var node = document.nodes[Int(form)].firstChild
        while node != HTMLDocument.none {
            if document.isElement(node, .button) {
                let type = document.attribute(.type, of: node).map { asciiLowercased(collapsingWhitespace($0)) } ?? "submit"
                if type != "reset" && type != "button" { return node }
            } else if document.isElement(node, .input), ["submit", "image"].contains(document.inputType(of: node)) {
                return node
            }
            node = document.following(node, within: form)
        }
        return nil
    }

    private func canBeDisabled(_ element: Int32) -> Bool {
        guard document.nodes[Int(element)].kind == .element else { return false }
        switch KnownName(rawValue: document.nodes[Int(element)].name) {
        case .button, .input, .select, .textarea, .optgroup, .option, .fieldset: return true
        default: return state.formAssociatedCustomElements.contains(element)
        }
    }

    /// HTML's "actually disabled": its own `disabled`, its `optgroup`'s for an option, or a
    /// disabled `fieldset` around it (outside that fieldset's first `legend`).
    func isDisabled(_ element: Int32) -> Bool {
        if document.hasAttribute(.disabled, of: element) { return true }
        if document.isElement(element, .option) {
            let parent = document.nodes[Int(element)].parent
            return parent != HTMLDocument.none && document.isElement(parent, .optgroup) && document.hasAttribute(.disabled, of: parent)
        }
        if document.isElement(element, .optgroup) { return false }
        var child = element
        var current = document.nodes[Int(element)].parent
        while current != HTMLDocument.none {
            if document.isElement(current, .fieldset) && document.hasAttribute(.disabled, of: current) {
                if !(document.isElement(child, .legend) && firstLegend(of: current) == child) { return true }
            }
            child = current
            current = document.nodes[Int(current)].parent
        }
        return false
    }

    private func firstLegend(of fieldset: Int32) -> Int32? {
        var child = document.nodes[Int(fieldset)].firstChild
        while child != HTMLDocument.none {
            if document.isElement(child, .legend) { return child }
            child = document.nodes[Int(child)].next
        }
        return nil
    }

    /// Elements `required` applies to.
    private func takesRequired(_ element: Int32) -> Bool {
        if document.isElement(element, .select) || document.isElement(element, .textarea) { return true }
        guard document.isElement(element, .input) else { return false }
        return !["hidden", "range", "color", "submit", "image", "reset", "button"].contains(document.inputType(of: element))
    }

    private static let textLikeTypes: Set<String> = [
        "text", "search", "url", "tel", "email", "password", "date", "month", "week", "time", "datetime-local", "number",
    ]

    private func isReadWrite(_ element: Int32) -> Bool {
        if document.isElement(element, .input) {
            return Self.textLikeTypes.contains(document.inputType(of: element)) && !has("readonly", element) && !isDisabled(element)
        }
        if document.isElement(element, .textarea) { return !has("readonly", element) && !isDisabled(element) }
        var current = element
        while current != HTMLDocument.none && document.nodes[Int(current)].kind == .element {
            if let editable = document.attribute("contenteditable", of: NodeID(current)).map(asciiLowercased) {
                if editable == "false" { return false }
                if editable == "" || editable == "true" || editable == "plaintext-only" { return true }
            }
            current = document.nodes[Int(current)].parent
        }
        return false
    }

    /// Constraint validation for `:valid`/`:invalid`: nil for elements that are not
    /// candidates; a form or fieldset is invalid when a control inside it is.
    private func validity(_ element: Int32) -> Bool? {
        if document.isElement(element, .form) || document.isElement(element, .fieldset) {
            var node = document.nodes[Int(element)].firstChild
            while node != HTMLDocument.none {
                if document.nodes[Int(node)].kind == .element, controlValidity(node) == false { return false }
                node = document.following(node, within: element)
            }
            return true
        }
        return controlValidity(element)
    }

    /// A candidate control's validity (ConstraintValidation.swift); nil for others.
    private func controlValidity(_ element: Int32) -> Bool? {
        willValidate(element) ? validityFlags(element).isEmpty : nil
    }

    func isValidEmailList(_ value: String, multiple: Bool) -> Bool {
        let addresses = multiple ? value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingASCIIWhitespace() } : [Substring(value)]
        return addresses.allSatisfy { address in
            let parts = address.split(separator: "@", omittingEmptySubsequences: false)
            return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && !address.contains(" ")
                && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".") && !parts[1].contains("..")
        }
    }

    /// For `:in-range`/`:out-of-range`: whether a number input with `min` or `max` holds a
    /// value inside them; nil when the pseudo-classes do not apply.
    private func rangeState(_ element: Int32) -> Bool? {
        guard document.isElement(element, .input), ["number", "range"].contains(document.inputType(of: element)) else { return nil }
        let minimum = document.attribute("min", of: NodeID(element)).flatMap { Double($0) }
        let maximum = document.attribute("max", of: NodeID(element)).flatMap { Double($0) }
        guard minimum != nil || maximum != nil else { return nil }
        guard let value = Double(document.controlValue(element, state: state)) else { return true }
        if let minimum, value < minimum { return false }
        if let maximum, value > maximum { return false }
        return true
    }
}

extension Substring {
    func trimmingASCIIWhitespace() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" || first == "\n" || first == "\r" || first == "\u{0C}" {
            result.removeFirst()
        }
        while let last = result.last, last == " " || last == "\t" || last == "\n" || last == "\r" || last == "\u{0C}" {
            result.removeLast()
        }
        return result
    }
}
