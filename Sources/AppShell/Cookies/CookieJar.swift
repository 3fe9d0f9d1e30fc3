#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavigatorCore
import URLKit

/// What decides whether a cookie goes with a request, beyond its URL.
public struct CookieContext: Equatable, Sendable {
    /// `Cookie` headers and `Set-Cookie` (true), or `document.cookie` (false: no HttpOnly).
    public var isHTTP: Bool
    /// A top-level navigation (Lax cookies go with a cross-site one when its method is safe).
    public var isTopLevelNavigation: Bool
    public var method: String
    /// The site (registrable domain) the request comes from: the page a link was in, or the
    /// page a subresource belongs to; nil when the app itself started the load.
    public var initiatorSite: String?

    public init(isHTTP: Bool = true, isTopLevelNavigation: Bool = true, method: String = "GET", initiatorSite: String? = nil) {
        self.isHTTP = isHTTP
        self.isTopLevelNavigation = isTopLevelNavigation
        self.method = method
        self.initiatorSite = initiatorSite
    }
}

/// How the simulated WebKit treats cookies beyond RFC 6265.
public struct CookiePolicy: Equatable, Sendable {
    /// Intelligent Tracking Prevention: a subresource of another site gets no cookies and sets
    /// none (WebKit's full third-party cookie blocking).
    public var blocksThirdPartyCookies: Bool
    /// Intelligent Tracking Prevention: cookies written by `document.cookie` expire in at most
    /// this many seconds (7 days).
    public var scriptCookieLifetimeCap: Double?
    /// RFC 6265, section 6.1: the jar keeps at least 50 cookies per domain and 3000 in all.
    public var maximumCookiesPerDomain: Int
    public var maximumCookies: Int

    public init(blocksThirdPartyCookies: Bool = true, scriptCookieLifetimeCap: Double? = 7 * 86400,
                maximumCookiesPerDomain: Int = 50, maximumCookies: Int = 3000) {
        self.blocksThirdPartyCookies = blocksThirdPartyCookies
        self.scriptCookieLifetimeCap = scriptCookieLifetimeCap
        self.maximumCookiesPerDomain = maximumCookiesPerDomain
        self.maximumCookies = maximumCookies
    }

    /// WebKit in a WKWebView: ITP is on by default from iOS 14 (third-party blocking and the
    /// 7-day cap on script cookies); before that only RFC 6265.
    public static func webKit(platformVersion: AppProfile.PlatformVersion) -> CookiePolicy {
        platformVersion >= .init(major: 14) ? CookiePolicy() : CookiePolicy(blocksThirdPartyCookies: false, scriptCookieLifetimeCap: nil)
    }
}

/// An RFC 6265 cookie jar as a value: `Set-Cookie` in, `Cookie` out, `document.cookie` both ways.
///
/// Cookies are indexed by domain, so a request looks at the cookies of its host and of each
/// parent domain only, whatever the jar holds.
public struct CookieJar: Equatable, Sendable {
    public var policy: CookiePolicy
    private var byDomain: [String: [Cookie]] = [:]
    private var count = 0
    private var nextCreationIndex = 0
    /// The list given, or nil for the system's, read when a cookie first needs it: every app
    /// launch makes a jar, and reading the list costs about 180 M instructions.
    private let givenSuffixes: PublicSuffixList?
    private var suffixes: PublicSuffixList { givenSuffixes ?? .system }

    /// A jar using `publicSuffixes`, or the system's list when nil.
    public init(policy: CookiePolicy = CookiePolicy(), publicSuffixes: PublicSuffixList? = nil) {
        self.policy = policy
        givenSuffixes = publicSuffixes
    }

    public static func == (lhs: CookieJar, rhs: CookieJar) -> Bool {
        lhs.policy == rhs.policy && lhs.cookies == rhs.cookies
    }

    /// Every cookie, by domain, then path, then creation.
    public var cookies: [Cookie] {
        byDomain.keys.sorted().flatMap { domain in
            byDomain[domain]!.sorted { ($0.path, $0.creationIndex) < ($1.path, $1.creationIndex) }
        }
    }

    public var isEmpty: Bool { count == 0 }

    // MARK: - HTTP

    /// Stores the `Set-Cookie` fields of a response; returns the fields it ignored and why.
    @discardableResult
    public mutating func receive(setCookie fields: [String], from url: String, context: CookieContext = CookieContext(), now: Double)
        -> [(field: String, reason: CookieRejection)] {
        var rejected: [(String, CookieRejection)] = []
        for field in fields {
            switch SetCookie.parse(field, now: now) {
            case .failure(let reason): rejected.append((field, reason))
            case .success(let parsed):
                if let reason = store(parsed, from: url, context: context, now: now, capLifetime: false) { rejected.append((field, reason)) }
            }
        }
        return rejected
    }

