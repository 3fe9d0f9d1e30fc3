import PageKit

/// The window's named properties (HTML §7.2.2.3 "named access on the Window object"), as
/// WebKit 2.50 answers them: a document-tree element whose `id` is the name (in any namespace),
/// an HTML `embed`, `form`, `img` or `object` whose `name` is, and a child frame whose `name` is.
/// The names are read in one walk and kept until the tree changes, so a global lookup that
/// misses (`typeof define`) costs a set lookup.
extension ScriptPage {
    /// The elements a window's named property `name` stands for, in tree order.
    func windowNamedElements(of world: PageWorld, named name: String) -> [NodeID] {
        guard !name.isEmpty else { return [] }
        return descendantElements(of: world.frame?.document ?? document.root) { element in
            document.attribute("id", of: element) == name
                || (Self.namedByNameAttribute(document.name(of: element), document.namespace(of: element))
                    && document.attribute("name", of: element) == name)
        }
    }

    /// Every name a window's named properties object answers for (frames' names included; the
    /// prelude checks which frames have windows).
    func windowPropertyNames(of world: PageWorld) -> Set<String> {
        var names: Set<String> = []
        _ = descendantElements(of: world.frame?.document ?? document.root) { element in
            if let id = document.attribute("id", of: element), !id.isEmpty { names.insert(id) }
            let localName = document.name(of: element), namespace = document.namespace(of: element)
            if Self.namedByNameAttribute(localName, namespace) || (namespace == .html && (localName == "iframe" || localName == "frame")),
               let name = document.attribute("name", of: element), !name.isEmpty {
                names.insert(name)
            }
            return false
        }
        return names
    }

    /// The elements a document's named property `name` stands for, in tree order (HTML §3.1.6):
    /// `embed`, `form`, `iframe`, `img` and `object` by `name`, `object` by `id`, and an `img`
    /// by `id` when it has a `name` too.
    func documentNamedElements(of root: NodeID, named name: String) -> [NodeID] {
        guard !name.isEmpty else { return [] }
        return descendantElements(of: root) { element in
            guard document.namespace(of: element) == .html, let localName = document.name(of: element) else { return false }
            switch localName {
            case "embed", "form", "iframe": return document.attribute("name", of: element) == name
            case "object": return document.attribute("name", of: element) == name || document.attribute("id", of: element) == name
            case "img":
                guard let own = document.attribute("name", of: element), !own.isEmpty else { return false }
                return own == name || document.attribute("id", of: element) == name
            default: return false
            }
        }
    }

    /// Every name a document's named properties answer for.
    func documentPropertyNames(of root: NodeID) -> Set<String> {
        var names: Set<String> = []
        _ = descendantElements(of: root) { element in
            guard document.namespace(of: element) == .html, let localName = document.name(of: element) else { return false }
            switch localName {
            case "embed", "form", "iframe", "img", "object":
                let name = document.attribute("name", of: element) ?? ""
                if !name.isEmpty { names.insert(name) }
                if localName == "object" || (localName == "img" && !name.isEmpty), let id = document.attribute("id", of: element), !id.isEmpty {
                    names.insert(id)
                }
            default: break
            }
            return false
        }
        return names
    }

    /// The elements a `name` attribute makes a window named property of.
    private static func namedByNameAttribute(_ localName: String?, _ namespace: HTMLDocument.Namespace?) -> Bool {
        guard namespace == .html else { return false }
        switch localName {
        case "embed", "form", "img", "object": return true
        default: return false
        }
    }
}

extension PageWorld {
    /// Whether `name` is one of the window's named properties now (the set is read again when
    /// the page's tree has changed since it was last read).
    func hasWindowNamedProperty(_ name: String) -> Bool {
        if windowNames?.version != page.version {
            windowNames = (page.version, page.windowPropertyNames(of: self))
        }
        return windowNames!.names.contains(name)
    }

    /// The value of a document's named property `name` (its raw ID `document`), or nil to read
    /// on: the prelude's resolver hides it behind an own property of that name.
    func documentNamedProperty(of document: Int32, _ name: String) -> ScriptValue? {
        guard !isDetached, !resolvingDocumentNamedProperty, let resolver = documentNamedPropertyResolver,
              currentDocumentNames(of: document).contains(name) else { return nil }
        resolvingDocumentNamedProperty = true
        defer { resolvingDocumentNamedProperty = false }
        switch context.call(resolver, [.int(Int(document)), .string(name)]) {
        case .success(.undefined), .failure: return nil
        case .success(let value): return value
        }
    }

    /// A document's named property names in tree order of first use (the own property keys).
    func documentNamedPropertyNames(of document: Int32) -> [String] {
        guard !isDetached, let node = page.document.node(rawValue: Int(document)) else { return [] }
        var seen: Set<String> = []
        var ordered: [String] = []
        let names = currentDocumentNames(of: document)
        for element in page.descendantElements(of: node, where: { _ in true }) {
            for attribute in ["name", "id"] {
                if let name = page.document.attribute(attribute, of: element), names.contains(name), seen.insert(name).inserted { ordered.append(name) }
            }
        }
        return ordered
    }

    /// Whether `name` (UTF-16) may be one of a document's named properties now: its hash is
    /// one of theirs (false while the resolver runs).
    func mayBeDocumentNamedProperty(_ document: Int32, _ name: UnsafeBufferPointer<UInt16>) -> Bool {
        guard !resolvingDocumentNamedProperty else { return false }
        _ = currentDocumentNames(of: document)
        guard let hashes = documentNames[document]?.hashes, !hashes.isEmpty else { return false }
        return hashes.contains(Self.nameHash(name))
    }

    /// FNV-1a over a name's UTF-16 code units.
    static func nameHash<Units: Sequence>(_ units: Units) -> UInt64 where Units.Element == UInt16 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in units { hash = (hash ^ UInt64(unit)) &* 0x100_0000_01b3 }
        return hash
    }

    /// A document's named property names as of the current tree.
    private func currentDocumentNames(of document: Int32) -> Set<String> {
        if let known = documentNames[document], known.version == page.version { return known.names }
        guard let node = page.document.node(rawValue: Int(document)) else { return [] }
        let names = page.documentPropertyNames(of: node)
        documentNames[document] = (page.version, names, Set(names.map { Self.nameHash($0.utf16) }))
        return names
    }

    /// The value of the window's named property `name` from the prelude's resolver, or nil
    /// (no such name, or a name the property visibility rules hide) to read on up the chain.
    func windowNamedProperty(_ name: String) -> ScriptValue? {
        guard !isDetached, let resolver = windowNamedPropertyResolver, hasWindowNamedProperty(name) else { return nil }
        switch context.call(resolver, [.string(name)]) {
        case .success(.undefined), .failure: return nil
        case .success(let value): return value
        }
    }
}
