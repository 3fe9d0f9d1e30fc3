/// A node of an `HTMLDocument`; stays valid, and keeps naming the same node, across mutations.
public struct NodeID: Hashable, Sendable, CustomStringConvertible {
    let index: Int32

    init(_ index: Int32) { self.index = index }

    /// The node's index in its document's arena, for code that must name nodes with plain
    /// numbers (page scripts); `HTMLDocument.node(rawValue:)` turns it back into an ID.
    public var rawValue: Int { Int(index) }

    public var description: String { "#\(index)" }
}

/// A parsed HTML page as a mutable tree of elements, text and comments.
///
/// The nodes live in one array of small records linked by index, so copies are cheap
/// (copy on write) and a `NodeID` never changes. A removed node is only detached: it
/// stays readable and can be inserted again, but is unreachable from `root`.
public struct HTMLDocument: Sendable {
    /// What a node is.
    public enum NodeKind: UInt8, Sendable {
        case document, element, text, comment, documentFragment
        /// A DOCTYPE (`DocumentType`): name, public and system identifiers in `doctypes`.
        case doctype
        /// A processing instruction: its target in `processingInstructionTargets`, its data as text's.
        case processingInstruction
        /// A CDATA section (a kind of text in the DOM; only XML documents have them).
        case cdataSection
    }

    /// The fields of a DOCTYPE node.
    public struct DoctypeFields: Equatable, Sendable {
        public var name: String
        public var publicID: String
        public var systemID: String

        public init(name: String, publicID: String = "", systemID: String = "") {
            self.name = name
            self.publicID = publicID
            self.systemID = systemID
        }
    }

    /// Why a tree mutation was refused.
    public enum TreeError: Error, Equatable, Sendable {
        /// Only elements and the document hold children.
        case notAContainer
        /// The node would become its own ancestor, or it is the document.
        case wouldCreateCycle
        /// The reference node of `insert(_:before:)` has no parent.
        case noParent
    }

    /// The namespace of an element: the three the HTML parser knows, or another (or none) that
    /// `namespaceURI(of:)` names.
    public enum Namespace: UInt8, Sendable {
        case html, svg, mathML, other

        /// The namespace's URI; nil for `other`.
        public var uri: String? {
            switch self {
            case .html: return "http://www.w3.org/1999/xhtml"
            case .svg: return "http://www.w3.org/2000/svg"
            case .mathML: return "http://www.w3.org/1998/Math/MathML"
            case .other: return nil
            }
        }

        /// The namespace of a URI (`other` for any other, and for none).
        public init(uri: String?) {
            switch uri {
            case "http://www.w3.org/1999/xhtml": self = .html
            case "http://www.w3.org/2000/svg": self = .svg
            case "http://www.w3.org/1998/Math/MathML": self = .mathML
            default: self = .other
            }
        }
    }

    /// The namespaces of attributes the HTML parser puts in one (foreign attributes).
    public static let xlinkNamespace = "http://www.w3.org/1999/xlink"
    public static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    public static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    /// The rarer parts of an element's name: a prefix, and the URI of an `other` namespace.
    struct ElementNaming: Equatable {
        var prefix: String?
        var namespaceURI: String?
    }

    /// How the page's DOCTYPE asks it to be rendered (the parser sets it; it decides one parsing rule).
    public enum QuirksMode: UInt8, Sendable {
        case noQuirks, limitedQuirks, quirks
    }

    /// Bits of `Node.flags`.
    enum NodeFlags {
        /// A script element created by the parser for a page (it runs when the parser reaches it).
        static let parserInserted: UInt8 = 1
        /// A script element that must never run (created by fragment parsing, or cut off by the end of input).
        static let alreadyStarted: UInt8 = 2
        /// An SVG `foreignObject`, `desc` or `title`, or a MathML `annotation-xml` holding HTML.
        static let htmlIntegrationPoint: UInt8 = 4
        /// A MathML `mi`, `mo`, `mn`, `ms` or `mtext`.
        static let mathMLTextIntegrationPoint: UInt8 = 8
    }

    static let none: Int32 = -1
    /// The `parent` of a node whose slot was freed and waits in `freeNodes`.
    static let freed: Int32 = -2

    /// One node: what it is and its links to its neighbours, by index.
    struct Node {
        var kind: NodeKind
        var namespace = Namespace.html
        var flags: UInt8 = 0
        /// The atom of an element's name; `none` for other nodes.
        var name: Int32 = HTMLDocument.none
        var parent: Int32 = HTMLDocument.none
        var firstChild: Int32 = HTMLDocument.none
        var lastChild: Int32 = HTMLDocument.none
        var next: Int32 = HTMLDocument.none
        var previous: Int32 = HTMLDocument.none
        /// Text and comments: the start of their UTF-8 in `storage`. Elements: their first attribute.
        var dataStart: Int32 = HTMLDocument.none
        /// Text and comments: the length of their UTF-8 in `storage`.
        var dataLength: Int32 = 0
    }

    /// One attribute of an element, in a list linked from `Node.dataStart`.
    struct Attribute {
        var name: Int32
        var valueStart: Int32
        var valueLength: Int32
        var next: Int32 = HTMLDocument.none
    }

