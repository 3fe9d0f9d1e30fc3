// The selector engine as it was before issue 21 (SelectorMatcher, SelectorQuery and the form
// pseudo-classes of PageKit at commit ec8dea2), kept unchanged but renamed as the oracle of
// SelectorDifferentialTests: the shipped engine must give the same answers. Not shipped.
import URLKit
@testable import PageKit

/// Tests elements of a document against selectors.
///
/// Complex selectors are matched right to left with WebKit's early exits (a descendant
/// search that found no ancestor matching stops every search further left), so one test
/// costs at most the selector's length times the element's depth and siblings.
struct OracleSelectorMatcher {
    /// How a right-to-left match ended, to cut the searches further left short (WebKit's
    /// SelectorChecker results).
    enum Outcome {
        case matches, failsLocally, failsAllSiblings, failsCompletely
    }

    /// What one series of tests remembers: positions among siblings, the `:target`
    /// element, interned names.
    final class Memo {
        struct Position {
            var index: Int32 = 0
            var fromEnd: Int32 = 0
            var ofType: Int32 = 0
            var ofTypeFromEnd: Int32 = 0
        }

        var positions: [Int32: Position] = [:]
        var target: Int32??
        var atoms: [String: Int32] = [:]
        /// Compound tests made, for tests that check the work stays linear.
        var compoundTests = 0
    }

    let document: HTMLDocument
    let state: DocumentState
    /// The element `:scope` stands for; `none`: the root element.
    let scope: Int32
    let memo = Memo()
    private let classAtom: Int32

    init(document: HTMLDocument, state: DocumentState, scope: Int32 = HTMLDocument.none) {
        self.document = document
        self.state = state
        self.scope = scope
        classAtom = document.names.existingAtom(for: "class") ?? HTMLDocument.none
    }

    // MARK: - Selectors

    /// Whether an element matches any selector of a list.
    func matches(_ list: [ComplexSelector], _ element: Int32, anchor: Int32 = HTMLDocument.none) -> Bool {
        for selector in list where matches(selector, element, anchor: anchor) { return true }
        return false
    }

    /// Whether an element matches a complex selector.
    func matches(_ selector: ComplexSelector, _ element: Int32, anchor: Int32 = HTMLDocument.none) -> Bool {
        if selector.hasPseudoElement { return false }
        return match(selector, selector.compounds.count - 1, element, anchor) == .matches
    }

    private func match(_ selector: ComplexSelector, _ index: Int, _ element: Int32, _ anchor: Int32) -> Outcome {
        guard matches(selector.compounds[index], element, anchor: anchor) else { return .failsLocally }
        if index == 0 { return .matches }
        switch selector.combinators[index - 1] {
        case .descendant:
            var ancestor = parentElement(of: element)
            while ancestor != HTMLDocument.none {
                let outcome = match(selector, index - 1, ancestor, anchor)
                if outcome == .matches || outcome == .failsCompletely { return outcome }
                ancestor = parentElement(of: ancestor)
            }
            return .failsCompletely
        case .child:
            let parent = parentElement(of: element)
            guard parent != HTMLDocument.none else { return .failsCompletely }
            let outcome = match(selector, index - 1, parent, anchor)
            return outcome == .matches || outcome == .failsCompletely ? outcome : .failsAllSiblings
        case .nextSibling:
            let previous = previousElement(of: element)
            guard previous != HTMLDocument.none else { return .failsAllSiblings }
            return match(selector, index - 1, previous, anchor)
        case .subsequentSibling:
            var previous = previousElement(of: element)
            while previous != HTMLDocument.none {
                let outcome = match(selector, index - 1, previous, anchor)
                if outcome != .failsLocally { return outcome }
                previous = previousElement(of: previous)
            }
            return .failsAllSiblings
        }
    }

    // MARK: - Compounds

