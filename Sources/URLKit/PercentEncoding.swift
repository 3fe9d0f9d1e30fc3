/// Percent-encoding and decoding: Foundation's rules for URL components, WebKit's for URLs in pages,
/// and HTML's for form submissions. The one place webnav encodes or decodes `%HH`.
public enum PercentEncoding {
    /// Whether a byte is an ASCII hex digit.
    public static func isHexDigit(_ byte: UInt8) -> Bool {
        hexValue(byte) != nil
    }

    /// The value of an ASCII hex digit, or nil.
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Whether every `%` in the bytes starts a well-formed `%HH` escape.
    public static func hasOnlyWellFormedEscapes<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
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
    public static func decode<C: Collection>(_ bytes: C) -> String? where C.Element == UInt8 {
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
    public static func encode(_ string: String, allowing allowed: (UInt8) -> Bool) -> String {
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

    static func upperHexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    /// Foundation's `CharacterSet.urlQueryAllowed`: unreserved, sub-delimiters, `:`, `@`, `/` and `?`.
    public static func isURLQueryAllowed(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
            || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
    }

    /// RFC 3986 unreserved characters: letters, digits, `-`, `.`, `_`, `~`.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
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
    public static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    /// Bytes that never appear raw in a URL a web view hands on: controls, space, non-ASCII, and
    /// `" < > \` ^ { | }` (WebKit encodes them when it parses a URL, keeping existing escapes).
    public static func isNeverValidInURL(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, 0x7F...0xFF, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "^"):
            return true
        default:
            return false
        }
    }

    /// Encodes the bytes `isNeverValidInURL` names, leaving everything else (escapes included) as is.
    public static func encodingNeverValidBytes<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        guard bytes.contains(where: isNeverValidInURL) else { return String(decoding: bytes, as: UTF8.self) }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            if isNeverValidInURL(byte) {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(upperHexDigit(byte >> 4))
                encoded.append(upperHexDigit(byte & 0x0F))
            } else {
                encoded.append(byte)
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Name–value pairs as `application/x-www-form-urlencoded` (UTF-8, space as `+`, line
    /// breaks normalised to CRLF), as HTML form submission encodes them.
    public static func formURLEncoded(_ pairs: [(name: String, value: String)]) -> String {
        var bytes: [UInt8] = []
        func append(_ text: String) {
            var previous: UInt8 = 0
            for byte in text.utf8 {
                switch byte {
                case 0x0A where previous != 0x0D, 0x0D:
                    bytes.append(contentsOf: Array("%0D%0A".utf8))
                case 0x0A:
                    break
                case 0x20:
                    bytes.append(UInt8(ascii: "+"))
                case _ where isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_"):
                    bytes.append(byte)
                default:
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(upperHexDigit(byte >> 4))
                    bytes.append(upperHexDigit(byte & 0x0F))
                }
                previous = byte
            }
        }
        for (index, pair) in pairs.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "&")) }
            append(pair.name)
            bytes.append(UInt8(ascii: "="))
            append(pair.value)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
