/// The WHATWG HTML tree construction stage: tokens in, nodes of an `HTMLDocument` out.
///
/// The stack of open elements keeps, for each entry, the index of the nearest element
/// below it (or itself) that bounds each kind of scope, and each HTML name's highest
/// entry, so "has an element in scope" and "reset the insertion mode" take constant time
/// however deep the page nests. The tree itself stops nesting at `maximumTreeDepth`.
struct HTMLTreeBuilder {
    enum Mode: UInt8 {
        case initial, beforeHTML, beforeHead, inHead, inHeadNoscript, afterHead, inBody, text, inTable
        case inTableText, inCaption, inColumnGroup, inTableBody, inRow, inCell
        case inTemplate, afterBody, inFrameset, afterFrameset, afterAfterBody, afterAfterFrameset
    }

    /// Kinds of scope, as indices into `OpenElement.boundaries`.
    enum Scope: Int {
        case normal, listItem, button, table
    }

    /// The depth at which the tree stops nesting: deeper elements become siblings of the current
    /// node, as WebKit does (`maximumHTMLParserDOMTreeDepth`, HTMLConstructionSite::attachLater).
    static let maximumTreeDepth = 512

    /// One entry of the stack of open elements.
    struct OpenElement {
        var node: Int32
        var name: Int32
        var namespace: HTMLDocument.Namespace
        /// The index of the entry below this one holding an HTML element of the same name.
        var previousSameName: Int32 = -1
        /// For each `Scope`, then "special", then "resets the insertion mode": the index of
        /// the nearest entry at or below this one that is such an element, or -1.
        var boundaries: (Int32, Int32, Int32, Int32, Int32, Int32) = (-1, -1, -1, -1, -1, -1)
    }

    var document: HTMLDocument
    let scriptingEnabled: Bool
    var mode = Mode.initial
    var originalMode = Mode.initial
    var templateModes: [Mode] = []
    var openElements: [OpenElement] = []
    /// The highest stack index of an HTML element, by name atom (-1: none).
    private var lastIndexByName: [Int32] = []
    /// The stack index of each node on the stack (absent: not on it).
    var stackIndexByNode = StackIndexTable()
    /// The list of active formatting elements; `marker` entries separate scopes.
    var formattingElements: [Int32] = []
    static let marker: Int32 = -2
    var headElement = HTMLDocument.none
    var formElement = HTMLDocument.none
    var framesetOK = true
    var fosterParenting = false
    var pendingTableText: [UInt8] = []
    var pendingTableTextIsWhitespace = true
    /// Set after `pre`, `listing` and `textarea` start tags: a line feed right after them is dropped.
    var ignoreNextLineFeed = false
    /// The context element of the fragment parsing algorithm, else `none`.
    var contextElement = HTMLDocument.none
    /// Scripts created by this builder are marked as never to run (the fragment case).
    var marksScriptsAlreadyStarted = false
    /// The `selectedcontent` elements this builder made, in order: where an option leaving the
    /// stack may be cloned (`optionLeftStack`).
    var selectedContentElements: [Int32] = []

    // What the tokenizer and the parser read after each token.
    var requestedTokenizerState: HTMLTokenizer.State?
    var requestedEndTagName: [UInt8]?
    var pauseRequested = false
    var pause: HTMLParserPause?
    private(set) var isFinished = false
    private var reportedDocumentElement = false
    /// A token that arrived before `html` existed, held while the host handles that pause.
    var deferredToken: DeferredToken?

    enum DeferredToken {
        case characters([UInt8]), startTag(TagToken), endTag(TagToken), endOfFile
    }
    /// Whether to report the creation of `<html>` and each `</script>` (not in fragments).
    var reportsPauses = true
    /// The names of the custom elements the page defined (`HTMLParser.customElementNames`).
    var customElementNames: Set<String> = []
    /// The tags as written and the element each made, when the parser keeps them (`PageSource`).
    var sourceRecord: PageSourceRecord?

    /// Lowercase SVG and MathML names and the names the standard adjusts them to, by atom.
    private var foreignNames: ForeignNameAdjustments?

    init(document: HTMLDocument, scriptingEnabled: Bool) {
        self.document = document
        self.scriptingEnabled = scriptingEnabled
        lastIndexByName = Array(repeating: -1, count: max(256, document.names.count))
    }

    // MARK: - Token entry points (the tree construction dispatcher)

    mutating func characters(_ text: UnsafeBufferPointer<UInt8>) {
        guard !text.isEmpty else { return }
        if ignoreNextLineFeed {
            ignoreNextLineFeed = false
            if text[0] == 0x0A {
                if text.count > 1 { characters(UnsafeBufferPointer(rebasing: text[1...])) }
                return
            }
        }
        if isInForeignContent(forStartTag: nil) {
            foreignCharacters(text)
        } else {
            process(characters: text, in: mode)
        }
    }

