/// One `name=value` item of a URL query, split as `URLComponents.queryItems` splits it.
public struct QueryItem: Equatable, Sendable {
    public var name: String
    /// The decoded value; nil for `&name` without `=`, or when the value is not valid UTF-8.
    public var value: String?
    /// The item as written in the query, before decoding.
    public var raw: Substring

    /// Splits a raw query into items with Foundation's rules.
    ///
    /// `&` separates items (empty ones included), the first `=` separates name from value,
    /// `+` stays a plus, and `%HH` escapes are decoded. A name that does not decode to UTF-8
    /// becomes empty and such a value becomes nil. When the query holds a character a query
    /// may not contain, or a `%` that starts no escape, Foundation re-encodes the whole query,
    /// so no escape in it is decoded.
    public static func parse(query: Substring) -> [QueryItem] {
        if query.isEmpty { return [] }
        let decodesEscapes = isWellFormedQuery(query.utf8)
        return query.split(separator: "&", omittingEmptySubsequences: false).map { raw in
            let nameEnd = raw.firstIndex(of: "=")
            let rawName = raw[raw.startIndex..<(nameEnd ?? raw.endIndex)]
            let name = decodesEscapes ? (PercentEncoding.decode(rawName.utf8) ?? "") : String(rawName)
            var value: String?
            if let nameEnd {
                let rawValue = raw[raw.index(after: nameEnd)...]
                value = decodesEscapes ? PercentEncoding.decode(rawValue.utf8) : String(rawValue)
            }
            return QueryItem(name: name, value: value, raw: raw)
        }
    }

    /// Whether a query holds only RFC 3986 query characters and well-formed escapes.
    static func isWellFormedQuery(_ bytes: Substring.UTF8View) -> Bool {
        for byte in bytes where byte != UInt8(ascii: "%") {
            if !(PercentEncoding.isURLQueryAllowed(byte)) { return false }
        }
        return PercentEncoding.hasOnlyWellFormedEscapes(bytes)
    }
}
