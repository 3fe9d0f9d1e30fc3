/// Percent-encoding and decoding with the exact rules Foundation applies to URL components.
enum PercentEncoding {
    /// Whether a byte is an ASCII hex digit.
    static func isHexDigit(_ byte: UInt8) -> Bool {
        hexValue(byte) != nil
    }

    /// The value of an ASCII hex digit, or nil.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Whether every `%` in the bytes starts a well-formed `%HH` escape.
    static func hasOnlyWellFormedEscapes<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%") {
                let first = bytes.index(after: index)
                guard first != bytes.endIndex, isHexDigit(bytes[first]) else { return false }
                let second = bytes.index(after: first)
                guard second != bytes.endIndex, isHexDigit(bytes[second]) else { return false }
                index = bytes.index(after: second)
            } else {
                index = bytes.index(after: index)
            }
        }
        return true
    }

    /// Decodes `%HH` escapes; nil when the result is not valid UTF-8 (as `removingPercentEncoding`).
    static func decode<C: Collection>(_ bytes: C) -> String? where C.Element == UInt8 {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let first = bytes.index(after: index)
                if first != bytes.endIndex, let high = hexValue(bytes[first]) {
                    let second = bytes.index(after: first)
                    if second != bytes.endIndex, let low = hexValue(bytes[second]) {
                        output.append(high << 4 | low)
                        index = bytes.index(after: second)
                        continue
                    }
                }
            }
            output.append(byte)
            index = bytes.index(after: index)
        }
        return String(validating: output, as: UTF8.self)
    }

    /// Encodes every byte outside `allowed` as `%HH` (upper-case hex).
    static func encode(_ string: String, allowing allowed: (UInt8) -> Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if allowed(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(upperHexDigit(byte >> 4))
                output.append(upperHexDigit(byte & 0x0F))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func upperHexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    /// Foundation's `CharacterSet.urlQueryAllowed`: unreserved, sub-delimiters, `:`, `@`, `/` and `?`.
    static func isURLQueryAllowed(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
            || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
    }

    /// RFC 3986 unreserved characters: letters, digits, `-`, `.`, `_`, `~`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// RFC 3986 sub-delimiters: `! $ & ' ( ) * + , ; =`.
    static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }
}
