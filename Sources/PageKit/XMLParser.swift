internal import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// XML 1.0 documents (with Namespaces in XML) parsed into the arena as WebKit parses them
/// (WebCore's XMLDocumentParserLibxml2.cpp): libxml2's SAX2 push parser, entities substituted,
/// the XHTML entities for XHTML doctypes, at most 5,000 elements deep, and on an error the
/// `parsererror` block WebKit inserts, with libxml2's messages.
///
/// With XSLTTransformer.swift (libxslt's table), the only file importing CLibXML2; the library
/// is opened with `dlopen` the first time a page parses XML (DECISIONS.md, "XML documents").
public enum XMLParser {
    /// The library's file name on Debian (package libxml2).
    static let libraryName = "libxml2.so.2"

    /// The library's functions (all null when it could not be loaded), and why not.
    static let loaded: (functions: CLibXML2Functions, failure: String?) = {
        var table = CLibXML2Functions()
        let failure = clibxml2_load(&table, libraryName).map { String(cString: $0) }
        return (table, failure)
    }()

    /// WebKit's bound on open elements (XMLDocumentParserLibxml2.cpp, `maxXMLTreeDepth`).
    public static let maximumDepth = 5000

    /// The document's XML declaration, as its serialization writes it back.
    public struct Declaration: Equatable, Sendable {
        public var version: String
        public var encoding: String?
        public var standalone: Bool?
    }

    /// What a parse left besides the nodes.
    public struct Outcome: Equatable, Sendable {
        /// The error lines WebKit shows (`error on line 1 at column 4: …`), nil when well-formed.
        public var errorMessages: String?
        public var declaration: Declaration?
    }

    /// Parses `text` as an XML document into `container` (an empty document node of the arena);
    /// on an error, WebKit's `parsererror` report is inserted as it inserts it.
    public static func parse(_ text: String, into document: inout HTMLDocument, under container: NodeID) -> Outcome {
        let builder = XMLTreeBuilder(container: container)
        withUnsafeMutablePointer(to: &document) { pointer in
            builder.document = pointer
            if let failure = loaded.failure {
                builder.report(fatal: true, "libxml2 could not be loaded: \(failure)", line: 1, column: 1)
            } else {
                builder.run(text)
            }
            builder.finish()
            builder.document = nil
        }
        return Outcome(errorMessages: builder.sawError ? builder.errorMessages : nil, declaration: builder.declaration)
    }
}

extension XMLParser {
    /// The XML fragment parsing algorithm (HTML §13.4, "Parsing XML fragments"), for
    /// `innerHTML` and the other markup setters in XML documents: `text` parsed as the content
    /// of an element declaring the context element's in-scope namespaces (WebKit's fragment
    /// parser starts from the same prefix map and default namespace), its nodes moved into a
    /// new fragment; nil when it is not well-formed (the caller throws SyntaxError).
    public static func parseFragment(_ text: String, context: NodeID, into document: inout HTMLDocument) -> NodeID? {
        var declarations: [String: String] = [:]
        var defaultNamespace: String?
        var ancestors: [NodeID] = []
        var current: NodeID? = context
        while let element = current, document.kind(of: element) == .element {
            ancestors.append(element)
            current = document.parent(of: element)
        }
        for element in ancestors.reversed() {
            for attribute in document.namespacedAttributes(of: element) where attribute.namespace == HTMLDocument.xmlnsNamespace {
                if attribute.name == "xmlns" { defaultNamespace = attribute.value }
                else if attribute.name.hasPrefix("xmlns:") { declarations[String(attribute.name.dropFirst(6))] = attribute.value }
            }
        }
        if document.kind(of: context) == .element {
            if let prefix = document.prefix(of: context), declarations[prefix] == nil, let uri = document.namespaceURI(of: context) {
                declarations[prefix] = uri
            }
            if defaultNamespace == nil, document.prefix(of: context) == nil { defaultNamespace = document.namespaceURI(of: context) }
        }
        func quoted(_ value: String) -> String {
            var result = "\""
            for character in value.unicodeScalars {
                switch character {
                case "&": result += "&amp;"
                case "\"": result += "&quot;"
                case "<": result += "&lt;"
                default: result.unicodeScalars.append(character)
                }
            }
            return result + "\""
        }
        var wrapper = "<fragment xmlns=" + quoted(defaultNamespace ?? "")
        for (prefix, uri) in declarations.sorted(by: { $0.key < $1.key }) where !uri.isEmpty && prefix != "xml" && prefix != "xmlns" {
            wrapper += " xmlns:\(prefix)=" + quoted(uri)
        }
        let scratch = document.createDocumentFragment()
        let outcome = parse(wrapper + ">" + text + "</fragment>", into: &document, under: scratch)
        let fragment = document.createDocumentFragment()
        if outcome.errorMessages == nil, let element = document.firstChild(of: scratch) {
            for child in Array(document.children(of: element)) { try? document.appendChild(child, to: fragment) }
            document.free(scratch)
            return fragment
        }
        document.free(scratch)
        document.free(fragment)
        return nil
    }
}