    /// The `Cookie` field for a request (RFC 6265, section 5.4), or nil when no cookie matches.
    /// Updates the last-access time of the cookies it sends.
    ///
    /// Only the lists of the host and its parent domains are read; each list is kept in header
    /// order, so the matches need sorting only when several lists contribute.
    public mutating func cookieHeader(for url: String, context: CookieContext = CookieContext(), now: Double) -> String? {
        let parsedURL = WebURL(url)
        guard Self.pageHasCookies(url) else { return nil }
        let host = Self.canonicalHost(parsedURL.host ?? "")
        guard !host.isEmpty else { return nil }
        let secure = parsedURL.normalizedScheme == "https"
        let path = parsedURL.path.isEmpty ? "/" : String(parsedURL.path)
        let site = siteForCookies(host)
        let crossSite = context.initiatorSite.map { $0 != site } ?? false
        if crossSite, !context.isTopLevelNavigation, policy.blocksThirdPartyCookies { return nil }
        let laxAllowed = !crossSite || (context.isTopLevelNavigation && ["GET", "HEAD", "OPTIONS", "TRACE"].contains(context.method))

        var taken: [(domain: String, list: [Cookie])] = []
        var found: [(list: Int, index: Int)] = []
        var listsMatched = 0
        var candidateDomain = host
        var isHost = true
        let isAddress = IPAddress(host) != nil
        while true {
            if var list = byDomain.removeValue(forKey: candidateDomain) {
                let before = found.count
                let listNumber = taken.count
                list.withUnsafeMutableBufferPointer { cookies in
                    for index in cookies.indices {
                        guard isHost || !cookies[index].isHostOnly,
                              !cookies[index].isExpired(at: now),
                              !cookies[index].isSecure || secure,
                              !cookies[index].isHTTPOnly || context.isHTTP,
                              Self.pathMatches(path, cookies[index].path) else { continue }
                        switch cookies[index].sameSite {
                        case .strict where crossSite: continue
                        case .lax where !laxAllowed: continue
                        default: break
                        }
                        cookies[index].lastAccessTime = now
                        found.append((listNumber, index))
                    }
                }
                if found.count > before { listsMatched += 1 }
                taken.append((candidateDomain, list))
            }
            guard !isAddress, let dot = candidateDomain.firstIndex(of: ".") else { break }
            candidateDomain = String(candidateDomain[candidateDomain.index(after: dot)...])
            isHost = false
            if candidateDomain.isEmpty { break }
        }
        defer {
            for (domain, list) in taken { byDomain[domain] = list }
        }
        guard !found.isEmpty else { return nil }
        if listsMatched > 1 {
            found.sort { Self.precedes(taken[$0.list].list[$0.index], taken[$1.list].list[$1.index]) }
        }
        var header: [UInt8] = []
        header.reserveCapacity(found.count * 24)
        for (position, match) in found.enumerated() {
            if position > 0 {
                header.append(UInt8(ascii: ";"))
                header.append(UInt8(ascii: " "))
            }
            let name = taken[match.list].list[match.index].name
            if !name.isEmpty {
                header.append(contentsOf: name.utf8)
                header.append(UInt8(ascii: "="))
            }
            header.append(contentsOf: taken[match.list].list[match.index].value.utf8)
        }
        return String(decoding: header, as: UTF8.self)
    }

    /// The cookies the jar holds for a URL, HttpOnly ones included, in `Cookie` header order:
    /// what it would send with the app's own load of that URL (no SameSite or third-party
    /// rule applies to it). Looks at every cookie: for checks (`expect cookie`), not requests.
    public func cookies(for url: String, now: Double) -> [Cookie] {
        let parsedURL = WebURL(url)
        guard Self.pageHasCookies(url) else { return [] }
        let host = Self.canonicalHost(parsedURL.host ?? "")
        let secure = parsedURL.normalizedScheme == "https"
        let path = parsedURL.path.isEmpty ? "/" : String(parsedURL.path)
        return cookies.filter { cookie in
            (cookie.isHostOnly ? host == cookie.domain : Self.domainMatches(host: host, domain: cookie.domain))
                && !cookie.isExpired(at: now) && (!cookie.isSecure || secure) && Self.pathMatches(path, cookie.path)
        }.sorted(by: Self.precedes)
    }

    // MARK: - document.cookie