    mutating func startTag(_ tag: TagToken) {
        ignoreNextLineFeed = false
        if isInForeignContent(forStartTag: tag.name) {
            foreignStartTag(tag)
        } else {
            process(startTag: tag, in: mode)
        }
    }

    mutating func endTag(_ tag: TagToken) {
        ignoreNextLineFeed = false
        if isInForeignContent(forStartTag: nil, isEndTag: true) {
            foreignEndTag(tag)
        } else {
            process(endTag: tag, in: mode)
        }
    }

    mutating func comment(_ text: UnsafeBufferPointer<UInt8>) {
        ignoreNextLineFeed = false
        if isInForeignContent(forStartTag: nil, isEndTag: true) {
            insertComment(text)
        } else {
            process(comment: text, in: mode)
        }
    }

    mutating func doctype(_ doctype: HTMLTokenizer.Doctype) {
        ignoreNextLineFeed = false
        if mode == .initial && !isInForeignContent(forStartTag: nil, isEndTag: true) {
            func field(_ bytes: [UInt8]?) -> String { bytes.map { String(decoding: $0, as: UTF8.self) } ?? "" }
            let node = document.createDoctype(HTMLDocument.DoctypeFields(
                name: field(doctype.name), publicID: field(doctype.publicIdentifier), systemID: field(doctype.systemIdentifier)))
            document.link(Int32(node.rawValue), into: 0, before: HTMLDocument.none)
            document.quirksMode = Self.quirksMode(of: doctype)
            mode = .beforeHTML
        }
        // Everywhere else a DOCTYPE is a parse error and ignored.
    }

    mutating func endOfFile() {
        guard !isFinished else { return }
        process(endOfFileIn: mode)
        if deferredToken != nil { return }
        // "Stop parsing": pop all the nodes off the stack of open elements.
        while !openElements.isEmpty { pop() }
        isFinished = true
        pauseRequested = reportsPauses
        pause = .finished
    }

    /// Whether a token goes to the rules for foreign content (a start tag when `name` is set).
    private func isInForeignContent(forStartTag name: Int32?, isEndTag: Bool = false) -> Bool {
        guard let adjusted = adjustedCurrentNode else { return false }
        let node = document.nodes[Int(adjusted)]
        if node.namespace == .html { return false }
        let flags = node.flags
        if let name {
            if flags & HTMLDocument.NodeFlags.mathMLTextIntegrationPoint != 0
                && name != KnownName.mglyph.rawValue && name != KnownName.malignmark.rawValue { return false }
            if node.namespace == .mathML && node.name == KnownName.annotationXML.rawValue
                && name == KnownName.svg.rawValue { return false }
            if flags & HTMLDocument.NodeFlags.htmlIntegrationPoint != 0 { return false }
            return true
        }
        if isEndTag { return true }
        // Characters.
        if flags & (HTMLDocument.NodeFlags.mathMLTextIntegrationPoint | HTMLDocument.NodeFlags.htmlIntegrationPoint) != 0 {
            return false
        }
        return true
    }

    /// The context element in the fragment case with only `html` open, else the current node.
    var adjustedCurrentNode: Int32? {
        if contextElement != HTMLDocument.none && openElements.count == 1 { return contextElement }
        return openElements.last?.node
    }

    /// Whether `<![CDATA[` starts a CDATA section here.
    var adjustedCurrentNodeIsForeign: Bool {
        guard let node = adjustedCurrentNode else { return false }
        return document.nodes[Int(node)].namespace != .html
    }

    // MARK: - The stack of open elements

    var currentNode: Int32 { openElements[openElements.count - 1].node }

    /// The current node's name if it is an HTML element, else `none`.
    var currentHTMLName: Int32 {
        guard let last = openElements.last, last.namespace == .html else { return HTMLDocument.none }
        return last.name
    }

    func isHTML(_ entry: OpenElement, _ name: KnownName) -> Bool {
        entry.namespace == .html && entry.name == name.rawValue
    }

    func currentNodeIs(_ name: KnownName) -> Bool { currentHTMLName == name.rawValue }

