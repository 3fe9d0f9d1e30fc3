import NavigatorCore
import PageKit
import URLKit

/// Which form field a step means.
public enum FieldTarget: Equatable, Sendable {
    /// Its label's text, `placeholder`, `name` or `aria-label` (exact, else a unique
    /// case-insensitive match).
    case text(String)
    /// The N-th field in document order, 1-based (inputs that show, text areas, selects).
    case number(Int)
    /// The first element the selector matches.
    case css(String)
}

/// A form field a target found: its node and what kind of control it is.
public struct FoundField: Equatable, Sendable {
    public var node: NodeID
    /// The element's name (`input`, `textarea`, `select`; any element a selector found).
    public var name: String
    /// An input's type, lowercased (`text` when absent).
    public var type: String

    /// Whether typing goes into it.
    public var isTextField: Bool {
        name == "textarea" || (name == "input" && !["checkbox", "radio", "submit", "button", "reset", "image", "file", "hidden",
                                                      "range", "color"].contains(type))
    }

    /// `<input type=email>`, `<select>`.
    public var description: String { name == "input" ? "<input type=\(type)>" : "<\(name)>" }
}

/// Why a target found no field.
public enum FieldLookupFailure: Error, Equatable, Sendable {
    /// No element matches the selector (or it does not parse).
    case noElementMatches
    /// The number is past the page's fields.
    case outOfRange(fieldCount: Int)
    /// No field has this label, placeholder or name; the names the page's fields go by.
    case noField(candidates: [String])
    /// More than one field matches.
    case ambiguous(count: Int)
}

/// An option of a `<select>`: its node, the label it shows and its `value` attribute.
public struct SelectOption: Equatable, Sendable {
    public var node: NodeID
    public var label: String
    public var value: String?
}

/// What flows and the terminal UI ask of a page: elements by selector, fields by the names a
/// person knows them by, a select's options, a control's state.
extension PageContent {
    /// The first element a selector matches; nil when none does or the selector does not parse.
    public func querySelector(_ selector: String) -> NodeID? {
        (try? document.querySelector(selector, under: document.root, state: state)) ?? nil
    }

    /// The field a target names.
    public func field(_ target: FieldTarget) -> Result<FoundField, FieldLookupFailure> {
        func found(_ node: NodeID) -> FoundField {
            FoundField(node: node, name: document.name(of: node) ?? "", type: document.attribute("type", of: node)?.lowercased() ?? "text")
        }
        let fields = formFields()
        switch target {
        case .css(let selector):
            guard let node = querySelector(selector) else { return .failure(.noElementMatches) }
            return .success(found(node))
        case .number(let number):
            guard number >= 1, number <= fields.count else { return .failure(.outOfRange(fieldCount: fields.count)) }
            return .success(found(fields[number - 1]))
        case .text(let text):
            var labels: [String: [String]] = [:]
            for label in document.elements(named: "label") {
                if let id = document.attribute("for", of: label) { labels[id, default: []].append(Self.collapsed(document.textContent(of: label))) }
            }
            let names = fields.map { (node: $0, names: fieldNames($0, labels: labels)) }
            let exact = names.filter { $0.names.contains(text) }
            let lowered = text.lowercased()
            let matches = exact.isEmpty ? names.filter { $0.names.contains { $0.lowercased().contains(lowered) } } : exact
            if matches.count == 1 { return .success(found(matches[0].node)) }
            if matches.isEmpty { return .failure(.noField(candidates: names.compactMap(\.names.first))) }
            return .failure(.ambiguous(count: matches.count))
        }
    }

    /// The options of a `<select>` in document order, with the labels they show.
    public func options(of select: NodeID) -> [SelectOption] {
        descendants(of: select).filter { document.name(of: $0) == "option" }.map { option in
            SelectOption(node: option, label: document.attribute("label", of: option) ?? Self.collapsed(document.textContent(of: option)),
                         value: document.attribute("value", of: option))
        }
    }

    /// Whether a checkbox or radio button is checked now (what the user or a script left, else
    /// its `checked` attribute).
    public func isChecked(_ node: NodeID) -> Bool {
        state.checkedness[node] ?? (document.attribute("checked", of: node) != nil)
    }

    /// The absolute URLs the page's `element`s name in `attribute` (`img` `src`), in document
    /// order, resolved against the page's base URL.
    public func resourceURLs(element: String, attribute: String) -> [String] {
        let base = document.baseURL(pageURL: url) ?? url
        let resolver = URLResolver(base: base)
        return document.elements(named: element).compactMap { node in
            document.attribute(attribute, of: node).flatMap { resolver.resolve($0) }
        }
    }

