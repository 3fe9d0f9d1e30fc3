import URLKit

/// The cascade of `display` and `visibility` for one document as it is now (CSS Cascade 5):
/// origin and importance, then `style` attributes over rules, then cascade layers, then
/// specificity, then order of appearance.
///
/// Rules are put in buckets by what their subject must have (an ID, a class, an attribute,
/// a tag name, or nothing), so an element is tested only against rules that could apply.
struct StyleCascade {
    /// Where a rule comes from: the user agent or the page.
    enum Origin: UInt8 {
        case userAgent, author
    }

    /// One selector of a rule, ready to test: a complex selector of the cascade's program.
    struct IndexedRule {
        var complex: Int32
        /// The selector's specificity, packed.
        var specificity: UInt64
        var display: StyleDeclaration?
        var visibility: StyleDeclaration?
        /// The kept properties' declarations (the last of each, an important one before others).
        var others: [StyleDeclaration] = []
        var origin: Origin
        var layer: Int
        var order: UInt32
        /// The tree whose elements the rule styles: 0 for the document's, a shadow trees'
        /// group (trees with the same sheets share one) above; -1 for the user agent's, in
        /// every tree.
        var group: Int32 = 0
        /// For a `::slotted()` rule, the complex selector of its argument; -1 for others.
        var slottedArgument: Int32 = -1
    }

    /// How strongly a declaration applies: the larger wins.
    struct Precedence: Comparable {
        var high: UInt64
        var order: UInt32

        static func < (left: Precedence, right: Precedence) -> Bool {
            (left.high, left.order) < (right.high, right.order)
        }
    }

    /// A `<style>` or `<link rel=stylesheet>` of the page.
    enum SheetElement: Hashable {
        case embedded(text: String, media: String?)
        case linked(href: String, media: String?)
    }

    let document: HTMLDocument
    let matcher: SelectorMatcher
    private(set) var rules: [IndexedRule] = []
    /// The rank of each layer (unlayered rules are in the last, highest one).
    private var layerRanks: [Int] = []
    private var byID: [UInt64: [Int32]] = [:]
    private var byClass: [UInt64: [Int32]] = [:]
    /// Rules keyed by an attribute or tag name, indexed by the name's atom.
    private var byAttribute: [[Int32]]
    private var byTag: [[Int32]]
    private var hasAttributeRules = false
    private var universal: [Int32] = []
    /// What rules made of a tag name alone declare, by atom: worked out once, not per element.
    private var typeOnly: [Winners]
    /// The same for the user agent's rules alone, which style shadow trees' elements (empty
    /// when the document hosts no shadow tree).
    private var userAgentTypeOnly: [Winners] = []
    /// Each shadow root's group of rules (by the root's index): trees whose sheets are the same
    /// share one.
    private var shadowGroups: [Int32: Int32] = [:]
    /// The rules of each group whose subject is `:host` or `:host()`: they style the host.
    private var hostRules: [Int32: [Int32]] = [:]
    /// The `::slotted()` rules of each group: they style the elements assigned to its slots.
    private var slottedRules: [Int32: [Int32]] = [:]
    private let styleAtom = KnownName.style.rawValue
    private let classAtom: Int32
    /// The properties cascaded besides `display` and `visibility`.
    let kept: Set<String>

    /// The kept properties that inherit (CSS's "Inherited: yes").
    static let inheritedProperties: Set<String> = [
        "color", "font-size", "font-family", "font-weight", "font-style", "line-height", "text-align", "text-transform",
        "white-space", "cursor", "direction", "letter-spacing", "word-spacing", "list-style-type", "text-indent",
    ]

