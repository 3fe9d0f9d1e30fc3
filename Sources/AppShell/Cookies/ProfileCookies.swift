import NavigatorCore

extension AppProfile.Cookie {
    /// The cookie as the jar stores it, set at `now` (seconds since 1970) as the app's
    /// `WKHTTPCookieStore.setCookie` does: `example.com` is for that host only, `.example.com`
    /// for it and its subdomains (the convention of `HTTPCookie`).
    public func cookie(now: Double) -> Cookie {
        Cookie(name: name, value: value, domain: domain, path: path.isEmpty ? "/" : path, expires: expires?.timeIntervalSince1970,
               isSecure: secure, isHTTPOnly: httpOnly, isHostOnly: !domain.hasPrefix("."), creationTime: now)
    }
}
