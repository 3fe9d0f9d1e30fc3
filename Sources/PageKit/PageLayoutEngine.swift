#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import URLKit

/// Lays out an `HTMLDocument` as terminal lines with numbered, focusable links and buttons.
///
/// What shows follows the page's style: an element whose computed `display` is `none` is
/// left out with everything inside it, and text under `visibility: hidden` keeps its cells
/// but shows as blanks (and its links and buttons are not items). Everything is worked out
/// afresh from the document each time, so a page changed by scripts lays out as it is now.
public enum PageLayoutEngine {
    /// Lays out a document; relative links resolve against its `<base href>`, else `baseURL`.
    /// `styleSheets` are the page's linked style sheets; `state` holds focus, the URL's
    /// fragment and form values that differ from the attributes.
    public static func layout(_ document: HTMLDocument, baseURL: URL?, options: LayoutOptions,
                              styleSheets: LinkedStyleSheets = LinkedStyleSheets(),
                              state: DocumentState = DocumentState()) -> PageLayout {
        document.storage.withUnsafeBufferPointer { storage in
            var pass = LayoutPass(document: document, storage: storage, pageURL: baseURL?.absoluteString,
                                  options: options, styleSheets: styleSheets, state: state)
            return pass.run()
        }
    }
}

/// One layout of one document: a walk over the tree with an explicit stack (pages nest
/// arbitrarily deep), feeding a `LineWriter`.
struct LayoutPass {
    /// What entering an element changed, to undo when leaving it.
    struct Frame {
        var node: Int32
        var savedStyle: TextStyle
        var savedIndent: Int
        var item = -1
        var itemTextStart = 0
        var markerCount = 0
    }

    /// A list being laid out: how its items are marked.
    struct ListState {
        var numbering: UInt8?
        var next = 1
        var step = 1
        var bullet = "•"
        var markerWidth = 2
    }

    let document: HTMLDocument
    let storage: UnsafeBufferPointer<UInt8>
    let options: LayoutOptions
    let state: DocumentState
    /// The page's own URL, where a form without `action` submits.
    let pageURL: String?
    /// How many frames' documents the walk is inside (bounded, so frames cannot nest forever).
    var frameDepth = 0
    let resolver: URLResolver
    let cascade: StyleCascade
    /// Computed styles, by node, as worked out.
    var styles: [ComputedStyle?]
    var writer: LineWriter
    var style = TextStyle()
    var items: [PageItem] = []
    var fields: [PageField] = []
    /// Items with a URL so far: their `[N]` numbers in a dump.
    var referenceCount = 0
    var lists: [ListState] = []
    var preDepth = 0
    var tableDepth = 0
    /// What each form submits, worked out for its first submit button.
    var formEntries: [Int32: [FormEntry]] = [:]

    init(document: HTMLDocument, storage: UnsafeBufferPointer<UInt8>, pageURL: String?, options: LayoutOptions,
         styleSheets: LinkedStyleSheets = LinkedStyleSheets(), state: DocumentState = DocumentState(), byteLimit: Int? = nil) {
        self.document = document
        self.storage = storage
        self.options = options
        self.state = state
        self.pageURL = pageURL
        resolver = URLResolver(base: document.baseURL(pageURL: pageURL))
        cascade = StyleCascade(document: document, linked: styleSheets, baseURL: pageURL, state: state,
                               media: .phone(scripting: options.scriptsEnabled))
        styles = [ComputedStyle?](repeating: nil, count: document.nodes.count)
        writer = LineWriter(width: options.width, wraps: true, expectedSize: document.storage.count, byteLimit: byteLimit)
    }

