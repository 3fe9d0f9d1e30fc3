import URLKit
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
        let utf8 = query.utf8
        var items: [QueryItem] = []
        var itemStart = utf8.startIndex
        var equals: Substring.Index?
        var index = utf8.startIndex
        while true {
            let atEnd = index == utf8.endIndex
            if atEnd || utf8[index] == UInt8(ascii: "&") {
                let raw = query[itemStart..<index]
                let rawName = query[itemStart..<(equals ?? index)]
                let name = decodesEscapes ? (PercentEncoding.decode(rawName.utf8) ?? "") : String(rawName)
                var value: String?
                if let equals {
                    let rawValue = query[utf8.index(after: equals)..<index]
                    value = decodesEscapes ? PercentEncoding.decode(rawValue.utf8) : String(rawValue)
                }
                items.append(QueryItem(name: name, value: value, raw: raw))
                if atEnd { break }
                itemStart = utf8.index(after: index)
                equals = nil
            } else if equals == nil, utf8[index] == UInt8(ascii: "=") {
                equals = index
            }
            index = utf8.index(after: index)
        }
        return items
    }

    /// Whether the raw item has an `=` (a value, possibly empty).
    var hasValue: Bool { raw.utf8.contains(UInt8(ascii: "=")) }

    /// The raw value after the first `=`, before decoding.
    var rawValue: Substring? {
        raw.utf8.firstIndex(of: UInt8(ascii: "=")).map { raw[raw.utf8.index(after: $0)...] }
    }

    /// Whether a query holds only RFC 3986 query characters and well-formed escapes.
    static func isWellFormedQuery(_ bytes: Substring.UTF8View) -> Bool {
        for byte in bytes where byte != UInt8(ascii: "%") {
            if !(PercentEncoding.isURLQueryAllowed(byte)) { return false }
        }
        return PercentEncoding.hasOnlyWellFormedEscapes(bytes)
    }
}