    /// Whether an element matches every simple selector of a compound.
    func matches(_ compound: CompoundSelector, _ element: Int32, anchor: Int32 = HTMLDocument.none) -> Bool {
        memo.compoundTests &+= 1
        let node = document.nodes[Int(element)]
        guard node.kind == .element else { return false }
        if compound.pseudoElement != nil || compound.requiresNoNamespace { return false }
        if node.namespace == .html {
            if compound.knownTypeAtom != HTMLDocument.none {
                if node.name != compound.knownTypeAtom { return false }
            } else if let name = compound.lowercasedTypeName, node.name != atom(name) {
                return false
            }
        } else if let name = compound.typeName, node.name != atom(name) {
            // SVG and MathML names keep their case (`foreignObject`); HTML's are lowercased.
            return false
        }
        for simple in compound.simples where !matches(simple, element, anchor: anchor) { return false }
        return true
    }

    private func matches(_ simple: SimpleSelector, _ element: Int32, anchor: Int32) -> Bool {
        switch simple {
        case .id(let identifier):
            guard let attribute = document.attributeIndex(KnownName.id.rawValue, of: element) else { return false }
            return document.storage[document.attributeRange(attribute)].elementsEqual(identifier)
        case .className(let name):
            return hasClass(name, element)
        case .attribute(let selector):
            return matches(selector, element)
        case .pseudoClass(let pseudoClass):
            return matches(pseudoClass, element, anchor: anchor)
        }
    }

    /// The atom of a name in this document; `none` when no node has it.
    func atom(_ name: String) -> Int32 {
        if let known = KnownName.atoms[name] { return known }
        if let atom = memo.atoms[name] { return atom }
        let atom = document.names.existingAtom(for: name) ?? HTMLDocument.none
        memo.atoms[name] = atom
        return atom
    }