/// Functions of the loaded library; only called once `XMLParser.loaded` had no failure.
private var xml: CLibXML2Functions { XMLParser.loaded.functions }

/// The public identifiers whose doctypes make the HTML entities defined (WebKit's
/// `externalSubsetHandler`).
private let xhtmlPublicIdentifiers: Set<String> = [
    "-//W3C//DTD XHTML 1.0 Transitional//EN", "-//W3C//DTD XHTML 1.1//EN", "-//W3C//DTD XHTML 1.0 Strict//EN",
    "-//W3C//DTD XHTML 1.0 Frameset//EN", "-//W3C//DTD XHTML Basic 1.0//EN", "-//W3C//DTD XHTML 1.1 plus MathML 2.0//EN",
    "-//W3C//DTD XHTML 1.1 plus MathML 2.0 plus SVG 1.1//EN", "-//W3C//DTD MathML 2.0//EN",
    "-//WAPFORUM//DTD XHTML Mobile 1.0//EN", "-//WAPFORUM//DTD XHTML Mobile 1.1//EN", "-//WAPFORUM//DTD XHTML Mobile 1.2//EN",
]

/// The tree a parse builds, reached from libxml2's callbacks through the context's `_private`.
private final class XMLTreeBuilder {
    var document: UnsafeMutablePointer<HTMLDocument>?
    let container: NodeID
    /// Open elements, innermost last.
    var openElements: [NodeID] = []
    /// Character data not yet made a text node (libxml2 hands a run of text over in pieces).
    var pendingText: [UInt8] = []
    var errorMessages = ""
    var errorCount = 0
    var lastErrorPosition: (line: Int, column: Int)?
    var sawError = false
    var stopped = false
    var isXHTMLDocument = false
    var declaration: XMLParser.Declaration?
    var startsWithDeclaration = false
    /// The `encoding` of the XML declaration, which libxml2 is told to ignore (the text is
    /// already characters) but WebKit keeps for the serialization.
    var declaredEncoding: String?
    var context: xmlParserCtxtPtr?
    /// The one entity handed to libxml2 for an HTML entity name (WebKit's `sharedXHTMLEntity`).
    let htmlEntity = UnsafeMutablePointer<xmlEntity>.allocate(capacity: 1)
    var htmlEntityValue = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)

    init(container: NodeID) {
        self.container = container
        htmlEntity.initialize(to: xmlEntity())
    }

    deinit {
        htmlEntity.deallocate()
        htmlEntityValue.deallocate()
    }

    var parent: NodeID { openElements.last ?? container }

    func run(_ text: String) {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startDocument = { context in builder(context)?.startDocument(context) }
        handler.internalSubset = { context, name, externalID, systemID in
            builder(context)?.internalSubset(context, name, externalID, systemID)
        }
        handler.externalSubset = { context, _, externalID, _ in
            if let builder = builder(context), let externalID, xhtmlPublicIdentifiers.contains(String(cString: externalID)) {
                builder.isXHTMLDocument = true
            }
        }
        handler.entityDecl = xml.xmlSAX2EntityDecl
        handler.getEntity = { context, name in builder(context)?.entity(context, name) }
        handler.startElementNs = { context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes in
            builder(context)?.startElement(localName, prefix, uri, Int(namespaceCount), namespaces, Int(attributeCount), attributes)
        }
        handler.endElementNs = { context, _, _, _ in builder(context)?.endElement() }
        let characters: charactersSAXFunc = { context, bytes, length in
            guard let builder = builder(context), let bytes, length > 0 else { return }
            builder.pendingText.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.cdataBlock = { context, bytes, length in
            guard let builder = builder(context) else { return }
            builder.append { $0.createCDATASection(string(bytes, Int(length))) }
        }
        handler.comment = { context, text in
            guard let builder = builder(context) else { return }
            builder.append { $0.createComment(text.map { String(cString: $0) } ?? "") }
        }
        handler.processingInstruction = { context, target, data in
            guard let builder = builder(context) else { return }
            builder.append {
                $0.createProcessingInstruction(target: target.map { String(cString: $0) } ?? "", data: data.map { String(cString: $0) } ?? "")
            }
        }
        handler.serror = { userData, error in
            guard let userData, let error else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let builder = builder(context) else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? ""
            let input = context.pointee.input
            builder.report(fatal: error.pointee.level == XML_ERR_FATAL, warning: error.pointee.level == XML_ERR_WARNING, message,
                           line: Int(input?.pointee.line ?? 1), column: Int(input?.pointee.col ?? 1))
        }
        guard let context = xml.xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil) else {
            report(fatal: true, "libxml2 could not make a parser", line: 1, column: 1)
            return
        }
        self.context = context
        // Entities substituted, as WebKit asks (XML_PARSE_NOENT); the declared encoding ignored, as
        // the text is already characters (WebKit switches to UTF-16 before each chunk for the same
        // reason). Not XML_PARSE_HUGE: libxml2's bounds on entity amplification stay on.
        _ = xml.xmlCtxtUseOptions(context, Int32(XML_PARSE_NOENT.rawValue | XML_PARSE_NODICT.rawValue | XML_PARSE_IGNORE_ENC.rawValue))
        _ = xml.xmlSwitchEncoding(context, XML_CHAR_ENCODING_UTF8)
        context.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        var bytes = Array(text.utf8)
        startsWithDeclaration = bytes.count > 5 && bytes[0..<5].elementsEqual("<?xml".utf8)
            && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[5])
        if startsWithDeclaration { declaredEncoding = Self.encodingName(inDeclarationOf: bytes) }
        if !bytes.isEmpty {
            bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    _ = xml.xmlParseChunk(context, characters.baseAddress, Int32(clamping: characters.count), 0)
                }
            }
        }
        if !stopped { _ = xml.xmlParseChunk(context, nil, 0, 1) }
        flushText()
        if let made = context.pointee.myDoc { xml.xmlFreeDoc(made) }
        context.pointee.myDoc = nil
        context.pointee._private = nil
        xml.xmlFreeParserCtxt(context)
        self.context = nil
    }

    /// The value of the `encoding` pseudo-attribute of the XML declaration at the start of
    /// `bytes` (XML 1.0 §4.3.3's EncodingDecl), if it has one.
    static func encodingName(inDeclarationOf bytes: [UInt8]) -> String? {
        guard let end = bytes.indices.dropFirst(5).first(where: { bytes[$0] == UInt8(ascii: "?") }) else { return nil }
        let declaration = bytes[5..<end]
        let name = Array("encoding".utf8)
        guard let start = declaration.indices.first(where: { declaration[$0...].starts(with: name) }) else { return nil }
        var index = start + name.count
        func skipSpace() { while index < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        skipSpace()
        guard index < end, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpace()
        guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        index += 1
        guard let close = bytes[index..<end].firstIndex(of: quote) else { return nil }
        return String(decoding: bytes[index..<close], as: UTF8.self)
    }

    func startDocument(_ context: UnsafeMutableRawPointer?) {
        xml.xmlSAX2StartDocument(context)
        guard startsWithDeclaration, let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self) else { return }
        let version = parser.pointee.version.map { String(cString: $0) } ?? "1.0"
        let standalone = parser.pointee.standalone
        declaration = XMLParser.Declaration(version: version, encoding: declaredEncoding,
                                            standalone: standalone == 1 ? true : standalone == 0 ? false : nil)
    }

    func internalSubset(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ externalID: UnsafePointer<xmlChar>?,
                        _ systemID: UnsafePointer<xmlChar>?) {
        append {
            $0.createDoctype(.init(name: name.map { String(cString: $0) } ?? "", publicID: externalID.map { String(cString: $0) } ?? "",
                                   systemID: systemID.map { String(cString: $0) } ?? ""))
        }
        xml.xmlSAX2InternalSubset(context, name, externalID, systemID)
    }

    /// WebKit's `getEntityHandler`: the predefined five, the document's own, then (in XHTML
    /// documents) HTML's named character references.
    func entity(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) -> xmlEntityPtr? {
        guard let name else { return nil }
        if let predefined = xml.xmlGetPredefinedEntity(name) { return predefined }
        let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self)
        if let declared = xml.xmlGetDocEntity(parser?.pointee.myDoc, name) { return declared }
        guard isXHTMLDocument else { return nil }
        var search = NamedCharacterReferences.Search()
        var length = 0
        var byte = name
        while byte.pointee != 0, length < 64 {
            guard search.feed(byte.pointee) else { return nil }
            byte += 1
            length += 1
        }
        guard search.feed(UInt8(ascii: ";")), let match = search.longestMatch, match.length == length + 1 else { return nil }
        var value: [UInt8] = []
        NamedCharacterReferences.appendValue(of: match.entry, to: &value)
        value.append(0)
        htmlEntityValue.deallocate()
        htmlEntityValue = UnsafeMutablePointer<UInt8>.allocate(capacity: value.count)
        htmlEntityValue.initialize(from: value, count: value.count)
        htmlEntity.initialize(to: xmlEntity())
        htmlEntity.pointee.type = XML_ENTITY_DECL
        htmlEntity.pointee.etype = XML_INTERNAL_PREDEFINED_ENTITY
        htmlEntity.pointee.name = name
        htmlEntity.pointee.content = htmlEntityValue
        htmlEntity.pointee.orig = htmlEntityValue
        htmlEntity.pointee.length = Int32(value.count - 1)
        return htmlEntity
    }

    func startElement(_ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
                      _ namespaceCount: Int, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
                      _ attributeCount: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard !stopped, let document, let localName else { return }
        flushText()
        let element = document.pointee.createElement(localName: String(cString: localName), namespaceURI: uri.map { String(cString: $0) },
                                                     prefix: prefix.map { String(cString: $0) })
        // Namespace declarations first, as WebKit adds them (handleNamespaceAttributes). Each is
        // appended without a search unless its namespace and local name came already (libxml2
        // refuses most repeats; an element with thousands of attributes stays linear).
        var seen: Set<String> = []
        func add(_ namespace: String?, _ qualified: String, _ local: String, _ value: String) {
            if seen.insert((namespace ?? "") + "\u{0}" + local).inserted {
                document.pointee.appendNewAttribute(namespace: namespace, qualifiedName: qualified, value, to: element)
            } else {
                document.pointee.setAttribute(namespace: namespace, qualifiedName: qualified, value, of: element)
            }
        }
        for index in 0..<namespaceCount {
            let prefix = namespaces?[2 * index].map { String(cString: $0) }
            let value = namespaces?[2 * index + 1].map { String(cString: $0) } ?? ""
            add(xmlnsNamespace, prefix.map { "xmlns:" + $0 } ?? "xmlns", prefix ?? "xmlns", value)
        }
        for index in 0..<attributeCount {
            guard let fields = attributes?.advanced(by: 5 * index), let name = fields[0] else { continue }
            let local = String(cString: name)
            let qualified = fields[1].map { String(cString: $0) + ":" + local } ?? local
            // A prefix bound to nothing (libxml2 has reported it): WebKit's setAttributeNS throws
            // NamespaceError there and the parse stops before the element is inserted.
            if fields[1] != nil && fields[2] == nil {
                document.pointee.free(element)
                stop()
                return
            }
            var value = ""
            if let start = fields[3], let end = fields[4], end >= start {
                value = string(start, start.distance(to: end))
            }
            add(fields[2].map { String(cString: $0) }, qualified, local, value)
        }
        try? document.pointee.appendChild(element, to: parent)
        openElements.append(element)
        // WebKit inserts the element one level too deep, then stops.
        if openElements.count > XMLParser.maximumDepth {
            let input = context?.pointee.input
            report(fatal: true, "Excessive node nesting.", line: Int(input?.pointee.line ?? 1), column: Int(input?.pointee.col ?? 1))
        }
    }

    func endElement() {
        guard !stopped else { return }
        flushText()
        _ = openElements.popLast()
    }

    /// Appends a node made by `make` to the current element (pending text first).
    func append(_ make: (inout HTMLDocument) -> NodeID) {
        guard !stopped, let document else { return }
        flushText()
        let node = make(&document.pointee)
        try? document.pointee.appendChild(node, to: parent)
    }

    func flushText() {
        guard !pendingText.isEmpty, let document else { return }
        let text = String(decoding: pendingText, as: UTF8.self)
        pendingText.removeAll(keepingCapacity: true)
        let node = document.pointee.createText(text)
        try? document.pointee.appendChild(node, to: parent)
    }

    /// WebKit's XMLErrors::handleError: every fatal error, and up to 25 others when the position
    /// moved in both line and column; a fatal one stops the parse.
    func report(fatal: Bool, warning: Bool = false, _ message: String, line: Int, column: Int) {
        guard !stopped else { return }
        if fatal || (errorCount < 25 && (lastErrorPosition.map { $0.line != line && $0.column != column } ?? true)) {
            errorMessages += "\(warning ? "warning" : "error") on line \(line) at column \(column): \(message)"
            lastErrorPosition = (line, column)
            errorCount += 1
        }
        if !warning { sawError = true }
        if fatal { stop() }
    }

    /// WebKit's `stopParsing`: no callback after this one changes the tree.
    func stop() {
        flushText()
        stopped = true
        if let context { xml.xmlStopParser(context) }
    }

    /// After the parse: WebKit's `insertErrorMessageBlock` when there was an error.
    func finish() {
        guard sawError, let document else { return }
        document.pointee.insertXMLErrorReport(errorMessages, into: container)
    }
}