    init(document: HTMLDocument, linked: LinkedStyleSheets, baseURL: String?, state: DocumentState, media: MediaEnvironment,
         keeping kept: Set<String> = []) {
        self.document = document
        self.kept = kept
        classAtom = document.names.existingAtom(for: "class") ?? HTMLDocument.none
        let atomCount = document.names.count
        byAttribute = Array(repeating: [], count: atomCount)
        byTag = Array(repeating: [], count: atomCount)
        typeOnly = Array(repeating: Winners(), count: atomCount)
        var layers = LayerTree()
        var order: UInt32 = 0
        var collected: [IndexedRule] = []
        var selectors: [ComplexSelector] = []
        /// `::slotted()`'s argument of each collected selector that has one.
        var slottedArguments: [ComplexSelector?] = []
        var group: Int32 = 0
        func add(_ items: [StyleSheetItem], origin: Origin, layer: Int, base: String?, depth: Int, visited: inout Set<String>) {
            for item in items {
                switch item {
                case .style(let rule):
                    let display = rule.declarations.last { $0.property == .display && !$0.important }
                    let importantDisplay = rule.declarations.last { $0.property == .display && $0.important }
                    let visibility = rule.declarations.last { $0.property == .visibility && !$0.important }
                    let importantVisibility = rule.declarations.last { $0.property == .visibility && $0.important }
                    var others: [StyleDeclaration] = []
                    if !kept.isEmpty {
                        var seen: [StyleDeclaration.Property: Int] = [:]
                        for declaration in rule.declarations {
                            guard case .other = declaration.property else { continue }
                            if let known = seen[declaration.property] {
                                if declaration.important || !others[known].important { others[known] = declaration }
                            } else {
                                seen[declaration.property] = others.count
                                others.append(declaration)
                            }
                        }
                    }
                    for var selector in rule.selectors {
                        var slotted: ComplexSelector?
                        if selector.hasPseudoElement {
                            // A shadow tree's `::slotted()` styles the elements assigned to its slots: the
                            // selector as written picks the slot, its argument the element.
                            guard group > 0, let argument = selector.slottedArgument,
                                  !selector.compounds.dropLast().contains(where: { $0.pseudoElement != nil }) else { continue }
                            slotted = ComplexSelector(compounds: [argument], combinators: [], specificity: Specificity())
                            selector.compounds[selector.compounds.count - 1].pseudoElement = nil
                            selector.compounds[selector.compounds.count - 1].slottedArgument = []
                            selector.hasPseudoElement = false
                        }
                        selectors.append(selector)
                        slottedArguments.append(slotted)
                        collected.append(IndexedRule(complex: 0, specificity: selector.specificity.packed, display: importantDisplay ?? display,
                                                     visibility: importantVisibility ?? visibility, others: others,
                                                     origin: origin, layer: layer, order: order, group: origin == .userAgent ? -1 : group))
                    }
                    order &+= 1
                case .media(let list, let inner):
                    if list.matches(media) { add(inner, origin: origin, layer: layer, base: base, depth: depth, visited: &visited) }
                case .layerBlock(let name, let inner):
                    let child = name.map { layers.layer(named: $0, in: layer) } ?? layers.anonymousLayer(in: layer)
                    add(inner, origin: origin, layer: child, base: base, depth: depth, visited: &visited)
                case .layerStatement(let names):
                    for name in names { _ = layers.layer(named: name, in: layer) }
                case .importRule(let url, let list, let layerName):
                    guard list.matches(media), depth < LinkedStyleSheets.maximumImportDepth,
                          let resolved = URLResolver(base: base).resolve(url).map(LinkedStyleSheets.withoutFragment),
                          !visited.contains(resolved), let sheet = linked.sheet(at: resolved, keeping: kept) else { continue }
                    visited.insert(resolved)
                    var target = layer
                    if let layerName { target = layerName.map { layers.layer(named: $0, in: layer) } ?? layers.anonymousLayer(in: layer) }
                    add(sheet.items, origin: origin, layer: target, base: resolved, depth: depth + 1, visited: &visited)
                    visited.remove(resolved)
                }
            }
        }
        var visited: Set<String> = []
        add(UserAgentStyleSheet.sheet.items, origin: .userAgent, layer: 0, base: nil, depth: 0, visited: &visited)
        if !kept.isEmpty {
            add(StyleSheetParser.parse(UserAgentStyleSheet.computedValuesText, keeping: kept).items, origin: .userAgent, layer: 0,
                base: nil, depth: 0, visited: &visited)
        }
        let documentBase = document.baseURL(pageURL: baseURL)
        func addSheets(_ elements: [SheetElement], visited: inout Set<String>) {
            for element in elements {
                switch element {
                case .embedded(let text, let mediaText):
                    guard mediaText.map(media.matches) ?? true else { continue }
                    add(StyleSheetParser.parse(text, keeping: kept).items, origin: .author, layer: 0, base: documentBase, depth: 0,
                        visited: &visited)
                case .linked(let href, let mediaText):
                    guard mediaText.map(media.matches) ?? true,
                          let url = URLResolver(base: documentBase).resolve(href).map(LinkedStyleSheets.withoutFragment),
                          let sheet = linked.sheet(at: url, keeping: kept) else { continue }
                    visited.insert(url)
                    add(sheet.items, origin: .author, layer: 0, base: url, depth: 1, visited: &visited)
                    visited.remove(url)
                }
            }
        }
        addSheets(Self.sheetElements(of: document, from: document.root), visited: &visited)
        // A shadow tree's sheets style its elements alone (CSS Scoping §3.1); trees of the same
        // component hold the same sheets and share their rules.
        var groupsBySheets: [[SheetElement]: Int32] = [:]
        for root in document.shadowHosts.keys.sorted() {
            let sheets = Self.sheetElements(of: document, from: NodeID(root))
            if let known = groupsBySheets[sheets] {
                shadowGroups[root] = known
                continue
            }
            group = Int32(groupsBySheets.count + 1)
            groupsBySheets[sheets] = group
            shadowGroups[root] = group
            addSheets(sheets, visited: &visited)
        }
        layerRanks = layers.ranks()
        let arguments = slottedArguments.compactMap { $0 }
        let program = SelectorProgram(selectors + arguments)
        matcher = SelectorMatcher(document: document, state: state, program: program)
        var argumentIndex = Int32(selectors.count)
        for index in collected.indices {
            collected[index].complex = program.item(program.roots, Int32(index))
            if slottedArguments[index] != nil {
                collected[index].slottedArgument = program.item(program.roots, argumentIndex)
                argumentIndex += 1
            }
        }
        rules = collected
        let hostsShadowTrees = !document.shadowHosts.isEmpty
        if hostsShadowTrees { userAgentTypeOnly = Array(repeating: Winners(), count: atomCount) }
        for index in collected.indices {
            let selector = selectors[index]
            let rule = collected[index]
            if rule.slottedArgument >= 0 {
                slottedRules[rule.group, default: []].append(Int32(index))
                continue
            }
            if rule.group > 0 && selector.stylesTheHost {
                hostRules[rule.group, default: []].append(Int32(index))
                continue
            }
            // A lowercase name alone: the same test for HTML and foreign elements. A shadow
            // tree's such rules are tested in its buckets, against its own elements only.
            guard rule.group <= 0, selector.compounds.count == 1, selector.subject.simples.isEmpty,
                  let name = selector.subject.lowercasedTypeName, name == selector.subject.typeName else {
                bucket(selector.subject, Int32(index))
                continue
            }
            let atom = Int(matcher.atom(name))
            guard atom != Int(HTMLDocument.none) else { continue }
            for declaration in [rule.display, rule.visibility].compactMap({ $0 }) + rule.others {
                let strength = precedence(rule, declaration, rule.specificity)
                typeOnly[atom].offer(declaration, strength, rule: Int32(index))
                if hostsShadowTrees && rule.group < 0 { userAgentTypeOnly[atom].offer(declaration, strength, rule: Int32(index)) }
            }
        }
    }

