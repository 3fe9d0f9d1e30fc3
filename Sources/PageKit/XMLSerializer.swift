/// The DOM Parsing standard's XML serialization (§3.2, "XML serialization"), for
/// `XMLSerializer.serializeToString` and `innerHTML`/`outerHTML` in XML documents, with
/// WebKit's escapes (MarkupAccumulator: tab, line feed and carriage return as character
/// references in attribute values; a processing instruction with no data keeps its space).
extension HTMLDocument {
    /// Why a node could not be serialized with the require well-formed flag set (the caller
    /// throws InvalidStateError).
    public struct XMLSerializationError: Error, Equatable, Sendable {
        public var reason: String
    }

    /// The XML serialization of a node (`outer`) or of its children; an XML declaration the
    /// document was parsed with comes first for a document, as WebKit writes it.
    public func serializeXML(_ node: NodeID, outer: Bool = true, requireWellFormed: Bool = false,
                             declaration: XMLParser.Declaration? = nil) throws(XMLSerializationError) -> String {
        var writer = XMLMarkupWriter(document: self, requireWellFormed: requireWellFormed)
        var output = ""
        if outer, kind(of: node) == .document || kind(of: node) == .documentFragment, let declaration {
            output += "<?xml version=\"\(declaration.version)\""
            if let encoding = declaration.encoding { output += " encoding=\"\(encoding)\"" }
            if let standalone = declaration.standalone { output += " standalone=\"\(standalone ? "yes" : "no")\"" }
            output += "?>"
        }
        let map: XMLMarkupWriter.PrefixMap = [Self.xmlNamespace: ["xml"]]
        if outer {
            try writer.write(node, namespace: nil, map: map)
        } else {
            let container = templateContents[node.index] ?? node
            for child in children(of: container) { try writer.write(child, namespace: nil, map: map) }
        }
        return output + writer.output
    }
}

/// One run of the XML serialization algorithm: its output and the shared prefix index.
struct XMLMarkupWriter {
    /// Namespace (nil: none) → the prefixes declared for it, in order.
    typealias PrefixMap = [String?: [String]]

    let document: HTMLDocument
    let requireWellFormed: Bool
    var output = ""
    var prefixIndex = 1

    init(document: HTMLDocument, requireWellFormed: Bool) {
        self.document = document
        self.requireWellFormed = requireWellFormed
    }

    /// A node still to write, or an end tag, on the explicit stack (deep trees do not recurse).
    enum Step {
        case node(NodeID, namespace: String?, map: PrefixMap)
        case endTag(String)
    }

    mutating func write(_ top: NodeID, namespace: String?, map: PrefixMap) throws(HTMLDocument.XMLSerializationError) {
        var stack: [Step] = [.node(top, namespace: namespace, map: map)]
        while let step = stack.popLast() {
            switch step {
            case .endTag(let name): output += "</\(name)>"
            case .node(let node, let namespace, let map):
                switch document.kind(of: node) {
                case .element:
                    if let (children, context, elementMap, endTag) = try startTag(node, contextNamespace: namespace, map: map) {
                        stack.append(.endTag(endTag))
                        for child in children.reversed() { stack.append(.node(child, namespace: context, map: elementMap)) }
                    }
                case .document, .documentFragment:
                    if requireWellFormed, document.kind(of: node) == .document,
                       !document.children(of: node).contains(where: { document.kind(of: $0) == .element }) {
                        throw .init(reason: "a document without a document element")
                    }
                    for child in Array(document.children(of: node)).reversed() { stack.append(.node(child, namespace: namespace, map: map)) }
                case .text:
                    let data = document.text(of: node) ?? ""
                    try checkCharacters(data)
                    output += escapedText(data)
                case .cdataSection:
                    output += "<![CDATA[\(document.text(of: node) ?? "")]]>"
                case .comment:
                    let data = document.text(of: node) ?? ""
                    if requireWellFormed {
                        try checkCharacters(data)
                        if data.contains("--") || data.hasSuffix("-") { throw .init(reason: "a comment with --") }
                    }
                    output += "<!--\(data)-->"
                case .processingInstruction:
                    let target = document.processingInstructionTarget(of: node) ?? ""
                    let data = document.text(of: node) ?? ""
                    if requireWellFormed {
                        try checkCharacters(data)
                        if target.contains(":") || target.lowercased() == "xml" || data.contains("?>") {
                            throw .init(reason: "a processing instruction that does not round-trip")
                        }
                    }
                    output += "<?\(target) \(data)?>"
                case .doctype:
                    let fields = document.doctypeFields(of: node) ?? .init(name: "")
                    if requireWellFormed, fields.systemID.contains("\"") && fields.systemID.contains("'") {
                        throw .init(reason: "a system identifier with both quotes")
                    }
                    output += "<!DOCTYPE \(fields.name)"
                    if !fields.publicID.isEmpty { output += " PUBLIC \"\(fields.publicID)\"" }
                    if !fields.systemID.isEmpty && fields.publicID.isEmpty { output += " SYSTEM" }
                    if !fields.systemID.isEmpty { output += " \"\(fields.systemID)\"" }
                    output += ">"
                }
            }
        }
    }

