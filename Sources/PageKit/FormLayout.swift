import URLKit
/// Form controls drawn as text, and the URL a submit button goes to.
extension LayoutPass {
    /// The width of a text field without a `size` (or `cols`), in cells.
    static let defaultFieldWidth = 12

    /// Draws an `input`: a field, a checkbox or radio button, or a button item.
    mutating func layoutInput(_ node: Int32) {
        let type = document.attribute(.type, of: node).map(collapsingWhitespace)?.lowercased() ?? "text"
        switch type {
        case "hidden":
            return
        case "checkbox":
            let checked = document.isChecked(node, state: state)
            let field = addField(PageField(kind: .checkbox, node: NodeID(node), isChecked: checked))
            writer.appendControl(checked ? "[x]" : "[ ]", style: style.withField(field))
        case "radio":
            let checked = document.isChecked(node, state: state)
            let field = addField(PageField(kind: .radio, node: NodeID(node), isChecked: checked))
            writer.appendControl(checked ? "(*)" : "( )", style: style.withField(field))
        case "submit", "reset", "button", "image":
            layoutInputButton(node, type: type)
        case "password":
            let value = document.controlValue(node, state: state)
            let shown = value.isEmpty ? document.attribute(.placeholder, of: node) ?? ""
                : String(repeating: "*", count: value.count)
            let field = addField(PageField(kind: .password, node: NodeID(node), value: value,
                                           placeholder: document.attribute(.placeholder, of: node), isReadOnly: isReadOnly(node)))
            layoutField(shown, size: integer(document.attribute(.size, of: node)), field: field)
        default:
            let value = document.controlValue(node, state: state)
            let shown = value.isEmpty ? document.attribute(.placeholder, of: node) ?? "" : value
            let takesText = !["file", "range", "color"].contains(document.inputType(of: node))
            let field = takesText ? addField(PageField(kind: .text, node: NodeID(node), value: value,
                                                       placeholder: document.attribute(.placeholder, of: node),
                                                       isReadOnly: isReadOnly(node))) : nil
            layoutField(shown, size: integer(document.attribute(.size, of: node)), field: field)
        }
    }

    /// Draws a `textarea` as a one-line field holding its text.
    mutating func layoutTextArea(_ node: Int32) {
        let value = document.controlValue(node, state: state)
        let shown = value.isEmpty ? document.attribute(.placeholder, of: node) ?? "" : value
        let field = addField(PageField(kind: .textArea, node: NodeID(node), value: value,
                                       placeholder: document.attribute(.placeholder, of: node), isReadOnly: isReadOnly(node)))
        layoutField(shown, size: integer(document.attribute(.cols, of: node)), field: field)
    }

    /// Draws a `select` as `[Selected option ▾]`.
    mutating func layoutSelect(_ node: Int32) {
        let selected = document.selectedOptions(of: node, state: state)
        let label = selected.first.map { optionLabel($0) } ?? ""
        let options = document.options(of: node).map {
            PageField.Option(node: NodeID($0), label: optionLabel($0), isSelected: selected.contains($0),
                             isDisabled: document.hasAttribute(.disabled, of: $0))
        }
        let field = addField(PageField(kind: .select, node: NodeID(node), options: options))
        let room = max(1, writer.availableWidth - 4)
        let shown = TerminalText.truncate(label, toWidth: room)
        writer.appendControl("[" + (shown.isEmpty ? "" : shown + " ") + "▾]", style: style.withField(field))
    }

    /// `[value______]`: the text cut or padded with `_` to the field's width.
    private mutating func layoutField(_ text: String, size: Int?, field: Int?) {
        let requested = size.flatMap { $0 > 0 ? $0 : nil } ?? Self.defaultFieldWidth
        let fieldWidth = max(1, min(requested, writer.availableWidth - 2))
        let shown = TerminalText.truncate(displayText(text), toWidth: fieldWidth)
        let padding = String(repeating: "_", count: max(0, fieldWidth - TerminalText.width(of: shown)))
        writer.appendControl("[" + shown + padding + "]", style: style.withField(field))
    }

    /// Lists a field a user can focus: not a disabled one, nor one under `visibility: hidden`.
    /// Its index, or nil when it is not listed.
    private mutating func addField(_ field: PageField) -> Int? {
        guard !style.isConcealed, !document.hasAttribute(.disabled, of: Int32(field.node.rawValue)) else { return nil }
        fields.append(field)
        return fields.count - 1
    }

    private func isReadOnly(_ node: Int32) -> Bool {
        document.attribute("readonly", of: NodeID(node)) != nil
    }

    private mutating func layoutInputButton(_ node: Int32, type: String) {
        let value = document.attribute(.value, of: node).map(displayText)
        let label: String
        switch type {
        case "submit": label = value ?? "Submit"
        case "reset": label = value ?? "Reset"
        case "image": label = document.attribute(.alt, of: node).map(displayText) ?? value ?? "Submit"
        default: label = value ?? ""
        }
        guard !style.isConcealed else {
            writer.appendControl("[" + label + "]", style: style)
            return
        }
        let submission = type == "submit" || type == "image" ? formSubmission(submitter: node) : nil
        let index = items.count
        items.append(PageItem(number: index + 1, kind: .button, text: label, url: submission?.url,
                              target: submission?.target, post: submission?.post, node: NodeID(node)))
        addReferenceNumber(if: submission?.url != nil)
        writer.appendControl("[" + label + "]", style: style.withButton(index))
    }

