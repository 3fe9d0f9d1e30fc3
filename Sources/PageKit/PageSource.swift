#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A start or end tag as it is written in a page: what a linter points at.
public struct SourceTag: Equatable, Sendable {
    /// The tag name, lowercased.
    public var name: String
    public var isEndTag: Bool
    /// Byte offsets into `PageSource.text`: from the `<` to just after the `>`.
    public var range: Range<Int>
    /// The attributes in the order written; a repeated name keeps only its first (as the parser does).
    public var attributes: [SourceAttribute]

    public init(name: String, isEndTag: Bool, range: Range<Int>, attributes: [SourceAttribute]) {
        self.name = name
        self.isEndTag = isEndTag
        self.range = range
        self.attributes = attributes
    }

    /// The value of the attribute `name`, if the tag has it.
    public func attribute(_ name: String) -> SourceAttribute? {
        attributes.first { $0.name == name }
    }
}

/// An attribute of a `SourceTag`: its value with character references decoded, and where the
/// value is written.
public struct SourceAttribute: Equatable, Sendable {
    /// The name, lowercased.
    public var name: String
    public var value: String
    /// Byte offsets into `PageSource.text` of the value as written (inside its quotes, character
    /// references undecoded); empty, just after the name, for an attribute without a value.
    public var valueRange: Range<Int>

    public init(name: String, value: String, valueRange: Range<Int>) {
        self.name = name
        self.value = value
        self.valueRange = valueRange
    }
}

/// A parsed page with the tags as written and where each element came from, for tools that
/// report places in the page's text (the linter).
///
/// Offsets are bytes of `text`: the page as UTF-8, as the parser read it (a page in another
/// encoding is decoded first, so its lines are the file's lines). A line and column are
/// worked out from an offset only when something is reported.
public struct PageSource: Sendable {
    public var text: [UInt8]
    /// Every start and end tag the tokenizer emitted, in order.
    public var tags: [SourceTag]
    public var document: HTMLDocument
    /// For each element made from a tag in `tags`, that tag's index.
    private var tagIndexByElement: [Int32: Int]

    /// Parses a page's bytes (encoding sniffed as `HTMLParser.parse` does), keeping its tags.
    public init(bytes: Data) {
        var parser = HTMLParser(bytes: bytes)
        let (document, record, text) = parser.parseKeepingSource()
        self.text = text
        self.document = document
        tags = record.tags
        tagIndexByElement = record.tagIndexByElement
    }

    /// The index in `tags` of the start tag that made `element`; nil for an element the parser
    /// made up: an implied `<tbody>`, or the adoption agency's copy of a misnested `<b>`.
    public func tagIndex(of element: NodeID) -> Int? {
        tagIndexByElement[element.index]
    }
}

/// What the tree builder keeps while parsing for a `PageSource`.
struct PageSourceRecord {
    var names: [Int32: String] = [:]
    var tags: [SourceTag] = []
    var tagIndexByStart: [Int32: Int] = [:]
    var tagIndexByElement: [Int32: Int] = [:]

    /// Keeps a tag the tokenizer is about to hand to the tree builder.
    mutating func record(_ tag: TagToken, end: Int, document: HTMLDocument) {
        func name(_ atom: Int32) -> String {
            if let known = names[atom] { return known }
            let text = String(decoding: document.names.utf8(of: atom), as: UTF8.self)
            names[atom] = text
            return text
        }
        let attributes = tag.attributes.map { attribute in
            let start = Int(attribute.valueStart)
            return SourceAttribute(
                name: name(attribute.name),
                value: String(decoding: tag.values[start..<(start + Int(attribute.valueLength))], as: UTF8.self),
                valueRange: Int(attribute.sourceStart)..<max(Int(attribute.sourceStart), Int(attribute.sourceEnd)))
        }
        if !tag.isEndTag { tagIndexByStart[tag.sourceStart] = tags.count }
        tags.append(SourceTag(name: name(tag.name), isEndTag: tag.isEndTag, range: Int(tag.sourceStart)..<end, attributes: attributes))
    }

    /// Notes which written tag an element was made from.
    mutating func elementCreated(_ node: Int32, from tag: TagToken) {
        guard tag.sourceStart >= 0, let index = tagIndexByStart[tag.sourceStart] else { return }
        tagIndexByElement[node] = index
    }
}

extension HTMLTreeBuilder {
    mutating func record(_ tag: TagToken, end: Int) {
        sourceRecord?.record(tag, end: end, document: document)
    }
}
