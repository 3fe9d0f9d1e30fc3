#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PageKit
import URLKit

/// A control's state as browsers keep it apart from its attributes (HTML standard, "dirty
/// value flag", "dirty checkedness flag", option "selectedness").
struct ControlState {
    /// The value once typed or set by a script (nil: the default from the markup).
    var value: String?
    /// Whether the value was last changed by the user's typing (what `tooLong`/`tooShort` need).
    var editedByUser = false
    /// The checkedness once changed (nil: the `checked` attribute).
    var checked: Bool?
    /// An option's selectedness once changed (nil: the `selected` attribute).
    var selected: Bool?
}

extension ScriptPage {
    static let listedElements: Set<String> = ["button", "fieldset", "input", "object", "output", "select", "textarea"]
    static let labelableElements: Set<String> = ["button", "input", "meter", "output", "progress", "select", "textarea"]

    func isControl(_ node: NodeID) -> Bool {
        guard let name = document.name(of: node) else { return false }
        return name == "input" || name == "textarea" || name == "select" || name == "option" || name == "button"
    }

    func inputType(_ node: NodeID) -> String {
        (document.attribute("type", of: node) ?? "").lowercased()
    }

    private func state(_ node: NodeID) -> ControlState {
        controls[Int32(node.rawValue)] ?? ControlState()
    }

    private func update(_ node: NodeID, _ change: (inout ControlState) -> Void) {
        var current = state(node)
        change(&current)
        controls[Int32(node.rawValue)] = current
        version += 1
    }

    // MARK: - Values

    /// The value a control reports (`.value`).
    func controlValue(_ node: NodeID) -> String {
        switch document.name(of: node) {
        case "input":
            let type = inputType(node)
            if type == "checkbox" || type == "radio" { return document.attribute("value", of: node) ?? "on" }
            return state(node).value ?? sanitize(document.attribute("value", of: node) ?? "", type: type)
        case "textarea":
            return state(node).value ?? document.textContent(of: node)
        case "select":
            guard let option = options(of: node).first(where: { selectedness($0) }) else { return "" }
            return document.attribute("value", of: option) ?? optionText(option)
        case "option":
            return document.attribute("value", of: node) ?? optionText(node)
        default:
            return document.attribute("value", of: node) ?? ""
        }
    }

    /// Sets a control's value as a script (or typing) does.
    func setControlValue(_ node: NodeID, _ value: String, byUser: Bool = false) {
        switch document.name(of: node) {
        case "input":
            let type = inputType(node)
            if type == "checkbox" || type == "radio" {
                document.setAttribute("value", value, of: node)
                version += 1
                return
            }
            update(node) {
                $0.value = sanitize(value, type: type)
                $0.editedByUser = byUser
            }
        case "textarea":
            update(node) {
                $0.value = normalizedNewlines(value)
                $0.editedByUser = byUser
            }
        case "select":
            let all = options(of: node)
            let match = all.first { (document.attribute("value", of: $0) ?? optionText($0)) == value }
            for option in all { update(option) { $0.selected = option == match } }
        default:
            document.setAttribute("value", value, of: node)
            version += 1
        }
    }

    /// The value sanitization of text-like inputs: line breaks removed (and trimmed for URLs
    /// and e-mail addresses).
    private func sanitize(_ value: String, type: String) -> String {
        switch type {
        case "", "text", "search", "tel", "password":
            return value.filter { $0 != "\n" && $0 != "\r" }
        case "url", "email":
            return value.filter { $0 != "\n" && $0 != "\r" }.trimmingSpaces()
        default:
            return value
        }
    }

    // MARK: - Checkboxes and radio buttons

    func checkedness(_ node: NodeID) -> Bool {
        state(node).checked ?? (document.attribute("checked", of: node) != nil)
    }

    /// Checks or unchecks; checking a radio button unchecks the others of its group.
    func setCheckedness(_ node: NodeID, _ checked: Bool) {
        update(node) { $0.checked = checked }
        if checked, inputType(node) == "radio" {
            for other in radioGroup(node) where other != node { update(other) { $0.checked = false } }
        }
    }

    /// The radio buttons of a group: same name, same form owner, same tree.
    func radioGroup(_ node: NodeID) -> [NodeID] {
        guard let name = document.attribute("name", of: node), !name.isEmpty else { return [node] }
        let owner = formOwner(node)
        return descendantElements(of: rootOf(node)) { candidate in
            document.name(of: candidate) == "input" && inputType(candidate) == "radio"
                && document.attribute("name", of: candidate) == name && formOwner(candidate) == owner
        }
    }

    // MARK: - Selects and options

