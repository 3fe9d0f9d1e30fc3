import PageKit

/// The DOM's tree rules over PageKit's arena: node types, insertion validity, cloning, queries.
extension ScriptPage {
    /// The DOM `nodeType` of a node (secondary documents are fragment nodes marked as documents).
    func nodeType(_ node: NodeID) -> Int {
        switch document.kind(of: node) {
        case .element: return 1
        case .text: return 3
        case .comment: return 8
        case .cdataSection: return 4
        case .processingInstruction: return 7
        case .doctype: return 10
        case .document: return 9
        case .documentFragment: return documentNodes.contains(Int32(node.rawValue)) ? 9 : 11
        }
    }

    func isDocumentNode(_ node: NodeID) -> Bool { nodeType(node) == 9 }

    /// Records which script-made document created a node (the page's own is the default).
    func noteCreator(of node: NodeID, owner: NodeID?) {
        if let owner, owner != document.root, isDocumentNode(owner) {
            creators[Int32(node.rawValue)] = Int32(owner.rawValue)
        }
    }

    /// The topmost ancestor (the node itself when detached).
    func rootOf(_ node: NodeID) -> NodeID {
        var current = node
        while let parent = document.parent(of: current) { current = parent }
        return current
    }

    /// The document a node belongs to: the document at the top of its tree, else the one
    /// that created it (the page's own unless a script-made document did).
    func ownerDocument(_ node: NodeID) -> NodeID {
        let root = rootOf(node)
        if isDocumentNode(root) { return root }
        if let creator = creators[Int32(node.rawValue)] ?? creators[Int32(root.rawValue)],
           let owner = document.node(rawValue: Int(creator)) { return owner }
        return document.root
    }

    func elementChildren(_ node: NodeID) -> [NodeID] {
        document.children(of: node).filter { document.kind(of: $0) == .element }
    }

    /// Why inserting `node` into `parent` before `child` would break the tree: 0 when it would
    /// not, 1 HierarchyRequestError, 2 NotFoundError (the DOM's "ensure pre-insertion validity",
    /// or with `replacing` the checks of "replace a child", whose child is `replacing`).
    func insertionError(_ node: NodeID, into parent: NodeID, before child: NodeID?, replacing: NodeID? = nil) -> Int {
        let parentType = nodeType(parent)
        guard parentType == 1 || parentType == 9 || parentType == 11 else { return 1 }
        var ancestor: NodeID? = parent
        while let current = ancestor {
            if current == node { return 1 }
            ancestor = document.parent(of: current)
        }
        let reference = replacing ?? child
        if let reference, document.parent(of: reference) != parent { return 2 }
        let type = nodeType(node)
        if type == 9 { return 1 }
        if (type == 3 || type == 4) && parentType == 9 { return 1 }
        if type == 10 && parentType != 9 { return 1 }
        guard parentType == 9 else { return 0 }
        let children = Array(document.children(of: parent))
        let referenceIndex = reference.flatMap { children.firstIndex(of: $0) }
        let hasElement = children.contains { nodeType($0) == 1 && $0 != replacing }
        let doctypeFollows = referenceIndex.map { index in children[index...].contains { nodeType($0) == 10 && $0 != replacing } } ?? false
        switch type {
        case 11:
            var elements = 0
            for grandchild in document.children(of: node) {
                switch nodeType(grandchild) {
                case 1: elements += 1
                case 3, 4: return 1
                default: break
                }
            }
            if elements > 1 { return 1 }
            if elements == 1 && (hasElement || doctypeFollows || (replacing == nil && reference.map { nodeType($0) == 10 } == true)) { return 1 }
        case 1:
            if hasElement || doctypeFollows || (replacing == nil && reference.map { nodeType($0) == 10 } == true) { return 1 }
        case 10:
            if children.contains(where: { nodeType($0) == 10 && $0 != replacing }) { return 1 }
            if let referenceIndex {
                if children[..<referenceIndex].contains(where: { nodeType($0) == 1 }) { return 1 }
            } else if children.contains(where: { nodeType($0) == 1 }) {
                return 1
            }
        default: break
        }
        return 0
    }

