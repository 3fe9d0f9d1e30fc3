/// What a page's selectors and layout need to know beyond its tree: focus, the URL's
/// fragment, and form state that scripts set without changing attributes.
///
/// The DOM keeps a control's current `checked` and `value` apart from its attributes once a
/// user or a script changes them; a page's runtime records those here, so `:checked`,
/// `:placeholder-shown` and the drawn controls follow the properties, as in a browser.
public struct DocumentState: Hashable, Sendable {
    /// The focused element (`:focus`, `:focus-within`).
    public var focused: NodeID?
    /// The fragment of the page's URL, as written in the URL (`:target`).
    public var fragment: String?
    /// Checkedness of checkboxes and radio buttons, and selectedness of options, where it
    /// differs from what the `checked` and `selected` attributes say.
    public var checkedness: [NodeID: Bool]
    /// Values of inputs and text areas set by typing or by scripts.
    public var values: [NodeID: String]
    /// Checkboxes whose `indeterminate` property is true.
    public var indeterminate: Set<NodeID>
    /// The elements whose custom element state is "custom" (constructed or upgraded by their
    /// definition), for `:defined`.
    public var definedCustomElements: Set<NodeID>
    /// The document nodes besides the page's own (frames' and script-made documents), whose
    /// document elements match `:root`, by `NodeID.rawValue` (the page's own set, shared).
    public var otherDocuments: Set<Int32> = []
    /// The fragments of those documents' URLs, by document (a frame's `:target`).
    public var fragments: [NodeID: String] = [:]
    /// The page's document is an XML document: names in selectors match HTML elements as
    /// written, not ASCII case-insensitively (Selectors §6.1, "HTML elements in HTML documents").
    public var isXMLDocument = false
    /// Form-associated custom elements (HTML §4.13.7), which take `:disabled` and `:enabled`
    /// as form controls do, by `NodeID.rawValue`.
    public var formAssociatedCustomElements: Set<Int32> = []
    /// The names in each custom element's `ElementInternals.states` (`:state()`), by
    /// `NodeID.rawValue`.
    public var customStates: [Int32: Set<String>] = [:]
    /// The messages scripts set with `setCustomValidity` (an empty one clears it), by control.
    public var customValidity: [Int32: String] = [:]
    /// The text controls whose value does not match their `pattern` (the page's script engine
    /// matches it as WebKit compiles it: a RegExp without flags).
    public var patternMismatches: Set<Int32> = []
    /// The controls whose value the user's typing changed last (`tooLong`/`tooShort` apply).
    public var userEditedValues: Set<Int32> = []

    public init(focused: NodeID? = nil, fragment: String? = nil, checkedness: [NodeID: Bool] = [:],
                values: [NodeID: String] = [:], indeterminate: Set<NodeID> = [], definedCustomElements: Set<NodeID> = []) {
        self.focused = focused
        self.fragment = fragment
        self.checkedness = checkedness
        self.values = values
        self.indeterminate = indeterminate
        self.definedCustomElements = definedCustomElements
    }

    /// The names HTML §4.13.2 excludes from valid custom element names (SVG's and MathML's).
    static let reservedCustomElementNames: Set<String> = ["annotation-xml", "color-profile", "font-face", "font-face-src",
        "font-face-uri", "font-face-format", "font-face-name", "missing-glyph"]

    /// Whether an element matches `:defined` (HTML §4.13.4): every element but an HTML element
    /// with a valid custom element name that is not (yet, or not successfully) custom.
    public func isDefined(_ element: NodeID, in document: HTMLDocument) -> Bool {
        guard document.namespace(of: element) == .html, let name = document.name(of: element), name.contains("-"),
              name.utf8.first.map({ $0 >= 0x61 && $0 <= 0x7A }) == true,
              !Self.reservedCustomElementNames.contains(name) else { return true }
        return definedCustomElements.contains(element)
    }
}

// MARK: - Form controls as the DOM sees them

extension HTMLDocument {
    /// Input types HTML defines; any other value of `type` means `text`.
    static let inputTypes: Set<String> = [
        "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
        "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset", "button",
    ]

    /// The state of an `input`'s `type` attribute, lowercased (`text` when absent or unknown).
    func inputType(of node: Int32) -> String {
        guard let type = attribute(.type, of: node) else { return "text" }
        let lowered = asciiLowercased(collapsingWhitespace(type))
        return Self.inputTypes.contains(lowered) ? lowered : "text"
    }

    func isElement(_ node: Int32, _ name: KnownName) -> Bool {
        nodes[Int(node)].kind == .element && nodes[Int(node)].name == name.rawValue
    }

    /// Whether a checkbox or radio button is checked, or an option selected.
    func isChecked(_ node: Int32, state: DocumentState) -> Bool {
        if let checked = state.checkedness[NodeID(node)] { return checked }
        if isElement(node, .option) {
            guard let select = ancestor(named: .select, of: node) else { return hasAttribute(.selected, of: node) }
            return selectedOptions(of: select, state: state).contains(node)
        }
        return hasAttribute(.checked, of: node)
    }

    /// The options of a `select`, in tree order (not those of a nested `select`).
    func options(of select: Int32) -> [Int32] {
        var options: [Int32] = []
        var node = nodes[Int(select)].firstChild
        while node != HTMLDocument.none {
            if nodes[Int(node)].name == KnownName.option.rawValue {
                options.append(node)
                node = following(node, within: select, descending: false)
            } else {
                node = following(node, within: select)
            }
        }
        return options
    }

    /// The selected options of a `select`: a single select always has one (the last marked
    /// one, else the first enabled one), as HTML's selectedness setting algorithm says.
    func selectedOptions(of select: Int32, state: DocumentState) -> [Int32] {
        let options = options(of: select)
        let selected = options.filter { state.checkedness[NodeID($0)] ?? hasAttribute(.selected, of: $0) }
        if hasAttribute(.multiple, of: select) { return selected }
        if let last = selected.last { return [last] }
        return options.first { !hasAttribute(.disabled, of: $0) }.map { [$0] } ?? []
    }

    /// The current value of an `input` or `textarea`.
    func controlValue(_ node: Int32, state: DocumentState) -> String {
        if let value = state.values[NodeID(node)] { return value }
        // A text area's default value is its text (the parser already dropped a newline right after the tag).
        if isElement(node, .textarea) { return textContent(of: NodeID(node)) }
        return attribute(.value, of: node) ?? ""
    }
}