private let xmlnsNamespace = HTMLDocument.xmlnsNamespace

/// The builder of a parser context (its `_private`), unless the parse stopped.
private func builder(_ context: UnsafeMutableRawPointer?) -> XMLTreeBuilder? {
    guard let context else { return nil }
    let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let opaque = parser.pointee._private else { return nil }
    let builder = Unmanaged<XMLTreeBuilder>.fromOpaque(opaque).takeUnretainedValue()
    return builder.stopped ? nil : builder
}

private func string(_ bytes: UnsafePointer<xmlChar>?, _ length: Int) -> String {
    guard let bytes, length > 0 else { return "" }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
}

extension HTMLDocument {
    /// WebKit's report of XML errors (XMLErrors::insertErrorMessageBlock): a `parsererror`
    /// element in the XHTML namespace as the first child of the document element, which is
    /// made (`html` and `body`) when there is none, and which wraps an SVG root.
    public mutating func insertXMLErrorReport(_ messages: String, into documentNode: NodeID) {
        let xhtml = Namespace.html.uri
        func element(_ name: String) -> NodeID { createElement(localName: name, namespaceURI: xhtml, prefix: nil) }
        var host = children(of: documentNode).first { kind(of: $0) == .element }
        if host == nil {
            let root = element("html"), body = element("body")
            try? appendChild(body, to: root)
            try? appendChild(root, to: documentNode)
            host = body
        } else if let svg = host, namespace(of: svg) == .svg {
            let root = element("html"), head = element("head"), style = element("style"), body = element("body")
            try? appendChild(createText("html, body { height: 100% } parsererror + svg { width: 100%; height: 100% }"), to: style)
            try? appendChild(style, to: head)
            try? appendChild(head, to: root)
            try? appendChild(body, to: root)
            try? appendChild(svg, to: body)
            try? appendChild(root, to: documentNode)
            host = body
        }
        guard let host else { return }
        let report = element("parsererror")
        setAttribute("style", "display: block; white-space: pre; border: 2px solid #c77; padding: 0 1em 0 1em; margin: 1em; "
                     + "background-color: #fdd; color: black", of: report)
        let heading = element("h3")
        try? appendChild(createText("This page contains the following errors:"), to: heading)
        let messageBlock = element("div")
        setAttribute("style", "font-family:monospace;font-size:12px", of: messageBlock)
        try? appendChild(createText(messages), to: messageBlock)
        let trailer = element("h3")
        try? appendChild(createText("Below is a rendering of the page up to the first error."), to: trailer)
        for part in [heading, messageBlock, trailer] { try? appendChild(part, to: report) }
        if let first = firstChild(of: host) { try? insert(report, before: first) } else { try? appendChild(report, to: host) }
    }
}