    /// Whether a page at this URL has cookies at all: `file:` pages (and other non-http pages)
    /// have none in WebKit, so `document.cookie` reads `""` and writes are ignored.
    public static func pageHasCookies(_ pageURL: String) -> Bool {
        let scheme = WebURL(pageURL).normalizedScheme
        return scheme == "http" || scheme == "https"
    }

    /// `document.cookie` read: the non-HttpOnly cookies of the page.
    public mutating func documentCookie(for pageURL: String, now: Double) -> String {
        guard Self.pageHasCookies(pageURL) else { return "" }
        let site = siteForCookies(WebURL(pageURL).host ?? "")
        return cookieHeader(for: pageURL, context: CookieContext(isHTTP: false, initiatorSite: site), now: now) ?? ""
    }

    /// `document.cookie = text`: one cookie, as a `Set-Cookie` from a non-HTTP API.
    @discardableResult
    public mutating func setDocumentCookie(_ text: String, pageURL: String, now: Double) -> CookieRejection? {
        guard Self.pageHasCookies(pageURL) else { return .noCookiesForURL }
        switch SetCookie.parse(text, now: now) {
        case .failure(let reason): return reason
        case .success(let parsed):
            let site = siteForCookies(WebURL(pageURL).host ?? "")
            return store(parsed, from: pageURL, context: CookieContext(isHTTP: false, initiatorSite: site), now: now, capLifetime: true)
        }
    }

    // MARK: - Direct access

    /// Sets a cookie as given (`WKHTTPCookieStore.setCookie`, the profile's `cookies`),
    /// replacing one with the same name, domain and path.
    public mutating func set(_ cookie: Cookie, now: Double) {
        var cookie = cookie
        cookie.domain = cookie.domain.lowercased()
        if cookie.domain.hasPrefix(".") {
            cookie.domain.removeFirst()
            cookie.isHostOnly = false
        }
        insert(cookie, now: now)
    }

    /// Removes every cookie.
    public mutating func removeAll() {
        byDomain = [:]
        count = 0
    }

    /// Removes cookies that have expired and session cookies when `sessionEnded` (a restart of
    /// the app's process).
    public mutating func removeExpired(now: Double, sessionEnded: Bool = false) {
        for (domain, list) in byDomain {
            let kept = list.filter { !$0.isExpired(at: now) && !(sessionEnded && $0.expires == nil) }
            count -= list.count - kept.count
            byDomain[domain] = kept.isEmpty ? nil : kept
        }
    }

    /// The site of a host for SameSite and third-party decisions: its registrable domain, or
    /// the host itself (an IP address, `localhost`, a public suffix).
    public func siteForCookies(_ host: String) -> String {
        let normalized = Self.canonicalHost(host)
        if IPAddress(normalized) != nil { return normalized }
        return suffixes.registrableDomain(of: normalized) ?? normalized
    }

    // MARK: - Private

    /// The storage model of RFC 6265, section 5.3; returns why the cookie was ignored.
    private mutating func store(_ parsed: SetCookie, from url: String, context: CookieContext, now: Double, capLifetime: Bool)
        -> CookieRejection? {
        let parsedURL = WebURL(url)
        let host = Self.canonicalHost(parsedURL.host ?? "")
        guard !host.isEmpty, Self.pageHasCookies(url) else { return .noCookiesForURL }
        let site = siteForCookies(host)
        let crossSite = context.initiatorSite.map { $0 != site } ?? false
        if crossSite, !context.isTopLevelNavigation {
            if policy.blocksThirdPartyCookies { return .thirdParty }
            if parsed.sameSite == .lax || parsed.sameSite == .strict { return .sameSiteFromCrossSite }
        }
        var cookie = Cookie(name: parsed.name, value: parsed.value, domain: host, path: parsed.path ?? Self.defaultPath(parsedURL),
                            expires: parsed.maxAge ?? parsed.expires, isSecure: parsed.isSecure, isHTTPOnly: parsed.isHTTPOnly,
                            isHostOnly: true, sameSite: parsed.sameSite, creationTime: now)
        if var domain = parsed.domain {
            if domain.hasSuffix("."), !host.hasSuffix(".") { domain.removeLast() }
            let isPublicSuffix = IPAddress(host) == nil && suffixes.isPublicSuffix(domain)
            if isPublicSuffix, domain != host { return .publicSuffix(domain: domain) }
            if !isPublicSuffix {
                guard Self.domainMatches(host: host, domain: domain) else { return .domainMismatch(domain: domain, host: host) }
                cookie.domain = domain
                cookie.isHostOnly = false
            }
        }
        if !context.isHTTP {
            if cookie.isHTTPOnly { return .httpOnlyFromScript }
            if let old = byDomain[cookie.domain]?.first(where: { $0.key == cookie.key }), old.isHTTPOnly { return .overwritesHTTPOnly }
        }
        if capLifetime, let cap = policy.scriptCookieLifetimeCap, let expires = cookie.expires, expires > now + cap {
            cookie.expires = now + cap
        }
        insert(cookie, now: now)
        return nil
    }