    /// Lays out the whole document, then records where each item was drawn.
    mutating func run() -> PageLayout {
        walkChildren(of: 0)
        let truncated = writer.isOverBudget
        if truncated {
            let limit = writer.byteLimit >= 1 << 20 ? "\(writer.byteLimit >> 20) MB" : "\(writer.byteLimit >> 10) KB"
            writer.appendNotice("[webnav: the rest of this page is not shown: its layout passed \(limit)]")
        }
        let (lines, _, text) = writer.finish()
        text.forEachItemRun { lineIndex, run in
            if let index = run.style.itemIndex { Self.add(run, line: lineIndex, to: &items[index].regions) }
            if let index = run.style.field, fields.indices.contains(index) { Self.add(run, line: lineIndex, to: &fields[index].regions) }
        }
        var layout = PageLayout(lines: lines, items: items)
        layout.fields = fields
        layout.isTruncated = truncated
        for anchor in writer.anchors {
            if anchor.isName {
                if layout.namedAnchors[anchor.name] == nil { layout.namedAnchors[anchor.name] = anchor.line }
            } else if layout.idAnchors[anchor.name] == nil {
                layout.idAnchors[anchor.name] = anchor.line
            }
        }
        return layout
    }

    /// Adds a run to an item's or field's regions, joining it to the last one when they touch.
    private static func add(_ run: StyledRun, line: Int, to regions: inout [ItemRegion]) {
        if let last = regions.last, last.line == line, last.columns.upperBound == run.columns.lowerBound {
            regions[regions.count - 1].columns = last.columns.lowerBound..<run.columns.upperBound
        } else {
            regions.append(ItemRegion(line: line, columns: run.columns))
        }
    }

    // MARK: - Styles

    /// The computed style of an element, working out (and remembering) its ancestors' first.
    mutating func computedStyle(of element: Int32) -> ComputedStyle {
        if let known = styles[Int(element)] { return known }
        let parentNode = document.flatTreeParent(of: element)
        if parentNode == 0 || parentNode == HTMLDocument.none {
            let computed = cascade.computedStyle(of: element, parent: nil)
            styles[Int(element)] = computed
            return computed
        }
        if let parentStyle = styles[Int(parentNode)] {
            let computed = cascade.computedStyle(of: element, parent: parentStyle)
            styles[Int(element)] = computed
            return computed
        }
        var chain: [Int32] = [element]
        var parent = parentNode
        while parent != HTMLDocument.none && document.nodes[Int(parent)].kind == .element && styles[Int(parent)] == nil {
            chain.append(parent)
            parent = document.flatTreeParent(of: parent)
        }
        var parentStyle: ComputedStyle?
        if parent != HTMLDocument.none && document.nodes[Int(parent)].kind == .element { parentStyle = styles[Int(parent)] }
        for node in chain.reversed() {
            let computed = cascade.computedStyle(of: node, parent: parentStyle)
            styles[Int(node)] = computed
            parentStyle = computed
        }
        return parentStyle ?? ComputedStyle(display: .inline, visibility: .visible)
    }

    /// Whether an element generates content (its computed `display` is not `none`).
    mutating func isDisplayed(_ element: Int32) -> Bool {
        computedStyle(of: element).display != .none
    }

    // MARK: - Walking

    /// Lays out the descendants of a node in document order.
    mutating func walkChildren(of container: Int32) {
        var frames: [Frame] = []
        var node = flatFirstChild(container)
        while node != HTMLDocument.none {
            if writer.isOverBudget { return }
            switch document.nodes[Int(node)].kind {
            case .text:
                layoutText(node)
            case .element:
                if let frame = enter(node) {
                    let child = flatFirstChild(node)
                    if child != HTMLDocument.none {
                        frames.append(frame)
                        node = child
                        continue
                    }
                    exit(frame)
                }
            case .comment, .document, .documentFragment, .doctype, .processingInstruction, .cdataSection:
                break
            }
            var next = document.nodes[Int(node)].next
            while next == HTMLDocument.none, let frame = frames.popLast() {
                exit(frame)
                next = document.nodes[Int(frame.node)].next
            }
            node = next
        }
    }

    // MARK: - The flattened tree (DOM §4.2.2: a host shows its shadow tree, a slot what is assigned to it)

