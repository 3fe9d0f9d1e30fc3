/// `querySelectorAll`, `querySelector`, `matches` and `closest` over an `HTMLDocument`.
///
/// Elements inside a `template` are its contents, not part of the tree around it: a query
/// from outside does not find them (a query whose scope is the template searches them, as
/// `template.content` would).
extension HTMLDocument {
    /// The elements under `scope` (its descendants; for the document, every element)
    /// matching any of the selectors, in document order.
    public func querySelectorAll(_ selectors: SelectorList, under scope: NodeID,
                                 state: DocumentState = DocumentState()) -> [NodeID] {
        var found: [NodeID] = []
        SelectorQuery(document: self, program: selectors.program, scope: scope.index, state: state).run { element in
            found.append(NodeID(element))
            return true
        }
        return found
    }

    /// The first element under `scope` matching any of the selectors, in document order.
    public func querySelector(_ selectors: SelectorList, under scope: NodeID, state: DocumentState = DocumentState()) -> NodeID? {
        var found: NodeID?
        SelectorQuery(document: self, program: selectors.program, scope: scope.index, state: state).run { element in
            found = NodeID(element)
            return false
        }
        return found
    }

    /// Whether an element matches any of the selectors (`:scope` is the element itself).
    public func matches(_ element: NodeID, _ selectors: SelectorList, state: DocumentState = DocumentState()) -> Bool {
        guard kind(of: element) == .element else { return false }
        return SelectorMatcher(document: self, state: state, scope: element.index, program: selectors.program)
            .matchesAnyRoot(element.index)
    }

    /// The element itself or its nearest ancestor element matching any of the selectors.
    public func closest(_ element: NodeID, _ selectors: SelectorList, state: DocumentState = DocumentState()) -> NodeID? {
        guard kind(of: element) == .element else { return nil }
        let matcher = SelectorMatcher(document: self, state: state, scope: element.index, program: selectors.program)
        var current = element.index
        while current != HTMLDocument.none && nodes[Int(current)].kind == .element {
            if matcher.matchesAnyRoot(current) { return NodeID(current) }
            current = nodes[Int(current)].parent
        }
        return nil
    }

    /// `querySelectorAll` with the selectors as text.
    public func querySelectorAll(_ selectors: String, under scope: NodeID,
                                 state: DocumentState = DocumentState()) throws(SelectorSyntaxError) -> [NodeID] {
        querySelectorAll(try SelectorList(selectors), under: scope, state: state)
    }

    /// `querySelector` with the selectors as text.
    public func querySelector(_ selectors: String, under scope: NodeID,
                              state: DocumentState = DocumentState()) throws(SelectorSyntaxError) -> NodeID? {
        querySelector(try SelectorList(selectors), under: scope, state: state)
    }
}

/// One query: walks the scope's subtree in document order, carrying for each selector which
/// of its compound prefixes the ancestors and earlier siblings matched, so that every
/// element costs at most one test per compound, however deep the tree.
///
/// For a selector `c0 ⊙ c1 ⊙ … ⊙ ck`, bit i of an element's mask says the prefix up to ci
/// matches with the element as ci. Bit i is set when the element matches ci and bit i-1 is
/// set where the combinator before ci looks: the parent (`>`), any ancestor (` `), the
/// previous element sibling (`+`) or any earlier one (`~`).
///
/// The masks live in one buffer of levels, each holding four masks per selector (parent,
/// ancestors, previous sibling, earlier siblings) for the children of one open element; the
/// buffer grows with the tree's depth and nothing is allocated per element.
struct SelectorQuery {
    let document: HTMLDocument
    let program: SelectorProgram
    let scope: Int32
    let matcher: SelectorMatcher
    /// Selectors with combinators, matched with masks (complex indices); `simple` ones are a
    /// single compound (compound indices).
    private let chained: [Int32]
    private let simple: [Int32]
    /// Selectors too long for a mask, matched right to left.
    private let long: [Int32]
    private let usesSiblings: Bool