    mutating func push(_ node: Int32) {
        let record = document.nodes[Int(node)]
        var entry = OpenElement(node: node, name: record.name, namespace: record.namespace)
        let index = Int32(openElements.count)
        var boundaries = openElements.last?.boundaries ?? (-1, -1, -1, -1, -1, -1)
        let kinds = Self.boundaryKinds(name: record.name, namespace: record.namespace, flags: record.flags)
        if kinds & 1 != 0 { boundaries.0 = index }
        if kinds & 2 != 0 { boundaries.1 = index }
        if kinds & 4 != 0 { boundaries.2 = index }
        if kinds & 8 != 0 { boundaries.3 = index }
        if kinds & 16 != 0 { boundaries.4 = index }
        if kinds & 32 != 0 { boundaries.5 = index }
        entry.boundaries = boundaries
        if record.namespace == .html {
            let name = Int(record.name)
            if name >= lastIndexByName.count {
                lastIndexByName.append(contentsOf: repeatElement(-1, count: max(name + 1 - lastIndexByName.count, lastIndexByName.count)))
            }
            entry.previousSameName = lastIndexByName[name]
            lastIndexByName[name] = index
        }
        stackIndexByNode[node] = index
        openElements.append(entry)
    }

    /// Pops the current node, running the steps for an element leaving the stack (an `option`
    /// may be cloned into its select's `selectedcontent`).
    @discardableResult
    mutating func pop() -> Int32 {
        let entry = removeTopEntry()
        if entry.namespace == .html && entry.name == KnownName.option.rawValue { optionLeftStack(entry.node) }
        return entry.node
    }

    /// Takes the top entry off the stack, and nothing more.
    private mutating func removeTopEntry() -> OpenElement {
        let entry = openElements.removeLast()
        if entry.namespace == .html { lastIndexByName[Int(entry.name)] = entry.previousSameName }
        stackIndexByNode[entry.node] = -1
        return entry
    }

    /// Pops entries until one holding an HTML element with this name has been popped.
    mutating func popUntil(_ name: KnownName) {
        popUntilName(name.rawValue)
    }

    mutating func popUntilName(_ name: Int32) {
        while let last = openElements.last {
            pop()
            if last.namespace == .html && last.name == name { return }
        }
    }

    /// Pops entries until one of these HTML names has been popped.
    mutating func popUntil(anyOf names: [KnownName]) {
        while let last = openElements.last {
            pop()
            if last.namespace == .html, let known = KnownName(rawValue: last.name), names.contains(known) { return }
        }
    }

    mutating func popUntilNode(_ node: Int32) {
        while !openElements.isEmpty {
            if pop() == node { return }
        }
    }

    /// The stack index of a node, if it is on the stack.
    func stackIndex(of node: Int32) -> Int? {
        let index = stackIndexByNode[node]
        return index < 0 ? nil : Int(index)
    }

    func isOnStack(_ node: Int32) -> Bool { stackIndex(of: node) != nil }

    /// Changes the stack from `index` up: the entries there are taken off, edited as node indices,
    /// and pushed again. An `option` the edit leaves out has left the stack (see `pop`), unless
    /// the caller ran those steps itself (`optionsLeft: false`).
    mutating func editStack(from index: Int, optionsLeft: Bool = true, _ edit: (inout [Int32]) -> Void) {
        var tail: [Int32] = []
        var options: [Int32] = []
        while openElements.count > index {
            let entry = removeTopEntry()
            tail.append(entry.node)
            if optionsLeft && entry.namespace == .html && entry.name == KnownName.option.rawValue { options.append(entry.node) }
        }
        tail.reverse()
        edit(&tail)
        for node in tail { push(node) }
        for option in options where !isOnStack(option) { optionLeftStack(option) }
    }

    mutating func removeFromStack(_ node: Int32) {
        guard let index = stackIndex(of: node) else { return }
        editStack(from: index) { $0.removeFirst() }
    }

    /// The highest stack index of an HTML element with this name, or -1.
    func lastIndex(of name: KnownName) -> Int {
        Int(name.rawValue) < lastIndexByName.count ? Int(lastIndexByName[Int(name.rawValue)]) : -1
    }

    func lastIndex(ofName name: Int32) -> Int {
        Int(name) < lastIndexByName.count ? Int(lastIndexByName[Int(name)]) : -1
    }

    private func boundary(_ kind: Int) -> Int {
        guard let top = openElements.last else { return -1 }
        switch kind {
        case 0: return Int(top.boundaries.0)
        case 1: return Int(top.boundaries.1)
        case 2: return Int(top.boundaries.2)
        case 3: return Int(top.boundaries.3)
        case 4: return Int(top.boundaries.4)
        default: return Int(top.boundaries.5)
        }
    }

    /// Whether an HTML element with this name is in the given scope.
    func hasInScope(_ name: KnownName, _ scope: Scope = .normal) -> Bool {
        hasNameInScope(name.rawValue, scope)
    }

