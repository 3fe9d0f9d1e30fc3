/// Builds an `HTMLDocument` from a parser's events.
///
/// Text arrives as the parser passes it on: UTF-8 made from valid UTF-8 input. Should a
/// stray byte get through anyway, every `String` made from the tree repairs it.
struct DocumentBuilder {
    private(set) var document = HTMLDocument()
    private var openElements: [Int32] = [0]
    private var lastAttribute: Int32 = HTMLDocument.none

    /// A builder for a page of about `expectedSize` bytes (storage is reserved accordingly).
    init(expectedSize: Int = 0) {
        document.storage.reserveCapacity(expectedSize)
        document.nodes.reserveCapacity(expectedSize / 20)
        document.attributes.reserveCapacity(expectedSize / 100)
    }

    /// Interns a tag or attribute name (lowercased) given as UTF-8.
    mutating func atom(forName name: UnsafeBufferPointer<UInt8>) -> Int32 {
        let lowered = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return document.names.atom(for: String(decoding: lowered, as: UTF8.self))
    }

    /// The element whose attributes are being added.
    private var elementOpened: Int32 = HTMLDocument.none

    /// Opens an element as the last child of the current one (void elements close at once).
    ///
    /// libxml2 predates HTML5: it does not know `wbr`, `source` or `track` are void and
    /// would put the rest of the page inside them.
    mutating func startElement(_ atom: Int32) {
        let node = document.appendNode(HTMLDocument.Node(kind: .element, name: atom))
        document.link(node, into: openElements[openElements.count - 1], before: HTMLDocument.none)
        switch KnownName(rawValue: atom) {
        case .wbr, .source, .track, .area, .base, .br, .col, .embed, .hr, .img, .input, .link, .meta, .param: break
        default: openElements.append(node)
        }
        elementOpened = node
        lastAttribute = HTMLDocument.none
    }

    /// Adds an attribute to the element opened last.
    mutating func addAttribute(_ atom: Int32, value: UnsafeBufferPointer<UInt8>) {
        guard elementOpened != HTMLDocument.none else { return }
        let range = store(value)
        lastAttribute = document.appendAttribute(atom: atom, start: range.start, length: range.length,
                                                 to: elementOpened, after: lastAttribute)
    }

    /// Closes the innermost open element with this name; an unmatched end is ignored.
    mutating func endElement(_ atom: Int32) {
        if openElements.count > 1 && document.nodes[Int(openElements[openElements.count - 1])].name == atom {
            openElements.removeLast()
            return
        }
        var depth = openElements.count - 1
        while depth > 0 {
            if document.nodes[Int(openElements[depth])].name == atom {
                openElements.removeSubrange(depth...)
                return
            }
            depth -= 1
        }
    }

    /// Appends character data, merging it into a text node that ends the current element.
    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        guard !text.isEmpty else { return }
        let parent = openElements[openElements.count - 1]
        let last = document.nodes[Int(parent)].lastChild
        let range = store(text)
        if last != HTMLDocument.none, document.nodes[Int(last)].kind == .text,
           document.nodes[Int(last)].dataStart + document.nodes[Int(last)].dataLength == range.start {
            document.nodes[Int(last)].dataLength += range.length
            return
        }
        let node = document.appendNode(HTMLDocument.Node(kind: .text, dataStart: range.start, dataLength: range.length))
        document.link(node, into: parent, before: HTMLDocument.none)
    }

    /// Appends a comment to the current element.
    mutating func appendComment(_ text: UnsafeBufferPointer<UInt8>) {
        let range = store(text)
        let node = document.appendNode(HTMLDocument.Node(kind: .comment, dataStart: range.start, dataLength: range.length))
        document.link(node, into: openElements[openElements.count - 1], before: HTMLDocument.none)
    }

    private mutating func store(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int32, length: Int32) {
        document.store(bytes: bytes)
    }
}