    /// The `<style>` and `<link rel=stylesheet>` elements that apply to a tree (the document's,
    /// or a shadow root's), in tree order (none inside a `template`).
    static func sheetElements(of document: HTMLDocument, from root: NodeID? = nil) -> [SheetElement] {
        let nodes = document.nodes
        let style = KnownName.style.rawValue
        let link = KnownName.link.rawValue
        let template = KnownName.template.rawValue
        let top = root?.index ?? 0
        // Most pages have few: look through the node array before walking the tree in order.
        guard top != 0 || nodes.contains(where: { $0.kind == .element && ($0.name == style || $0.name == link) }) else { return [] }
        var result: [SheetElement] = []
        var node = nodes[Int(top)].firstChild
        while node != HTMLDocument.none {
            let record = nodes[Int(node)]
            var descend = record.firstChild != HTMLDocument.none
            if record.kind == .element {
                if record.name == template {
                    descend = false
                } else if record.name == style {
                    descend = false
                    if isCSS(document.attribute(.type, of: node)) {
                        result.append(.embedded(text: document.styleSheetText(of: NodeID(node)),
                                                media: document.attribute("media", of: NodeID(node))))
                    }
                } else if record.name == link, let sheet = linkedSheet(node, in: document) {
                    result.append(sheet)
                }
            }
            if descend {
                node = record.firstChild
                continue
            }
            var current = node
            node = HTMLDocument.none
            while current != HTMLDocument.none && current != top {
                let next = nodes[Int(current)].next
                if next != HTMLDocument.none {
                    node = next
                    break
                }
                current = nodes[Int(current)].parent
            }
        }
        return result
    }