    /// The first child an element has in the flattened tree: its shadow root's first child when
    /// it hosts one, else its own.
    private func flatFirstChild(_ node: Int32) -> Int32 {
        if !document.shadowRoots.isEmpty, let root = document.shadowRoots[node] { return document.nodes[Int(root.index)].firstChild }
        return document.nodes[Int(node)].firstChild
    }

    /// The nodes assigned to a `<slot>` of a shadow tree (named assignment: the host's children
    /// whose `slot` attribute is its name, texts for the default slot, and only for the first
    /// slot of that name); nil for any other element, or a slot nothing is assigned to (its
    /// children, the fallback, are drawn). Manual assignment lives in the page's script, so a
    /// manual root's slots show their fallback here.
    private func slotAssignedNodes(_ node: Int32) -> [NodeID]? {
        let slot = NodeID(node)
        guard document.name(of: slot) == "slot", document.namespace(of: slot) == .html else { return nil }
        var root = slot
        while let parent = document.parent(of: root) { root = parent }
        guard let link = document.shadowHosts[Int32(root.rawValue)], link.slotAssignment == "named" else { return nil }
        let name = document.attribute("name", of: slot) ?? ""
        guard document.firstSlot(named: name, in: root) == slot else { return nil }
        let assigned = document.children(of: link.host).filter { child in
            switch document.kind(of: child) {
            case .element: return (document.attribute("slot", of: child) ?? "") == name
            case .text: return name.isEmpty
            default: return false
            }
        }
        return assigned.isEmpty ? nil : assigned
    }

    /// Lays out one element with its descendants.
    mutating func walkElement(_ node: Int32) {
        guard let frame = enter(node) else { return }
        walkChildren(of: node)
        exit(frame)
    }

    /// Lays out a text node. (The newline right after `<pre>` is dropped by the parser, as the
    /// standard says, so text a script puts there keeps it.)
    private mutating func layoutText(_ node: Int32) {
        let range = document.dataRange(of: node)
        guard !range.isEmpty, let base = storage.baseAddress else { return }
        writer.appendText(base + range.lowerBound, count: range.count, style: style)
    }