    var nodes: [Node] = [Node(kind: .document)]
    var attributes: [Attribute] = []
    /// The UTF-8 of every text, comment and attribute value, back to back.
    var storage: [UInt8] = []
    var names = NameTable.known
    /// Whether a `base` element was ever created, so a layout knows to look for one.
    private(set) var mayContainBase = false
    /// Whether an `iframe` element was ever made here: the script engine looks for frames to
    /// load only then.
    public private(set) var mayContainFrames = false
    /// The document each loaded `<iframe>` shows (a document node of this arena), by element:
    /// the layout draws it in the iframe's place.
    public private(set) var frameContents: [Int32: Int32] = [:]
    /// The text node with unused room after its data in `storage` (see `appendText`), and where the room ends.
    private var textWithRoom: (node: Int32, end: Int) = (HTMLDocument.none, 0)
    /// Set by the parser from the page's DOCTYPE (and by a script's `document.open`, by the new one's).
    public var quirksMode = QuirksMode.noQuirks
    /// The fields of each DOCTYPE node, by node index (few documents have more than one).
    private var doctypes: [Int32: DoctypeFields] = [:]
    /// The target of each processing instruction, by node index.
    private var processingInstructionTargets: [Int32: String] = [:]
    /// Elements with a prefix or in an `other` namespace, by node index.
    private var elementNamings: [Int32: ElementNaming] = [:]
    /// The namespace of each attribute in one (its name is then `prefix:local` or `local`), by attribute index.
    private var attributeNamespaces: [Int32: String] = [:]
    /// Slots of freed nodes and attributes, reused before the arrays grow.
    private var freeNodes: [Int32] = []
    private var freeAttributes: [Int32] = []
    /// Bytes of `storage` no node or attribute refers to any more.
    private var garbageBytes = 0

    /// An empty document: only the root.
    public init() {}

    /// An empty document with room reserved for a page of about `expectedSize` bytes.
    init(expectedSize: Int) {
        storage.reserveCapacity(expectedSize)
        nodes.reserveCapacity(expectedSize / 24)
    }

    /// The document node, the root of the tree.
    public var root: NodeID { NodeID(0) }

    // MARK: - Reading

    /// The kind of a node.
    public func kind(of node: NodeID) -> NodeKind { nodes[Int(node.index)].kind }

    /// The tag name of an element (lowercase for HTML, as adjusted for SVG: `foreignObject`); nil for other nodes.
    public func name(of node: NodeID) -> String? {
        let atom = nodes[Int(node.index)].name
        return atom == Self.none ? nil : names[atom]
    }

    /// The data of a text, CDATA section, comment or processing instruction; nil for other nodes.
    public func text(of node: NodeID) -> String? {
        switch kind(of: node) {
        case .text, .comment, .processingInstruction, .cdataSection: return string(in: dataRange(of: node.index))
        case .document, .element, .documentFragment, .doctype: return nil
        }
    }

    /// The namespace URI of an element (nil for none); nil for other nodes too.
    public func namespaceURI(of node: NodeID) -> String? {
        guard kind(of: node) == .element else { return nil }
        let namespace = nodes[Int(node.index)].namespace
        return namespace == .other ? elementNamings[node.index]?.namespaceURI : namespace.uri
    }

    /// The namespace prefix of an element's name (`svg` of `svg:rect`), if it has one.
    public func prefix(of node: NodeID) -> String? {
        kind(of: node) == .element ? elementNamings[node.index]?.prefix : nil
    }

    /// The attributes of an element in source order with their namespaces (nil: none); a
    /// namespaced attribute's name is its qualified name.
    public func namespacedAttributes(of node: NodeID) -> [(name: String, namespace: String?, value: String)] {
        guard kind(of: node) == .element else { return [] }
        var result: [(name: String, namespace: String?, value: String)] = []
        var attribute = nodes[Int(node.index)].dataStart
        while attribute != Self.none {
            let index = Int(attribute)
            result.append((names[attributes[index].name], attributeNamespaces[attribute], string(in: attributeRange(index))))
            attribute = attributes[index].next
        }
        return result
    }

    /// Sets the attribute of a namespace and local name, keeping the prefix of one already
    /// there, else adding `qualifiedName` (the DOM's "set an attribute value"); ignored on other nodes.
    public mutating func setAttribute(namespace: String?, qualifiedName: String, _ value: String, of node: NodeID) {
        guard kind(of: node) == .element else { return }
        let range = store(value)
        if let attribute = namespacedAttributeIndex(namespace: namespace, localName: Self.localPart(of: qualifiedName, namespaced: namespace != nil), of: node.index) {
            garbageBytes += Int(attributes[attribute].valueLength)
            attributes[attribute].valueStart = range.start
            attributes[attribute].valueLength = range.length
            return
        }
        let made = appendAttribute(atom: names.atom(for: qualifiedName), start: range.start, length: range.length, to: node.index)
        if let namespace { attributeNamespaces[made] = namespace }
    }

