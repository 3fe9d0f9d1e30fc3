import URLKit

/// Tests elements of a document against a compiled selector program.
///
/// Complex selectors are matched right to left with WebKit's early exits (a descendant
/// search that found no ancestor matching stops every search further left), so one test
/// costs at most the selector's length times the element's depth and siblings. A test reads
/// the program's flat arrays and the document's nodes: it copies, retains and allocates
/// nothing (positions among siblings, for `:nth-*`, are worked out once per parent).
struct SelectorMatcher {
    /// How a right-to-left match ended, to cut the searches further left short (WebKit's
    /// SelectorChecker results).
    enum Outcome {
        case matches, failsLocally, failsAllSiblings, failsCompletely
    }

    /// What one series of tests remembers: positions among siblings, the `:target` element.
    final class Memo {
        struct Position {
            var index: Int32 = 0
            var fromEnd: Int32 = 0
            var ofType: Int32 = 0
            var ofTypeFromEnd: Int32 = 0
        }

        var positions: [Int32: Position] = [:]
        var target: Int32??
        /// Compound tests made, for tests that check the work stays linear.
        var compoundTests = 0
    }

    let document: HTMLDocument
    let state: DocumentState
    /// The element `:scope` stands for; `none`: the root element.
    let scope: Int32
    let program: SelectorProgram
    let memo = Memo()
    /// The atom of each of the program's names in this document (`none` when no node has it).
    private let atoms: [Int32]
    private let classAtom: Int32

    init(document: HTMLDocument, state: DocumentState, scope: Int32 = HTMLDocument.none, program: SelectorProgram) {
        self.document = document
        self.state = state
        self.scope = scope
        self.program = program
        classAtom = document.names.existingAtom(for: "class") ?? HTMLDocument.none
        if program.hasDocumentNames {
            var atoms = program.knownAtoms
            for index in atoms.indices where atoms[index] == HTMLDocument.none {
                atoms[index] = document.names.existingAtom(for: program.names[index]) ?? HTMLDocument.none
            }
            self.atoms = atoms
        } else {
            atoms = program.knownAtoms
        }
    }

    /// The atom of a name in this document; `none` when no node has it.
    func atom(_ name: String) -> Int32 {
        KnownName.atoms[name] ?? document.names.existingAtom(for: name) ?? HTMLDocument.none
    }

    // MARK: - Selectors

    /// Whether an element matches any selector of a list.
    func matches(_ list: SelectorProgram.List, _ element: Int32, anchor: Int32 = HTMLDocument.none) -> Bool {
        var index: Int32 = 0
        while index < list.count {
            if matches(complex: program.item(list, index), element, anchor: anchor) { return true }
            index += 1
        }
        return false
    }

    /// Whether an element matches any selector of the program's top-level list.
    func matchesAnyRoot(_ element: Int32) -> Bool {
        matches(program.roots, element)
    }

    /// Whether an element matches a complex selector of the program.
    func matches(complex: Int32, _ element: Int32, anchor: Int32 = HTMLDocument.none) -> Bool {
        let entry = program.complexes[Int(complex)]
        if entry.neverMatches { return false }
        return match(entry.firstCompound, entry.firstCompound + entry.compoundCount - 1, element, anchor) == .matches
    }

    private func match(_ first: Int32, _ index: Int32, _ element: Int32, _ anchor: Int32) -> Outcome {
        guard matches(compound: index, element, anchor: anchor) else { return .failsLocally }
        if index == first { return .matches }
        switch program.compounds[Int(index)].combinator {
        case .descendant:
            var ancestor = parentElement(of: element)
            var last = element
            while ancestor != HTMLDocument.none {
                let outcome = match(first, index - 1, ancestor, anchor)
                if outcome == .matches || outcome == .failsCompletely { return outcome }
                last = ancestor
                ancestor = parentElement(of: ancestor)
            }
            return matchesFromShadowTree(first, index - 1, last) ? .matches : .failsCompletely
        case .child:
            let parent = parentElement(of: element)
            guard parent != HTMLDocument.none else { return matchesFromShadowTree(first, index - 1, element) ? .matches : .failsCompletely }
            let outcome = match(first, index - 1, parent, anchor)
            return outcome == .matches || outcome == .failsCompletely ? outcome : .failsAllSiblings
        case .nextSibling:
            let previous = previousElement(of: element)
            guard previous != HTMLDocument.none else { return .failsAllSiblings }
            return match(first, index - 1, previous, anchor)
        case .subsequentSibling:
            var previous = previousElement(of: element)
            while previous != HTMLDocument.none {
                let outcome = match(first, index - 1, previous, anchor)
                if outcome != .failsLocally { return outcome }
                previous = previousElement(of: previous)
            }
            return .failsAllSiblings
        }
    }