    /// A selector for an element: `#id` when it has one, else its name.
    public func simpleSelector(for node: NodeID) -> String {
        if let id = document.attribute("id", of: node), !id.isEmpty { return "#" + id }
        return document.name(of: node) ?? "*"
    }

    /// How a step names a field of this page so that `field(_:)` finds it again: its first
    /// label, placeholder, `aria-label` or `name` that picks it alone, else `css "#id"`, else
    /// its number among the page's fields. Nil when it is no field here.
    public func fieldTarget(naming node: NodeID) -> FieldTarget? {
        var labels: [String: [String]] = [:]
        if let id = document.attribute("id", of: node) {
            for label in document.elements(named: "label") where document.attribute("for", of: label) == id {
                labels[id, default: []].append(Self.collapsed(document.textContent(of: label)))
            }
        }
        // A name holding a control or bidi override cannot be written into a flow line as it is.
        var candidates = fieldNames(node, labels: labels).filter { !$0.unicodeScalars.contains(where: VisibleText.isUnsafe) }
            .map { FieldTarget.text($0) }
        if let id = document.attribute("id", of: node), !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }),
           !(id.first?.isNumber ?? true) {
            candidates.append(.css("#" + id))
        }
        if let index = formFields().firstIndex(of: node) { candidates.append(.number(index + 1)) }
        for candidate in candidates {
            if case .success(let found) = field(candidate), found.node == node { return candidate }
        }
        return nil
    }

    /// The fields a person fills, in document order: inputs that are not hidden, text areas, selects.
    private func formFields() -> [NodeID] {
        descendants(of: document.root).filter { node in
            guard let name = document.name(of: node) else { return false }
            if name == "textarea" || name == "select" { return true }
            return name == "input" && document.attribute("type", of: node)?.lowercased() != "hidden"
        }
    }

    /// What a field is known by: its labels' text (`labels`: the texts of `label for=ID` by ID),
    /// `placeholder`, `aria-label`, `name`.
    private func fieldNames(_ node: NodeID, labels: [String: [String]]) -> [String] {
        var names: [String] = []
        if let id = document.attribute("id", of: node) { names += labels[id] ?? [] }
        var ancestor = document.parent(of: node)
        while let current = ancestor {
            if document.name(of: current) == "label" { names.append(Self.collapsed(document.textContent(of: current))) }
            ancestor = document.parent(of: current)
        }
        for attribute in ["placeholder", "aria-label", "name"] {
            if let value = document.attribute(attribute, of: node), !value.isEmpty { names.append(value) }
        }
        return names.filter { !$0.isEmpty }
    }

    /// The nodes under `root` in document order (an explicit stack: no recursion on deep trees).
    private func descendants(of root: NodeID) -> [NodeID] {
        var result: [NodeID] = []
        var stack: [NodeID] = []
        var child = document.lastChild(of: root)
        while let node = child {
            stack.append(node)
            child = document.previousSibling(of: node)
        }
        while let node = stack.popLast() {
            result.append(node)
            var child = document.lastChild(of: node)
            while let next = child {
                stack.append(next)
                child = document.previousSibling(of: next)
            }
        }
        return result
    }

    /// Runs of spaces, tabs, newlines and no-break spaces as one space, none at the ends.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\u{A0}" }).joined(separator: " ")
    }
}

extension PageContent {
    /// The element that has focus on a page without scripts: the field last typed into.
    public var focusedNode: NodeID? { state.focused }

    /// What an element is known by, as `expect focus` names it: a field's labels, placeholder,
    /// `aria-label` and `name`, then its text; and its tag name, for messages.
    public func names(of node: NodeID) -> (names: [String], tag: String?) {
        var labels: [String: [String]] = [:]
        for label in document.elements(named: "label") {
            if let id = document.attribute("for", of: label) { labels[id, default: []].append(Self.collapsed(document.textContent(of: label))) }
        }
        var names = fieldNames(node, labels: labels)
        let text = Self.collapsed(document.textContent(of: node))
        if !text.isEmpty { names.append(text) }
        return (names, document.name(of: node))
    }

    /// Why an error page is shown, as its text says (`No such file: PATH`); nil for other pages.
    public var errorReason: String? {
        guard isErrorPage else { return nil }
        return document.elements(named: "p").first.map { Self.collapsed(document.textContent(of: $0)) }
    }
}
