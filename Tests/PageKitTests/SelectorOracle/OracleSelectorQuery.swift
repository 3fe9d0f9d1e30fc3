// The selector engine as it was before issue 21 (SelectorMatcher, SelectorQuery and the form
// pseudo-classes of PageKit at commit ec8dea2), kept unchanged but renamed as the oracle of
// SelectorDifferentialTests: the shipped engine must give the same answers. Not shipped.
@testable import PageKit

/// One query: walks the scope's subtree in document order, carrying for each selector which
/// of its compound prefixes the ancestors and earlier siblings matched, so that every
/// element costs at most one test per compound, however deep the tree.
///
/// For a selector `c0 ⊙ c1 ⊙ … ⊙ ck`, bit i of an element's mask says the prefix up to ci
/// matches with the element as ci. Bit i is set when the element matches ci and bit i-1 is
/// set where the combinator before ci looks: the parent (`>`), any ancestor (` `), the
/// previous element sibling (`+`) or any earlier one (`~`).
struct OracleSelectorQuery {
    let document: HTMLDocument
    let selectors: [ComplexSelector]
    let scope: Int32
    let matcher: OracleSelectorMatcher
    /// Selectors with combinators, matched with masks; `simple` ones are a single compound.
    private let chained: [ComplexSelector]
    private let simple: [CompoundSelector]
    /// Selectors too long for a mask, matched right to left.
    private let long: [ComplexSelector]
    private let usesSiblings: Bool

    init(document: HTMLDocument, selectors: [ComplexSelector], scope: Int32, state: DocumentState) {
        self.document = document
        self.selectors = selectors
        self.scope = scope
        matcher = OracleSelectorMatcher(document: document, state: state,
                                  scope: document.nodes[Int(scope)].kind == .document ? HTMLDocument.none : scope)
        let usable = selectors.filter { !$0.hasPseudoElement }
        simple = usable.filter { $0.compounds.count == 1 }.map { $0.compounds[0] }
        chained = usable.filter { $0.compounds.count > 1 && $0.compounds.count <= 64 }
        long = usable.filter { $0.compounds.count > 64 }
        usesSiblings = chained.contains { $0.combinators.contains { $0 == .nextSibling || $0 == .subsequentSibling } }
    }

    /// The masks of one element's parent and ancestors, and of its earlier siblings.
    private struct Context {
        var parent: [UInt64]
        var ancestors: [UInt64]
        var previous: [UInt64]
        var earlier: [UInt64]
    }

    /// Calls `found` with each matching element in document order until it returns false.
    func run(_ found: (Int32) -> Bool) {
        if chained.isEmpty && long.isEmpty {
            runSimple(found)
            return
        }
        let count = chained.count
        let zero = [UInt64](repeating: 0, count: count)
        // The masks of the scope and its ancestors, from the top down.
        var parentMasks = zero
        var ancestorMasks = zero
        if document.nodes[Int(scope)].kind == .element {
            var chain: [Int32] = []
            var node = scope
            while node != HTMLDocument.none && document.nodes[Int(node)].kind == .element {
                chain.append(node)
                node = document.nodes[Int(node)].parent
            }
            for element in chain.reversed() {
                var previous = zero
                var earlier = zero
                if usesSiblings {
                    var sibling = firstElementChild(of: document.nodes[Int(element)].parent)
                    while sibling != element && sibling != HTMLDocument.none {
                        let masks = self.masks(of: sibling, Context(parent: parentMasks, ancestors: ancestorMasks, previous: previous, earlier: earlier))
                        previous = masks
                        for index in 0..<count { earlier[index] |= masks[index] }
                        sibling = matcher.nextElement(of: sibling)
                    }
                }
                let masks = self.masks(of: element, Context(parent: parentMasks, ancestors: ancestorMasks, previous: previous, earlier: earlier))
                for index in 0..<count { ancestorMasks[index] |= masks[index] }
                parentMasks = masks
            }
        }
        // Depth-first walk with explicit stacks: one context per open element.
        var stack: [Context] = []
        var openElements: [Int32] = []
        var context = Context(parent: parentMasks, ancestors: ancestorMasks, previous: zero, earlier: zero)
        var node = document.nodes[Int(scope)].firstChild
        while node != HTMLDocument.none {
            var descended = false
            if document.nodes[Int(node)].kind == .element {
                let masks = self.masks(of: node, context)
                var matched = simple.contains { matcher.matches($0, node) }
                if !matched {
                    for index in 0..<count where masks[index] & (1 << UInt64(chained[index].compounds.count - 1)) != 0 {
                        matched = true
                        break
                    }
                }
                if !matched && !long.isEmpty { matched = long.contains { matcher.matches($0, node) } }
                if matched && !found(node) { return }
                context.previous = masks
                for index in 0..<count { context.earlier[index] |= masks[index] }
                let child = document.nodes[Int(node)].firstChild
                if child != HTMLDocument.none && document.nodes[Int(node)].name != KnownName.template.rawValue {
                    stack.append(context)
                    openElements.append(node)
                    var ancestors = context.ancestors
                    for index in 0..<count { ancestors[index] |= masks[index] }
                    context = Context(parent: masks, ancestors: ancestors, previous: zero, earlier: zero)
                    node = child
                    descended = true
                }
            }
            if descended { continue }
            var next = document.nodes[Int(node)].next
            while next == HTMLDocument.none, let open = openElements.popLast() {
                context = stack.removeLast()
                next = document.nodes[Int(open)].next
            }
            node = next
        }
    }

