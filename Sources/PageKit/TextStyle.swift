/// How a stretch of text is drawn.
///
/// Packed into one word: the layout carries a style with every piece of text.
public struct TextStyle: Hashable, Sendable, CustomStringConvertible {
    /// A link or button the text belongs to, by index into `PageLayout.items`.
    public enum Item: Hashable, Sendable {
        case link(Int)
        case button(Int)

        /// The index into `PageLayout.items`.
        public var index: Int {
            switch self {
            case .link(let index), .button(let index): return index
            }
        }
    }

    private static let strong: UInt64 = 1 << 0
    private static let emphasis: UInt64 = 1 << 1
    private static let code: UInt64 = 1 << 2
    private static let formField: UInt64 = 1 << 3
    private static let headingShift: UInt64 = 4
    private static let headingMask: UInt64 = 0b111 << headingShift
    private static let button: UInt64 = 1 << 7
    /// `visibility: hidden`: the text takes its cells but shows nothing (never in a run).
    private static let concealed: UInt64 = 1 << 8
    /// The form field (index + 1 into `PageLayout.fields`), in bits 9 to 31.
    private static let fieldShift: UInt64 = 9
    private static let fieldMask: UInt64 = ((1 << 32) - 1) & ~((1 << fieldShift) - 1)
    private static let itemShift: UInt64 = 32
    private static let itemMask: UInt64 = ~((1 << itemShift) - 1)

    private var bits: UInt64 = 0

    public init(isStrong: Bool = false, isEmphasis: Bool = false, isCode: Bool = false, headingLevel: Int? = nil,
                isFormField: Bool = false, item: Item? = nil, field: Int? = nil) {
        self.isStrong = isStrong
        self.isEmphasis = isEmphasis
        self.isCode = isCode
        self.headingLevel = headingLevel
        self.isFormField = isFormField
        self.item = item
        self.field = field
    }

    /// `b`, `strong`, `th` and headings.
    public var isStrong: Bool {
        get { bits & Self.strong != 0 }
        set { set(Self.strong, newValue) }
    }

    /// `em`, `i`, `cite`, `var`, `dfn`.
    public var isEmphasis: Bool {
        get { bits & Self.emphasis != 0 }
        set { set(Self.emphasis, newValue) }
    }

    /// `code`, `kbd`, `samp`, `tt` and `pre`.
    public var isCode: Bool {
        get { bits & Self.code != 0 }
        set { set(Self.code, newValue) }
    }

    /// A form field: text input, checkbox, radio button, select or text area.
    public var isFormField: Bool {
        get { bits & Self.formField != 0 }
        set { set(Self.formField, newValue) }
    }

    /// The focusable form field the text draws, by index into `PageLayout.fields`.
    public var field: Int? {
        get {
            let stored = (bits & Self.fieldMask) >> Self.fieldShift
            return stored == 0 ? nil : Int(stored - 1)
        }
        set {
            bits &= ~Self.fieldMask
            if let newValue, newValue >= 0, UInt64(newValue) + 1 < (1 << (32 - Self.fieldShift)) {
                bits |= (UInt64(newValue) + 1) << Self.fieldShift
            }
        }
    }

    /// The level of the enclosing heading, 1 to 6.
    public var headingLevel: Int? {
        get {
            let level = Int((bits & Self.headingMask) >> Self.headingShift)
            return level == 0 ? nil : level
        }
        set {
            let level = UInt64(min(max(newValue ?? 0, 0), 6))
            bits = (bits & ~Self.headingMask) | (level << Self.headingShift)
        }
    }

    /// The link or button the text belongs to.
    public var item: Item? {
        get {
            guard let index = itemIndex else { return nil }
            return bits & Self.button != 0 ? .button(index) : .link(index)
        }
        set {
            bits &= ~(Self.itemMask | Self.button)
            switch newValue {
            case .link(let index): bits |= UInt64(index + 1) << Self.itemShift
            case .button(let index): bits |= UInt64(index + 1) << Self.itemShift | Self.button
            case nil: break
            }
        }
    }

    public var description: String {
        var parts: [String] = []
        if isStrong { parts.append("strong") }
        if isEmphasis { parts.append("emphasis") }
        if isCode { parts.append("code") }
        if let headingLevel { parts.append("h\(headingLevel)") }
        if isFormField { parts.append("field") }
        switch item {
        case .link(let index): parts.append("link \(index)")
        case .button(let index): parts.append("button \(index)")
        case nil: break
        }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }

    private mutating func set(_ flag: UInt64, _ on: Bool) {
        if on { bits |= flag } else { bits &= ~flag }
    }
}

extension TextStyle {
    /// Nothing to draw differently.
    var isPlain: Bool { bits == 0 }

    /// Under `visibility: hidden`: drawn as blank cells.
    var isConcealed: Bool { bits & Self.concealed != 0 }

    func concealing(_ concealed: Bool) -> TextStyle {
        var style = self
        if concealed { style.bits |= Self.concealed } else { style.bits &= ~Self.concealed }
        return style
    }

    /// The index of the item, without building an `Item`.
    var itemIndex: Int? {
        let stored = bits >> Self.itemShift
        return stored == 0 ? nil : Int(stored - 1)
    }

    func withStrong() -> TextStyle { with(Self.strong) }
    func withEmphasis() -> TextStyle { with(Self.emphasis) }
    func withCode() -> TextStyle { with(Self.code) }
    func withFormField() -> TextStyle { with(Self.formField) }

    func withField(_ index: Int?) -> TextStyle {
        var style = with(Self.formField)
        style.field = index
        return style
    }

    func withHeading(_ level: Int) -> TextStyle {
        var style = with(Self.strong)
        style.headingLevel = level
        return style
    }

    func withLink(_ index: Int) -> TextStyle {
        var style = self
        style.item = .link(index)
        return style
    }

    func withButton(_ index: Int) -> TextStyle {
        var style = self
        style.item = .button(index)
        return style
    }

    func withoutItem() -> TextStyle {
        var style = self
        style.bits &= ~(Self.itemMask | Self.button)
        return style
    }

    private func with(_ flag: UInt64) -> TextStyle {
        var style = self
        style.bits |= flag
        return style
    }
}