    /// §3.2.1.1 steps 2–14: the start tag written; the children to write with their inherited
    /// namespace and prefix map and the end tag, or nil when the tag closed itself.
    private mutating func startTag(_ element: NodeID, contextNamespace: String?, map inheritedMap: PrefixMap)
        throws(HTMLDocument.XMLSerializationError) -> (children: [NodeID], namespace: String?, map: PrefixMap, endTag: String)? {
        let localName = document.name(of: element) ?? ""
        if requireWellFormed, localName.contains(":") { throw .init(reason: "an element's local name with a colon") }
        var map = inheritedMap
        var localPrefixes: [String: String?] = [:]
        let attributes = document.namespacedAttributes(of: element).map(Attribute.init)
        let localDefaultNamespace = recordNamespaces(attributes, map: &map, localPrefixes: &localPrefixes)
        var inherited = contextNamespace
        let namespace = document.namespaceURI(of: element)
        var ignoreNamespaceDefinition = false
        let qualifiedName: String
        var markup = "<"
        if inherited == namespace {
            if localDefaultNamespace != nil { ignoreNamespaceDefinition = true }
            qualifiedName = namespace == HTMLDocument.xmlNamespace ? "xml:" + localName : localName
            markup += qualifiedName
        } else {
            var prefix = document.prefix(of: element)
            var candidate = preferredPrefix(prefix, for: namespace, in: map)
            if prefix == "xmlns" {
                if requireWellFormed { throw .init(reason: "an element prefixed xmlns") }
                candidate = prefix
            }
            if let candidate {
                qualifiedName = candidate + ":" + localName
                if let localDefaultNamespace, localDefaultNamespace != HTMLDocument.xmlNamespace {
                    inherited = localDefaultNamespace.isEmpty ? nil : localDefaultNamespace
                }
                markup += qualifiedName
            } else if prefix != nil {
                if localPrefixes[prefix!] != nil { prefix = generatePrefix(for: namespace, in: &map) } else { map[namespace, default: []].append(prefix!) }
                qualifiedName = prefix! + ":" + localName
                markup += qualifiedName + " xmlns:\(prefix!)=\"\(escapedAttribute(namespace ?? ""))\""
                if let localDefaultNamespace { inherited = localDefaultNamespace.isEmpty ? nil : localDefaultNamespace }
            } else if localDefaultNamespace == nil || localDefaultNamespace != (namespace ?? "") {
                ignoreNamespaceDefinition = true
                qualifiedName = localName
                inherited = namespace
                markup += qualifiedName + " xmlns=\"\(escapedAttribute(namespace ?? ""))\""
            } else {
                qualifiedName = localName
                inherited = namespace
                markup += qualifiedName
            }
        }
        markup += try serializedAttributes(attributes, map: &map, localPrefixes: localPrefixes, ignoreNamespaceDefinition: ignoreNamespaceDefinition)
        let container = document.templateContents[element.index] ?? element
        let children = Array(document.children(of: container))
        let isHTML = namespace == HTMLDocument.Namespace.html.uri
        if children.isEmpty {
            if isHTML, let known = KnownName(rawValue: document.nodes[Int(element.index)].name), HTMLDocument.voidElements.contains(known) {
                output += markup + " />"
                return nil
            }
            if !isHTML {
                output += markup + "/>"
                return nil
            }
        }
        output += markup + ">"
        return (children, inherited, map, qualifiedName)
    }

    /// An attribute as the algorithm reads it.
    struct Attribute {
        var namespace: String?
        var prefix: String?
        var localName: String
        var value: String

        init(_ stored: (name: String, namespace: String?, value: String)) {
            namespace = stored.namespace
            value = stored.value
            if stored.namespace != nil, let colon = stored.name.firstIndex(of: ":") {
                prefix = String(stored.name[..<colon])
                localName = String(stored.name[stored.name.index(after: colon)...])
            } else {
                localName = stored.name
            }
        }
    }