    /// The options of a select, in tree order (inside optgroups too).
    func options(of select: NodeID) -> [NodeID] {
        var result: [NodeID] = []
        for child in document.children(of: select) {
            switch document.name(of: child) {
            case "option": result.append(child)
            case "optgroup": result.append(contentsOf: document.children(of: child).filter { document.name(of: $0) == "option" })
            default: break
            }
        }
        return result
    }

    func selectOf(_ option: NodeID) -> NodeID? {
        var parent = document.parent(of: option)
        if let current = parent, document.name(of: current) == "optgroup" { parent = document.parent(of: current) }
        guard let select = parent, document.name(of: select) == "select" else { return nil }
        return select
    }

    /// An option's selectedness. A single select shows one option: the last one selected (by
    /// a script, the user or the `selected` attribute), else its first enabled option.
    func selectedness(_ option: NodeID) -> Bool {
        let own = state(option).selected ?? (document.attribute("selected", of: option) != nil)
        guard let select = selectOf(option), !isMultiple(select), displaySize(select) <= 1 else { return own }
        return selectedOption(of: select) == option
    }

    private func selectedOption(of select: NodeID) -> NodeID? {
        let all = options(of: select)
        if let last = all.last(where: { state($0).selected ?? (document.attribute("selected", of: $0) != nil) }) { return last }
        return all.first { document.attribute("disabled", of: $0) == nil }
    }

    func setSelectedness(_ option: NodeID, _ selected: Bool) {
        if selected, let select = selectOf(option), !isMultiple(select) {
            for other in options(of: select) { update(other) { $0.selected = other == option } }
        } else {
            update(option) { $0.selected = selected }
        }
    }

    func isMultiple(_ select: NodeID) -> Bool { document.attribute("multiple", of: select) != nil }

    private func displaySize(_ select: NodeID) -> Int {
        Int(document.attribute("size", of: select) ?? "") ?? 1
    }

    func selectedIndex(_ select: NodeID) -> Int {
        options(of: select).firstIndex { selectedness($0) } ?? -1
    }

    func setSelectedIndex(_ select: NodeID, _ index: Int) {
        let all = options(of: select)
        for (position, option) in all.enumerated() { update(option) { $0.selected = position == index } }
    }

    func optionText(_ option: NodeID) -> String {
        document.textContent(of: option).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{0C}" })
            .joined(separator: " ")
    }

    // MARK: - Forms

    /// The form a control belongs to: its `form` attribute's form, else its nearest form ancestor.
    func formOwner(_ node: NodeID) -> NodeID? {
        if let formID = document.attribute("form", of: node) {
            guard let form = elementByID(rootOf(node), formID), document.name(of: form) == "form" else { return nil }
            return form
        }
        var current = document.parent(of: node)
        while let step = current {
            if document.name(of: step) == "form" { return step }
            current = document.parent(of: step)
        }
        return nil
    }

    /// `form.elements`: listed elements owned by the form, in tree order (image buttons excluded).
    func formElements(_ form: NodeID) -> [NodeID] {
        descendantElements(of: rootOf(form)) { element in
            guard let name = document.name(of: element),
                  Self.listedElements.contains(name) || isFormAssociatedCustomElement(element) else { return false }
            if name == "input" && inputType(element) == "image" { return false }
            return formOwner(element) == form
        }
    }

    /// Whether a control is disabled: its own attribute, or a disabled fieldset around it
    /// (outside that fieldset's first legend).
    func isDisabled(_ node: NodeID) -> Bool {
        if document.attribute("disabled", of: node) != nil { return true }
        if document.name(of: node) == "option", let parent = document.parent(of: node), document.name(of: parent) == "optgroup",
           document.attribute("disabled", of: parent) != nil { return true }
        var child = node
        var current = document.parent(of: node)
        while let step = current {
            if document.name(of: step) == "fieldset", document.attribute("disabled", of: step) != nil {
                let firstLegend = elementChildren(step).first { document.name(of: $0) == "legend" }
                if child != firstLegend { return true }
            }
            child = step
            current = document.parent(of: step)
        }
        return false
    }

    func labelControl(_ label: NodeID) -> NodeID? {
        if let target = document.attribute("for", of: label) {
            guard let control = elementByID(rootOf(label), target), let name = document.name(of: control),
                  Self.labelableElements.contains(name) || isFormAssociatedCustomElement(control) else { return nil }
            return control
        }
        return descendantElements(of: label) { element in
            guard let name = document.name(of: element),
                  Self.labelableElements.contains(name) || isFormAssociatedCustomElement(element) else { return false }
            return !(name == "input" && inputType(element) == "hidden")
        }.first
    }

    func labels(of control: NodeID) -> [NodeID] {
        descendantElements(of: rootOf(control)) { document.name(of: $0) == "label" && labelControl($0) == control }
    }