    func hasClass(_ name: [UInt8], _ element: Int32) -> Bool {
        guard !name.isEmpty, let attribute = document.attributeIndex(classAtom, of: element) else { return false }
        return oracleContainsWord(document.storage[document.attributeRange(attribute)], name, caseInsensitive: false)
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

    private func matches(_ selector: AttributeSelector, _ element: Int32) -> Bool {
        let isHTML = document.nodes[Int(element)].namespace == .html
        let name = atom(isHTML ? selector.lowercasedName : selector.name)
        guard name != HTMLDocument.none, let attribute = document.attributeIndex(name, of: element) else { return false }
        if selector.operation == .exists { return true }
        let value = document.storage[document.attributeRange(attribute)]
        let wanted = selector.value
        let folded = selector.caseInsensitive || (isHTML && Self.caseInsensitiveAttributes.contains(selector.lowercasedName))
        switch selector.operation {
        case .exists:
            return true
        case .equals:
            return equal(value, wanted[...], folded)
        case .includes:
            if wanted.isEmpty || wanted.contains(where: \.isHTMLWhitespace) { return false }
            return oracleContainsWord(value, wanted, caseInsensitive: folded)
        case .dashMatch:
            if value.count == wanted.count { return equal(value, wanted[...], folded) }
            return value.count > wanted.count && value[value.startIndex + wanted.count] == UInt8(ascii: "-")
                && equal(value.prefix(wanted.count), wanted[...], folded)
        case .prefix:
            return !wanted.isEmpty && value.count >= wanted.count && equal(value.prefix(wanted.count), wanted[...], folded)
        case .suffix:
            return !wanted.isEmpty && value.count >= wanted.count && equal(value.suffix(wanted.count), wanted[...], folded)
        case .substring:
            return !wanted.isEmpty && contains(value, wanted, folded)
        }
    }

    // MARK: - Pseudo-classes

    private func matches(_ pseudoClass: PseudoClass, _ element: Int32, anchor: Int32) -> Bool {
        switch pseudoClass {
        case .root:
            return document.nodes[Int(element)].parent == 0
        case .scope:
            return scope == HTMLDocument.none || document.nodes[Int(scope)].kind == .document
                ? document.nodes[Int(element)].parent == 0 : element == scope
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
        case .nthChild(let pattern, let filter):
            guard let filter else { return pattern.matches(Int(position(of: element).index)) }
            return matches(filter, element) && pattern.matches(filteredPosition(element, filter, forward: true))
        case .nthLastChild(let pattern, let filter):
            guard let filter else { return pattern.matches(Int(position(of: element).fromEnd)) }
            return matches(filter, element) && pattern.matches(filteredPosition(element, filter, forward: false))
        case .nthOfType(let pattern):
            return pattern.matches(Int(position(of: element).ofType))
        case .nthLastOfType(let pattern):
            return pattern.matches(Int(position(of: element).ofTypeFromEnd))
        case .matchesAny(let list):
            return matches(list, element, anchor: anchor)
        case .not(let list):
            return !matches(list, element, anchor: anchor)
        case .has(let relatives):
            return relatives.contains { hasMatch($0, anchor: element) }
        case .link:
            return (document.isElement(element, .a) || document.isElement(element, .area)) && document.hasAttribute(.href, of: element)
        case .visited, .hover, .active, .never:
            return false
        case .target:
            return element == target
        case .focus, .focusVisible:
            return state.focused?.index == element
        case .focusWithin:
            guard var current = state.focused?.index else { return false }
            while current != HTMLDocument.none {
                if current == element { return true }
                current = document.nodes[Int(current)].parent
            }
            return false
        case .lang(let ranges):
            return matchesLanguage(element, ranges)
        case .dir(let direction):
            return direction == self.direction(of: element)
        case .defined:
            return state.isDefined(NodeID(element), in: document)
        default:
            return oracleMatchesFormState(pseudoClass, element)
        }
    }

    /// `:has()`: whether some element in reach of the anchor matches a relative selector.
    private func hasMatch(_ relative: ComplexSelector, anchor: Int32) -> Bool {
        let leading = relative.combinators[0]
        let deeper = relative.combinators.dropFirst().contains { $0 == .child || $0 == .descendant }
        let test = { (node: Int32) in document.nodes[Int(node)].kind == .element && matches(relative, node, anchor: anchor) }
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

    private var target: Int32 {
        if let known = memo.target { return known ?? HTMLDocument.none }
        let found = document.oracleIndicatedElement(for: state.fragment ?? "")
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

    func parentElement(of element: Int32) -> Int32 {
        let parent = document.nodes[Int(element)].parent
        return parent != HTMLDocument.none && document.nodes[Int(parent)].kind == .element ? parent : HTMLDocument.none
    }

    func previousElement(of node: Int32) -> Int32 {
        var current = document.nodes[Int(node)].previous
        while current != HTMLDocument.none && document.nodes[Int(current)].kind != .element {
            current = document.nodes[Int(current)].previous
        }
        return current
    }

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
    private func filteredPosition(_ element: Int32, _ filter: [ComplexSelector], forward: Bool) -> Int {
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

private func equal(_ left: ArraySlice<UInt8>, _ right: ArraySlice<UInt8>, _ folded: Bool) -> Bool {
    guard left.count == right.count else { return false }
    if !folded { return left.elementsEqual(right) }
    return zip(left, right).allSatisfy { lowered($0) == lowered($1) }
}

private func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8], _ folded: Bool) -> Bool {
    guard needle.count <= haystack.count else { return false }
    var start = haystack.startIndex
    while start + needle.count <= haystack.endIndex {
        if equal(haystack[start..<(start + needle.count)], needle[...], folded) { return true }
        start += 1
    }
    return false
}

/// Whether a whitespace-separated list holds a word.
func oracleContainsWord(_ list: ArraySlice<UInt8>, _ word: [UInt8], caseInsensitive: Bool) -> Bool {
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
    func oracleIndicatedElement(for fragment: String) -> Int32? {
        guard !fragment.isEmpty else { return nil }
        if let found = oracleElementIndicated(by: fragment) { return found }
        if let decoded = PercentEncoding.decode(fragment.utf8), decoded != fragment { return oracleElementIndicated(by: decoded) }
        return nil
    }

    private func oracleElementIndicated(by name: String) -> Int32? {
        let wanted = Array(name.utf8)
        var anchor: Int32?
        var node = nodes[0].firstChild
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
            node = following(node, within: 0)
        }
        return anchor
    }
}