    // MARK: - Submission

    /// Where a submit button sends its form: for GET, the action with the form's fields
    /// as the query; for POST, the action and the fields as a body in the form's `enctype`.
    mutating func formSubmission(submitter: Int32) -> (url: String?, target: String?, post: FormBody?)? {
        guard let form = document.ancestor(named: .form, of: submitter) else { return nil }
        let target = document.attribute("formtarget", of: NodeID(submitter)) ?? document.attribute(.target, of: form)
        let method = (document.attribute("formmethod", of: NodeID(submitter)) ?? document.attribute(.method, of: form))
            .map(collapsingWhitespace)?.lowercased() ?? "get"
        let action = URLResolver.cleaned(document.attribute("formaction", of: NodeID(submitter))
            ?? document.attribute(.action, of: form) ?? "")
        guard method != "dialog",
              let actionURL = action.isEmpty ? pageURL : resolver.resolve(action)
        else { return (nil, target, nil) }
        if formEntries[form] == nil { formEntries[form] = entries(of: form) }
        let pairs = formEntries[form, default: []].filter { $0.submitter == nil || $0.submitter == submitter }
        if method == "post" {
            let encoding = FormBody.Encoding(attribute: document.attribute("formenctype", of: NodeID(submitter))
                ?? document.attribute("enctype", of: NodeID(form)))
            return (actionURL, target, FormBody(entries: pairs.map { ($0.name, $0.value) }, encoding: encoding))
        }
        let query = PercentEncoding.formURLEncoded(pairs.map { ($0.name, $0.value) })
        var withoutFragment = Substring(actionURL)
        var fragment = ""
        if let hash = withoutFragment.firstIndex(of: "#") {
            fragment = String(withoutFragment[hash...])
            withoutFragment = withoutFragment[..<hash]
        }
        if let question = withoutFragment.firstIndex(of: "?") { withoutFragment = withoutFragment[..<question] }
        return (String(withoutFragment) + "?" + query + fragment, target, nil)
    }

    /// The name–value pairs a form may submit, in tree order; those of a submit button
    /// count only when that button submits.
    private func entries(of form: Int32) -> [FormEntry] {
        var entries: [FormEntry] = []
        var node = document.nodes[Int(form)].firstChild
        while node != HTMLDocument.none {
            guard document.nodes[Int(node)].kind == .element else {
                node = document.following(node, within: form, descending: false)
                continue
            }
            if document.hasAttribute(.disabled, of: node) {
                node = document.following(node, within: form, descending: false)
                continue
            }
            let name = document.attribute(.name, of: node) ?? ""
            switch KnownName(rawValue: document.nodes[Int(node)].name) {
            case .input:
                let type = document.attribute(.type, of: node).map(collapsingWhitespace)?.lowercased() ?? "text"
                switch type {
                case "checkbox", "radio":
                    if !name.isEmpty && document.isChecked(node, state: state) {
                        entries.append(FormEntry(name: name, value: document.attribute(.value, of: node) ?? "on"))
                    }
                case "submit":
                    if !name.isEmpty {
                        entries.append(FormEntry(name: name, value: document.attribute(.value, of: node) ?? "", submitter: node))
                    }
                case "image":
                    let prefix = name.isEmpty ? "" : name + "."
                    entries.append(FormEntry(name: prefix + "x", value: "0", submitter: node))
                    entries.append(FormEntry(name: prefix + "y", value: "0", submitter: node))
                case "button", "reset":
                    break
                case "file":
                    if !name.isEmpty { entries.append(FormEntry(name: name, value: "")) }
                default:
                    if !name.isEmpty {
                        let value = document.controlValue(node, state: state)
                        entries.append(FormEntry(name: name, value: value.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }))
                    }
                }
            case .button:
                if !name.isEmpty {
                    entries.append(FormEntry(name: name, value: document.attribute(.value, of: node) ?? "", submitter: node))
                }
            case .select:
                if !name.isEmpty {
                    for option in document.selectedOptions(of: node, state: state) {
                        entries.append(FormEntry(name: name, value: document.attribute(.value, of: option) ?? optionLabel(option)))
                    }
                }
            case .textarea:
                if !name.isEmpty {
                    entries.append(FormEntry(name: name, value: document.controlValue(node, state: state)))
                }
            default:
                node = document.following(node, within: form)
                continue
            }
            node = document.following(node, within: form, descending: false)
        }
        return entries
    }

    /// What an `option` shows: its `label`, else its text.
    func optionLabel(_ option: Int32) -> String {
        displayText(document.attribute(.label, of: option) ?? document.textContent(of: NodeID(option)))
    }
}

/// A name–value pair a form may submit; one of a submit button counts only when it submits.
struct FormEntry {
    var name: String
    var value: String
    var submitter: Int32?
}
