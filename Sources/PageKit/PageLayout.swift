/// How to lay a page out.
public struct LayoutOptions: Hashable, Sendable {
    /// The width of the text area in terminal cells (at least 1).
    public var width: Int
    /// Dump mode: links and buttons get an inline `[N]` prefix, as in `lynx -dump`.
    public var numbersItems: Bool

    public init(width: Int, numbersItems: Bool = false) {
        self.width = width
        self.numbersItems = numbersItems
    }
}

/// A page laid out as terminal lines, with its links and buttons.
public struct PageLayout: Hashable, Sendable {
    /// The lines, top to bottom; none is blank at the top or the bottom.
    public var lines: [LayoutLine]
    /// The links and buttons in reading order; `items[i].number == i + 1`.
    public var items: [PageItem]

    public init(lines: [LayoutLine] = [], items: [PageItem] = []) {
        self.lines = lines
        self.items = items
    }
}

/// One line of laid-out text.
///
/// The lines of a layout share one buffer for their text and runs; `text` and `runs` are
/// read from it (and a line stores its own copy once either is set).
public struct LayoutLine: Hashable, Sendable, CustomStringConvertible {
    private enum Content: Sendable {
        case own(text: String, runs: [StyledRun])
        case shared(LaidOutText, index: Int)
    }

    private var content: Content
    /// Whether the line comes from preformatted text, which is never wrapped and may be
    /// wider than the layout.
    public var isPreformatted: Bool

    public init(text: String, runs: [StyledRun] = [], isPreformatted: Bool = false) {
        content = .own(text: text, runs: runs)
        self.isPreformatted = isPreformatted
    }

    init(_ text: LaidOutText, index: Int, isPreformatted: Bool) {
        content = .shared(text, index: index)
        self.isPreformatted = isPreformatted
    }

    /// The text, without trailing spaces.
    public var text: String {
        get {
            switch content {
            case .own(let text, _): return text
            case .shared(let shared, let index): return shared.withUTF8(ofLine: index) { String(decoding: $0, as: UTF8.self) }
            }
        }
        set { content = .own(text: newValue, runs: runs) }
    }

    /// The styled stretches, in column order and not overlapping; plain text has none.
    public var runs: [StyledRun] {
        get {
            switch content {
            case .own(_, let runs): return runs
            case .shared(let shared, let index): return Array(shared.runs(ofLine: index))
            }
        }
        set { content = .own(text: text, runs: newValue) }
    }

    public var description: String { text }

    /// Calls `body` with the UTF-8 of the text.
    @inline(__always)
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch content {
        case .own(var text, _): return text.withUTF8(body)
        case .shared(let shared, let index): return shared.withUTF8(ofLine: index, body)
        }
    }

    public static func == (left: LayoutLine, right: LayoutLine) -> Bool {
        left.isPreformatted == right.isPreformatted && left.text == right.text && left.runs == right.runs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(runs)
        hasher.combine(isPreformatted)
    }
}

/// Where one laid-out line's text and runs lie in its layout's `LaidOutText`.
struct LineRecord {
    var textStart: Int32
    var textEnd: Int32
    var runStart: Int32
    var runEnd: Int32
    /// The width in cells.
    var width: Int32
    var isPreformatted: Bool

    var isBlank: Bool { textStart == textEnd }
}

/// The UTF-8 text and the styled runs of all the lines of one layout, stored once.
final class LaidOutText: @unchecked Sendable {
    // Immutable once made; the buffer is owned and freed here.
    private let bytes: UnsafeMutablePointer<UInt8>
    private let lines: [LineRecord]
    private let styledRuns: [StyledRun]

    init(bytes: UnsafeMutablePointer<UInt8>, lines: [LineRecord], runs: [StyledRun]) {
        self.bytes = bytes
        self.lines = lines
        styledRuns = runs
    }

    deinit { bytes.deallocate() }

    @inline(__always)
    func withUTF8<Result>(ofLine index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let line = lines[index]
        return body(UnsafeBufferPointer(start: bytes + Int(line.textStart), count: Int(line.textEnd - line.textStart)))
    }

    func runs(ofLine index: Int) -> ArraySlice<StyledRun> {
        styledRuns[Int(lines[index].runStart)..<Int(lines[index].runEnd)]
    }

    /// Calls `body` with each run of a link or button, with the index of its line.
    func forEachItemRun(_ body: (_ line: Int, _ run: StyledRun) -> Void) {
        var line = 0
        for (index, run) in styledRuns.enumerated() where run.style.itemIndex != nil {
            while Int(lines[line].runEnd) <= index { line += 1 }
            body(line, run)
        }
    }
}

/// A stretch of a line drawn in one style.
public struct StyledRun: Hashable, Sendable {
    /// The terminal cells covered.
    public var columns: Range<Int>
    public var style: TextStyle

    public init(columns: Range<Int>, style: TextStyle) {
        self.columns = columns
        self.style = style
    }
}

/// A link or a button of a laid-out page.
public struct PageItem: Hashable, Sendable {
    /// A link (`a href`) or a button (`button`, `input` of a button type).
    public enum Kind: Hashable, Sendable {
        case link, button
    }

    /// Its 1-based number, in reading order.
    public var number: Int
    public var kind: Kind
    /// The visible text, whitespace collapsed; for an empty link its `aria-label`, `title`
    /// or `href`, for an empty button its `aria-label` or `title`.
    public var text: String
    /// The raw `href` of a link.
    public var href: String?
    /// Where activating it goes: a link's `href`, or a submit button's form submission
    /// (GET: the action with the form's fields as the query), as an absolute URL; nil when
    /// it goes nowhere or cannot be resolved.
    public var url: String?
    /// The `target` attribute, such as `_blank`.
    public var target: String?
    /// The element: `a`, `button` or `input`.
    public var node: NodeID
    /// Where its text was drawn: one region per line it spans (none for an empty link).
    public var regions: [ItemRegion]

    public init(number: Int, kind: Kind, text: String, href: String? = nil, url: String? = nil,
                target: String? = nil, node: NodeID, regions: [ItemRegion] = []) {
        self.number = number
        self.kind = kind
        self.text = text
        self.href = href
        self.url = url
        self.target = target
        self.node = node
        self.regions = regions
    }
}

/// The cells of one line that an item covers.
public struct ItemRegion: Hashable, Sendable {
    public var line: Int
    public var columns: Range<Int>

    public init(line: Int, columns: Range<Int>) {
        self.line = line
        self.columns = columns
    }
}