    /// The masks of one element, one per chained selector.
    private func masks(of element: Int32, _ context: Context) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: chained.count)
        for (index, selector) in chained.enumerated() {
            var mask: UInt64 = 0
            for position in 0..<selector.compounds.count {
                if position > 0 {
                    let bit: UInt64 = 1 << UInt64(position - 1)
                    let source: UInt64
                    switch selector.combinators[position - 1] {
                    case .descendant: source = context.ancestors[index]
                    case .child: source = context.parent[index]
                    case .nextSibling: source = context.previous[index]
                    case .subsequentSibling: source = context.earlier[index]
                    }
                    if source & bit == 0 { continue }
                }
                if matcher.matches(selector.compounds[position], element) { mask |= 1 << UInt64(position) }
            }
            result[index] = mask
        }
        return result
    }

    private func firstElementChild(of node: Int32) -> Int32 {
        guard node != HTMLDocument.none else { return HTMLDocument.none }
        var child = document.nodes[Int(node)].firstChild
        while child != HTMLDocument.none && document.nodes[Int(child)].kind != .element { child = document.nodes[Int(child)].next }
        return child
    }

    /// Single-compound selectors: one test per element, with fast paths for `#id`, `.class`
    /// and a bare tag name.
    private func runSimple(_ found: (Int32) -> Bool) {
        if simple.isEmpty { return }
        let test: (Int32) -> Bool
        if simple.count == 1, let fast = fastTest(simple[0]) {
            test = fast
        } else {
            test = { element in simple.contains { matcher.matches($0, element) } }
        }
        var node = document.nodes[Int(scope)].firstChild
        while node != HTMLDocument.none {
            let isElement = document.nodes[Int(node)].kind == .element
            if isElement && test(node) && !found(node) { return }
            let descend = isElement && document.nodes[Int(node)].name != KnownName.template.rawValue
            node = document.following(node, within: scope, descending: descend || !isElement)
        }
    }

    private func fastTest(_ compound: CompoundSelector) -> ((Int32) -> Bool)? {
        guard compound.pseudoElement == nil, !compound.requiresNoNamespace else { return nil }
        if compound.simples.isEmpty, let name = compound.lowercasedTypeName, let written = compound.typeName {
            let htmlAtom = matcher.atom(name)
            let foreignAtom = matcher.atom(written)
            let nodes = document.nodes
            return { nodes[Int($0)].name == (nodes[Int($0)].namespace == .html ? htmlAtom : foreignAtom) }
        }
        guard compound.typeName == nil, compound.simples.count == 1 else { return nil }
        switch compound.simples[0] {
        case .id(let identifier):
            return { element in
                guard let attribute = document.attributeIndex(KnownName.id.rawValue, of: element) else { return false }
                return document.storage[document.attributeRange(attribute)].elementsEqual(identifier)
            }
        case .className(let name):
            return { matcher.hasClass(name, $0) }
        default:
            return nil
        }
    }
}
