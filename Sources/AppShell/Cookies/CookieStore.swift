#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Threading
import URLKit

/// A cookie jar shared by the loader's thread and the page's scripts (WKHTTPCookieStore's
/// role): the value behind a lock, with a clock.
public final class CookieStore: CookieAccess, @unchecked Sendable {
    private let lock = Lock()
    private var storedJar: CookieJar
    private let clock: @Sendable () -> Double

    /// A store over `jar`; `clock` gives seconds since 1970 (the system clock by default).
    public init(jar: CookieJar = CookieJar(), clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        storedJar = jar
        self.clock = clock
    }

    /// A copy of the jar now.
    public var jar: CookieJar {
        lock.lock()
        defer { lock.unlock() }
        return storedJar
    }

    /// Changes the jar under the lock.
    public func update<T>(_ change: (inout CookieJar, Double) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return change(&storedJar, clock())
    }

    public func cookieHeader(for url: String, purpose: LoadPurpose, method: String) -> String? {
        update { jar, now in jar.cookieHeader(for: url, context: Self.context(purpose, method: method, jar: jar), now: now) }
    }

    public func receive(setCookie fields: [String], from url: String, purpose: LoadPurpose) {
        update { jar, now in
            _ = jar.receive(setCookie: fields, from: url, context: Self.context(purpose, method: "GET", jar: jar), now: now)
        }
    }

    /// The cookies held for a URL, HttpOnly ones included (`CookieJar.cookies(for:now:)`).
    public func cookies(for url: String) -> [Cookie] {
        update { jar, now in jar.cookies(for: url, now: now) }
    }

    /// `document.cookie` for a page.
    public func documentCookie(for pageURL: String) -> String {
        update { jar, now in jar.documentCookie(for: pageURL, now: now) }
    }

    /// `document.cookie = text`; the reason when nothing was stored.
    @discardableResult
    public func setDocumentCookie(_ text: String, pageURL: String) -> CookieRejection? {
        update { jar, now in jar.setDocumentCookie(text, pageURL: pageURL, now: now) }
    }

    /// The cookie context of a load: a navigation is top level, and comes from its initiator's
    /// site; a subresource comes from its document's site (a `file:` document has none, so
    /// every http subresource of it is cross-site).
    static func context(_ purpose: LoadPurpose, method: String, jar: CookieJar) -> CookieContext {
        func site(_ url: String) -> String {
            let parsed = WebURL(url)
            guard CookieJar.pageHasCookies(url), let host = parsed.host, !host.isEmpty else { return "(opaque origin)" }
            return jar.siteForCookies(host)
        }
        switch purpose {
        case .navigation(let initiator):
            let initiatorSite = initiator.flatMap { CookieJar.pageHasCookies($0) ? site($0) : nil }
            return CookieContext(isHTTP: true, isTopLevelNavigation: true, method: method, initiatorSite: initiatorSite)
        case .subresource(let document):
            return CookieContext(isHTTP: true, isTopLevelNavigation: false, method: method, initiatorSite: site(document))
        }
    }
}