    /// Applies an element's effect on the layout; nil when its content is not to be walked.
    private mutating func enter(_ node: Int32) -> Frame? {
        let computed = computedStyle(of: node)
        if computed.display == .none { return nil }
        var frame = Frame(node: node, savedStyle: style, savedIndent: writer.indent)
        style = style.concealing(computed.visibility != .visible)
        if document.nodes[Int(node)].dataStart != HTMLDocument.none { markAnchors(node) }
        guard let name = KnownName(rawValue: document.nodes[Int(node)].name) else {
            if !document.shadowHosts.isEmpty, let assigned = slotAssignedNodes(node) {
                for child in assigned {
                    if document.kind(of: child) == .text { layoutText(Int32(child.rawValue)) } else { walkElement(Int32(child.rawValue)) }
                }
                exit(frame)
                return nil
            }
            return frame
        }
        switch name {
        case .iframe:
            // A loaded frame's document is drawn in its place, as a block; the element's own
            // children (fallback text) never are.
            if let content = document.frameContents[node], frameDepth < 8 {
                writer.ensureNewLine()
                frameDepth += 1
                walkChildren(of: content)
                frameDepth -= 1
                writer.ensureNewLine()
            }
            exit(frame)
            return nil
        case .template, .svg, .frameset, .frame, .source, .track, .colgroup, .col, .option, .optgroup, .embed,
             .canvas, .video, .audio:
            // Replaced elements and template contents: their children are never drawn.
            return nil
        case .p, .figure, .dl:
            writer.requestBlankLine()
        case .h1, .h2, .h3, .h4, .h5, .h6:
            writer.requestBlankLine()
            let level = name.headingLevel ?? 1
            style = style.withHeading(level)
            if options.marksHeadings {
                frame.markerCount = writer.markerCount
                writer.addMarker(String(repeating: "#", count: level), column: writer.indent, concealed: style.isConcealed)
                writer.indent += level + 1
            }
        case .html, .body, .div, .section, .article, .header, .footer, .nav, .main, .aside, .figcaption, .form,
             .fieldset, .legend, .address, .details, .summary, .dialog, .center, .hgroup, .search, .noframes,
             .dt, .caption, .thead, .tbody, .tfoot, .tr, .td, .head, .title:
            writer.ensureNewLine()
        case .th:
            writer.ensureNewLine()
            style = style.withStrong()
        case .blockquote:
            writer.requestBlankLine()
            writer.indent += 2
        case .dd:
            writer.ensureNewLine()
            writer.indent += 2
        case .pre, .listing, .xmp, .plaintext:
            writer.requestBlankLine()
            preDepth += 1
            writer.preformatted = true
            style = style.withCode()
        case .ul, .ol, .menu, .dir:
            startList(node, ordered: name == .ol)
        case .li:
            startListItem(node, frame: &frame)
        case .br:
            writer.lineBreak()
            return nil
        case .wbr:
            writer.breakOpportunity()
            return nil
        case .hr:
            writer.horizontalRule(concealed: style.isConcealed)
            return nil
        case .table:
            if tableDepth == 0 && writer.wraps {
                layoutTable(node)
                return nil
            }
            writer.requestBlankLine()
            tableDepth += 1
        case .a:
            if let href = document.attribute(.href, of: node), !style.isConcealed { startLink(node, href: href, frame: &frame) }
        case .button:
            if !style.isConcealed {
                startButton(node, frame: &frame)
            } else {
                writer.addPrefix("[", style: style)
                frame.item = -2
            }
        case .input:
            layoutInput(node)
            return nil
        case .select:
            layoutSelect(node)
            return nil
        case .textarea:
            layoutTextArea(node)
            return nil
        case .img:
            layoutImage(node)
            return nil
        case .sup:
            writer.addPrefix("^", style: style)
        case .sub:
            writer.addPrefix("[", style: style)
        case .b, .strong:
            style = style.withStrong()
        case .i, .em, .cite, .var, .dfn:
            style = style.withEmphasis()
        case .code, .kbd, .samp, .tt:
            style = style.withCode()
        case .q:
            writer.appendText("“", style: style)
        default:
            break
        }
        return frame
    }

    /// Undoes what `enter` did, once the element's content is laid out.
    private mutating func exit(_ frame: Frame) {
        switch KnownName(rawValue: document.nodes[Int(frame.node)].name) {
        case .p, .figure, .dl, .blockquote:
            writer.requestBlankLine()
        case .h1, .h2, .h3, .h4, .h5, .h6:
            if options.marksHeadings { writer.discardMarkers(keeping: frame.markerCount) }
            writer.requestBlankLine()
        case .html, .body, .div, .section, .article, .header, .footer, .nav, .main, .aside, .figcaption, .form,
             .fieldset, .legend, .address, .details, .summary, .dialog, .center, .hgroup, .search, .noframes,
             .dt, .dd, .caption, .thead, .tbody, .tfoot, .tr, .td, .th, .head, .title:
            writer.ensureNewLine()
        case .pre, .listing, .xmp, .plaintext:
            writer.ensureNewLine()
            preDepth -= 1
            writer.preformatted = preDepth > 0
            writer.requestBlankLine()
        case .ul, .ol, .menu, .dir:
            lists.removeLast()
            if lists.isEmpty { writer.requestBlankLine() } else { writer.ensureNewLine() }
        case .li:
            writer.ensureNewLine()
            if writer.markerCount > frame.markerCount { writer.flushMarkers() }
        case .table:
            tableDepth -= 1
            writer.requestBlankLine()
        case .a, .button:
            if frame.item >= 0 {
                finishItem(frame)
            } else if frame.item == -2 {
                if writer.hasPrefix { writer.discardPrefix() } else { writer.appendSuffix("]", style: style) }
            }
        case .q:
            writer.appendText("”", style: style)
        case .sup:
            if writer.hasPrefix { writer.discardPrefix() }
        case .sub:
            if writer.hasPrefix { writer.discardPrefix() } else { writer.appendSuffix("]", style: style) }
        default:
            break
        }
        writer.indent = frame.savedIndent
        style = frame.savedStyle
    }

