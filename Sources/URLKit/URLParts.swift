/// Where the five parts of a URL reference lie in its UTF-8 bytes (RFC 3986, appendix B).
///
/// Splitting never fails: any string is some reference. The authority range excludes its `//`,
/// the query its `?`, the fragment its `#`. Whether Foundation or WebKit would accept the URL is
/// a separate question (`WebURL.init(validating:)`).
public struct URLParts: Equatable, Hashable, Sendable {
    public var scheme: Range<Int>?
    public var authority: Range<Int>?
    public var path: Range<Int>
    public var query: Range<Int>?
    public var fragment: Range<Int>?

    /// Splits the UTF-8 of a reference.
    public init<Bytes: RandomAccessCollection>(_ bytes: Bytes) where Bytes.Element == UInt8, Bytes.Index == Int {
        let start = bytes.startIndex
        var end = bytes.endIndex
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            fragment = (hash + 1)..<end
            end = hash
        }
        if let question = bytes[start..<end].firstIndex(of: UInt8(ascii: "?")) {
            query = (question + 1)..<end
            end = question
        }
        var cursor = start
        if let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")), Self.isScheme(bytes[start..<colon]) {
            scheme = start..<colon
            cursor = colon + 1
        }
        if end - cursor >= 2 && bytes[cursor] == UInt8(ascii: "/") && bytes[cursor + 1] == UInt8(ascii: "/") {
            let authorityStart = cursor + 2
            let authorityEnd = bytes[authorityStart..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
            authority = authorityStart..<authorityEnd
            cursor = authorityEnd
        }
        path = cursor..<end
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    static func isScheme<Bytes: Collection>(_ text: Bytes) -> Bool where Bytes.Element == UInt8 {
        guard let first = text.first, PercentEncoding.isASCIILetter(first) else { return false }
        return text.allSatisfy(isSchemeByte)
    }

    static func isSchemeByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }
}