    func hasNameInScope(_ name: Int32, _ scope: Scope = .normal) -> Bool {
        let index = lastIndex(ofName: name)
        return index >= 0 && index >= boundary(scope.rawValue)
    }

    func hasAnyInScope(_ names: [KnownName], _ scope: Scope = .normal) -> Bool {
        names.contains { hasInScope($0, scope) }
    }

    /// Whether this very node is in the given scope.
    func hasNodeInScope(_ node: Int32, _ scope: Scope = .normal) -> Bool {
        guard let index = stackIndex(of: node) else { return false }
        return index >= boundary(scope.rawValue)
    }

    /// The index of the nearest special element at or below the top, or -1.
    var nearestSpecialIndex: Int { boundary(4) }

    /// The index of the nearest element that decides the insertion mode, or -1.
    var nearestModeElementIndex: Int { boundary(5) }

    /// Which boundaries an element is: bits for the four scopes, special, and insertion-mode relevance.
    @inline(__always)
    static func boundaryKinds(name: Int32, namespace: HTMLDocument.Namespace, flags: UInt8) -> UInt8 {
        switch namespace {
        case .html:
            return name >= 0 && Int(name) < htmlBoundaryKinds.count ? htmlBoundaryKinds[Int(name)] : 0
        case .other:
            return 0
        case .mathML:
            switch KnownName(rawValue: name) {
            case .mi, .mo, .mn, .ms, .mtext, .annotationXML: return 1 | 2 | 4 | 16
            default: return 0
            }
        case .svg:
            switch KnownName(rawValue: name) {
            case .foreignObject, .desc, .title: return 1 | 2 | 4 | 16
            default: return 0
            }
        }
    }

    /// `boundaryKinds` of the HTML elements with known names, by atom.
    private static let htmlBoundaryKinds: [UInt8] = KnownName.allCases.map { known in
        var kinds: UInt8 = 0
        switch known {
        // `select` bounds the default scope since the 2025 customizable select change.
        case .applet, .caption, .marquee, .object, .select, .td, .th: kinds |= 1 | 2 | 4
        case .html, .table, .template: kinds |= 1 | 2 | 4 | 8
        case .ol, .ul: kinds |= 2
        case .button: kinds |= 4
        default: break
        }
        if specialHTMLNames.contains(known) { kinds |= 16 }
        switch known {
        case .td, .th, .tr, .tbody, .thead, .tfoot, .caption, .colgroup, .table, .template, .head,
             .body, .frameset, .html:
            kinds |= 32
        default: break
        }
        return kinds
    }

    static let specialHTMLNames: Set<KnownName> = [
        .address, .applet, .area, .article, .aside, .base, .basefont, .bgsound, .blockquote, .body, .br, .button,
        .caption, .center, .col, .colgroup, .dd, .details, .dir, .div, .dl, .dt, .embed, .fieldset, .figcaption,
        .figure, .footer, .form, .frame, .frameset, .h1, .h2, .h3, .h4, .h5, .h6, .head, .header, .hgroup, .hr,
        .html, .iframe, .img, .input, .keygen, .li, .link, .listing, .main, .marquee, .menu, .meta, .nav, .noembed,
        .noframes, .noscript, .object, .ol, .p, .param, .plaintext, .pre, .script, .search, .section, .select,
        .source, .style, .summary, .table, .tbody, .td, .template, .textarea, .tfoot, .th, .thead, .title, .tr,
        .track, .ul, .wbr, .xmp,
    ]

    func isSpecial(_ entry: OpenElement) -> Bool {
        Self.boundaryKinds(name: entry.name, namespace: entry.namespace, flags: 0) & 16 != 0
    }

    // MARK: - Implied end tags

    private static let impliedEndTagNames: Set<KnownName> = [.dd, .dt, .li, .optgroup, .option, .p, .rb, .rp, .rt, .rtc]
    private static let thoroughlyImpliedEndTagNames: Set<KnownName> = impliedEndTagNames.union(
        [.caption, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr])

    /// Pops elements whose end tags are implied, except one with the name `except`.
    mutating func generateImpliedEndTags(except: KnownName? = nil, thoroughly: Bool = false) {
        let names = thoroughly ? Self.thoroughlyImpliedEndTagNames : Self.impliedEndTagNames
        while let known = KnownName(rawValue: currentHTMLName), names.contains(known), known != except {
            pop()
        }
    }

    /// "Close a p element."
    mutating func closeParagraph() {
        generateImpliedEndTags(except: .p)
        popUntil(.p)
    }

    mutating func closeParagraphIfInButtonScope() {
        if hasInScope(.p, .button) { closeParagraph() }
    }

    // MARK: - Creating and inserting nodes