    /// Records the anchors an element makes: its `id`, and an `a` element's `name`.
    private mutating func markAnchors(_ node: Int32) {
        if let identifier = document.attribute(.id, of: node), !identifier.isEmpty {
            writer.markAnchor(identifier, isName: false)
        }
        if document.nodes[Int(node)].name == KnownName.a.rawValue, let name = document.attribute(.name, of: node), !name.isEmpty {
            writer.markAnchor(name, isName: true)
        }
    }

    /// An image: its `alt` text; without one, its `title`, else `[file name]` as lynx shows it.
    private mutating func layoutImage(_ node: Int32) {
        if let alt = document.attribute(.alt, of: node) {
            writer.appendText(alt, style: style)
        } else if let title = document.attribute(.title, of: node).map(displayText), !title.isEmpty {
            writer.appendText(title, style: style)
        } else if let name = document.attribute(.src, of: node).flatMap(imageFileName) {
            writer.appendText("[" + displayText(name) + "]", style: style)
        }
    }

    // MARK: - Lists

    private mutating func startList(_ node: Int32, ordered: Bool) {
        if lists.isEmpty { writer.requestBlankLine() } else { writer.ensureNewLine() }
        var list = ListState()
        if ordered {
            var count = 0
            var child = document.nodes[Int(node)].firstChild
            while child != HTMLDocument.none {
                if document.nodes[Int(child)].name == KnownName.li.rawValue { count += 1 }
                child = document.nodes[Int(child)].next
            }
            let reversed = document.attribute("reversed", of: NodeID(node)) != nil
            list.step = reversed ? -1 : 1
            list.next = integer(document.attribute(.start, of: node)) ?? (reversed ? count : 1)
            switch document.attribute(.type, of: node) {
            case "a": list.numbering = UInt8(ascii: "a")
            case "A": list.numbering = UInt8(ascii: "A")
            case "i": list.numbering = UInt8(ascii: "i")
            case "I": list.numbering = UInt8(ascii: "I")
            default: list.numbering = UInt8(ascii: "1")
            }
            let last = list.next + list.step * max(0, count - 1)
            list.markerWidth = max(TerminalText.width(of: marker(list.next, list.numbering)),
                                   TerminalText.width(of: marker(last, list.numbering))) + 1
        } else {
            list.bullet = ["•", "◦", "▪"][min(lists.count, 2)]
        }
        lists.append(list)
    }

    private mutating func startListItem(_ node: Int32, frame: inout Frame) {
        writer.ensureNewLine()
        var text = "•"
        var markerWidth = 2
        if var list = lists.last {
            if let numbering = list.numbering {
                if let value = integer(document.attribute(.value, of: node)) { list.next = value }
                text = marker(list.next, numbering)
                list.next += list.step
            } else {
                text = list.bullet
            }
            markerWidth = list.markerWidth
            lists[lists.count - 1] = list
        }
        let textWidth = TerminalText.width(of: text)
        let contentIndent = writer.indent + max(markerWidth, textWidth + 1)
        frame.markerCount = writer.markerCount
        writer.addMarker(text, column: contentIndent - 1 - textWidth, concealed: style.isConcealed)
        writer.indent = contentIndent
    }

    /// The marker of an ordered list item: `3.`, `c.`, `iii.`.
    private func marker(_ number: Int, _ numbering: UInt8?) -> String {
        switch numbering {
        case UInt8(ascii: "a") where number > 0: return alphabetic(number, uppercase: false) + "."
        case UInt8(ascii: "A") where number > 0: return alphabetic(number, uppercase: true) + "."
        case UInt8(ascii: "i") where number > 0 && number < 4000: return roman(number).lowercased() + "."
        case UInt8(ascii: "I") where number > 0 && number < 4000: return roman(number) + "."
        default: return "\(number)."
        }
    }