    /// Whether the leftmost compounds, ending at `index`, match the host of the shadow tree
    /// whose top-level element is `topElement`: a host seen from its shadow tree is featureless,
    /// so only a compound of `:host`/`:host()` alone can match it, and nothing further out.
    private func matchesFromShadowTree(_ first: Int32, _ index: Int32, _ topElement: Int32) -> Bool {
        guard index == first, !document.shadowHosts.isEmpty else { return false }
        let parent = document.nodes[Int(topElement)].parent
        guard parent != HTMLDocument.none, let host = document.shadowHosts[parent]?.host else { return false }
        return matchesAsHost(compound: index, Int32(host.rawValue))
    }

    /// Whether a selector of one compound, from a sheet of the shadow tree `host` hosts,
    /// matches the host itself (`:host`, `:host(.open)`).
    func matchesHost(complex: Int32, _ host: Int32) -> Bool {
        let entry = program.complexes[Int(complex)]
        return !entry.neverMatches && entry.compoundCount == 1 && matchesAsHost(compound: entry.firstCompound, host)
    }

    /// Whether a compound matches a shadow host seen from its tree: featureless, so only a
    /// compound of `:host`/`:host()` tests alone can.
    private func matchesAsHost(compound index: Int32, _ host: Int32) -> Bool {
        let compound = program.compounds[Int(index)]
        guard compound.typeTest == .any, compound.testCount > 0 else { return false }
        var test = compound.firstTest
        while test < compound.firstTest + compound.testCount {
            let entry = program.tests[Int(test)]
            guard entry.kind == .host else { return false }
            if entry.a >= 0 && !matches(program.lists[Int(entry.a)], host) { return false }
            test += 1
        }
        return true
    }

    // MARK: - Compounds

    /// Whether an element matches every simple selector of a compound.
    func matches(compound index: Int32, _ element: Int32, anchor: Int32 = HTMLDocument.none) -> Bool {
        memo.compoundTests &+= 1
        let compound = program.compounds[Int(index)]
        let node = document.nodes[Int(element)]
        guard node.kind == .element else { return false }
        switch compound.typeTest {
        case .any:
            break
        case .never:
            return false
        case .named:
            // SVG and MathML names keep their case (`foreignObject`); HTML's are lowercased.
            let wanted = atoms[Int(node.namespace == .html && !state.isXMLDocument ? compound.htmlName : compound.foreignName)]
            if node.name != wanted || wanted == HTMLDocument.none { return false }
        case .anyInNoNamespace:
            if node.namespace != .other || document.namespaceURI(of: NodeID(element)) != nil { return false }
        case .namedInNoNamespace:
            let wanted = atoms[Int(compound.foreignName)]
            if node.name != wanted || wanted == HTMLDocument.none || node.namespace != .other
                || document.namespaceURI(of: NodeID(element)) != nil { return false }
        }
        var test = compound.firstTest
        let end = compound.firstTest + compound.testCount
        while test < end {
            if !matches(test: test, element, anchor: anchor) { return false }
            test += 1
        }
        return true
    }