    init(document: HTMLDocument, program: SelectorProgram, scope: Int32, state: DocumentState) {
        self.document = document
        self.program = program
        self.scope = scope
        matcher = SelectorMatcher(document: document, state: state,
                                  scope: document.nodes[Int(scope)].kind == .document ? HTMLDocument.none : scope, program: program)
        var chained: [Int32] = []
        var simple: [Int32] = []
        var long: [Int32] = []
        var usesSiblings = false
        var index: Int32 = 0
        while index < program.roots.count {
            let complex = program.item(program.roots, index)
            index += 1
            let entry = program.complexes[Int(complex)]
            if entry.neverMatches { continue }
            if entry.compoundCount == 1 {
                simple.append(entry.firstCompound)
            } else if entry.compoundCount <= 64 && !Self.startsAtTheHost(entry, program) {
                chained.append(complex)
                for position in 1..<Int(entry.compoundCount) {
                    let combinator = program.compounds[Int(entry.firstCompound) + position].combinator
                    if combinator == .nextSibling || combinator == .subsequentSibling { usesSiblings = true }
                }
            } else {
                long.append(complex)
            }
        }
        self.chained = chained
        self.simple = simple
        self.long = long
        self.usesSiblings = usesSiblings
    }

    /// Whether a selector's first compound tests `:host`: it reaches the shadow host, above the
    /// walk's masks, so it is matched right to left.
    private static func startsAtTheHost(_ entry: SelectorProgram.Complex, _ program: SelectorProgram) -> Bool {
        let compound = program.compounds[Int(entry.firstCompound)]
        return (compound.firstTest..<(compound.firstTest + compound.testCount)).contains { program.tests[Int($0)].kind == .host }
    }

    /// Calls `found` with each matching element in document order until it returns false.
    func run(_ found: (Int32) -> Bool) {
        if chained.isEmpty && long.isEmpty {
            runSimple(found)
            return
        }
        var walk = MaskWalk(query: self)
        walk.run(found)
    }

    /// The state of one walk: the levels of masks and the open elements.
    private struct MaskWalk {
        let query: SelectorQuery
        let count: Int
        /// Four masks per selector per level: parent, ancestors, previous sibling, earlier siblings.
        var levels: [UInt64]
        /// The masks of the element being tested.
        var current: [UInt64]
        var depth = 0

        init(query: SelectorQuery) {
            self.query = query
            count = query.chained.count
            levels = [UInt64](repeating: 0, count: 4 * count * 32)
            current = [UInt64](repeating: 0, count: count)
        }

        @inline(__always) private func base(_ level: Int) -> Int { level * 4 * count }

        /// Opens a level below the current one for the children of an element whose masks are `current`.
        private mutating func descend() {
            let above = base(depth)
            depth += 1
            let below = base(depth)
            if below + 4 * count > levels.count { levels += [UInt64](repeating: 0, count: levels.count) }
            for index in 0..<count {
                levels[below + index] = current[index]
                levels[below + count + index] = levels[above + count + index] | current[index]
                levels[below + 2 * count + index] = 0
                levels[below + 3 * count + index] = 0
            }
        }

        /// Records `current` as the previous sibling of the next element at this level.
        private mutating func advanceSibling() {
            let at = base(depth)
            for index in 0..<count {
                levels[at + 2 * count + index] = current[index]
                levels[at + 3 * count + index] |= current[index]
            }
        }

        /// The masks of one element into `current`, one per chained selector.
        private mutating func computeMasks(_ element: Int32) {
            let at = base(depth)
            let program = query.program
            for index in 0..<count {
                let entry = program.complexes[Int(query.chained[index])]
                let first = Int(entry.firstCompound)
                var mask: UInt64 = 0
                for position in 0..<Int(entry.compoundCount) {
                    if position > 0 {
                        let bit: UInt64 = 1 << UInt64(position - 1)
                        let source: UInt64
                        switch program.compounds[first + position].combinator {
                        case .descendant: source = levels[at + count + index]
                        case .child: source = levels[at + index]
                        case .nextSibling: source = levels[at + 2 * count + index]
                        case .subsequentSibling: source = levels[at + 3 * count + index]
                        }
                        if source & bit == 0 { continue }
                    }
                    if query.matcher.matches(compound: Int32(first + position), element) { mask |= 1 << UInt64(position) }
                }
                current[index] = mask
            }
        }

