/// A URL string with its parts: the one URL type of webnav.
///
/// The string is kept exactly as given (app-scheme deeplinks must reach the app as written); the
/// parts are byte ranges into it. `init(validating:)` accepts exactly what Foundation's
/// `URLComponents(string:)` accepts, which is what the app sees; `resolving(_:)` resolves a
/// reference as a web view does (`URLResolver`).
public struct WebURL: Hashable, Sendable, CustomStringConvertible {
    public let string: String
    public let parts: URLParts

    /// Splits any string (never fails; see `init(validating:)` for Foundation's acceptance).
    public init(_ string: String) {
        self.string = string
        parts = URLParts(Array(string.utf8))
    }

    /// A URL Foundation's `URLComponents(string:)` would accept; nil when it refuses it.
    ///
    /// Like Foundation, a host with a character RFC 3986 does not allow makes the whole string
    /// unparsable, and so does a scheme-like prefix that does not start with a letter (`1a:`),
    /// while a query with such a character is accepted (and re-encoded as a whole: see
    /// `QueryItem.parse` in NavigatorCore).
    public init?(validating string: String) {
        let bytes = Array(string.utf8)
        if case .malformed = Self.schemePrefix(bytes) { return nil }
        let parts = URLParts(bytes)
        if let authority = parts.authority, !Self.isValidAuthority(bytes[authority]) { return nil }
        self.string = string
        self.parts = parts
    }

    public var description: String { string }

    // MARK: - Parts

    /// The scheme as written; nil for a relative reference.
    public var scheme: String? { parts.scheme.map(text) }

    /// Whether the URL has an authority (`//` after the scheme).
    public var hasAuthority: Bool { parts.authority != nil }

    /// The percent-decoded host (an IPv6 literal with its brackets); nil without an authority or
    /// when it does not decode to UTF-8.
    public var host: String? {
        guard let range = hostRange else { return nil }
        let bytes = Array(string.utf8)[range]
        if bytes.first == UInt8(ascii: "[") { return String(decoding: bytes, as: UTF8.self) }
        return PercentEncoding.decode(bytes)
    }

    /// The port, when the authority names one.
    public var port: Int? {
        guard let authority = parts.authority, let host = hostRange, host.upperBound < authority.upperBound else { return nil }
        return Int(text((host.upperBound + 1)..<authority.upperBound))
    }

    public var path: Substring { substring(parts.path) }
    /// The raw query (after `?`, before `#`); nil when there is no `?`.
    public var query: Substring? { parts.query.map(substring) }
    /// The raw fragment (after `#`); nil when there is no `#`.
    public var fragment: Substring? { parts.fragment.map(substring) }

    /// The URL without its fragment (and its `#`).
    public var withoutFragment: String {
        guard let fragment = parts.fragment else { return string }
        return text(0..<(fragment.lowerBound - 1))
    }

    /// The lowercased scheme, or nil.
    public var normalizedScheme: String? { scheme?.lowercased() }

    /// The origin as the web serialises it: `scheme://host[:port]` for http(s) (default ports
    /// omitted), `file://` for every file URL (WebKit gives all `file:` pages one origin), and
    /// `null` for anything else.
    public var origin: String {
        switch normalizedScheme {
        case "file"?:
            return "file://"
        case let scheme? where scheme == "http" || scheme == "https":
            guard let host = host?.lowercased(), !host.isEmpty else { return "null" }
            let defaultPort = scheme == "http" ? 80 : 443
            if let port, port != defaultPort { return "\(scheme)://\(host):\(port)" }
            return "\(scheme)://\(host)"
        default:
            return "null"
        }
    }

    /// The absolute URL a reference points to from here, as a web view resolves it.
    public func resolving(_ reference: String) -> String? {
        URLResolver(base: string).resolve(reference)
    }

    // MARK: - Private

    private func text(_ range: Range<Int>) -> String {
        String(substring(range))
    }

    private func substring(_ range: Range<Int>) -> Substring {
        let utf8 = string.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return string[start..<end]
    }

    /// The host's bytes inside the authority: after any `userinfo@`, before any `:port`.
    private var hostRange: Range<Int>? {
        guard let authority = parts.authority else { return nil }
        let bytes = Array(string.utf8)
        var start = authority.lowerBound
        if let at = bytes[authority].lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
        if start < authority.upperBound, bytes[start] == UInt8(ascii: "[") {
            let close = bytes[start..<authority.upperBound].firstIndex(of: UInt8(ascii: "]")) ?? (authority.upperBound - 1)
            return start..<(close + 1)
        }
        let end = bytes[start..<authority.upperBound].lastIndex(of: UInt8(ascii: ":")) ?? authority.upperBound
        return start..<end
    }

    private enum SchemePrefix { case scheme, malformed, none }

    /// Reads a scheme before the first colon, as Foundation does.
    ///
    /// A prefix of scheme characters that does not start with a letter (`1a:`) is malformed;
    /// a prefix holding any other character (`%zz]:`) is no scheme at all, the colon then
    /// belonging to a relative path.
    private static func schemePrefix(_ bytes: [UInt8]) -> SchemePrefix {
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: ":") {
                guard index > 0 else { return .none }
                return PercentEncoding.isASCIILetter(bytes[0]) ? .scheme : .malformed
            }
            guard URLParts.isSchemeByte(byte) else { return .none }
        }
        return .none
    }

    /// Validates `[userinfo@]host[:port]` as Foundation does.
    private static func isValidAuthority(_ authority: ArraySlice<UInt8>) -> Bool {
        var hostStart = authority.startIndex
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { hostStart = at + 1 }
        let hostAndPort = authority[hostStart...]
        var portBytes: ArraySlice<UInt8> = []
        if hostAndPort.first == UInt8(ascii: "[") {
            guard let close = hostAndPort.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let inside = hostAndPort[(hostAndPort.startIndex + 1)..<close]
            guard inside.allSatisfy({ isRegisteredNameByte($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "%") }) else {
                return false
            }
            let rest = hostAndPort[(close + 1)...]
            if let first = rest.first {
                guard first == UInt8(ascii: ":") else { return false }
                portBytes = rest.dropFirst()
            }
        } else {
            var hostBytes = hostAndPort
            if let colon = hostAndPort.lastIndex(of: UInt8(ascii: ":")) {
                hostBytes = hostAndPort[hostAndPort.startIndex..<colon]
                portBytes = hostAndPort[(colon + 1)...]
            }
            guard hostBytes.allSatisfy({ isRegisteredNameByte($0) || $0 == UInt8(ascii: "%") }),
                  PercentEncoding.hasOnlyWellFormedEscapes(hostBytes) else { return false }
        }
        return portBytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Characters of an RFC 3986 reg-name, other than `%` escapes.
    private static func isRegisteredNameByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isUnreserved(byte) || PercentEncoding.isSubDelimiter(byte)
    }
}