    /// Inserts a node (a fragment's children) before `child` or last; scripts inserted into the
    /// document run. Returns an insertion error code (see `insertionError`).
    func insert(_ node: NodeID, into parent: NodeID, before child: NodeID?) -> Int {
        let error = insertionError(node, into: parent, before: child)
        guard error == 0 else { return error }
        var reference = child
        if reference == node { reference = document.nextSibling(of: node) }
        let moved: [NodeID] = nodeType(node) == 11 ? Array(document.children(of: node)) : [node]
        for item in moved {
            if let reference {
                try? document.insert(item, before: reference)
            } else {
                try? document.appendChild(item, to: parent)
            }
        }
        version += 1
        if isConnected(parent) {
            attachFrames(in: moved)
            runInsertedScripts(moved)
        }
        return 0
    }

    /// Scripts a script inserted into the document run then ("prepare the script element").
    private func runInsertedScripts(_ roots: [NodeID]) {
        var scripts: [NodeID] = []
        for root in roots {
            if document.name(of: root) == "script" { scripts.append(root) }
            var stack = Array(document.children(of: root))
            while let node = stack.popLast() {
                if document.name(of: node) == "script" { scripts.append(node) }
                stack.append(contentsOf: document.children(of: node))
            }
        }
        for script in scripts where !startedScripts.contains(Int32(script.rawValue)) {
            prepareScript(script, parserInserted: false)
        }
    }

    /// A copy of a node (and its subtree when deep), detached, owned by `owner`.
    func clone(_ node: NodeID, deep: Bool, owner: NodeID?) -> NodeID {
        func copy(_ source: NodeID) -> NodeID {
            let made: NodeID
            switch document.kind(of: source) {
            case .element:
                made = document.copyElement(source)
                if startedScripts.contains(Int32(source.rawValue)) { startedScripts.insert(Int32(made.rawValue)) }
                if let state = controls[Int32(source.rawValue)] { controls[Int32(made.rawValue)] = state }
            case .text: made = document.createText(document.text(of: source) ?? "")
            case .comment: made = document.createComment(document.text(of: source) ?? "")
            case .cdataSection: made = document.createCDATASection(document.text(of: source) ?? "")
            case .processingInstruction:
                made = document.createProcessingInstruction(target: document.processingInstructionTarget(of: source) ?? "",
                                                            data: document.text(of: source) ?? "")
            case .doctype: made = document.createDoctype(document.doctypeFields(of: source) ?? .init(name: ""))
            case .document, .documentFragment:
                made = document.createDocumentFragment()
                if isDocumentNode(source) {
                    documentNodes.insert(Int32(made.rawValue))
                    documentContentTypes[Int32(made.rawValue)] = documentContentTypes[Int32(source.rawValue)]
                    quirksModes[Int32(made.rawValue)] = source == document.root ? document.quirksMode : quirksModes[Int32(source.rawValue)]
                }
            }
            let creator = owner ?? ownerDocument(source)
            if creator != document.root { creators[Int32(made.rawValue)] = Int32(creator.rawValue) }
            // A template's cloning steps: a deep copy copies its contents too.
            if deep, let content = templateContents[Int32(source.rawValue)] {
                let copiedContent = templateContent(made)
                for child in document.children(of: content) {
                    try? document.appendChild(clone(child, deep: true, owner: ownerDocument(copiedContent)), to: copiedContent)
                }
            }
            return made
        }
        let top = copy(node)
        guard deep else { return top }
        var stack: [(NodeID, NodeID)] = document.children(of: node).reversed().map { ($0, top) }
        while let (source, parent) = stack.popLast() {
            let made = copy(source)
            try? document.appendChild(made, to: parent)
            stack.append(contentsOf: document.children(of: source).reversed().map { ($0, made) })
        }
        return top
    }

    /// Every element under `root` (not `root` itself), in document order.
    func descendantElements(of root: NodeID, where matches: (NodeID) -> Bool) -> [NodeID] {
        var result: [NodeID] = []
        var stack = Array(document.children(of: root).reversed())
        while let node = stack.popLast() {
            guard document.kind(of: node) == .element else { continue }
            if matches(node) { result.append(node) }
            stack.append(contentsOf: document.children(of: node).reversed())
        }
        return result
    }