    /// Where a node goes: a parent, and the child it goes before (`none`: at the end).
    struct InsertionLocation {
        var parent: Int32
        var before: Int32
    }

    /// The appropriate place for inserting a node, with foster parenting.
    func appropriatePlace(overrideTarget: Int32? = nil) -> InsertionLocation {
        let target = overrideTarget ?? currentNode
        let record = document.nodes[Int(target)]
        if fosterParenting && record.namespace == .html {
            switch KnownName(rawValue: record.name) {
            case .table, .tbody, .tfoot, .thead, .tr:
                let lastTemplate = lastIndex(of: .template)
                let lastTable = lastIndex(of: .table)
                if lastTemplate >= 0 && (lastTable < 0 || lastTemplate > lastTable) {
                    return InsertionLocation(parent: openElements[lastTemplate].node, before: HTMLDocument.none)
                }
                if lastTable < 0 {
                    return InsertionLocation(parent: openElements[0].node, before: HTMLDocument.none)
                }
                let table = openElements[lastTable].node
                let parent = document.nodes[Int(table)].parent
                if parent != HTMLDocument.none { return InsertionLocation(parent: parent, before: table) }
                return InsertionLocation(parent: openElements[lastTable - 1].node, before: HTMLDocument.none)
            default:
                break
            }
        }
        return InsertionLocation(parent: target, before: HTMLDocument.none)
    }

    /// Creates an element for a tag token (attributes adjusted for foreign content by the caller).
    mutating func createElement(for tag: TagToken, name: Int32? = nil, namespace: HTMLDocument.Namespace) -> Int32 {
        var flags: UInt8 = 0
        let elementName = name ?? tag.name
        if namespace == .mathML {
            switch KnownName(rawValue: elementName) {
            case .mi, .mo, .mn, .ms, .mtext: flags |= HTMLDocument.NodeFlags.mathMLTextIntegrationPoint
            case .annotationXML:
                if let encoding = tag.value(of: KnownName.encoding.rawValue) {
                    let lowered = encoding.map(asciiLowercase)
                    if lowered.elementsEqual("text/html".utf8) || lowered.elementsEqual("application/xhtml+xml".utf8) {
                        flags |= HTMLDocument.NodeFlags.htmlIntegrationPoint
                    }
                }
            default: break
            }
        } else if namespace == .svg {
            switch KnownName(rawValue: elementName) {
            case .foreignObject, .desc, .title: flags |= HTMLDocument.NodeFlags.htmlIntegrationPoint
            default: break
            }
        } else if elementName == KnownName.script.rawValue {
            flags |= marksScriptsAlreadyStarted ? HTMLDocument.NodeFlags.alreadyStarted : HTMLDocument.NodeFlags.parserInserted
        }
        let node = document.appendNode(HTMLDocument.Node(kind: .element, namespace: namespace, flags: flags, name: elementName))
        if sourceRecord != nil { sourceRecord!.elementCreated(node, from: tag) }
        if namespace == .html && elementName == KnownName.selectedcontent.rawValue { selectedContentElements.append(node) }
        if !tag.attributes.isEmpty {
            let base = tag.values.withUnsafeBufferPointer { document.store(bytes: $0) }.start
            var last = HTMLDocument.none
            for attribute in tag.attributes {
                var attributeName = attribute.name
                if namespace != .html, let adjustments = foreignNames {
                    attributeName = adjustments.attributeName(attributeName, namespace: namespace)
                }
                last = document.appendAttribute(atom: attributeName, start: base + attribute.valueStart,
                                                length: attribute.valueLength, to: node, after: last)
                if namespace != .html, let adjustments = foreignNames,
                   let attributeNamespace = adjustments.foreignAttributeNamespace(attributeName) {
                    document.setNamespace(attributeNamespace, ofAttribute: last)
                }
            }
        }
        return node
    }

    /// Links a node at a location, unless the location is the document and it already has an element.
    mutating func insert(_ node: Int32, at location: InsertionLocation) {
        var location = location
        if location.parent == 0 && document.nodes[Int(node)].kind == .element {
            var child = document.nodes[0].firstChild
            while child != HTMLDocument.none {
                if document.nodes[Int(child)].kind == .element { return }
                child = document.nodes[Int(child)].next
            }
        }
        if location.before != HTMLDocument.none && document.nodes[Int(location.before)].parent != location.parent {
            location.before = HTMLDocument.none
        }
        document.link(node, into: location.parent, before: location.before)
    }