    /// The sheet elements of the document's tree, then of each shadow tree.
    static func sheetElementsOfEveryTree(of document: HTMLDocument) -> [SheetElement] {
        document.shadowHosts.keys.sorted().reduce(into: sheetElements(of: document)) { $0 += sheetElements(of: document, from: NodeID($1)) }
    }

    /// A `<link>` that brings in a style sheet: `rel` has `stylesheet` and not `alternate`, it
    /// is not `disabled`, its `type` is CSS and it has an `href`.
    private static func linkedSheet(_ node: Int32, in document: HTMLDocument) -> SheetElement? {
        let rel = Array(asciiLowercased(document.attribute("rel", of: NodeID(node)) ?? "").utf8)
        guard containsWord(rel[...], Array("stylesheet".utf8), caseInsensitive: false),
              !containsWord(rel[...], Array("alternate".utf8), caseInsensitive: false),
              !document.hasAttribute(.disabled, of: node), isCSS(document.attribute(.type, of: node)),
              let href = document.attribute(.href, of: node), !href.isEmpty else { return nil }
        return .linked(href: href, media: document.attribute("media", of: NodeID(node)))
    }

    private static func isCSS(_ type: String?) -> Bool {
        guard let type else { return true }
        let lowered = asciiLowercased(collapsingWhitespace(type))
        return lowered.isEmpty || lowered == "text/css"
    }

    // MARK: - Buckets

    private mutating func bucket(_ subject: CompoundSelector, _ rule: Int32) {
        for simple in subject.simples {
            if case .id(let identifier) = simple {
                byID[Self.hash(identifier[...]), default: []].append(rule)
                return
            }
        }
        for simple in subject.simples {
            if case .className(let name) = simple {
                byClass[Self.hash(name[...]), default: []].append(rule)
                return
            }
        }
        for simple in subject.simples {
            if case .attribute(let attribute) = simple {
                let atoms = Set([matcher.atom(attribute.lowercasedName), matcher.atom(attribute.name)]).subtracting([HTMLDocument.none])
                for atom in atoms { byAttribute[Int(atom)].append(rule) }
                hasAttributeRules = hasAttributeRules || !atoms.isEmpty
                return
            }
        }
        if let name = subject.lowercasedTypeName, let written = subject.typeName {
            // HTML elements have the lowercased name, SVG and MathML ones the name as written.
            let atoms = Set([matcher.atom(name), matcher.atom(written)]).subtracting([HTMLDocument.none])
            for atom in atoms { byTag[Int(atom)].append(rule) }
            return
        }
        universal.append(rule)
    }

