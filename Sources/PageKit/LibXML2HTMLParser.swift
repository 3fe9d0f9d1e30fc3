internal import CLibXML2

/// The one adapter to libxml2: runs its HTML parser in SAX mode into a `DocumentBuilder`.
///
/// SAX mode skips libxml2's own tree (about 2.5 times faster on large pages). No DTD or
/// entity is ever loaded: the handler has no entity or subset callbacks and the parser
/// runs with `HTML_PARSE_NONET`. libxml2 only ever sees UTF-8, so none of its encoding
/// machinery (which reports errors on stderr) runs. All state lives in the `ParseState` of
/// one call, so two threads may parse at once.
enum LibXML2HTMLParser {
    private static let options = HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_IGNORE_ENC.rawValue

    private static let initialization: Void = xmlInitParser()

    /// Parses valid UTF-8 (see `CharsetDecoder`), declared as such so libxml2 neither
    /// converts it nor guesses another encoding.
    static func parse(utf8 bytes: UnsafeRawBufferPointer) -> HTMLDocument {
        _ = initialization
        var state = ParseState(expectedSize: bytes.count)
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), !bytes.isEmpty,
              let context = htmlCreateMemoryParserCtxt(base, Int32(clamping: bytes.count)) else {
            return state.builder.document
        }
        defer { htmlFreeParserCtxt(context) }
        context.pointee.sax.pointee = handler()
        _ = htmlCtxtUseOptions(context, Int32(options))
        context.pointee.charset = Int32(XML_CHAR_ENCODING_UTF8.rawValue)
        withUnsafeMutablePointer(to: &state) { state in
            context.pointee.userData = UnsafeMutableRawPointer(state)
            _ = htmlParseDocument(context)
            context.pointee.userData = nil
        }
        if let document = context.pointee.myDoc {
            xmlFreeDoc(document)
            context.pointee.myDoc = nil
        }
        return state.builder.document
    }

    private static func handler() -> htmlSAXHandler {
        var handler = htmlSAXHandler()
        handler.startElement = { context, name, attributes in
            guard let context, let name else { return }
            context.assumingMemoryBound(to: ParseState.self).pointee.startElement(name, attributes)
        }
        handler.endElement = { context, name in
            guard let context, let name else { return }
            context.assumingMemoryBound(to: ParseState.self).pointee.endElement(name)
        }
        handler.characters = { context, characters, length in
            guard let context, let characters, length > 0 else { return }
            let text = UnsafeBufferPointer(start: characters, count: Int(length))
            context.assumingMemoryBound(to: ParseState.self).pointee.builder.appendText(text)
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        handler.comment = { context, text in
            guard let context, let text else { return }
            let comment = UnsafeBufferPointer(start: text, count: strlen(text))
            context.assumingMemoryBound(to: ParseState.self).pointee.builder.appendComment(comment)
        }
        return handler
    }
}

/// What one parse accumulates: the tree so far and a cache of the atoms of names seen.
private struct ParseState {
    private static let cacheSize = 512  // 2^9: the slot is the top 9 bits of a multiplicative hash

    var builder: DocumentBuilder
    /// libxml2 interns every tag and attribute name in its parser dictionary (or passes
    /// string constants), so during one parse a name's address identifies the name: a
    /// direct-mapped cache from address to atom saves hashing the name each time.
    private var cachedNames = [UnsafePointer<xmlChar>?](repeating: nil, count: cacheSize)
    private var cachedAtoms = [Int32](repeating: 0, count: cacheSize)

    init(expectedSize: Int) {
        builder = DocumentBuilder(expectedSize: expectedSize)
    }

    /// The atom of a name libxml2 passed.
    mutating func atom(for name: UnsafePointer<xmlChar>) -> Int32 {
        let slot = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: name)) &* 0x9E37_79B9_7F4A_7C15) >> 55)
        if cachedNames[slot] == name { return cachedAtoms[slot] }
        let atom = builder.atom(forName: UnsafeBufferPointer(start: name, count: strlen(name)))
        cachedNames[slot] = name
        cachedAtoms[slot] = atom
        return atom
    }

    mutating func startElement(_ name: UnsafePointer<xmlChar>,
                               _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        builder.startElement(atom(for: name))
        guard let attributes else { return }
        var index = 0
        while let attributeName = attributes[index] {
            let value = attributes[index + 1]
            let bytes = value.map { UnsafeBufferPointer(start: $0, count: strlen($0)) }
                ?? UnsafeBufferPointer(start: nil, count: 0)
            builder.addAttribute(atom(for: attributeName), value: bytes)
            index += 2
        }
    }

    mutating func endElement(_ name: UnsafePointer<xmlChar>) {
        builder.endElement(atom(for: name))
    }
}

private func strlen(_ string: UnsafePointer<xmlChar>) -> Int {
    var length = 0
    while string[length] != 0 { length += 1 }
    return length
}