    private func matches(test index: Int32, _ element: Int32, anchor: Int32) -> Bool {
        let test = program.tests[Int(index)]
        switch test.kind {
        case .id:
            guard let attribute = document.attributeIndex(KnownName.id.rawValue, of: element) else { return false }
            return bytesEqual(document.attributeRange(attribute), test.a, test.b, folded: false)
        case .className:
            return hasClass(start: test.a, length: test.b, element)
        case .attribute:
            return matches(attribute: program.attributes[Int(test.a)], element)
        case .root:
            // The document element of any document: the page's, a frame's, a created one.
            let parent = document.nodes[Int(element)].parent
            return parent != HTMLDocument.none && isDocument(parent)
        case .scope:
            if scope == HTMLDocument.none { return document.nodes[Int(element)].parent == 0 }
            return isDocument(scope) ? document.nodes[Int(element)].parent == scope : element == scope
        case .hasAnchor:
            return element == anchor
        case .empty:
            var child = document.nodes[Int(element)].firstChild
            while child != HTMLDocument.none {
                switch document.nodes[Int(child)].kind {
                case .element: return false
                case .text where document.nodes[Int(child)].dataLength > 0: return false
                default: break
                }
                child = document.nodes[Int(child)].next
            }
            return true
        case .firstChild:
            return previousElement(of: element) == HTMLDocument.none
        case .lastChild:
            return nextElement(of: element) == HTMLDocument.none
        case .onlyChild:
            return previousElement(of: element) == HTMLDocument.none && nextElement(of: element) == HTMLDocument.none
        case .firstOfType:
            return position(of: element).ofType == 1
        case .lastOfType:
            return position(of: element).ofTypeFromEnd == 1
        case .onlyOfType:
            let position = position(of: element)
            return position.ofType == 1 && position.ofTypeFromEnd == 1
        case .nthChild:
            let pattern = program.patterns[Int(test.a)]
            guard test.b >= 0 else { return pattern.matches(Int(position(of: element).index)) }
            let filter = program.lists[Int(test.b)]
            return matches(filter, element) && pattern.matches(filteredPosition(element, filter, forward: true))
        case .nthLastChild:
            let pattern = program.patterns[Int(test.a)]
            guard test.b >= 0 else { return pattern.matches(Int(position(of: element).fromEnd)) }
            let filter = program.lists[Int(test.b)]
            return matches(filter, element) && pattern.matches(filteredPosition(element, filter, forward: false))
        case .nthOfType:
            return program.patterns[Int(test.a)].matches(Int(position(of: element).ofType))
        case .nthLastOfType:
            return program.patterns[Int(test.a)].matches(Int(position(of: element).ofTypeFromEnd))
        case .matchesAny:
            return matches(program.lists[Int(test.a)], element, anchor: anchor)
        case .not:
            return !matches(program.lists[Int(test.a)], element, anchor: anchor)
        case .has:
            let list = program.lists[Int(test.a)]
            var item: Int32 = 0
            while item < list.count {
                if hasMatch(program.item(list, item), anchor: element) { return true }
                item += 1
            }
            return false
        case .link:
            return (document.isElement(element, .a) || document.isElement(element, .area)) && document.hasAttribute(.href, of: element)
        case .never, .host:
            // `:host` matches only the featureless host, reached from its tree (matchesFromShadowTree).
            return false
        case .target:
            return element == target(of: element)
        case .focus:
            return state.focused?.index == element
        case .focusWithin:
            guard var current = state.focused?.index else { return false }
            while current != HTMLDocument.none {
                if current == element { return true }
                current = document.nodes[Int(current)].parent
            }
            return false
        case .lang:
            return matchesLanguage(element, program.languages[Int(test.a)])
        case .dir:
            return program.names[Int(test.a)] == direction(of: element)
        case .customState:
            return state.customStates[element]?.contains(program.names[Int(test.a)]) == true
        case .defined:
            return state.isDefined(NodeID(element), in: document)
        case .formState:
            return matchesFormState(FormStatePseudoClass(rawValue: UInt8(test.a)) ?? .checked, element)
        }
    }

    /// Whether the element's `class` holds the word at `start..<start + length` of the program's bytes.
    private func hasClass(start: Int32, length: Int32, _ element: Int32) -> Bool {
        guard length > 0, let attribute = document.attributeIndex(classAtom, of: element) else { return false }
        return wordIsIn(document.attributeRange(attribute), start: start, length: length, folded: false)
    }

    /// Whether the whitespace-separated words of the document's bytes in `range` include the
    /// program's bytes at `start..<start + length`.
    private func wordIsIn(_ range: Range<Int>, start: Int32, length: Int32, folded: Bool) -> Bool {
        let wanted = Int(length)
        return document.storage.withUnsafeBufferPointer { storage in
            program.bytes.withUnsafeBufferPointer { bytes in
                let word = bytes.baseAddress! + Int(start)
                var index = range.lowerBound
                let end = range.upperBound
                while index < end {
                    while index < end && storage[index].isHTMLWhitespace { index += 1 }
                    let wordStart = index
                    while index < end && !storage[index].isHTMLWhitespace { index += 1 }
                    guard index - wordStart == wanted else { continue }
                    let candidate = storage.baseAddress! + wordStart
                    if folded {
                        var same = true
                        for offset in 0..<wanted where lowered(candidate[offset]) != lowered(word[offset]) {
                            same = false
                            break
                        }
                        if same { return true }
                    } else if memcmpEqual(candidate, word, wanted) {
                        return true
                    }
                }
                return false
            }
        }
    }