    private func alphabetic(_ number: Int, uppercase: Bool) -> String {
        var number = number
        var letters: [UInt8] = []
        while number > 0 {
            number -= 1
            letters.append((uppercase ? 0x41 : 0x61) + UInt8(number % 26))
            number /= 26
        }
        return String(decoding: letters.reversed(), as: UTF8.self)
    }

    private func roman(_ number: Int) -> String {
        let symbols: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var number = number
        var result = ""
        for (value, symbol) in symbols {
            while number >= value {
                result += symbol
                number -= value
            }
        }
        return result
    }

    // MARK: - Links and buttons

    private mutating func startLink(_ node: Int32, href: String, frame: inout Frame) {
        let index = items.count
        let url = resolver.resolve(href)
        items.append(PageItem(number: index + 1, kind: .link, text: "", href: href, url: url,
                              target: document.attribute(.target, of: node), node: NodeID(node)))
        addReferenceNumber(if: url != nil)
        style = style.withLink(index)
        frame.item = index
        frame.itemTextStart = writer.beginItemText()
    }

    private mutating func startButton(_ node: Int32, frame: inout Frame) {
        let type = document.attribute(.type, of: node).map(collapsingWhitespace)?.lowercased() ?? "submit"
        let submission = type == "submit" ? formSubmission(submitter: node) : nil
        let index = items.count
        items.append(PageItem(number: index + 1, kind: .button, text: "", url: submission?.url,
                              target: submission?.target, post: submission?.post, node: NodeID(node)))
        addReferenceNumber(if: submission?.url != nil)
        style = style.withButton(index)
        writer.addPrefix("[", style: style)
        frame.item = index
        frame.itemTextStart = writer.beginItemText()
    }

    /// In a dump, an item that goes somewhere gets the next `[N]`, the number of its reference.
    mutating func addReferenceNumber(if hasURL: Bool) {
        guard options.numbersItems && hasURL else { return }
        referenceCount += 1
        writer.addPrefix("[\(referenceCount)]", style: style.withoutItem())
    }

    private mutating func finishItem(_ frame: Frame) {
        let index = frame.item
        var text = writer.endItemText(from: frame.itemTextStart)
        if text.isEmpty {
            let label = fallbackLabel(of: frame.node, isLink: items[index].kind == .link)
            if !label.isEmpty {
                writer.appendText(label, style: style)
                text = label
            }
        }
        if items[index].kind == .button {
            writer.appendSuffix("]", style: style)
        } else if writer.hasPrefix {
            writer.discardPrefix()
        }
        items[index].text = text
    }

    /// What an item without visible text shows: `aria-label`, `title`, or a link's `href`.
    private func fallbackLabel(of node: Int32, isLink: Bool) -> String {
        for name in [KnownName.ariaLabel, .title] + (isLink ? [.href] : []) {
            let label = displayText(document.attribute(name, of: node) ?? "")
            if !label.isEmpty { return label }
        }
        return ""
    }
}

/// The file name at the end of an image's `src`, percent-decoded; nil when there is none
/// (a `data:` URL, a path ending in `/`).
func imageFileName(_ source: String) -> String? {
    var path = Substring(collapsingWhitespace(source))
    if path.prefix(5).lowercased() == "data:" { return nil }
    if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<cut] }
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    let decoded = PercentEncoding.decode(name.utf8) ?? String(name)
    return decoded.isEmpty ? nil : decoded
}

/// The integer a `start` or `value` attribute holds.
func integer(_ text: String?) -> Int? {
    guard let text else { return nil }
    return Int(collapsingWhitespace(text)).map { min(max($0, -1_000_000_000), 1_000_000_000) }
}

/// Text for one line: whitespace collapsed, control characters dropped.
func displayText(_ text: String) -> String {
    collapsingWhitespace(String(String.UnicodeScalarView(text.unicodeScalars.filter {
        !($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) || $0 == "\n" || $0 == "\t" || $0 == "\r"
    })))
}