    /// Inserts an element for a token at the appropriate place and pushes it onto the stack.
    @discardableResult
    mutating func insertElement(for tag: TagToken, name: Int32? = nil, namespace: HTMLDocument.Namespace = .html) -> Int32 {
        var location = appropriatePlace()
        if openElements.count > Self.maximumTreeDepth && location.before == HTMLDocument.none {
            let grandparent = document.nodes[Int(location.parent)].parent
            if grandparent != HTMLDocument.none && grandparent != 0 { location.parent = grandparent }
        }
        let node = createElement(for: tag, name: name, namespace: namespace)
        insert(node, at: location)
        push(node)
        if !customElementNames.isEmpty { customElementInserted(node, namespace: namespace) }
        return node
    }

    /// Pauses after a defined custom element went in, unless it is in a template's content
    /// (whose document has no custom element registry: HTML "look up a custom element
    /// definition" step 1).
    private mutating func customElementInserted(_ node: Int32, namespace: HTMLDocument.Namespace) {
        guard reportsPauses, namespace == .html, let name = document.name(of: NodeID(node)),
              customElementNames.contains(name) else { return }
        var ancestor = document.nodes[Int(node)].parent
        while ancestor != HTMLDocument.none {
            let kind = document.nodes[Int(ancestor)].kind
            if kind == .documentFragment { return }
            if kind == .element && document.nodes[Int(ancestor)].name == KnownName.template.rawValue
                && document.nodes[Int(ancestor)].namespace == .html { return }
            ancestor = document.nodes[Int(ancestor)].parent
        }
        pause = .customElement(NodeID(node))
        pauseRequested = true
    }

    /// Inserts an HTML element with no attributes (for implied tags).
    @discardableResult
    mutating func insertElement(named name: KnownName) -> Int32 {
        insertElement(for: Self.emptyTag(name))
    }

    static func emptyTag(_ name: KnownName) -> TagToken {
        var tag = TagToken()
        tag.name = name.rawValue
        return tag
    }

    mutating func insertComment(_ text: UnsafeBufferPointer<UInt8>, at location: InsertionLocation? = nil) {
        let range = document.store(bytes: text)
        let node = document.appendNode(HTMLDocument.Node(kind: .comment, dataStart: range.start, dataLength: range.length))
        var location = location ?? appropriatePlace()
        if location.before == HTMLDocument.none && openElements.count > Self.maximumTreeDepth {
            let grandparent = document.nodes[Int(location.parent)].parent
            if grandparent != HTMLDocument.none && grandparent != 0 { location.parent = grandparent }
        }
        document.link(node, into: location.parent, before: location.before)
    }

    /// Inserts characters at the appropriate place, merging into a text node just before it.
    mutating func insertText(_ text: UnsafeBufferPointer<UInt8>) {
        let location = appropriatePlace()
        if location.parent == 0 { return }
        let previous = location.before == HTMLDocument.none
            ? document.nodes[Int(location.parent)].lastChild
            : document.nodes[Int(location.before)].previous
        if previous != HTMLDocument.none && document.nodes[Int(previous)].kind == .text {
            document.appendText(text, to: previous)
            return
        }
        let range = document.store(bytes: text)
        let node = document.appendNode(HTMLDocument.Node(kind: .text, dataStart: range.start, dataLength: range.length))
        document.link(node, into: location.parent, before: location.before)
    }

    // MARK: - The list of active formatting elements

    mutating func pushFormattingElement(_ node: Int32) {
        // Noah's Ark: at most three equal elements after the last marker.
        var count = 0
        var earliest = -1
        var index = formattingElements.count - 1
        while index >= 0 {
            let entry = formattingElements[index]
            if entry == Self.marker { break }
            if document.hasSameNameAndAttributes(entry, node) {
                count += 1
                earliest = index
            }
            index -= 1
        }
        if count >= 3 { formattingElements.remove(at: earliest) }
        formattingElements.append(node)
    }

    mutating func insertFormattingMarker() { formattingElements.append(Self.marker) }

    mutating func clearFormattingElementsToLastMarker() {
        while let last = formattingElements.popLast(), last != Self.marker {}
    }

    /// "Reconstruct the active formatting elements."
    mutating func reconstructFormattingElements() {
        guard let last = formattingElements.last, last != Self.marker, !isOnStack(last) else { return }
        var index = formattingElements.count - 1
        while index > 0 {
            let previous = formattingElements[index - 1]
            if previous == Self.marker || isOnStack(previous) { break }
            index -= 1
        }
        while index < formattingElements.count {
            let original = formattingElements[index]
            let clone = document.cloneElement(original)
            var location = appropriatePlace()
            if openElements.count > Self.maximumTreeDepth && location.before == HTMLDocument.none {
                let grandparent = document.nodes[Int(location.parent)].parent
                if grandparent != HTMLDocument.none && grandparent != 0 { location.parent = grandparent }
            }
            insert(clone, at: location)
            push(clone)
            formattingElements[index] = clone
            index += 1
        }
    }

