import URLKit

/// How to lay a page out.
public struct LayoutOptions: Hashable, Sendable {
    /// The width of the text area in terminal cells (at least 1).
    public var width: Int
    /// Dump mode: links and buttons that go somewhere get an inline `[N]` prefix, as in
    /// `lynx -dump`.
    public var numbersItems: Bool
    /// Dump mode: headings start with `#` marks, one per level, as in Markdown.
    public var marksHeadings: Bool
    /// Page scripts run: `<noscript>` content is hidden and `@media (scripting)` matches.
    public var scriptsEnabled: Bool
    /// The fragment of the web view's URL, as written (`:target` matches the element it names).
    public var targetFragment: String?

    public init(width: Int, numbersItems: Bool = false, marksHeadings: Bool = false, scriptsEnabled: Bool = false,
                targetFragment: String? = nil) {
        self.width = width
        self.numbersItems = numbersItems
        self.marksHeadings = marksHeadings
        self.scriptsEnabled = scriptsEnabled
        self.targetFragment = targetFragment
    }

    /// The options of `webnav dump`: numbered links and marked headings.
    public static func dump(width: Int) -> LayoutOptions {
        LayoutOptions(width: width, numbersItems: true, marksHeadings: true)
    }
}

/// A page laid out as terminal lines, with its links and buttons.
public struct PageLayout: Hashable, Sendable {
    /// The lines, top to bottom; none is blank at the top or the bottom.
    public var lines: [LayoutLine] { didSet { contentWidth = Self.widest(lines) } }
    /// The width of the widest line, in cells: more than the layout's width when
    /// preformatted text or a wide table is (the UI scrolls sideways to show it).
    ///
    /// Kept with the lines, not counted on each read: the terminal reads it every frame, and a
    /// 1.9 MB page has 35,000 lines.
    public private(set) var contentWidth: Int
    /// The links and buttons in reading order; `items[i].number == i + 1`.
    public var items: [PageItem]
    /// The form fields a user can focus (enabled, shown), in reading order.
    public var fields: [PageField] = []
    /// Whether the page was too big to lay out whole: its last line says so.
    public var isTruncated = false
    /// The line of each element `id`, and of each `<a name>`, first in tree order.
    var idAnchors: [String: Int] = [:]
    var namedAnchors: [String: Int] = [:]

    public init(lines: [LayoutLine] = [], items: [PageItem] = []) {
        self.lines = lines
        contentWidth = Self.widest(lines)
        self.items = items
    }

    /// The line to scroll to for a URL's fragment (as written in the URL, without `#`),
    /// as HTML's "scroll to the fragment" finds it: an element with that `id`, else an `a`
    /// with that `name`, tried as written and then percent-decoded; the top for an empty
    /// fragment or `top`; nil when nothing matches (the page stays where it is).
    public func anchorLine(for fragment: String) -> Int? {
        if fragment.isEmpty { return 0 }
        if let line = idAnchors[fragment] ?? namedAnchors[fragment] { return line }
        let decoded = PercentEncoding.decode(fragment.utf8)
        if let decoded, let line = idAnchors[decoded] ?? namedAnchors[decoded] { return line }
        if asciiLowercased(decoded ?? fragment) == "top" { return 0 }
        return nil
    }

    private static func widest(_ lines: [LayoutLine]) -> Int { lines.reduce(0) { max($0, $1.width) } }
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
            case .shared(let shared, let index): return shared.string(ofLine: index)
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

    /// The width in terminal cells: for preformatted text and wide tables, possibly more
    /// than the layout's width.
    public var width: Int {
        switch content {
        case .own(let text, _): return TerminalText.width(of: text)
        case .shared(let shared, let index): return shared.width(ofLine: index)
        }
    }

    /// The bytes of text kept for the line (indentation and rules are kept as counts).
    var storedByteCount: Int {
        switch content {
        case .own(let text, _): return text.utf8.count
        case .shared(let shared, let index): return shared.storedByteCount(ofLine: index)
        }
    }

    /// The number of UTF-8 bytes of the text, and a way to copy them (for the dump).
    func utf8Count() -> Int {
        switch content {
        case .own(let text, _): return text.utf8.count
        case .shared(let shared, let index): return shared.byteCount(ofLine: index)
        }
    }