    /// The elements of `getElementsByTagName(name)` (DOM §4.4 "list of elements with qualified
    /// name"): in an HTML document an HTML element matches the name in ASCII lowercase, any
    /// other element its qualified name exactly.
    func elementsByTag(_ root: NodeID, _ name: String) -> [NodeID] {
        if name == "*" { return descendantElements(of: root) { _ in true } }
        let owner = ownerDocument(root)
        let htmlDocument = owner == document.root ? xmlContentType == nil : (documentContentTypes[Int32(owner.rawValue)] ?? "text/html") == "text/html"
        let lowered = htmlDocument ? asciiLowercased(name) : name
        let colon = name.firstIndex(of: ":")
        return descendantElements(of: root) { element in
            let prefix = document.prefix(of: element)
            let wanted = htmlDocument && document.namespace(of: element) == .html ? lowered : name
            guard let local = document.name(of: element) else { return false }
            guard let prefix else { return colon == nil && local.utf8.elementsEqual(wanted.utf8) }
            return colon != nil && (prefix + ":" + local).utf8.elementsEqual(wanted.utf8)
        }
    }

    /// `text` with only A–Z lowercased (DOM's "ASCII lowercase").
    func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// The elements of `getElementsByClassName(names)` (DOM §4.4 "list of elements with class
    /// names"): classes compared code point by code point (Swift's `==` would take U+2000 for
    /// U+2002), in ASCII case-insensitively in a quirks-mode document.
    func elementsByClass(_ root: NodeID, _ names: String) -> [NodeID] {
        let owner = ownerDocument(root)
        let mode = owner == document.root ? document.quirksMode : quirksModes[Int32(owner.rawValue)] ?? .noQuirks
        let quirks = mode == .quirks
        func tokens(_ text: String) -> [[UInt8]] {
            text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C })
                .map { quirks ? $0.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } : Array($0) }
        }
        let wanted = tokens(names)
        guard !wanted.isEmpty else { return [] }
        return descendantElements(of: root) { element in
            guard let value = document.attribute("class", of: element) else { return false }
            let classes = tokens(value)
            return wanted.allSatisfy { classes.contains($0) }
        }
    }

    func elementByID(_ root: NodeID, _ identifier: String) -> NodeID? {
        guard !identifier.isEmpty else { return nil }
        if root == document.root { return document.element(withID: identifier) }
        return descendantElements(of: root) { document.attribute("id", of: $0) == identifier }.first
    }

    /// The elements among `root` and its shadow-including descendants (DOM §4.2.2: a host's
    /// shadow tree comes right after the host), in that order, that satisfy `matches`.
    func shadowIncludingElements(of root: NodeID, where matches: (NodeID) -> Bool) -> [NodeID] {
        var result: [NodeID] = []
        var stack = [root]
        let shadowRoots = document.shadowRoots
        while let node = stack.popLast() {
            if document.kind(of: node) == .element && matches(node) { result.append(node) }
            stack.append(contentsOf: document.children(of: node).reversed())
            if !shadowRoots.isEmpty, let shadowRoot = shadowRoots[Int32(node.rawValue)] { stack.append(shadowRoot) }
        }
        return result
    }

    /// `compareDocumentPosition` (DOM standard), for nodes of one arena.
    func position(of other: NodeID, relativeTo node: NodeID) -> Int {
        if other == node { return 0 }
        func ancestors(_ start: NodeID) -> [NodeID] {
            var chain = [start]
            while let parent = document.parent(of: chain[chain.count - 1]) { chain.append(parent) }
            return chain
        }
        let chainA = ancestors(node), chainB = ancestors(other)
        guard chainA.last == chainB.last else {
            return 1 | 32 | (other.rawValue < node.rawValue ? 2 : 4)
        }
        if chainA.contains(other) { return 8 | 2 }
        if chainB.contains(node) { return 16 | 4 }
        var a = chainA.count - 1, b = chainB.count - 1
        while a > 0 && b > 0 && chainA[a - 1] == chainB[b - 1] { a -= 1; b -= 1 }
        let parent = chainA[a]
        let childA = chainA[a - 1], childB = chainB[b - 1]
        for child in document.children(of: parent) {
            if child == childA { return 4 }
            if child == childB { return 2 }
        }
        _ = parent
        return 4
    }

    /// Whether two subtrees are equal (`isEqualNode`).
    /// The DOM's "equals" over two subtrees, pair by pair on an explicit stack (an XML
    /// document may be 5,000 elements deep).
    func equalNodes(_ a: NodeID, _ b: NodeID) -> Bool {
        var pending = [(a, b)]
        while let (first, second) = pending.popLast() {
            guard equalNodeFields(first, second) else { return false }
            let childrenA = Array(document.children(of: first)), childrenB = Array(document.children(of: second))
            guard childrenA.count == childrenB.count else { return false }
            pending.append(contentsOf: zip(childrenA, childrenB))
        }
        return true
    }

    /// Whether two nodes are equal leaving their children aside.
    private func equalNodeFields(_ a: NodeID, _ b: NodeID) -> Bool {
        guard document.kind(of: a) == document.kind(of: b), document.name(of: a) == document.name(of: b),
              document.namespaceURI(of: a) == document.namespaceURI(of: b), document.prefix(of: a) == document.prefix(of: b),
              document.text(of: a) == document.text(of: b),
              document.doctypeFields(of: a) == document.doctypeFields(of: b),
              document.processingInstructionTarget(of: a) == document.processingInstructionTarget(of: b) else { return false }
        // The DOM's "equals": attributes by namespace, local name and value, in any order.
        func attributeKeys(_ node: NodeID) -> [String] {
            document.namespacedAttributes(of: node).map { attribute in
                let local = attribute.namespace == nil ? attribute.name : String(attribute.name.split(separator: ":", maxSplits: 1).last ?? "")
                return (attribute.namespace ?? "") + "\u{0}" + local + "\u{0}" + attribute.value
            }.sorted()
        }
        return attributeKeys(a) == attributeKeys(b)
    }

    /// Merges adjacent text nodes and drops empty ones (`normalize`).
    func normalize(_ node: NodeID) {
        var stack = [node]
        while let current = stack.popLast() {
            var child = document.firstChild(of: current)
            while let item = child {
                let next = document.nextSibling(of: item)
                if document.kind(of: item) == .text {
                    var text = document.text(of: item) ?? ""
                    // DOM §4.4 normalize: an empty Text node goes, the next one takes the run.
                    if text.isEmpty {
                        document.remove(item)
                        child = next
                        continue
                    }
                    var following = next
                    while let sibling = following, document.kind(of: sibling) == .text {
                        text += document.text(of: sibling) ?? ""
                        following = document.nextSibling(of: sibling)
                        document.remove(sibling)
                    }
                    if text.isEmpty { document.remove(item) } else { document.setText(text, of: item) }
                    child = following
                } else {
                    stack.append(item)
                    child = next
                }
            }
        }
        version += 1
    }

    /// Replaces an element's children with markup parsed in its context (`innerHTML`);
    /// scripts in it never run.
    /// False (and nothing changed) when the markup is XML that is not well-formed.
    func setInnerHTML(_ node: NodeID, _ html: String) -> Bool {
        let target = document.name(of: node) == "template" ? templateContent(node) : node
        guard let fragment = parseFragment(html, context: node, asBodyIfHTML: false) else { return false }
        while let child = document.firstChild(of: target) { document.remove(child) }
        for child in Array(document.children(of: fragment)) { try? document.appendChild(child, to: target) }
        document.free(fragment)
        version += 1
        detachDisconnectedFrames()
        if document.mayContainFrames, isConnected(target) { attachFrames(in: Array(document.children(of: target))) }
        return true
    }

    /// Parses markup as children of a context node into a new fragment (HTML's fragment
    /// parsing algorithm); its scripts are marked as already started unless `scriptsRun`
    /// (`createContextualFragment`).
    ///
    /// A context that is not an element is a new `body` (`outerHTML` in a fragment), as is an
    /// `html` element when `asBodyIfHTML` (`insertAdjacentHTML`, `createContextualFragment`).
    /// In an XML document, the XML fragment parsing algorithm: nil when not well-formed.
    func parseFragment(_ html: String, context: NodeID, scriptsRun: Bool = false, asBodyIfHTML: Bool = true) -> NodeID? {
        let contextOwner = ownerDocument(context)
        if documentContentTypes[Int32(contextOwner.rawValue)] != nil {
            guard let fragment = XMLParser.parseFragment(html, context: context, into: &document) else { return nil }
            for node in descendantElements(of: fragment, where: { _ in true }) {
                creators[Int32(node.rawValue)] = Int32(contextOwner.rawValue)
                if !scriptsRun, document.name(of: node) == "script" { startedScripts.insert(Int32(node.rawValue)) }
            }
            creators[Int32(fragment.rawValue)] = Int32(contextOwner.rawValue)
            return fragment
        }
        var parsingContext = context
        var temporaryContext: NodeID?
        if document.kind(of: context) != .element
            || (asBodyIfHTML && document.name(of: context) == "html" && document.namespace(of: context) == .html) {
            let body = document.createElement("body")
            temporaryContext = body
            parsingContext = body
        }
        let nodes = HTMLParser.parseFragment(html, context: parsingContext, into: &document,
                                             options: HTMLParser.Options(scriptingEnabled: true))
        if let temporaryContext { document.free(temporaryContext) }
        let fragment = document.createDocumentFragment()
        for node in nodes { try? document.appendChild(node, to: fragment) }
        let owner = ownerDocument(context)
        if !scriptsRun || owner != document.root {
            for script in descendantElements(of: fragment, where: { document.name(of: $0) == "script" }) {
                startedScripts.insert(Int32(script.rawValue))
            }
        }
        if owner != document.root {
            creators[Int32(fragment.rawValue)] = Int32(owner.rawValue)
            for node in descendantElements(of: fragment, where: { _ in true }) { creators[Int32(node.rawValue)] = Int32(owner.rawValue) }
        }
        return fragment
    }

    /// A new document (`DOMParser`, `responseType = "document"`) holding parsed markup; its
    /// scripts never run.
    func parseDocument(_ html: String) -> NodeID {
        // DOMParser and XHR parse with scripting disabled (DOM Parsing §4; XHR's document response).
        let (fragment, quirksMode) = parseDocumentNodes(html, scriptingEnabled: false)
        documentNodes.insert(Int32(fragment.rawValue))
        documentURLs[Int32(fragment.rawValue)] = url
        if quirksMode != .noQuirks { quirksModes[Int32(fragment.rawValue)] = quirksMode }
        for node in descendantElements(of: fragment, where: { _ in true }) {
            creators[Int32(node.rawValue)] = Int32(fragment.rawValue)
            if document.name(of: node) == "script" { startedScripts.insert(Int32(node.rawValue)) }
        }
        return fragment
    }

    /// A new XML document (`DOMParser` with an XML type) parsed by PageKit's XML parser, with
    /// WebKit's `parsererror` report when it is not well-formed; its scripts never run.
    func parseXMLDocument(_ text: String, type: String, orNoneOnError: Bool = false) -> NodeID? {
        let made = document.createDocumentFragment()
        let outcome = XMLParser.parse(text, into: &document, under: made)
        if orNoneOnError && outcome.errorMessages != nil {
            document.free(made)
            return nil
        }
        documentNodes.insert(Int32(made.rawValue))
        documentContentTypes[Int32(made.rawValue)] = type
        documentURLs[Int32(made.rawValue)] = url
        if let declaration = outcome.declaration { xmlDeclarations[Int32(made.rawValue)] = declaration }
        for node in descendantElements(of: made, where: { _ in true }) {
            creators[Int32(node.rawValue)] = Int32(made.rawValue)
            if document.name(of: node) == "script" { startedScripts.insert(Int32(node.rawValue)) }
        }
        version += 1
        return made
    }

    /// The XML serialization of a node (`XMLSerializer`, and markup in XML documents); nil when
    /// the require well-formed flag finds it cannot be (the caller throws InvalidStateError).
    func serializeXML(_ node: NodeID, outer: Bool, requireWellFormed: Bool = false) -> String? {
        let declaration = isDocumentNode(node) ? xmlDeclarations[Int32(node.rawValue)] : nil
        return try? document.serializeXML(node, outer: outer, requireWellFormed: requireWellFormed, declaration: declaration)
    }

    /// Parses a whole document and copies its nodes into a new, detached
    /// fragment of the page's arena: every node a script sees lives in the one tree.
    func parseDocumentNodes(_ html: String, scriptingEnabled: Bool = true) -> (NodeID, HTMLDocument.QuirksMode) {
        let parsed = HTMLParser.parse(html, options: HTMLParser.Options(scriptingEnabled: scriptingEnabled))
        let fragment = document.createDocumentFragment()
        var stack: [(NodeID, NodeID)] = parsed.children(of: parsed.root).reversed().map { ($0, fragment) }
        while let (source, parent) = stack.popLast() {
            let copy: NodeID
            switch parsed.kind(of: source) {
            case .text: copy = document.createText(parsed.text(of: source) ?? "")
            case .comment: copy = document.createComment(parsed.text(of: source) ?? "")
            case .cdataSection: copy = document.createCDATASection(parsed.text(of: source) ?? "")
            case .processingInstruction:
                copy = document.createProcessingInstruction(target: parsed.processingInstructionTarget(of: source) ?? "",
                                                            data: parsed.text(of: source) ?? "")
            case .doctype: copy = document.createDoctype(parsed.doctypeFields(of: source) ?? .init(name: ""))
            case .element:
                copy = document.createElement(localName: parsed.name(of: source) ?? "span", namespaceURI: parsed.namespaceURI(of: source),
                                              prefix: nil)
                for attribute in parsed.namespacedAttributes(of: source) {
                    document.setAttribute(namespace: attribute.namespace, qualifiedName: attribute.name, attribute.value, of: copy)
                }
            case .document, .documentFragment:
                copy = document.createDocumentFragment()
            }
            try? document.appendChild(copy, to: parent)
            stack.append(contentsOf: parsed.children(of: source).reversed().map { ($0, copy) })
        }
        return (fragment, parsed.quirksMode)
    }

    /// A template's contents: its children moved, on first use, into a fragment of their own.
    func templateContent(_ template: NodeID) -> NodeID {
        if let content = templateContents[Int32(template.rawValue)] { return content }
        let content = document.createDocumentFragment()
        for child in Array(document.children(of: template)) { try? document.appendChild(child, to: content) }
        version += 1
        templateContents[Int32(template.rawValue)] = content
        creators[Int32(content.rawValue)] = Int32(inertTemplateDocument(for: ownerDocument(template)).rawValue)
        return content
    }

    /// HTML's "associated inert template document" of a document: one with no browsing
    /// context, made on first use (an inert document is its own).
    func inertTemplateDocument(for owner: NodeID) -> NodeID {
        if inertDocuments.values.contains(owner) { return owner }
        if let made = inertDocuments[Int32(owner.rawValue)] { return made }
        let made = document.createDocumentFragment()
        documentNodes.insert(Int32(made.rawValue))
        inertDocuments[Int32(owner.rawValue)] = made
        return made
    }

    func serialize(_ node: NodeID, outer: Bool) -> String {
        if documentContentTypes[Int32(ownerDocument(node).rawValue)] != nil {
            return serializeXML(node, outer: outer) ?? ""
        }
        return outer ? document.serialize(node, scriptingEnabled: true) : document.serializeChildren(of: node, scriptingEnabled: true)
    }

    /// After `document.write` once the page has loaded: the document replaced by the markup.
    func replaceDocument(with html: String) {
        while let child = document.firstChild(of: document.root) { document.remove(child) }
        let (fragment, quirksMode) = parseDocumentNodes(html)
        document.quirksMode = quirksMode
        for child in Array(document.children(of: fragment)) { try? document.appendChild(child, to: document.root) }
        for script in descendantElements(of: document.root, where: { document.name(of: $0) == "script" }) {
            startedScripts.insert(Int32(script.rawValue))
        }
        document.free(fragment)
        version += 1
    }

    // MARK: - Title

    func titleElement(in root: NodeID) -> NodeID? {
        descendantElements(of: root) { document.name(of: $0) == "title" }.first
    }

    func title(of root: NodeID) -> String {
        guard let element = titleElement(in: root) else { return "" }
        return document.textContent(of: element).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{0C}" })
            .joined(separator: " ")
    }

    func setTitle(of root: NodeID, _ text: String) {
        if let element = titleElement(in: root) {
            document.setText(text, of: element)
        } else {
            guard let html = elementChildren(root).first,
                  let head = elementChildren(html).first(where: { document.name(of: $0) == "head" }) else { return }
            let element = document.createElement("title")
            try? document.appendChild(element, to: head)
            document.setText(text, of: element)
        }
        version += 1
    }
}