    /// The last formatting element with this name after the last marker, as a list index.
    func formattingIndex(named name: Int32) -> Int? {
        var index = formattingElements.count - 1
        while index >= 0 {
            let entry = formattingElements[index]
            if entry == Self.marker { return nil }
            if document.nodes[Int(entry)].name == name && document.nodes[Int(entry)].namespace == .html { return index }
            index -= 1
        }
        return nil
    }

    func formattingIndex(of node: Int32) -> Int? { formattingElements.lastIndex(of: node) }

    mutating func removeFormattingElement(_ node: Int32) {
        if let index = formattingIndex(of: node) { formattingElements.remove(at: index) }
    }

    // MARK: - Resetting the insertion mode

    mutating func resetInsertionMode() {
        // Only the nearest element that decides the mode matters: the entries above it change nothing.
        let candidate = openElements.isEmpty ? -1 : Int(openElements[openElements.count - 1].boundaries.5)
        let last = candidate <= 0
        var node = last ? (openElements.first?.node ?? 0) : openElements[candidate].node
        if last && contextElement != HTMLDocument.none { node = contextElement }
        let record = document.nodes[Int(node)]
        let name = record.namespace == .html ? KnownName(rawValue: record.name) : nil
        switch name {
        case .td, .th:
            mode = last ? .inBody : .inCell
        case .tr: mode = .inRow
        case .tbody, .thead, .tfoot: mode = .inTableBody
        case .caption: mode = .inCaption
        case .colgroup: mode = .inColumnGroup
        case .table: mode = .inTable
        case .template: mode = templateModes.last ?? .inBody
        case .head: mode = last ? .inBody : .inHead
        case .body: mode = .inBody
        case .frameset: mode = .inFrameset
        case .html: mode = headElement == HTMLDocument.none ? .beforeHead : .afterHead
        default: mode = .inBody
        }
    }

    // MARK: - Switching the tokenizer

    /// The generic raw text and RCDATA element parsing algorithms.
    mutating func parseRawText(_ tag: TagToken, state: HTMLTokenizer.State) {
        insertElement(for: tag)
        switchTokenizer(to: state, endTagName: tag.name)
        originalMode = mode
        mode = .text
    }

    mutating func switchTokenizer(to state: HTMLTokenizer.State, endTagName: Int32? = nil) {
        requestedTokenizerState = state
        if let endTagName { requestedEndTagName = Array(document.names.utf8(of: endTagName)) }
    }

    /// Tells the host the document element exists, once; true when the parser pauses for it.
    @discardableResult
    mutating func documentElementInserted(_ node: Int32) -> Bool {
        guard reportsPauses && !reportedDocumentElement else { return false }
        reportedDocumentElement = true
        pause = .documentElementCreated(NodeID(node))
        pauseRequested = true
        return true
    }

    mutating func scriptEnded(_ node: Int32) {
        guard reportsPauses else { return }
        pause = .script(NodeID(node))
        pauseRequested = true
    }

    // MARK: - Foreign names

    mutating func foreignNameAdjustments() -> ForeignNameAdjustments {
        if let foreignNames { return foreignNames }
        let adjustments = ForeignNameAdjustments(names: &document.names)
        foreignNames = adjustments
        return adjustments
    }

    // MARK: - Quirks

    static func quirksMode(of doctype: HTMLTokenizer.Doctype) -> HTMLDocument.QuirksMode {
        if doctype.forceQuirks || doctype.name != Array("html".utf8) { return .quirks }
        let publicID = doctype.publicIdentifier.map { String(decoding: $0, as: UTF8.self).lowercased() }
        let systemID = doctype.systemIdentifier.map { String(decoding: $0, as: UTF8.self).lowercased() }
        if let publicID {
            if ["-//w3o//dtd w3 html strict 3.0//en//", "-/w3c/dtd html 4.0 transitional/en", "html"].contains(publicID) {
                return .quirks
            }
            if quirkyPublicPrefixes.contains(where: { publicID.hasPrefix($0) }) { return .quirks }
            if systemID == nil && (publicID.hasPrefix("-//w3c//dtd html 4.01 frameset//")
                                   || publicID.hasPrefix("-//w3c//dtd html 4.01 transitional//")) { return .quirks }
            if publicID.hasPrefix("-//w3c//dtd xhtml 1.0 frameset//") || publicID.hasPrefix("-//w3c//dtd xhtml 1.0 transitional//") {
                return .limitedQuirks
            }
            if systemID != nil && (publicID.hasPrefix("-//w3c//dtd html 4.01 frameset//")
                                   || publicID.hasPrefix("-//w3c//dtd html 4.01 transitional//")) { return .limitedQuirks }
        }
        if systemID == "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd" { return .quirks }
        return .noQuirks
    }

