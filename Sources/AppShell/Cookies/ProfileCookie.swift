import Foundation

/// A cookie of the profile's `cookies` (`{name, value, domain, path, secure, httpOnly,
/// expires}`), set before the first load as an app does with `WKHTTPCookieStore.setCookie`.
public struct ProfileCookie: Equatable, Sendable {
    public var name: String
    public var value: String
    /// `example.com` for that host only, `.example.com` for it and its subdomains (the
    /// convention of `HTTPCookie`).
    public var domain: String
    public var path: String
    public var secure: Bool
    public var httpOnly: Bool
    /// Seconds since 1970; nil for a session cookie.
    public var expires: Double?

    public init(name: String, value: String, domain: String, path: String = "/", secure: Bool = false, httpOnly: Bool = false,
                expires: Double? = nil) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.secure = secure
        self.httpOnly = httpOnly
        self.expires = expires
    }

    /// The cookie as the jar stores it.
    public func cookie(now: Double) -> Cookie {
        Cookie(name: name, value: value, domain: domain, path: path.isEmpty ? "/" : path, expires: expires, isSecure: secure,
               isHTTPOnly: httpOnly, isHostOnly: !domain.hasPrefix("."), creationTime: now)
    }

    /// Reads an `expires` value written as ISO 8601 (`2030-01-01T00:00:00Z`) or as a cookie
    /// date (`Wed, 09 Jun 2100 10:18:14 GMT`); seconds since 1970, or nil.
    public static func parseDate(_ text: String) -> Double? {
        if let date = ISO8601DateFormatter().date(from: text) { return date.timeIntervalSince1970 }
        return CookieDateParser.parse(text)
    }
}