    /// The entries a form submits (HTML standard, "constructing the entry list").
    func formDataSet(_ form: NodeID, submitter: NodeID?) -> [(name: String, value: String)] {
        var entries: [(name: String, value: String)] = []
        for control in formElements(form) where !isDisabled(control) {
            // A form-associated custom element gives its entries, or its value under its name.
            if let value = formAssociatedCustomElements[Int32(control.rawValue)] {
                switch value {
                case .none: break
                case .entries(let list): entries += list
                case .value(let text):
                    if let name = document.attribute("name", of: control), !name.isEmpty { entries.append((name, text)) }
                }
                continue
            }
            guard let tag = document.name(of: control) else { continue }
            let type = inputType(control)
            if tag == "button" || (tag == "input" && ["submit", "reset", "button", "image"].contains(type)) {
                guard control == submitter, tag == "button" ? (type == "" || type == "submit") : type == "submit" else { continue }
            }
            if tag == "input" && (type == "checkbox" || type == "radio") && !checkedness(control) { continue }
            if tag == "input" && type == "file" { continue }
            guard let name = document.attribute("name", of: control), !name.isEmpty else { continue }
            switch tag {
            case "select":
                for option in options(of: control) where selectedness(option) && !isDisabled(option) {
                    entries.append((name, controlValue(option)))
                }
            case "fieldset", "object", "output":
                continue
            default:
                entries.append((name, controlValue(control)))
            }
        }
        return entries
    }

    /// Where submitting a form goes: the GET URL with the entries as its query, or for POST the
    /// action URL and the entries as a body in the form's `enctype` (as PageKit's form layout
    /// does without scripts), and the target.
    func formSubmission(_ form: NodeID, submitter: NodeID?) -> (url: String, target: String, post: FormBody?)? {
        func attribute(_ submitterName: String, _ formName: String) -> String? {
            if let submitter, let value = document.attribute(submitterName, of: submitter) { return value }
            return document.attribute(formName, of: form)
        }
        let actionText = attribute("formaction", "action") ?? ""
        guard let action = actionText.isEmpty ? url : resolve(actionText) else { return nil }
        let method = (attribute("formmethod", "method") ?? "get").lowercased()
        let target = attribute("formtarget", "target") ?? ""
        if method == "dialog" { return nil }
        if method == "post" {
            let encoding = FormBody.Encoding(attribute: attribute("formenctype", "enctype"))
            return (action, target, FormBody(entries: formDataSet(form, submitter: submitter), encoding: encoding))
        }
        let withoutFragment = WebURL(action).withoutFragment
        let base = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? action
        let query = PercentEncoding.formURLEncoded(formDataSet(form, submitter: submitter))
        return (base + "?" + query, target, nil)
    }

    func isFormAssociatedCustomElement(_ element: NodeID) -> Bool {
        !formAssociatedCustomElements.isEmpty && formAssociatedCustomElements[Int32(element.rawValue)] != nil
    }

    /// Puts every control of a form back to its default.
    func resetControls(_ form: NodeID) {
        for control in formElements(form) {
            controls[Int32(control.rawValue)] = nil
            if document.name(of: control) == "select" {
                for option in options(of: control) { controls[Int32(option.rawValue)] = nil }
            }
        }
        version += 1
    }
}

/// CR LF and lone CR as LF, as a text area's value normalises them.
private func normalizedNewlines(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var afterCarriageReturn = false
    for scalar in text.unicodeScalars {
        if scalar == "\n" && afterCarriageReturn {
            afterCarriageReturn = false
            continue
        }
        afterCarriageReturn = scalar == "\r"
        result.append(scalar == "\r" ? "\n" : scalar)
    }
    return String(result)
}

/// What a form-associated custom element submits (HTML §4.13.7.4, its "submission value").
enum FormAssociatedValue: Equatable {
    case none
    /// Submitted under the element's `name`.
    case value(String)
    /// Submitted as they are (a `FormData` given to `setFormValue`).
    case entries([(name: String, value: String)])

    /// From the prelude's JSON ("" for none, `["value"]`, `[["name", "value"], …]`); none for
    /// anything else.
    init(json: String) {
        let bytes = Data(json.utf8)
        if let single = try? JSONDecoder().decode([String].self, from: bytes), single.count == 1 {
            self = .value(single[0])
        } else if let pairs = try? JSONDecoder().decode([[String]].self, from: bytes) {
            self = .entries(pairs.compactMap { $0.count == 2 ? (name: $0[0], value: $0[1]) : nil })
        } else {
            self = .none
        }
    }

    static func == (left: FormAssociatedValue, right: FormAssociatedValue) -> Bool {
        switch (left, right) {
        case (.none, .none): return true
        case (.value(let a), .value(let b)): return a == b
        case (.entries(let a), .entries(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        default: return false
        }
    }
}