    private static let quirkyPublicPrefixes: [String] = [
        "+//silmaril//dtd html pro v0r11 19970101//", "-//as//dtd html 3.0 aswedit + extensions//",
        "-//advasoft ltd//dtd html 3.0 aswedit + extensions//", "-//ietf//dtd html 2.0 level 1//",
        "-//ietf//dtd html 2.0 level 2//", "-//ietf//dtd html 2.0 strict level 1//", "-//ietf//dtd html 2.0 strict level 2//",
        "-//ietf//dtd html 2.0 strict//", "-//ietf//dtd html 2.0//", "-//ietf//dtd html 2.1e//", "-//ietf//dtd html 3.0//",
        "-//ietf//dtd html 3.2 final//", "-//ietf//dtd html 3.2//", "-//ietf//dtd html 3//", "-//ietf//dtd html level 0//",
        "-//ietf//dtd html level 1//", "-//ietf//dtd html level 2//", "-//ietf//dtd html level 3//",
        "-//ietf//dtd html strict level 0//", "-//ietf//dtd html strict level 1//", "-//ietf//dtd html strict level 2//",
        "-//ietf//dtd html strict level 3//", "-//ietf//dtd html strict//", "-//ietf//dtd html//",
        "-//metrius//dtd metrius presentational//", "-//microsoft//dtd internet explorer 2.0 html strict//",
        "-//microsoft//dtd internet explorer 2.0 html//", "-//microsoft//dtd internet explorer 2.0 tables//",
        "-//microsoft//dtd internet explorer 3.0 html strict//", "-//microsoft//dtd internet explorer 3.0 html//",
        "-//microsoft//dtd internet explorer 3.0 tables//", "-//netscape comm. corp.//dtd html//",
        "-//netscape comm. corp.//dtd strict html//", "-//o'reilly and associates//dtd html 2.0//",
        "-//o'reilly and associates//dtd html extended 1.0//", "-//o'reilly and associates//dtd html extended relaxed 1.0//",
        "-//sq//dtd html 2.0 hotmetal + extensions//",
        "-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
        "-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//", "-//spyglass//dtd html 2.0 extended//",
        "-//sun microsystems corp.//dtd hotjava html//", "-//sun microsystems corp.//dtd hotjava strict html//",
        "-//w3c//dtd html 3 1995-03-24//", "-//w3c//dtd html 3.2 draft//", "-//w3c//dtd html 3.2 final//",
        "-//w3c//dtd html 3.2//", "-//w3c//dtd html 3.2s draft//", "-//w3c//dtd html 4.0 frameset//",
        "-//w3c//dtd html 4.0 transitional//", "-//w3c//dtd html experimental 19960712//",
        "-//w3c//dtd html experimental 970421//", "-//w3c//dtd w3 html//", "-//w3o//dtd w3 html 3.0//",
        "-//webtechs//dtd mozilla html 2.0//", "-//webtechs//dtd mozilla html//",
    ]
}

/// Whether bytes are all ASCII whitespace (tab, line feed, form feed, carriage return, space).
func isAllWhitespace(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in text where !byte.isHTMLWhitespace { return false }
    return true
}

/// The stack index of each node on the stack of open elements, by node index: an array for a
/// document's parse, whose nodes are new and dense, and a dictionary for a fragment's, whose few
/// nodes may sit anywhere in a large arena (an array would cost the arena's size on every
/// `innerHTML`).
struct StackIndexTable {
    private var dense: [Int32] = []
    private var sparse: [Int32: Int32]?

    /// A table for a fragment: sized by its entries, not by the arena.
    static var sparse: StackIndexTable {
        var table = StackIndexTable()
        table.sparse = [:]
        return table
    }

    /// The stack index of a node, -1 when it is not on the stack.
    subscript(node: Int32) -> Int32 {
        get {
            if let sparse { return sparse[node] ?? -1 }
            return node >= 0 && Int(node) < dense.count ? dense[Int(node)] : -1
        }
        set {
            if sparse != nil {
                sparse![node] = newValue < 0 ? nil : newValue
                return
            }
            guard node >= 0 else { return }
            if Int(node) >= dense.count {
                guard newValue >= 0 else { return }
                dense.append(contentsOf: repeatElement(-1, count: max(Int(node) + 1 - dense.count, dense.count)))
            }
            dense[Int(node)] = newValue
        }
    }
}
