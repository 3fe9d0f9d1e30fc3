/// The body of a form submitted with `POST`: its entries encoded as the form's `enctype` says
/// (HTML standard, "form submission algorithm", step "submit as entity body"), in UTF-8.
public struct FormBody: Hashable, Sendable, CustomStringConvertible {
    /// The `enctype` keywords; a missing or unknown value is the URL-encoded one.
    public enum Encoding: String, Hashable, Sendable {
        case urlEncoded = "application/x-www-form-urlencoded"
        case multipart = "multipart/form-data"
        case plainText = "text/plain"

        /// The state of an `enctype` (or `formenctype`) attribute: ASCII case-insensitive, its
        /// invalid value default the URL-encoded one.
        public init(attribute: String?) {
            let keyword = attribute.map { String($0.unicodeScalars.filter { !Self.isWhitespace($0) }).lowercased() } ?? ""
            self = Encoding(rawValue: keyword) ?? .urlEncoded
        }

        private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
        }
    }

    /// The `Content-Type` the request carries (`multipart/form-data; boundary=…`).
    public var contentType: String
    public var bytes: [UInt8]

    public init(contentType: String, bytes: [UInt8]) {
        self.contentType = contentType
        self.bytes = bytes
    }

    /// The entries encoded for `encoding`. Line breaks in names and values become CRLF, as the
    /// standard's "converting an entry list to a list of name-value pairs" does.
    public init(entries: [(name: String, value: String)], encoding: Encoding) {
        switch encoding {
        case .urlEncoded:
            self.init(contentType: encoding.rawValue, bytes: Array(PercentEncoding.formURLEncoded(entries).utf8))
        case .plainText:
            var bytes: [UInt8] = []
            for entry in entries {
                bytes += Self.crlfNormalized(entry.name) + [UInt8(ascii: "=")] + Self.crlfNormalized(entry.value)
                bytes += [0x0D, 0x0A]
            }
            self.init(contentType: encoding.rawValue, bytes: bytes)
        case .multipart:
            let boundary = Self.boundary(for: entries)
            var bytes: [UInt8] = []
            for entry in entries {
                bytes += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"".utf8)
                bytes += Self.escapedName(Self.crlfNormalized(entry.name))
                bytes += Array("\"\r\n\r\n".utf8)
                bytes += Self.crlfNormalized(entry.value)
                bytes += [0x0D, 0x0A]
            }
            bytes += Array("--\(boundary)--\r\n".utf8)
            self.init(contentType: "\(encoding.rawValue); boundary=\(boundary)", bytes: bytes)
        }
    }

    /// The body as text (invalid UTF-8 replaced), for events and test failures.
    public var description: String {
        "\(contentType): \(String(decoding: bytes, as: UTF8.self))"
    }

    /// WebKit's boundary shape (`----WebKitFormBoundary` and 16 letters and digits, from
    /// `FormDataBuilder::generateUniqueBoundaryString`). WebKit draws the 16 at random; here
    /// they come from a hash of the entries so a flow sends the same bytes on every run, and
    /// the next hash is taken while the boundary occurs in an entry.
    static func boundary(for entries: [(name: String, value: String)]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        for entry in entries {
            mix(entry.name.utf8)
            mix([0])
            mix(entry.value.utf8)
            mix([1])
        }
        for attempt in 0..<64 {
            var state = hash &+ UInt64(attempt) &* 0x9E37_79B9_7F4A_7C15
            var suffix: [UInt8] = []
            for _ in 0..<16 {
                // splitmix64: each step spreads the hash over the next letter.
                state = state &+ 0x9E37_79B9_7F4A_7C15
                var mixed = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
                mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
                mixed ^= mixed >> 31
                suffix.append(alphabet[Int(mixed % UInt64(alphabet.count))])
            }
            let boundary = "----WebKitFormBoundary" + String(decoding: suffix, as: UTF8.self)
            if !entries.contains(where: { $0.name.contains(boundary) || $0.value.contains(boundary) }) { return boundary }
        }
        return "----WebKitFormBoundary" + String(repeating: "0", count: 16)
    }

    /// A lone CR or LF (and CRLF) as CRLF, in UTF-8.
    static func crlfNormalized(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0x0D: bytes += [0x0D, 0x0A]
            case 0x0A where previous != 0x0D: bytes += [0x0D, 0x0A]
            case 0x0A: break
            default: bytes.append(byte)
            }
            previous = byte
        }
        return bytes
    }

    /// A multipart name: `"` as `%22`, CR as `%0D`, LF as `%0A` (the standard's escaping for
    /// `multipart/form-data`, after line breaks became CRLF).
    static func escapedName(_ bytes: [UInt8]) -> [UInt8] {
        var escaped: [UInt8] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): escaped += Array("%22".utf8)
            case 0x0D: escaped += Array("%0D".utf8)
            case 0x0A: escaped += Array("%0A".utf8)
            default: escaped.append(byte)
            }
        }
        return escaped
    }
}