    /// Puts a cookie in the jar (keeping the creation time of the one it replaces), then evicts.
    /// Each domain's list stays in `Cookie` header order: longer paths first, then earlier creation.
    private mutating func insert(_ cookie: Cookie, now: Double) {
        var cookie = cookie
        var list = byDomain.removeValue(forKey: cookie.domain) ?? []
        if let index = list.firstIndex(where: { $0.key == cookie.key }) {
            cookie.creationTime = list[index].creationTime
            cookie.creationIndex = list[index].creationIndex
            list.remove(at: index)
            count -= 1
        } else {
            cookie.creationIndex = nextCreationIndex
            nextCreationIndex += 1
        }
        if !cookie.isExpired(at: now) {
            let position = list.firstIndex { Self.precedes(cookie, $0) } ?? list.endIndex
            list.insert(cookie, at: position)
            count += 1
        }
        if !list.isEmpty { byDomain[cookie.domain] = list }
        evict(now: now, domain: cookie.domain)
    }

    /// The `Cookie` header order (RFC 6265, section 5.4, step 2).
    static func precedes(_ a: Cookie, _ b: Cookie) -> Bool {
        let lengthA = a.path.utf8.count, lengthB = b.path.utf8.count
        return lengthA != lengthB ? lengthA > lengthB : a.creationIndex < b.creationIndex
    }

    /// RFC 6265's eviction: expired cookies first, then the least recently used of a domain over
    /// its limit, then the least recently used of the jar over its limit.
    private mutating func evict(now: Double, domain: String) {
        guard var list = byDomain[domain], list.count > policy.maximumCookiesPerDomain || count > policy.maximumCookies else { return }
        if list.count > policy.maximumCookiesPerDomain {
            let before = list.count
            list.removeAll { $0.isExpired(at: now) }
            if list.count > policy.maximumCookiesPerDomain {
                let victims = Set(list.sorted { ($0.lastAccessTime, $0.creationIndex) < ($1.lastAccessTime, $1.creationIndex) }
                    .prefix(list.count - policy.maximumCookiesPerDomain).map(\.creationIndex))
                list.removeAll { victims.contains($0.creationIndex) }
            }
            count -= before - list.count
            byDomain[domain] = list.isEmpty ? nil : list
        }
        guard count > policy.maximumCookies else { return }
        removeExpired(now: now)
        while count > policy.maximumCookies {
            var oldest: (domain: String, index: Int, cookie: Cookie)?
            for (key, cookies) in byDomain {
                for (index, cookie) in cookies.enumerated()
                where oldest.map({ (cookie.lastAccessTime, cookie.creationIndex) < ($0.cookie.lastAccessTime, $0.cookie.creationIndex) }) ?? true {
                    oldest = (key, index, cookie)
                }
            }
            guard let victim = oldest else { break }
            byDomain[victim.domain]!.remove(at: victim.index)
            if byDomain[victim.domain]!.isEmpty { byDomain[victim.domain] = nil }
            count -= 1
        }
    }

    static func canonicalHost(_ host: String) -> String {
        var lowered = host.lowercased()
        if lowered.hasPrefix("["), lowered.hasSuffix("]") { lowered = String(lowered.dropFirst().dropLast()) }
        return lowered
    }

    /// RFC 6265, section 5.1.3.
    static func domainMatches(host: String, domain: String) -> Bool {
        if host == domain { return true }
        return host.hasSuffix("." + domain) && IPAddress(host) == nil
    }

    /// RFC 6265, section 5.1.4.
    static func pathMatches(_ requestPath: String, _ cookiePath: String) -> Bool {
        if cookiePath == "/" { return true }
        var requestPath = requestPath
        var cookiePath = cookiePath
        return requestPath.withUTF8 { request in
            cookiePath.withUTF8 { cookie in
                guard cookie.count <= request.count, memcmp(request.baseAddress!, cookie.baseAddress!, cookie.count) == 0 else { return false }
                return request.count == cookie.count || cookie[cookie.count - 1] == UInt8(ascii: "/")
                    || request[cookie.count] == UInt8(ascii: "/")
            }
        }
    }

    /// The default path of a request URL (RFC 6265, section 5.1.4).
    static func defaultPath(_ url: WebURL) -> String {
        let path = String(url.path)
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