    /// Whether the document's bytes in `range` equal the program's at `start..<start + length`.
    private func bytesEqual(_ range: Range<Int>, _ start: Int32, _ length: Int32, folded: Bool) -> Bool {
        guard range.count == Int(length) else { return false }
        if length == 0 { return true }
        return document.storage.withUnsafeBufferPointer { storage in
            program.bytes.withUnsafeBufferPointer { bytes in
                let left = storage.baseAddress! + range.lowerBound
                let right = bytes.baseAddress! + Int(start)
                if !folded { return memcmpEqual(left, right, Int(length)) }
                for offset in 0..<Int(length) where lowered(left[offset]) != lowered(right[offset]) { return false }
                return true
            }
        }
    }

    // MARK: - Attributes

    /// Attributes whose values HTML compares without ASCII case in selectors (HTML §4.16.2,
    /// "Case-sensitivity of selectors").
    static let caseInsensitiveAttributes: Set<String> = [
        "accept", "accept-charset", "align", "alink", "axis", "bgcolor", "charset", "checked", "clear", "codetype",
        "color", "compact", "declare", "defer", "dir", "direction", "disabled", "enctype", "face", "frame",
        "hreflang", "http-equiv", "lang", "language", "link", "media", "method", "multiple", "nohref", "noresize",
        "noshade", "nowrap", "readonly", "rel", "rev", "rules", "scope", "scrolling", "selected", "shape", "target",
        "text", "type", "valign", "valuetype", "vlink",
    ]

    private func matches(attribute selector: SelectorProgram.AttributeTest, _ element: Int32) -> Bool {
        let isHTML = document.nodes[Int(element)].namespace == .html && !state.isXMLDocument
        let name = atoms[Int(isHTML ? selector.htmlName : selector.foreignName)]
        guard name != HTMLDocument.none, let attribute = document.attributeIndex(name, of: element) else { return false }
        if selector.operation == .exists { return true }
        let folded = isHTML ? selector.foldedOnHTML : selector.foldedElsewhere
        let range = document.attributeRange(attribute)
        let wanted = Int(selector.valueLength)
        let start = selector.valueStart
        switch selector.operation {
        case .exists:
            return true
        case .equals:
            return bytesEqual(range, start, selector.valueLength, folded: folded)
        case .includes:
            if wanted == 0 || selector.valueHasWhitespace { return false }
            return wordIsIn(range, start: start, length: selector.valueLength, folded: folded)
        case .dashMatch:
            if range.count == wanted { return bytesEqual(range, start, selector.valueLength, folded: folded) }
            return range.count > wanted && document.storage[range.lowerBound + wanted] == UInt8(ascii: "-")
                && bytesEqual(range.lowerBound..<(range.lowerBound + wanted), start, selector.valueLength, folded: folded)
        case .prefix:
            return wanted > 0 && range.count >= wanted
                && bytesEqual(range.lowerBound..<(range.lowerBound + wanted), start, selector.valueLength, folded: folded)
        case .suffix:
            return wanted > 0 && range.count >= wanted
                && bytesEqual((range.upperBound - wanted)..<range.upperBound, start, selector.valueLength, folded: folded)
        case .substring:
            guard wanted > 0 && range.count >= wanted else { return false }
            var offset = range.lowerBound
            while offset + wanted <= range.upperBound {
                if bytesEqual(offset..<(offset + wanted), start, selector.valueLength, folded: folded) { return true }
                offset += 1
            }
            return false
        }
    }

    // MARK: - Pseudo-classes

    /// `:has()`: whether some element in reach of the anchor matches a relative selector.
    private func hasMatch(_ relative: Int32, anchor: Int32) -> Bool {
        let entry = program.complexes[Int(relative)]
        let first = Int(entry.firstCompound)
        let leading = entry.compoundCount > 1 ? program.compounds[first + 1].combinator : .descendant
        var deeper = false
        var position = first + 2
        while position < first + Int(entry.compoundCount) {
            let combinator = program.compounds[position].combinator
            if combinator == .child || combinator == .descendant { deeper = true }
            position += 1
        }
        let test = { (node: Int32) in document.nodes[Int(node)].kind == .element && matches(complex: relative, node, anchor: anchor) }
        if leading == .child && !deeper {
            var child = document.nodes[Int(anchor)].firstChild
            while child != HTMLDocument.none {
                if test(child) { return true }
                child = document.nodes[Int(child)].next
            }
            return false
        }
        if leading == .child || leading == .descendant {
            var node = document.nodes[Int(anchor)].firstChild
            while node != HTMLDocument.none {
                if test(node) { return true }
                node = document.following(node, within: anchor)
            }
            return false
        }
        var sibling = document.nodes[Int(anchor)].next
        while sibling != HTMLDocument.none {
            if test(sibling) { return true }
            if deeper {
                var node = document.nodes[Int(sibling)].firstChild
                while node != HTMLDocument.none {
                    if test(node) { return true }
                    node = document.following(node, within: sibling)
                }
            }
            sibling = document.nodes[Int(sibling)].next
        }
        return false
    }