    /// Adds an attribute the element is known not to have yet (the XML parser's, after
    /// libxml2's duplicate check), without the search `setAttribute` does for each one.
    mutating func appendNewAttribute(namespace: String?, qualifiedName: String, _ value: String, to node: NodeID) {
        let range = store(value)
        let made = appendAttribute(atom: names.atom(for: qualifiedName), start: range.start, length: range.length, to: node.index)
        if let namespace { attributeNamespaces[made] = namespace }
    }

    /// Removes the attribute of a namespace and local name, if present.
    public mutating func removeAttribute(namespace: String?, localName: String, of node: NodeID) {
        guard kind(of: node) == .element,
              let attribute = namespacedAttributeIndex(namespace: namespace, localName: localName, of: node.index) else { return }
        unlinkAttribute(Int32(attribute), of: node.index)
    }

    /// The slot of the attribute with a namespace and local name.
    private func namespacedAttributeIndex(namespace: String?, localName: String, of node: Int32) -> Int? {
        var attribute = nodes[Int(node)].dataStart
        while attribute != Self.none {
            let index = Int(attribute)
            let attributeNamespace = attributeNamespaces[attribute]
            if attributeNamespace == namespace,
               Self.localPart(of: names[attributes[index].name], namespaced: attributeNamespace != nil) == localName {
                return index
            }
            attribute = attributes[index].next
        }
        return nil
    }