        private func matchesSubject(_ element: Int32) -> Bool {
            for compound in query.simple where query.matcher.matches(compound: compound, element) { return true }
            let program = query.program
            for index in 0..<count {
                let entry = program.complexes[Int(query.chained[index])]
                if current[index] & (1 << UInt64(entry.compoundCount - 1)) != 0 { return true }
            }
            for complex in query.long where query.matcher.matches(complex: complex, element) { return true }
            return false
        }

        mutating func run(_ found: (Int32) -> Bool) {
            let document = query.document
            let scope = query.scope
            // The masks of the scope and its ancestors, from the top down, at level 0.
            if document.nodes[Int(scope)].kind == .element {
                var chain: [Int32] = []
                var node = scope
                while node != HTMLDocument.none && document.nodes[Int(node)].kind == .element {
                    chain.append(node)
                    node = document.nodes[Int(node)].parent
                }
                for element in chain.reversed() {
                    if query.usesSiblings {
                        var sibling = firstElementChild(of: document.nodes[Int(element)].parent)
                        while sibling != element && sibling != HTMLDocument.none {
                            computeMasks(sibling)
                            advanceSibling()
                            sibling = query.matcher.nextElement(of: sibling)
                        }
                    }
                    computeMasks(element)
                    descend()
                }
                // Levels above are no longer needed: the scope's children start at level 0.
                let at = base(depth)
                for index in 0..<(4 * count) { levels[index] = levels[at + index] }
                depth = 0
            }
            // Depth-first walk: one level per open element.
            var openElements: [Int32] = []
            var node = document.nodes[Int(scope)].firstChild
            while node != HTMLDocument.none {
                var descended = false
                if document.nodes[Int(node)].kind == .element {
                    computeMasks(node)
                    if matchesSubject(node) && !found(node) { return }
                    if query.usesSiblings { advanceSibling() }
                    let child = document.nodes[Int(node)].firstChild
                    if child != HTMLDocument.none && document.nodes[Int(node)].name != KnownName.template.rawValue {
                        descend()
                        openElements.append(node)
                        node = child
                        descended = true
                    }
                }
                if descended { continue }
                var next = document.nodes[Int(node)].next
                while next == HTMLDocument.none, let open = openElements.popLast() {
                    depth -= 1
                    next = document.nodes[Int(open)].next
                }
                node = next
            }
        }

        private func firstElementChild(of node: Int32) -> Int32 {
            let document = query.document
            guard node != HTMLDocument.none else { return HTMLDocument.none }
            var child = document.nodes[Int(node)].firstChild
            while child != HTMLDocument.none && document.nodes[Int(child)].kind != .element { child = document.nodes[Int(child)].next }
            return child
        }
    }

    /// Single-compound selectors: one test per element, with fast paths for `#id`, `.class`
    /// and a bare tag name.
    private func runSimple(_ found: (Int32) -> Bool) {
        if simple.isEmpty { return }
        let document = self.document
        let matcher = self.matcher
        let fast = simple.count == 1 ? fastTest(simple[0]) : nil
        var node = document.nodes[Int(scope)].firstChild
        while node != HTMLDocument.none {
            let isElement = document.nodes[Int(node)].kind == .element
            if isElement {
                let matched: Bool
                if let fast {
                    matched = fast(node)
                } else {
                    matched = simple.contains { matcher.matches(compound: $0, node) }
                }
                if matched && !found(node) { return }
            }
            let descend = isElement && document.nodes[Int(node)].name != KnownName.template.rawValue
            node = document.following(node, within: scope, descending: descend || !isElement)
        }
    }

    /// A test for a compound that is a bare tag name, without the general compound machinery.
    private func fastTest(_ compound: Int32) -> ((Int32) -> Bool)? {
        let entry = program.compounds[Int(compound)]
        guard entry.typeTest == .named && entry.testCount == 0 else { return nil }
        let htmlAtom = matcher.atom(program.names[Int(entry.htmlName)])
        let foreignAtom = matcher.atom(program.names[Int(entry.foreignName)])
        let nodes = document.nodes
        if matcher.state.isXMLDocument { return { nodes[Int($0)].name == foreignAtom } }
        return { nodes[Int($0)].name == (nodes[Int($0)].namespace == .html ? htmlAtom : foreignAtom) }
    }
}