    /// "Recording the namespace information": the element's `xmlns:*` declarations added to
    /// the map; the value of its `xmlns` attribute, if any.
    private func recordNamespaces(_ attributes: [Attribute], map: inout PrefixMap, localPrefixes: inout [String: String?]) -> String? {
        var defaultNamespace: String?
        for attribute in attributes where attribute.namespace == HTMLDocument.xmlnsNamespace {
            guard attribute.prefix != nil else {
                defaultNamespace = attribute.value
                continue
            }
            let prefix = attribute.localName
            guard attribute.value != HTMLDocument.xmlNamespace else { continue }
            let definition: String? = attribute.value.isEmpty ? nil : attribute.value
            if map[definition]?.contains(prefix) == true { continue }
            map[definition, default: []].append(prefix)
            localPrefixes[prefix] = .some(definition)
        }
        return defaultNamespace
    }

    /// "Retrieving a preferred prefix string": the preferred one if declared for the namespace,
    /// else the last declared.
    private func preferredPrefix(_ preferred: String?, for namespace: String?, in map: PrefixMap) -> String? {
        guard let candidates = map[namespace], !candidates.isEmpty else { return nil }
        if let preferred, candidates.contains(preferred) { return preferred }
        return candidates.last
    }

    private mutating func generatePrefix(for namespace: String?, in map: inout PrefixMap) -> String {
        let prefix = "ns\(prefixIndex)"
        prefixIndex += 1
        map[namespace, default: []].append(prefix)
        return prefix
    }

    /// §3.2.1.1.3, "XML serialization of the attributes".
    private mutating func serializedAttributes(_ attributes: [Attribute], map: inout PrefixMap, localPrefixes: [String: String?],
                                               ignoreNamespaceDefinition: Bool) throws(HTMLDocument.XMLSerializationError) -> String {
        var result = ""
        var seen: Set<String> = []
        for attribute in attributes {
            if requireWellFormed, !seen.insert((attribute.namespace ?? "") + "\u{0}" + attribute.localName).inserted {
                throw .init(reason: "a repeated attribute")
            }
            var candidate: String?
            if let namespace = attribute.namespace {
                candidate = preferredPrefix(attribute.prefix, for: namespace, in: map)
                if namespace == HTMLDocument.xmlnsNamespace {
                    let overridden: Bool
                    if attribute.prefix != nil {
                        let local = localPrefixes[attribute.localName]
                        let differs = local == nil || local! != (attribute.value.isEmpty ? nil : attribute.value)
                        overridden = differs && map[attribute.value.isEmpty ? nil : attribute.value]?.contains(attribute.localName) == true
                    } else {
                        overridden = false
                    }
                    if attribute.value == HTMLDocument.xmlNamespace || (attribute.prefix == nil && ignoreNamespaceDefinition) || overridden {
                        continue
                    }
                    if requireWellFormed, attribute.value == HTMLDocument.xmlnsNamespace { throw .init(reason: "xmlns bound to the xmlns namespace") }
                    if requireWellFormed, attribute.prefix != nil, attribute.value.isEmpty { throw .init(reason: "a prefix bound to no namespace") }
                    if attribute.prefix == "xmlns" { candidate = "xmlns" }
                } else if candidate == nil {
                    // WebKit keeps the attribute's own prefix when no prefix is bound to it yet
                    // (MarkupAccumulator); the standard would generate one. Else `ns1`, `ns2`…
                    let generated: String
                    if let own = attribute.prefix, own != "xmlns", localPrefixes[own] == nil, !map.values.contains(where: { $0.contains(own) }) {
                        generated = own
                        map[namespace, default: []].append(own)
                    } else {
                        generated = generatePrefix(for: namespace, in: &map)
                    }
                    candidate = generated
                    result += " xmlns:\(generated)=\"\(escapedAttribute(namespace))\""
                }
            }
            result += " "
            if let candidate { result += candidate + ":" }
            if requireWellFormed, attribute.localName.contains(":") || (attribute.localName == "xmlns" && attribute.namespace == nil) {
                throw .init(reason: "an attribute name that does not round-trip")
            }
            try checkCharacters(attribute.value)
            result += attribute.localName + "=\"" + escapedAttribute(attribute.value) + "\""
        }
        return result
    }

    /// With the require well-formed flag, text must match XML's `Char` production.
    private func checkCharacters(_ text: String) throws(HTMLDocument.XMLSerializationError) {
        guard requireWellFormed else { return }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let allowed = value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
            if !allowed { throw .init(reason: "a character XML does not allow") }
        }
    }

    /// Text with `&`, `<` and `>` escaped (DOM Parsing's text node serialization).
    private func escapedText(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
        return escaped(text, inAttribute: false)
    }

    /// An attribute value with `"` and the whitespace characters escaped too.
    private func escapedAttribute(_ text: String) -> String {
        escaped(text, inAttribute: true)
    }

    private func escaped(_ text: String, inAttribute: Bool) -> String {
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where inAttribute: result += "&quot;"
            case "\t" where inAttribute: result += "&#9;"
            case "\n" where inAttribute: result += "&#10;"
            case "\r" where inAttribute: result += "&#13;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
