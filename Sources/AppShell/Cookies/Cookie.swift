/// A stored cookie (RFC 6265, section 5.3). Times are seconds since 1970.
public struct Cookie: Codable, Equatable, Hashable, Sendable {
    public var name: String
    public var value: String
    /// Lower-cased, without a leading dot: the request host for host-only cookies.
    public var domain: String
    public var path: String
    /// nil for a session cookie (gone when the app's process ends).
    public var expires: Double?
    public var isSecure: Bool
    public var isHTTPOnly: Bool
    /// Sent only to `domain` itself, not its subdomains (no `Domain` attribute).
    public var isHostOnly: Bool
    public var sameSite: SameSite
    public var creationTime: Double
    public var lastAccessTime: Double
    /// Breaks ties between cookies created at the same time, in the order they were created.
    public var creationIndex: Int

    public enum SameSite: String, Codable, Sendable {
        /// No attribute (or an unknown value): WebKit sends such cookies like `None`.
        case unspecified, none, lax, strict
    }

    public init(
        name: String, value: String, domain: String, path: String = "/", expires: Double? = nil, isSecure: Bool = false,
        isHTTPOnly: Bool = false, isHostOnly: Bool = true, sameSite: SameSite = .unspecified, creationTime: Double = 0,
        lastAccessTime: Double? = nil, creationIndex: Int = 0
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expires = expires
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.isHostOnly = isHostOnly
        self.sameSite = sameSite
        self.creationTime = creationTime
        self.lastAccessTime = lastAccessTime ?? creationTime
        self.creationIndex = creationIndex
    }

    /// Whether the cookie has expired at `now`.
    public func isExpired(at now: Double) -> Bool {
        expires.map { $0 <= now } ?? false
    }

    var key: CookieKey { CookieKey(name: name, domain: domain, path: path) }
}

/// A cookie's identity: a new cookie with the same key replaces the old one.
struct CookieKey: Hashable {
    var name: String
    var domain: String
    var path: String
}

/// A `Set-Cookie` field read by the parsing algorithm of RFC 6265, section 5.2 (with the size
/// limits and control-character rule of RFC 6265bis), before the storage model decides.
struct SetCookie: Equatable {
    var name: String
    var value: String
    var expires: Double?
    var maxAge: Double?
    var domain: String?
    var path: String?
    var isSecure = false
    var isHTTPOnly = false
    var sameSite: Cookie.SameSite = .unspecified

    /// RFC 6265bis: name and value together at most 4096 bytes, an attribute value 1024.
    static let maximumNameValueBytes = 4096
    static let maximumAttributeValueBytes = 1024

    /// Parses a field; nil when the algorithm ignores it entirely, with the reason.
    static func parse(_ field: String, now: Double) -> Result<SetCookie, CookieRejection> {
        let bytes = Array(field.utf8)
        if bytes.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
            return .failure(.controlCharacter)
        }
        let pairEnd = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
        let pair = bytes[..<pairEnd]
        guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { return .failure(.noEquals) }
        let name = trimmed(pair[..<equals])
        let value = trimmed(pair[(equals + 1)...])
        guard !name.isEmpty else { return .failure(.emptyName) }
        guard name.utf8.count + value.utf8.count <= maximumNameValueBytes else { return .failure(.tooLarge) }
        var cookie = SetCookie(name: name, value: value)
        var rest = bytes[pairEnd...]
        while !rest.isEmpty {
            rest = rest.dropFirst()
            let end = rest.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
            let attribute = rest[..<end]
            rest = rest[end...]
            let attributeName: String
            let attributeValue: String
            if let equals = attribute.firstIndex(of: UInt8(ascii: "=")) {
                attributeName = trimmed(attribute[..<equals])
                attributeValue = trimmed(attribute[(equals + 1)...])
            } else {
                attributeName = trimmed(attribute)
                attributeValue = ""
            }
            guard attributeValue.utf8.count <= maximumAttributeValueBytes else { continue }
            switch attributeName.lowercased() {
            case "expires":
                if let date = CookieDateParser.parse(attributeValue) { cookie.expires = date }
            case "max-age":
                if let seconds = parseMaxAge(attributeValue) {
                    cookie.maxAge = seconds <= 0 ? -Double.greatestFiniteMagnitude : now + seconds
                }
            case "domain":
                guard !attributeValue.isEmpty else { continue }
                var domain = attributeValue
                if domain.hasPrefix(".") { domain.removeFirst() }
                cookie.domain = domain.lowercased()
            case "path":
                cookie.path = attributeValue.hasPrefix("/") ? attributeValue : nil
            case "secure":
                cookie.isSecure = true
            case "httponly":
                cookie.isHTTPOnly = true
            case "samesite":
                switch attributeValue.lowercased() {
                case "strict": cookie.sameSite = .strict
                case "lax": cookie.sameSite = .lax
                case "none": cookie.sameSite = .none
                default: cookie.sameSite = .unspecified
                }
            default:
                continue
            }
        }
        return .success(cookie)
    }

    /// `Max-Age`: an optional `-` then digits; large values saturate.
    private static func parseMaxAge(_ text: String) -> Double? {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let magnitude = Double(digits.prefix(15)) ?? 0
        let value = digits.count > 15 ? 1e15 : magnitude
        return negative ? -value : value
    }

    /// Strips leading and trailing spaces and tabs (WSP).
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }
}

/// Why a `Set-Cookie` field or a `document.cookie` write stored nothing.
public enum CookieRejection: Error, Equatable, Sendable, CustomStringConvertible {
    case noEquals, emptyName, controlCharacter, tooLarge
    case publicSuffix(domain: String)
    case domainMismatch(domain: String, host: String)
    case httpOnlyFromScript
    case overwritesHTTPOnly
    case thirdParty
    case sameSiteFromCrossSite
    case noCookiesForURL

    public var description: String {
        switch self {
        case .noEquals: return "no '=' in the name-value pair"
        case .emptyName: return "an empty name"
        case .controlCharacter: return "a control character"
        case .tooLarge: return "name and value over 4096 bytes"
        case .publicSuffix(let domain): return "Domain=\(domain) is a public suffix"
        case .domainMismatch(let domain, let host): return "Domain=\(domain) does not cover \(host)"
        case .httpOnlyFromScript: return "HttpOnly cannot be set from script"
        case .overwritesHTTPOnly: return "script cannot replace an HttpOnly cookie"
        case .thirdParty: return "third-party cookies are blocked"
        case .sameSiteFromCrossSite: return "a SameSite cookie from a cross-site request"
        case .noCookiesForURL: return "this kind of URL has no cookies"
        }
    }
}