    /// The local name in a stored attribute name: after the prefix when it is namespaced.
    static func localPart(of name: String, namespaced: Bool) -> String {
        guard namespaced, let colon = name.firstIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    /// The name and identifiers of a DOCTYPE node; nil for other nodes.
    public func doctypeFields(of node: NodeID) -> DoctypeFields? {
        kind(of: node) == .doctype ? doctypes[node.index] : nil
    }

    /// The target of a processing instruction; nil for other nodes.
    public func processingInstructionTarget(of node: NodeID) -> String? {
        kind(of: node) == .processingInstruction ? processingInstructionTargets[node.index] : nil
    }

    /// The namespace of an element; nil for other nodes.
    public func namespace(of node: NodeID) -> Namespace? {
        kind(of: node) == .element ? nodes[Int(node.index)].namespace : nil
    }

    /// Whether a script element was created by the parser for the page itself.
    public func isParserInsertedScript(_ node: NodeID) -> Bool {
        nodes[Int(node.index)].flags & NodeFlags.parserInserted != 0
    }

    /// Whether a script element must not run (again): created by fragment parsing, cut off by the
    /// end of input, or marked by the host once run.
    public func isScriptAlreadyStarted(_ node: NodeID) -> Bool {
        nodes[Int(node.index)].flags & NodeFlags.alreadyStarted != 0
    }

    /// Marks a script element as started, so that it never runs again.
    public mutating func markScriptAlreadyStarted(_ node: NodeID) {
        nodes[Int(node.index)].flags |= NodeFlags.alreadyStarted
    }

    /// The value of an attribute of an element (matched case-insensitively on HTML elements,
    /// exactly on SVG and MathML ones, as the DOM's `getAttribute` does).
    public func attribute(_ name: String, of node: NodeID) -> String? {
        guard let atom = names.existingAtom(for: attributeKey(name, of: node)),
              let attribute = attributeIndex(atom, of: node.index) else { return nil }
        return string(in: attributeRange(attribute))
    }

    /// The attributes of an element in source order; empty for other nodes.
    public func attributes(of node: NodeID) -> [(name: String, value: String)] {
        guard kind(of: node) == .element else { return [] }
        var result: [(name: String, value: String)] = []
        var attribute = nodes[Int(node.index)].dataStart
        while attribute != Self.none {
            let index = Int(attribute)
            result.append((names[attributes[index].name], string(in: attributeRange(index))))
            attribute = attributes[index].next
        }
        return result
    }

    /// The parent of a node; nil for the root and for detached nodes.
    public func parent(of node: NodeID) -> NodeID? { id(nodes[Int(node.index)].parent) }

    /// The first child of a node.
    public func firstChild(of node: NodeID) -> NodeID? { id(nodes[Int(node.index)].firstChild) }

    /// The last child of a node.
    public func lastChild(of node: NodeID) -> NodeID? { id(nodes[Int(node.index)].lastChild) }

    /// The sibling after a node.
    public func nextSibling(of node: NodeID) -> NodeID? { id(nodes[Int(node.index)].next) }

    /// The sibling before a node.
    public func previousSibling(of node: NodeID) -> NodeID? { id(nodes[Int(node.index)].previous) }

    /// The children of a node, in order.
    public func children(of node: NodeID) -> Children {
        Children(nodes: nodes, upcoming: nodes[Int(node.index)].firstChild)
    }

    /// The concatenated text of every text node at or under a node, in document order.
    public func textContent(of node: NodeID) -> String {
        switch kind(of: node) {
        case .text, .comment, .processingInstruction, .cdataSection: return text(of: node) ?? ""
        case .doctype: return ""
        case .document, .element, .documentFragment: break
        }
        var bytes: [UInt8] = []
        var current = nodes[Int(node.index)].firstChild
        while current != Self.none {
            if nodes[Int(current)].kind == .text || nodes[Int(current)].kind == .cdataSection { bytes.append(contentsOf: storage[dataRange(of: current)]) }
            current = following(current, within: node.index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every element with a tag name, in document order.
    public func elements(named name: String) -> [NodeID] {
        guard let atom = names.existingAtom(for: name.lowercased()) else { return [] }
        var result: [NodeID] = []
        var current = nodes[0].firstChild
        while current != Self.none {
            if nodes[Int(current)].name == atom { result.append(NodeID(current)) }
            current = following(current, within: 0)
        }
        return result
    }

    /// The first element, in document order, whose `id` attribute is `identifier`.
    public func element(withID identifier: String) -> NodeID? {
        let wanted = Array(identifier.utf8)
        var current = nodes[0].firstChild
        while current != Self.none {
            if let attribute = attributeIndex(KnownName.id.rawValue, of: current),
               storage[attributeRange(attribute)].elementsEqual(wanted) {
                return NodeID(current)
            }
            current = following(current, within: 0)
        }
        return nil
    }

    /// The text of the first `title` element outside `svg`, whitespace collapsed and trimmed.
    public var title: String? {
        var current = nodes[0].firstChild
        while current != Self.none {
            switch nodes[Int(current)].name {
            case KnownName.title.rawValue:
                return collapsingWhitespace(textContent(of: NodeID(current)))
            case KnownName.svg.rawValue:
                current = following(current, within: 0, descending: false)
            default:
                current = following(current, within: 0)
            }
        }
        return nil
    }

    // MARK: - Mutating

    /// Sets an attribute of an element, replacing its value if present; ignored on other nodes.
    public mutating func setAttribute(_ name: String, _ value: String, of node: NodeID) {
        guard kind(of: node) == .element else { return }
        let atom = names.atom(for: attributeKey(name, of: node))
        let range = store(value)
        if let attribute = attributeIndex(atom, of: node.index) {
            garbageBytes += Int(attributes[attribute].valueLength)
            attributes[attribute].valueStart = range.start
            attributes[attribute].valueLength = range.length
        } else {
            appendAttribute(atom: atom, start: range.start, length: range.length, to: node.index)
        }
    }

    /// Removes an attribute of an element, if present.
    public mutating func removeAttribute(_ name: String, of node: NodeID) {
        guard kind(of: node) == .element, let atom = names.existingAtom(for: attributeKey(name, of: node)),
              let attribute = attributeIndex(atom, of: node.index) else { return }
        unlinkAttribute(Int32(attribute), of: node.index)
    }

    /// Takes an attribute out of an element's list and frees it.
    private mutating func unlinkAttribute(_ target: Int32, of node: Int32) {
        var previous = Self.none
        var attribute = nodes[Int(node)].dataStart
        while attribute != Self.none {
            let next = attributes[Int(attribute)].next
            if attribute == target {
                if previous == Self.none {
                    nodes[Int(node)].dataStart = next
                } else {
                    attributes[Int(previous)].next = next
                }
                freeAttribute(attribute)
                return
            }
            previous = attribute
            attribute = next
        }
    }

    /// Replaces the data of a text or comment node; on an element or the document, replaces
    /// all its children with one text node (as the DOM's `textContent` setter does).
    public mutating func setText(_ text: String, of node: NodeID) {
        switch kind(of: node) {
        case .doctype: return
        case .text, .comment, .processingInstruction, .cdataSection:
            garbageBytes += Int(nodes[Int(node.index)].dataLength)
            let range = store(text)
            nodes[Int(node.index)].dataStart = range.start
            nodes[Int(node.index)].dataLength = range.length
        case .document, .element, .documentFragment:
            while let child = firstChild(of: node) { remove(child) }
            if !text.isEmpty { try? appendChild(createText(text), to: node) }
        }
    }

    /// Creates a detached element (an HTML name is lowercased, a foreign one kept as given).
    public mutating func createElement(_ name: String, namespace: Namespace = .html) -> NodeID {
        let atom = names.atom(for: namespace == .html ? asciiLowercased(name) : name)
        return NodeID(appendNode(Node(kind: .element, namespace: namespace, name: atom)))
    }

    /// Creates a detached element of any namespace (nil: none) with its local name as given, as
    /// the DOM's `createElementNS` does.
    public mutating func createElement(localName: String, namespaceURI: String?, prefix: String?) -> NodeID {
        let namespace = Namespace(uri: namespaceURI)
        let atom = names.atom(for: localName)
        // The integration points a fragment parsed with this element as its context needs to know.
        var flags: UInt8 = 0
        switch (namespace, KnownName(rawValue: atom)) {
        case (.mathML, .mi), (.mathML, .mo), (.mathML, .mn), (.mathML, .ms), (.mathML, .mtext):
            flags = NodeFlags.mathMLTextIntegrationPoint
        case (.svg, .foreignObject), (.svg, .desc), (.svg, .title):
            flags = NodeFlags.htmlIntegrationPoint
        default: break
        }
        let node = appendNode(Node(kind: .element, namespace: namespace, flags: flags, name: atom))
        if prefix != nil || namespace == .other {
            elementNamings[node] = ElementNaming(prefix: prefix, namespaceURI: namespace == .other ? namespaceURI : nil)
        }
        return NodeID(node)
    }

    /// A detached copy of an element with its name, namespace and attributes, without children.
    public mutating func copyElement(_ node: NodeID) -> NodeID {
        NodeID(cloneElement(node.index))
    }

    /// Creates a detached text node.
    public mutating func createText(_ text: String) -> NodeID {
        let range = store(text)
        return NodeID(appendNode(Node(kind: .text, dataStart: range.start, dataLength: range.length)))
    }

    /// Creates a detached comment.
    public mutating func createComment(_ text: String) -> NodeID {
        let range = store(text)
        return NodeID(appendNode(Node(kind: .comment, dataStart: range.start, dataLength: range.length)))
    }

    /// Creates a detached DOCTYPE node.
    public mutating func createDoctype(_ fields: DoctypeFields) -> NodeID {
        let node = appendNode(Node(kind: .doctype))
        doctypes[node] = fields
        return NodeID(node)
    }

    /// Creates a detached processing instruction.
    public mutating func createProcessingInstruction(target: String, data: String) -> NodeID {
        let range = store(data)
        let node = appendNode(Node(kind: .processingInstruction, dataStart: range.start, dataLength: range.length))
        processingInstructionTargets[node] = target
        return NodeID(node)
    }

    /// Creates a detached CDATA section.
    public mutating func createCDATASection(_ text: String) -> NodeID {
        let range = store(text)
        return NodeID(appendNode(Node(kind: .cdataSection, dataStart: range.start, dataLength: range.length)))
    }

    /// Creates a detached document fragment: a container that is never part of the tree itself
    /// (inserting it moves its children).
    public mutating func createDocumentFragment() -> NodeID {
        NodeID(appendNode(Node(kind: .documentFragment)))
    }

    /// Moves a node to the end of the children of `parent`, detaching it from where it was.
    public mutating func appendChild(_ child: NodeID, to parent: NodeID) throws {
        try checkInsertion(of: child, into: parent)
        remove(child)
        link(child.index, into: parent.index, before: Self.none)
    }

    /// Moves a node just before `reference`, among the children of the reference's parent.
    public mutating func insert(_ node: NodeID, before reference: NodeID) throws {
        guard let parent = parent(of: reference) else { throw TreeError.noParent }
        if node == reference { return }
        try checkInsertion(of: node, into: parent)
        remove(node)
        link(node.index, into: parent.index, before: reference.index)
    }

    /// Detaches a node (with its subtree) from its parent; a detached node or the root is left as is.
    public mutating func remove(_ node: NodeID) {
        let index = Int(node.index)
        let detached = nodes[index]
        guard detached.parent != Self.none else { return }
        if detached.previous == Self.none {
            nodes[Int(detached.parent)].firstChild = detached.next
        } else {
            nodes[Int(detached.previous)].next = detached.next
        }
        if detached.next == Self.none {
            nodes[Int(detached.parent)].lastChild = detached.previous
        } else {
            nodes[Int(detached.next)].previous = detached.previous
        }
        nodes[index].parent = Self.none
        nodes[index].previous = Self.none
        nodes[index].next = Self.none
    }

    private func checkInsertion(of child: NodeID, into parent: NodeID) throws {
        switch kind(of: parent) {
        case .document, .element, .documentFragment: break
        case .text, .comment, .doctype, .processingInstruction, .cdataSection: throw TreeError.notAContainer
        }
        if child == root { throw TreeError.wouldCreateCycle }
        var ancestor = parent.index
        while ancestor != Self.none {
            if ancestor == child.index { throw TreeError.wouldCreateCycle }
            ancestor = nodes[Int(ancestor)].parent
        }
    }

    private func attributeKey(_ name: String, of node: NodeID) -> String {
        // ASCII lowercase only (DOM §4.9 "get an attribute by name"): `Ä` stays as it is.
        nodes[Int(node.index)].namespace == .html ? asciiLowercased(name) : name
    }

    // MARK: - Arena

    /// The ID of the node with this raw value, if that slot holds a node (not a freed one).
    public func node(rawValue: Int) -> NodeID? {
        guard rawValue >= 0, rawValue < nodes.count, nodes[rawValue].parent != Self.freed else { return nil }
        return NodeID(Int32(rawValue))
    }

    /// The nodes linked into a parent while this is not nil, in order (a page's mutation
    /// observers read what the parser inserted).
    public var insertionLog: [Int32]?

    /// The contents fragment of each `<template>` (by the template's index) once a script made
    /// it: the serializer writes it in place of the element's children.
    public var templateContents: [Int32: NodeID] = [:]
    /// Each shadow host's shadow root (by the host's index), and each root's host and settings
    /// (by the root's index): a shadow root is a DocumentFragment of the arena.
    public var shadowRoots: [Int32: NodeID] = [:]
    public var shadowHosts: [Int32: ShadowRootLink] = [:]
    /// The sheets of `<style>` elements that scripts edited through the CSSOM, by element.
    public var styleSheetEdits: [Int32: StyleSheetEdit] = [:]

    /// How many node slots the arena holds, freed ones included (its size in memory).
    public var arenaCount: Int { nodes.count }

    /// How many slots hold nodes (freed ones excluded).
    public var liveNodeCount: Int { nodes.count - freeNodes.count }

    /// Frees a detached node and its whole subtree, so their slots serve new nodes.
    ///
    /// The caller guarantees no one names these nodes any more: their IDs will name new nodes.
    /// The root and attached nodes are left as they are.
    public mutating func free(_ node: NodeID) {
        guard node != root, nodes[Int(node.index)].parent == Self.none else { return }
        var pending = [node.index]
        while let current = pending.popLast() {
            var child = nodes[Int(current)].firstChild
            while child != Self.none {
                pending.append(child)
                child = nodes[Int(child)].next
            }
            var freedNode = nodes[Int(current)]
            switch freedNode.kind {
            case .element:
                elementNamings[current] = nil
                var attribute = freedNode.dataStart
                while attribute != Self.none {
                    let next = attributes[Int(attribute)].next
                    freeAttribute(attribute)
                    attribute = next
                }
            case .text, .comment, .cdataSection:
                garbageBytes += Int(freedNode.dataLength)
            case .processingInstruction:
                garbageBytes += Int(freedNode.dataLength)
                processingInstructionTargets[current] = nil
            case .doctype:
                doctypes[current] = nil
            case .document, .documentFragment:
                break
            }
            freedNode = Node(kind: .comment, parent: Self.freed)
            nodes[Int(current)] = freedNode
            freeNodes.append(current)
            if textWithRoom.node == current { textWithRoom = (Self.none, 0) }
        }
        compactStorageIfWasteful()
    }

    /// Records the document an iframe shows (nil: none, its window went).
    public mutating func setFrameContent(_ content: NodeID?, of element: NodeID) {
        frameContents[Int32(element.rawValue)] = content.map { Int32($0.rawValue) }
    }

    /// Adds a detached node and returns its index.
    mutating func appendNode(_ node: Node) -> Int32 {
        if node.name == KnownName.base.rawValue { mayContainBase = true }
        if node.name == KnownName.iframe.rawValue && node.kind == .element { mayContainFrames = true }
        if let slot = freeNodes.popLast() {
            nodes[Int(slot)] = node
            return slot
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    private mutating func freeAttribute(_ attribute: Int32) {
        garbageBytes += Int(attributes[Int(attribute)].valueLength)
        attributes[Int(attribute)] = Attribute(name: Self.none, valueStart: 0, valueLength: 0)
        attributeNamespaces[attribute] = nil
        freeAttributes.append(attribute)
    }

    /// Compacts `storage` once most of it is garbage (and there is enough to bother).
    private mutating func compactStorageIfWasteful() {
        if garbageBytes > 1 << 20 && garbageBytes * 2 > storage.count { compactStorage() }
    }

    /// Links a detached node into `parent`, before `reference` or last when there is none.
    mutating func link(_ node: Int32, into parent: Int32, before reference: Int32) {
        if insertionLog != nil { insertionLog!.append(node) }
        nodes.withUnsafeMutableBufferPointer { nodes in
            let previous = reference == Self.none ? nodes[Int(parent)].lastChild : nodes[Int(reference)].previous
            nodes[Int(node)].parent = parent
            nodes[Int(node)].previous = previous
            nodes[Int(node)].next = reference
            if previous == Self.none { nodes[Int(parent)].firstChild = node } else { nodes[Int(previous)].next = node }
            if reference == Self.none { nodes[Int(parent)].lastChild = node } else { nodes[Int(reference)].previous = node }
        }
    }

    /// Adds an attribute after the last one of an element (after `last` when the caller knows it).
    @discardableResult
    mutating func appendAttribute(atom: Int32, start: Int32, length: Int32, to element: Int32,
                                  after last: Int32? = nil) -> Int32 {
        let attribute: Int32
        if let slot = freeAttributes.popLast() {
            attribute = slot
            attributes[Int(slot)] = Attribute(name: atom, valueStart: start, valueLength: length)
        } else {
            attribute = Int32(attributes.count)
            attributes.append(Attribute(name: atom, valueStart: start, valueLength: length))
        }
        var tail = last ?? nodes[Int(element)].dataStart
        if tail == Self.none {
            nodes[Int(element)].dataStart = attribute
            return attribute
        }
        while attributes[Int(tail)].next != Self.none { tail = attributes[Int(tail)].next }
        attributes[Int(tail)].next = attribute
        return attribute
    }

    /// Appends UTF-8 to `storage` and returns where it went.
    ///
    /// Storage only grows; when replaced text would overflow 32-bit offsets it is compacted first.
    mutating func store(bytes: UnsafeBufferPointer<UInt8>) -> (start: Int32, length: Int32) {
        if storage.count + bytes.count > Int(Int32.max) { compactStorage() }
        precondition(storage.count + bytes.count <= Int(Int32.max), "HTMLDocument text exceeds 2 GB")
        let start = Int32(storage.count)
        storage.append(contentsOf: bytes)
        return (start, Int32(bytes.count))
    }

    /// Appends UTF-8 to the data of a text node, in place when its data ends `storage`.
    ///
    /// A text node that must move (something was stored after it, as when text is foster
    /// parented around table markup) moves with as much room again after it, so a node that
    /// keeps growing that way is copied a logarithmic number of times, not once per append.
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>, to node: Int32) {
        let range = dataRange(of: node)
        if range.upperBound == storage.count {
            let added = store(bytes: bytes)
            nodes[Int(node)].dataLength += added.length
            return
        }
        if node == textWithRoom.node && range.upperBound + bytes.count <= textWithRoom.end {
            storage.withUnsafeMutableBufferPointer { storage in
                for (offset, byte) in bytes.enumerated() { storage[range.upperBound + offset] = byte }
            }
            nodes[Int(node)].dataLength += Int32(bytes.count)
            return
        }
        let moved = Array(storage[range])
        let length = moved.count + bytes.count
        if storage.count + 2 * length > Int(Int32.max) { compactStorage() }
        nodes[Int(node)].dataStart = Int32(storage.count)
        nodes[Int(node)].dataLength = Int32(length)
        storage.append(contentsOf: moved)
        storage.append(contentsOf: bytes)
        storage.append(contentsOf: repeatElement(0, count: length))
        textWithRoom = (node, storage.count)
    }

    /// A detached copy of an element with its attributes (their values shared), without children.
    mutating func cloneElement(_ node: Int32) -> Int32 {
        let original = nodes[Int(node)]
        let clone = appendNode(Node(kind: original.kind, namespace: original.namespace,
                                    flags: original.flags & (NodeFlags.htmlIntegrationPoint | NodeFlags.mathMLTextIntegrationPoint),
                                    name: original.name))
        var attribute = original.dataStart
        var last = Self.none
        while original.kind == .element && attribute != Self.none {
            let copied = attributes[Int(attribute)]
            last = appendAttribute(atom: copied.name, start: copied.valueStart, length: copied.valueLength, to: clone, after: last)
            if let namespace = attributeNamespaces[attribute] { attributeNamespaces[last] = namespace }
            attribute = copied.next
        }
        if let naming = elementNamings[node] { elementNamings[clone] = naming }
        return clone
    }

    /// A detached deep copy of a node: elements as `cloneElement` copies them, with copies of
    /// their children; text, comments, CDATA sections and processing instructions with their data.
    mutating func cloneSubtree(_ node: Int32) -> Int32 {
        let original = nodes[Int(node)]
        switch original.kind {
        case .element:
            let clone = cloneElement(node)
            var child = original.firstChild
            while child != Self.none {
                link(cloneSubtree(child), into: clone, before: Self.none)
                child = nodes[Int(child)].next
            }
            return clone
        case .text, .comment, .cdataSection, .processingInstruction:
            let data = Array(storage[dataRange(of: node)])
            let range = data.withUnsafeBufferPointer { store(bytes: $0) }
            let clone = appendNode(Node(kind: original.kind, dataStart: range.start, dataLength: range.length))
            if let target = processingInstructionTargets[node] { processingInstructionTargets[clone] = target }
            return clone
        case .doctype:
            let clone = appendNode(Node(kind: .doctype))
            doctypes[clone] = doctypes[node]
            return clone
        case .document, .documentFragment:
            return appendNode(Node(kind: original.kind))
        }
    }

    /// Whether two elements have the same name, namespace and attributes (in any order).
    func hasSameNameAndAttributes(_ first: Int32, _ second: Int32) -> Bool {
        let a = nodes[Int(first)], b = nodes[Int(second)]
        guard a.name == b.name, a.namespace == b.namespace, elementNamings[first] == elementNamings[second] else { return false }
        var countA = 0, countB = 0
        var attribute = a.dataStart
        while attribute != Self.none { countA += 1; attribute = attributes[Int(attribute)].next }
        attribute = b.dataStart
        while attribute != Self.none { countB += 1; attribute = attributes[Int(attribute)].next }
        guard countA == countB else { return false }
        attribute = a.dataStart
        while attribute != Self.none {
            let name = attributes[Int(attribute)].name
            guard let other = attributeIndex(name, of: second), attributeNamespaces[Int32(other)] == attributeNamespaces[attribute],
                  storage[attributeRange(Int(attribute))].elementsEqual(storage[attributeRange(other)]) else { return false }
            attribute = attributes[Int(attribute)].next
        }
        return true
    }

    /// Moves every child of one node to the end of another's children.
    mutating func moveChildren(of source: Int32, to destination: Int32) {
        var child = nodes[Int(source)].firstChild
        while child != Self.none {
            let next = nodes[Int(child)].next
            remove(NodeID(child))
            link(child, into: destination, before: Self.none)
            child = next
        }
    }

    private mutating func store(_ text: String) -> (start: Int32, length: Int32) {
        compactStorageIfWasteful()
        var text = text
        return text.withUTF8 { store(bytes: $0) }
    }

    /// Rewrites `storage` keeping only the bytes some node or attribute still refers to.
    private mutating func compactStorage() {
        textWithRoom = (Self.none, 0)
        var compacted: [UInt8] = []
        for index in nodes.indices where nodes[index].parent != Self.freed {
            switch nodes[index].kind {
            case .text, .comment, .processingInstruction, .cdataSection: break
            case .document, .element, .documentFragment, .doctype: continue
            }
            let range = dataRange(of: Int32(index))
            nodes[index].dataStart = Int32(compacted.count)
            compacted.append(contentsOf: storage[range])
        }
        for index in attributes.indices {
            let range = attributeRange(index)
            attributes[index].valueStart = Int32(compacted.count)
            compacted.append(contentsOf: storage[range])
        }
        storage = compacted
        garbageBytes = 0
    }

    // MARK: - Internal access for the layout

    /// Where the UTF-8 of a text or comment node lies in `storage`.
    func dataRange(of node: Int32) -> Range<Int> {
        let start = Int(nodes[Int(node)].dataStart)
        return start..<(start + Int(nodes[Int(node)].dataLength))
    }

    /// Where the value of an attribute lies in `storage`.
    func attributeRange(_ attribute: Int) -> Range<Int> {
        let start = Int(attributes[attribute].valueStart)
        return start..<(start + Int(attributes[attribute].valueLength))
    }

    /// The attribute slot of a name on a node, if the node is an element that has it.
    func attributeIndex(_ atom: Int32, of node: Int32) -> Int? {
        guard nodes[Int(node)].kind == .element else { return nil }
        var attribute = nodes[Int(node)].dataStart
        while attribute != Self.none {
            if attributes[Int(attribute)].name == atom { return Int(attribute) }
            attribute = attributes[Int(attribute)].next
        }
        return nil
    }

    /// Puts an attribute in a namespace (the parser's foreign attributes).
    mutating func setNamespace(_ namespace: String, ofAttribute attribute: Int32) {
        attributeNamespaces[attribute] = namespace
    }

    func hasAttribute(_ name: KnownName, of node: Int32) -> Bool {
        attributeIndex(name.rawValue, of: node) != nil
    }

    /// The value of a known attribute.
    func attribute(_ name: KnownName, of node: Int32) -> String? {
        attributeIndex(name.rawValue, of: node).map { string(in: attributeRange($0)) }
    }

    /// Text from `storage`, with any malformed UTF-8 repaired.
    func string(in range: Range<Int>) -> String {
        storage.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The node after `node` in document order, staying inside the subtree of `top`.
    func following(_ node: Int32, within top: Int32, descending: Bool = true) -> Int32 {
        if descending, nodes[Int(node)].firstChild != Self.none { return nodes[Int(node)].firstChild }
        var current = node
        while current != top {
            let next = nodes[Int(current)].next
            if next != Self.none { return next }
            current = nodes[Int(current)].parent
            if current == Self.none { return Self.none }
        }
        return Self.none
    }

    /// The nearest ancestor element with a given name.
    func ancestor(named name: KnownName, of node: Int32) -> Int32? {
        var current = nodes[Int(node)].parent
        while current != Self.none {
            if nodes[Int(current)].name == name.rawValue { return current }
            current = nodes[Int(current)].parent
        }
        return nil
    }

    private func id(_ index: Int32) -> NodeID? { index == Self.none ? nil : NodeID(index) }
}

extension HTMLDocument {
    /// The children of a node, in order; a snapshot taken when the sequence was made.
    public struct Children: Sequence, IteratorProtocol, Sendable {
        let nodes: [Node]
        var upcoming: Int32

        public mutating func next() -> NodeID? {
            guard upcoming != HTMLDocument.none else { return nil }
            defer { upcoming = nodes[Int(upcoming)].next }
            return NodeID(upcoming)
        }
    }
}

/// Collapses runs of HTML whitespace to one space and trims both ends.
func collapsingWhitespace(_ text: String) -> String {
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for byte in text.utf8 {
        if byte.isHTMLWhitespace {
            pendingSpace = !result.isEmpty
        } else {
            if pendingSpace { result.append(0x20) }
            pendingSpace = false
            result.append(byte)
        }
    }
    return String(decoding: result, as: UTF8.self)
}

extension UInt8 {
    /// Space, tab, line feed, form feed or carriage return.
    var isHTMLWhitespace: Bool {
        self == 0x20 || self == 0x0A || self == 0x09 || self == 0x0C || self == 0x0D
    }
}

/// A shadow root's host and the settings `attachShadow` gave it (DOM §4.8).
public struct ShadowRootLink: Sendable, Equatable {
    public var host: NodeID
    public var mode: String
    public var delegatesFocus: Bool
    public var slotAssignment: String
    public var clonable: Bool
    public var serializable: Bool

    public init(host: NodeID, mode: String, delegatesFocus: Bool, slotAssignment: String, clonable: Bool, serializable: Bool) {
        self.host = host
        self.mode = mode
        self.delegatesFocus = delegatesFocus
        self.slotAssignment = slotAssignment
        self.clonable = clonable
        self.serializable = serializable
    }
}