    /// Whether a node is a document: the page's, or one of `state.otherDocuments`.
    private func isDocument(_ node: Int32) -> Bool {
        document.nodes[Int(node)].kind == .document || (!state.otherDocuments.isEmpty && state.otherDocuments.contains(node))
    }

    /// The element the URL's fragment indicates in the page's document, or in the frame
    /// document that holds `element`.
    private func target(of element: Int32) -> Int32 {
        if !state.fragments.isEmpty {
            var root = element
            while document.nodes[Int(root)].parent != HTMLDocument.none { root = document.nodes[Int(root)].parent }
            if let fragment = state.fragments[NodeID(root)] {
                return document.indicatedElement(for: fragment, in: NodeID(root)) ?? HTMLDocument.none
            }
        }
        if let known = memo.target { return known ?? HTMLDocument.none }
        let found = document.indicatedElement(for: state.fragment ?? "")
        memo.target = .some(found)
        return found ?? HTMLDocument.none
    }

    private func matchesLanguage(_ element: Int32, _ ranges: [String]) -> Bool {
        var current = element
        var language: String?
        while current != HTMLDocument.none && document.nodes[Int(current)].kind == .element {
            if let value = document.attribute("lang", of: NodeID(current)) ?? document.attribute("xml:lang", of: NodeID(current)) {
                language = value
                break
            }
            current = document.nodes[Int(current)].parent
        }
        guard let language else { return false }
        let tag = asciiLowercased(language).split(separator: "-", omittingEmptySubsequences: false)
        for range in ranges {
            let wanted = asciiLowercased(range).split(separator: "-", omittingEmptySubsequences: false)
            if wanted == ["*"] { if !language.isEmpty { return true } else { continue } }
            if wanted.isEmpty || wanted[0].isEmpty { if language.isEmpty && range.isEmpty { return true } else { continue } }
            // RFC 4647 extended filtering, as Selectors 4 asks.
            guard wanted[0] == "*" || wanted[0] == tag[0] else { continue }
            var tagIndex = 1
            var matched = true
            for subtag in wanted.dropFirst() {
                if subtag == "*" { continue }
                while tagIndex < tag.count && tag[tagIndex] != subtag && tag[tagIndex].count != 1 { tagIndex += 1 }
                if tagIndex < tag.count && tag[tagIndex] == subtag {
                    tagIndex += 1
                } else {
                    matched = false
                    break
                }
            }
            if matched { return true }
        }
        return false
    }

    private func direction(of element: Int32) -> String {
        var current = element
        while current != HTMLDocument.none && document.nodes[Int(current)].kind == .element {
            if let value = document.attribute("dir", of: NodeID(current)).map(asciiLowercased) {
                if value == "rtl" || value == "ltr" { return value }
                if value == "auto" { return firstStrongDirection(current) }
            }
            current = document.nodes[Int(current)].parent
        }
        return "ltr"
    }