    /// FNV-1a: bucket keys only, a collision costs one failed match.
    private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }

    // MARK: - Computing

    /// The computed style of an element whose parent's is `parent` (nil for the root element).
    func computedStyle(of element: Int32, parent: ComputedStyle?) -> ComputedStyle {
        let node = document.nodes[Int(element)]
        let atom = Int(node.name)
        // The group of rules that styles the element's tree: the document's (0) or its shadow tree's.
        let tree = shadowGroups.isEmpty ? 0 : document.shadowRootIndex(containing: element).map { shadowGroups[$0] ?? 0 } ?? 0
        let typeTable = tree == 0 ? typeOnly : userAgentTypeOnly
        var winners = atom < typeTable.count ? typeTable[atom] : Winners()
        if !universal.isEmpty { offerMatching(universal, element, tree, &winners) }
        if atom < byTag.count && !byTag[atom].isEmpty { offerMatching(byTag[atom], element, tree, &winners) }
        // One pass over the attributes: the ID, the classes, attribute-keyed rules, the style attribute.
        var styleAttribute = -1
        var attribute = node.dataStart
        while attribute != HTMLDocument.none {
            let name = document.attributes[Int(attribute)].name
            if name == KnownName.id.rawValue {
                if !byID.isEmpty {
                    offerMatching(byID[Self.hash(document.storage[document.attributeRange(Int(attribute))])], element, tree, &winners)
                }
            } else if name == classAtom {
                if !byClass.isEmpty { offerClassRules(Int(attribute), element, tree, &winners) }
            } else if name == styleAtom {
                styleAttribute = Int(attribute)
            }
            if hasAttributeRules && Int(name) < byAttribute.count && !byAttribute[Int(name)].isEmpty {
                offerMatching(byAttribute[Int(name)], element, tree, &winners)
            }
            attribute = document.attributes[Int(attribute)].next
        }
        if styleAttribute >= 0 {
            let declarations = StyleSheetParser.parseDeclarations(document.string(in: document.attributeRange(styleAttribute)), keeping: kept)
            for (position, declaration) in declarations.enumerated() {
                winners.offer(declaration, Self.styleAttributePrecedence(declaration, position), rule: -1)
            }
        }
        // The rules of the element's own shadow tree that style it as `:host`, from the inner context.
        if !hostRules.isEmpty, let root = document.shadowRoots[element], let group = shadowGroups[Int32(root.rawValue)] {
            for index in hostRules[group] ?? [] where matcher.matchesHost(complex: rules[Int(index)].complex, element) {
                offer(rules[Int(index)], rule: index, &winners, fromInnerTree: true)
            }
        }
        // The rules of the shadow tree of the element's parent that style it in its slot.
        if !slottedRules.isEmpty, let root = document.shadowRoots[node.parent], let group = shadowGroups[Int32(root.rawValue)],
           let list = slottedRules[group], let slot = document.assignedSlot(of: element) {
            for index in list where matcher.matches(complex: rules[Int(index)].complex, slot)
                && matcher.matches(complex: rules[Int(index)].slottedArgument, element) {
                offer(rules[Int(index)], rule: index, &winners, fromInnerTree: true)
            }
        }
        var result = ComputedStyle(display: .inline, visibility: parent?.visibility ?? .visible)
        switch winners.display.map({ $0.0.value == .revert || $0.0.value == .revertLayer }) == true
            ? resolve(.display, winners.display, element, tree) : winners.display?.0.value {
        case .display(let value)?: result.display = value
        case .inherit?: result.display = parent?.display ?? .inline
        default: break
        }
        switch winners.visibility.map({ $0.0.value == .revert || $0.0.value == .revertLayer }) == true
            ? resolve(.visibility, winners.visibility, element, tree) : winners.visibility?.0.value {
        case .visibility(let value)?: result.visibility = value
        case .initial?: result.visibility = .visible
        default: break
        }
        if !kept.isEmpty {
            for (property, winner) in winners.others {
                guard case .other(let name) = property else { continue }
                switch winner.0.value {
                case .text(let text): result.values[name] = text
                case .inherit: if let inherited = parent?.values[name] { result.values[name] = inherited }
                case .unset, .revert, .revertLayer:
                    if Self.inheritedProperties.contains(name), let inherited = parent?.values[name] { result.values[name] = inherited }
                default: break
                }
            }
            if let parent {
                for (name, value) in parent.values where Self.inheritedProperties.contains(name) && winners.others[.other(name)] == nil {
                    result.values[name] = value
                }
            }
        }
        if result.display != .none {
            if parent == nil || node.parent == 0 {
                result.display = result.display == .contents ? .block : result.display.blockified
            } else if let parent, parent.display.blockifiesChildren, result.display != .contents {
                result.display = result.display.blockified
            }
        }
        return result
    }

    /// Offers the rules keyed by each class of a `class` attribute.
    private func offerClassRules(_ attribute: Int, _ element: Int32, _ tree: Int32, _ winners: inout Winners) {
        let value = document.storage[document.attributeRange(attribute)]
        var index = value.startIndex
        while index < value.endIndex {
            while index < value.endIndex && value[index].isHTMLWhitespace { index += 1 }
            let start = index
            while index < value.endIndex && !value[index].isHTMLWhitespace { index += 1 }
            // A class written twice offers its rules twice, which changes no winner.
            if index > start { offerMatching(byClass[Self.hash(value[start..<index])], element, tree, &winners) }
        }
    }

    /// Offers the declarations of the rules of `list` that style the element's tree and match it.
    private func offerMatching(_ list: [Int32]?, _ element: Int32, _ tree: Int32, _ winners: inout Winners) {
        guard let list else { return }
        for index in list {
            let group = rules[Int(index)].group
            guard group < 0 || group == tree, matcher.matches(complex: rules[Int(index)].complex, element) else { continue }
            offer(rules[Int(index)], rule: index, &winners, fromInnerTree: false)
        }
    }

    /// Offers a matching rule's declarations.
    private func offer(_ rule: IndexedRule, rule index: Int32, _ winners: inout Winners, fromInnerTree inner: Bool) {
        if let display = rule.display { winners.offer(display, precedence(rule, display, rule.specificity, fromInnerTree: inner), rule: index) }
        if let visibility = rule.visibility {
            winners.offer(visibility, precedence(rule, visibility, rule.specificity, fromInnerTree: inner), rule: index)
        }
        for other in rule.others { winners.offer(other, precedence(rule, other, rule.specificity, fromInnerTree: inner), rule: index) }
    }

    /// The best declaration seen so far for each property.
    private struct Winners {
        var display: (StyleDeclaration, Precedence, Int32)?
        var visibility: (StyleDeclaration, Precedence, Int32)?
        var others: [StyleDeclaration.Property: (StyleDeclaration, Precedence, Int32)] = [:]

        mutating func offer(_ declaration: StyleDeclaration, _ precedence: Precedence, rule: Int32) {
            switch declaration.property {
            case .display:
                if display == nil || display!.1 < precedence { display = (declaration, precedence, rule) }
            case .visibility:
                if visibility == nil || visibility!.1 < precedence { visibility = (declaration, precedence, rule) }
            case .other:
                if let known = others[declaration.property], !(known.1 < precedence) { return }
                others[declaration.property] = (declaration, precedence, rule)
            }
        }
    }

    /// How strongly a rule's declaration applies. Above layers and specificity comes the
    /// context (CSS Cascade 5 §6.1): a normal declaration of the element's own tree beats one
    /// of the shadow tree it hosts (`:host`), an important one loses to it; then a `style`
    /// attribute beats rules.
    private func precedence(_ rule: IndexedRule, _ declaration: StyleDeclaration, _ specificity: UInt64,
                            fromInnerTree inner: Bool = false) -> Precedence {
        let band: UInt64
        switch (rule.origin, declaration.important) {
        case (.userAgent, false): band = 0
        case (.author, false): band = 1
        case (.author, true): band = 2
        case (.userAgent, true): band = 3
        }
        let rank = UInt64(layerRanks.indices.contains(rule.layer) ? layerRanks[rule.layer] : 0)
        let layer = declaration.important ? UInt64(0xFFFF) - rank : rank
        let context: UInt64 = inner == declaration.important ? 1 : 0
        return Precedence(high: band << 62 | context << 61 | (layer & 0xFFFF) << 40 | specificity, order: rule.order)
    }

    /// How strongly a `style` attribute's declaration applies: over the rules of its band and
    /// context (the element's own tree).
    private static func styleAttributePrecedence(_ declaration: StyleDeclaration, _ position: Int) -> Precedence {
        let band: UInt64 = declaration.important ? 2 : 1
        let context: UInt64 = declaration.important ? 0 : 1
        return Precedence(high: band << 62 | context << 61 | 1 << 60, order: UInt32(position))
    }

    /// The value that wins, after `revert` and `revert-layer` roll back to an earlier origin
    /// or layer; nil when nothing is declared.
    private func resolve(_ property: StyleDeclaration.Property, _ winner: (StyleDeclaration, Precedence, Int32)?,
                         _ element: Int32, _ tree: Int32) -> StyleDeclaration.Value? {
        guard let winner else { return nil }
        guard winner.0.value == .revert || winner.0.value == .revertLayer else { return winner.0.value }
        // Rare: collect every declaration of the property again, strongest first.
        var candidates: [(StyleDeclaration, Precedence, Int32)] = []
        for (index, rule) in rules.enumerated() where (rule.group < 0 || rule.group == tree) && matcher.matches(complex: rule.complex, element) {
            let specificity = rule.specificity
            for declaration in [rule.display, rule.visibility].compactMap({ $0 }) where declaration.property == property {
                candidates.append((declaration, precedence(rule, declaration, specificity), Int32(index)))
            }
        }
        if let attribute = document.attributeIndex(styleAtom, of: element) {
            let declarations = StyleSheetParser.parseDeclarations(document.string(in: document.attributeRange(attribute)))
            for (position, declaration) in declarations.enumerated() where declaration.property == property {
                candidates.append((declaration, Self.styleAttributePrecedence(declaration, position), -1))
            }
        }
        candidates.sort { $0.1 > $1.1 }
        var skipAuthor = false
        var skipLayer: UInt64?
        for (declaration, precedence, _) in candidates {
            let band = precedence.high >> 62
            let isAuthor = band == 1 || band == 2
            if skipAuthor && isAuthor { continue }
            if let layer = skipLayer, precedence.high >> 40 == layer { continue }
            switch declaration.value {
            case .revert:
                if isAuthor { skipAuthor = true } else { return .unset }
            case .revertLayer:
                skipLayer = precedence.high >> 40
            default:
                return declaration.value
            }
        }
        return nil
    }
}