    /// Copies the text's UTF-8 to `output`; returns the count written.
    func copyUTF8(to output: UnsafeMutablePointer<UInt8>) -> Int {
        switch content {
        case .own(var text, _):
            return text.withUTF8 { utf8 in
                if !utf8.isEmpty { output.update(from: utf8.baseAddress!, count: utf8.count) }
                return utf8.count
            }
        case .shared(let shared, let index):
            return shared.copyUTF8(ofLine: index, to: output)
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
///
/// Indentation is stored as a count (`lead`) and a rule as its width, so a layout's memory
/// follows the page's text, not its width times its lines.
struct LineRecord {
    var textStart: Int32
    var textEnd: Int32
    var runStart: Int32
    var runEnd: Int32
    /// The width in cells.
    var width: Int32
    /// Spaces before the stored text.
    var lead: Int32
    private var flags: UInt8

    init(textStart: Int32, textEnd: Int32, runStart: Int32, runEnd: Int32, width: Int32, lead: Int32,
         isPreformatted: Bool, keepsSpace: Bool, isRule: Bool) {
        self.textStart = textStart
        self.textEnd = textEnd
        self.runStart = runStart
        self.runEnd = runEnd
        self.width = width
        self.lead = lead
        flags = (isPreformatted ? 1 : 0) | (keepsSpace ? 2 : 0) | (isRule ? 4 : 0)
    }

    var isPreformatted: Bool { flags & 1 != 0 }
    /// Holds concealed text: blank, but not a margin that merges with others.
    var keepsSpace: Bool { flags & 2 != 0 }
    /// A horizontal rule: `─` from `lead` to `width`.
    var isRule: Bool { flags & 4 != 0 }

    var isBlank: Bool { textStart == textEnd && flags & 6 == 0 }

    /// The UTF-8 length of the line's text.
    var byteCount: Int {
        isRule ? Int(lead) + 3 * Int(width - lead) : Int(lead) + Int(textEnd - textStart)
    }
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

    var lineCount: Int { lines.count }

    func byteCount(ofLine index: Int) -> Int { lines[index].byteCount }

    func storedByteCount(ofLine index: Int) -> Int { Int(lines[index].textEnd - lines[index].textStart) }

    /// Writes a line's UTF-8 to `output` (which has room for `byteCount(ofLine:)` bytes),
    /// without trailing spaces; returns how many bytes it wrote.
    @inline(__always)
    func copyUTF8(ofLine index: Int, to output: UnsafeMutablePointer<UInt8>) -> Int {
        let line = lines[index]
        let stored = Int(line.textEnd - line.textStart)
        if line.isRule {
            var count = Int(line.lead)
            output.update(repeating: 0x20, count: count)
            for _ in 0..<Int(line.width - line.lead) {
                output[count] = 0xE2
                output[count + 1] = 0x94
                output[count + 2] = 0x80
                count += 3
            }
            return count
        }
        guard stored > 0 else { return 0 }
        output.update(repeating: 0x20, count: Int(line.lead))
        (output + Int(line.lead)).update(from: bytes + Int(line.textStart), count: stored)
        return Int(line.lead) + stored
    }

    /// A line's text.
    func string(ofLine index: Int) -> String {
        let count = byteCount(ofLine: index)
        if count == 0 { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            copyUTF8(ofLine: index, to: buffer.baseAddress!)
        }
    }

    func width(ofLine index: Int) -> Int { Int(lines[index].width) }

    func runs(ofLine index: Int) -> ArraySlice<StyledRun> {
        styledRuns[Int(lines[index].runStart)..<Int(lines[index].runEnd)]
    }

    /// Calls `body` with each run of a link or button, with the index of its line.
    func forEachItemRun(_ body: (_ line: Int, _ run: StyledRun) -> Void) {
        var line = 0
        for (index, run) in styledRuns.enumerated() where run.style.itemIndex != nil || run.style.field != nil {
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
    /// What a submit button of a `method=post` form sends to `url`; nil for GET and links.
    public var post: FormBody?
    /// The element: `a`, `button` or `input`.
    public var node: NodeID
    /// Where its text was drawn: one region per line it spans (none for an empty link).
    public var regions: [ItemRegion]

    public init(number: Int, kind: Kind, text: String, href: String? = nil, url: String? = nil,
                target: String? = nil, post: FormBody? = nil, node: NodeID, regions: [ItemRegion] = []) {
        self.number = number
        self.post = post
        self.kind = kind
        self.text = text
        self.href = href
        self.url = url
        self.target = target
        self.node = node
        self.regions = regions
    }
}

/// A form field of a laid-out page, as a user can focus and change it.
public struct PageField: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// An `input` that takes text (text, search, email, number, url, tel, date…).
        case text
        case password
        case textArea
        case checkbox
        case radio
        case select
    }

    /// An option of a `select`.
    public struct Option: Hashable, Sendable {
        public var node: NodeID
        /// Its `label` attribute, else its text.
        public var label: String
        public var isSelected: Bool
        public var isDisabled: Bool

        public init(node: NodeID, label: String, isSelected: Bool, isDisabled: Bool = false) {
            self.node = node
            self.label = label
            self.isSelected = isSelected
            self.isDisabled = isDisabled
        }
    }

    public var kind: Kind
    /// The `input`, `textarea` or `select`.
    public var node: NodeID
    /// The text of a text field or text area as it is now.
    public var value: String
    /// A text field's `placeholder`.
    public var placeholder: String?
    /// A checkbox's or radio button's checkedness.
    public var isChecked: Bool
    /// `readonly`: focusable, not editable.
    public var isReadOnly: Bool
    /// A `select`'s options, in tree order.
    public var options: [Option]
    /// Where it was drawn (brackets included).
    public var regions: [ItemRegion]

    public init(kind: Kind, node: NodeID, value: String = "", placeholder: String? = nil, isChecked: Bool = false,
                isReadOnly: Bool = false, options: [Option] = [], regions: [ItemRegion] = []) {
        self.kind = kind
        self.node = node
        self.value = value
        self.placeholder = placeholder
        self.isChecked = isChecked
        self.isReadOnly = isReadOnly
        self.options = options
        self.regions = regions
    }

    /// Whether the field takes typed text.
    public var isTextEntry: Bool { kind == .text || kind == .password || kind == .textArea }
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