    /// `dir=auto`: the direction of the first strong character of the element's text.
    private func firstStrongDirection(_ element: Int32) -> String {
        for scalar in document.textContent(of: NodeID(element)).unicodeScalars {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return "rtl"
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x370...0x58F, 0x0900...0x1FFF, 0x2C00...0xD7FF: return "ltr"
            default: continue
            }
        }
        return "ltr"
    }

    // MARK: - Tree positions

    @inline(__always)
    func parentElement(of element: Int32) -> Int32 {
        let parent = document.nodes[Int(element)].parent
        return parent != HTMLDocument.none && document.nodes[Int(parent)].kind == .element ? parent : HTMLDocument.none
    }

    @inline(__always)
    func previousElement(of node: Int32) -> Int32 {
        var current = document.nodes[Int(node)].previous
        while current != HTMLDocument.none && document.nodes[Int(current)].kind != .element {
            current = document.nodes[Int(current)].previous
        }
        return current
    }

    @inline(__always)
    func nextElement(of node: Int32) -> Int32 {
        var current = document.nodes[Int(node)].next
        while current != HTMLDocument.none && document.nodes[Int(current)].kind != .element {
            current = document.nodes[Int(current)].next
        }
        return current
    }

    /// The element's positions among its siblings, worked out for all of them at once.
    private func position(of element: Int32) -> Memo.Position {
        if let known = memo.positions[element] { return known }
        let parent = document.nodes[Int(element)].parent
        guard parent != HTMLDocument.none else { return Memo.Position(index: 1, fromEnd: 1, ofType: 1, ofTypeFromEnd: 1) }
        var siblings: [Int32] = []
        var child = document.nodes[Int(parent)].firstChild
        while child != HTMLDocument.none {
            if document.nodes[Int(child)].kind == .element { siblings.append(child) }
            child = document.nodes[Int(child)].next
        }
        var typeCounts: [Int32: Int32] = [:]
        var positions: [Memo.Position] = []
        positions.reserveCapacity(siblings.count)
        for (index, sibling) in siblings.enumerated() {
            let name = document.nodes[Int(sibling)].name
            let ofType = (typeCounts[name] ?? 0) + 1
            typeCounts[name] = ofType
            positions.append(Memo.Position(index: Int32(index + 1), fromEnd: Int32(siblings.count - index), ofType: ofType))
        }
        var found = Memo.Position()
        for (index, sibling) in siblings.enumerated() {
            positions[index].ofTypeFromEnd = (typeCounts[document.nodes[Int(sibling)].name] ?? 0) - positions[index].ofType + 1
            memo.positions[sibling] = positions[index]
            if sibling == element { found = positions[index] }
        }
        return found
    }

    /// The position among the siblings matching `filter` (`:nth-child(An+B of S)`).
    private func filteredPosition(_ element: Int32, _ filter: SelectorProgram.List, forward: Bool) -> Int {
        var count = 1
        var current = forward ? previousElement(of: element) : nextElement(of: element)
        while current != HTMLDocument.none {
            if matches(filter, current) { count += 1 }
            current = forward ? previousElement(of: current) : nextElement(of: current)
        }
        return count
    }
}

// MARK: - Byte comparisons

private func lowered(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }

@inline(__always)
private func memcmpEqual(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var offset = 0
    while offset < count {
        if left[offset] != right[offset] { return false }
        offset += 1
    }
    return true
}

private func equal(_ left: ArraySlice<UInt8>, _ right: ArraySlice<UInt8>, _ folded: Bool) -> Bool {
    guard left.count == right.count else { return false }
    if !folded { return left.elementsEqual(right) }
    return zip(left, right).allSatisfy { lowered($0) == lowered($1) }
}

/// Whether a whitespace-separated list holds a word.
func containsWord(_ list: ArraySlice<UInt8>, _ word: [UInt8], caseInsensitive: Bool) -> Bool {
    var index = list.startIndex
    while index < list.endIndex {
        while index < list.endIndex && list[index].isHTMLWhitespace { index += 1 }
        let start = index
        while index < list.endIndex && !list[index].isHTMLWhitespace { index += 1 }
        if index - start == word.count && equal(list[start..<index], word[...], caseInsensitive) { return true }
    }
    return false
}

extension HTMLDocument {
    /// The element a URL fragment indicates (HTML's "find a potential indicated element"):
    /// the first with that `id`, else the first `a` with that `name`; tried as written, then
    /// percent-decoded.
    func indicatedElement(for fragment: String, in document: NodeID = NodeID(0)) -> Int32? {
        guard !fragment.isEmpty else { return nil }
        if let found = elementIndicated(by: fragment, in: document.index) { return found }
        if let decoded = PercentEncoding.decode(fragment.utf8), decoded != fragment { return elementIndicated(by: decoded, in: document.index) }
        return nil
    }

    private func elementIndicated(by name: String, in root: Int32) -> Int32? {
        let wanted = Array(name.utf8)
        var anchor: Int32?
        var node = nodes[Int(root)].firstChild
        while node != HTMLDocument.none {
            if nodes[Int(node)].kind == .element {
                if let attribute = attributeIndex(KnownName.id.rawValue, of: node),
                   storage[attributeRange(attribute)].elementsEqual(wanted) {
                    return node
                }
                if anchor == nil, nodes[Int(node)].name == KnownName.a.rawValue,
                   let attribute = attributeIndex(KnownName.name.rawValue, of: node),
                   storage[attributeRange(attribute)].elementsEqual(wanted) {
                    anchor = node
                }
            }
            node = following(node, within: root)
        }
        return anchor
    }
}