/// Cascade layers in the order they were first named; ranks follow CSS Cascade 5: a
/// layer's sublayers come before its own rules, and unlayered rules (layer 0) come last.
struct LayerTree {
    private var parents: [Int] = [-1]
    private var children: [[Int]] = [[]]
    private var names: [[String: Int]] = [[:]]

    /// The layer `name` (a dotted path) inside `parent`, created on first use.
    mutating func layer(named path: [String], in parent: Int) -> Int {
        var current = parent
        for part in path {
            if let existing = names[current][part] {
                current = existing
            } else {
                let created = newLayer(in: current)
                names[current][part] = created
                current = created
            }
        }
        return current
    }

    /// A new anonymous layer inside `parent`.
    mutating func anonymousLayer(in parent: Int) -> Int { newLayer(in: parent) }

    private mutating func newLayer(in parent: Int) -> Int {
        let layer = parents.count
        parents.append(parent)
        children.append([])
        names.append([:])
        children[parent].append(layer)
        return layer
    }

    /// Each layer's rank (higher wins for normal declarations).
    func ranks() -> [Int] {
        var ranks = [Int](repeating: 0, count: parents.count)
        var next = 0
        var stack: [(layer: Int, childIndex: Int)] = [(0, 0)]
        while let top = stack.last {
            if top.childIndex < children[top.layer].count {
                stack[stack.count - 1].childIndex += 1
                stack.append((children[top.layer][top.childIndex], 0))
            } else {
                ranks[top.layer] = next
                next += 1
                stack.removeLast()
            }
        }
        return ranks
    }
}
