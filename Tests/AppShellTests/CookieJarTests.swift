import AppShell
import Foundation
import NavigatorCore
import TestSupport
import XCTest

final class CookieJarTests: XCTestCase {
    let now = 1_800_000_000.0
    static let suffixes = PublicSuffixList(text: """
        // a small list for the tests
        com
        uk
        co.uk
        github.io
        *.ck
        !www.ck
        """)

    func jar(_ policy: CookiePolicy = CookiePolicy()) -> CookieJar {
        CookieJar(policy: policy, publicSuffixes: Self.suffixes)
    }

    func testEveryAttributeIsStored() {
        var jar = jar()
        let rejected = jar.receive(setCookie: [
            "session=abc123; Path=/; HttpOnly",
            "theme = dark ; Max-Age=3600; Domain=.Example.com; Secure; SameSite=Lax",
            "lang=en; Path=/docs; Expires=Wed, 09 Jun 2100 10:18:14 GMT; SameSite=Strict",
            "empty=; path=/a/b",
        ], from: "https://www.example.com/shop/cart", now: now)
        XCTAssertTrue(rejected.isEmpty)
        XCTAssertEqual(jar.cookies, [
            Cookie(name: "theme", value: "dark", domain: "example.com", path: "/shop", expires: now + 3600, isSecure: true,
                   isHostOnly: false, sameSite: .lax, creationTime: now, creationIndex: 1),
            Cookie(name: "session", value: "abc123", domain: "www.example.com", path: "/", isHTTPOnly: true, creationTime: now, creationIndex: 0),
            Cookie(name: "empty", value: "", domain: "www.example.com", path: "/a/b", creationTime: now, creationIndex: 3),
            Cookie(name: "lang", value: "en", domain: "www.example.com", path: "/docs", expires: 4_116_219_494, sameSite: .strict,
                   creationTime: now, creationIndex: 2),
        ])
    }

    func testCookieDatesInTheFormatsServersSend() {
        let expected = 784_111_777.0 // Sun, 06 Nov 1994 08:49:37 GMT
        for text in [
            "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
            "06 Nov 1994 08:49:37", "Nov 6 08:49:37 94 GMT", "6-NOVEMBER-1994 8:49:37", "1994 Nov 06 08:49:37 UTC",
        ] {
            var jar = jar()
            jar.receive(setCookie: ["a=1; Expires=\(text)"], from: "http://example.com/", now: 0)
            XCTAssertEqual(jar.cookies.map(\.expires), [expected], text)
        }
        for text in ["Feb 30 2020 00:00:00", "Sun, 06 Nov 1600 08:49:37 GMT", "06 Nov 1994 24:00:00", "06 Nov 1994", "tomorrow", ""] {
            var jar = jar()
            jar.receive(setCookie: ["a=1; Expires=\(text)"], from: "http://example.com/", now: 0)
            XCTAssertEqual(jar.cookies.map(\.expires), [nil], text)
        }
    }

    func testMaxAgeWinsOverExpiresAndZeroDeletes() {
        var jar = jar()
        jar.receive(setCookie: ["a=1; Max-Age=60; Expires=Wed, 09 Jun 2100 10:18:14 GMT", "b=2; Expires=Wed, 09 Jun 2100 10:18:14 GMT; Max-Age=60",
                                "c=3; Max-Age=abc", "d=4; Max-Age=-5"], from: "http://example.com/", now: now)
        XCTAssertEqual(jar.cookies.map { "\($0.name) \($0.expires.map { String($0 - now) } ?? "session")" }, ["a 60.0", "b 60.0", "c session"])
        jar.receive(setCookie: ["a=gone; Max-Age=0"], from: "http://example.com/", now: now)
        XCTAssertEqual(jar.cookies.map(\.name), ["b", "c"])
    }

    func testDefaultPathAndPathMatching() {
        var jar = jar()
        jar.receive(setCookie: ["d=1", "root=1; Path=/", "docs=1; Path=/docs", "slash=1; Path=/docs/", "bad=1; Path=docs"],
                    from: "http://example.com/docs/guide/intro.html", now: now)
        XCTAssertEqual(jar.cookies.map { "\($0.name) \($0.path)" }, ["root /", "docs /docs", "slash /docs/", "d /docs/guide", "bad /docs/guide"])
        func names(_ path: String) -> String? { jar.cookieHeader(for: "http://example.com\(path)", now: now) }
        XCTAssertEqual(names("/docs/guide/x"), "d=1; bad=1; slash=1; docs=1; root=1")
        XCTAssertEqual(names("/docs"), "docs=1; root=1")
        XCTAssertEqual(names("/docsx"), "root=1")
        XCTAssertEqual(names("/"), "root=1")
    }

    func testDomainRules() {
        var jar = jar()
        let rejected = jar.receive(setCookie: [
            "a=1; Domain=com", "b=1; Domain=co.uk", "c=1; Domain=other.com", "d=1; Domain=shop.example.co.uk",
            "e=1; Domain=example.co.uk", "f=1; Domain=",
        ], from: "http://shop.example.co.uk/", now: now)
        XCTAssertEqual(rejected.map { "\($0.field): \($0.reason)" }, [
            "a=1; Domain=com: Domain=com is a public suffix",
            "b=1; Domain=co.uk: Domain=co.uk is a public suffix",
            "c=1; Domain=other.com: Domain=other.com does not cover shop.example.co.uk",
        ])
        XCTAssertEqual(jar.cookies.map { "\($0.name) \($0.domain) \($0.isHostOnly)" },
                       ["e example.co.uk false", "d shop.example.co.uk false", "f shop.example.co.uk true"])
        XCTAssertEqual(jar.cookieHeader(for: "http://www.example.co.uk/", now: now), "e=1")
        XCTAssertEqual(jar.cookieHeader(for: "http://a.shop.example.co.uk/", now: now), "d=1; e=1")
        XCTAssertEqual(jar.cookieHeader(for: "http://a.shop.example.co.uk/".uppercased(), now: now), "d=1; e=1")

        var pages = self.jar()
        XCTAssertEqual(pages.receive(setCookie: ["x=1; Domain=github.io"], from: "https://me.github.io/", now: now).map(\.reason),
                       [.publicSuffix(domain: "github.io")])
        XCTAssertEqual(pages.receive(setCookie: ["x=1; Domain=github.io"], from: "https://github.io/", now: now).map(\.reason), [])
        XCTAssertEqual(pages.cookies.map(\.isHostOnly), [true])
        XCTAssertEqual(pages.receive(setCookie: ["w=1; Domain=b.ck", "v=1; Domain=www.ck"], from: "http://www.a.b.ck/", now: now).map(\.reason),
                       [.publicSuffix(domain: "b.ck"), .domainMismatch(domain: "www.ck", host: "www.a.b.ck")])
        var addresses = self.jar()
        XCTAssertEqual(addresses.receive(setCookie: ["x=1; Domain=0.0.1", "y=1; Domain=10.0.0.1"], from: "http://10.0.0.1/", now: now).map(\.reason),
                       [.domainMismatch(domain: "0.0.1", host: "10.0.0.1")])
        XCTAssertEqual(addresses.cookieHeader(for: "http://10.0.0.1/", now: now), "y=1")
    }

    func testReplacementKeepsTheCreationTimeAndOrderIsPathThenCreation() {
        var jar = jar()
        jar.receive(setCookie: ["a=1; Path=/", "b=1; Path=/x", "c=1; Path=/"], from: "http://example.com/", now: now)
        jar.receive(setCookie: ["a=2; Path=/"], from: "http://example.com/", now: now + 10)
        XCTAssertEqual(jar.cookieHeader(for: "http://example.com/x/y", now: now + 20), "b=1; a=2; c=1")
        XCTAssertEqual(jar.cookies.first { $0.name == "a" }?.creationTime, now)
        XCTAssertEqual(jar.cookies.first { $0.name == "a" }?.lastAccessTime, now + 20)
    }

    func testSecureHttpOnlyAndDocumentCookie() {
        var jar = jar()
        jar.receive(setCookie: ["s=1; Secure", "h=1; HttpOnly", "p=1"], from: "https://example.com/", now: now)
        XCTAssertEqual(jar.cookieHeader(for: "http://example.com/", now: now), "h=1; p=1")
        XCTAssertEqual(jar.cookieHeader(for: "https://example.com/", now: now), "s=1; h=1; p=1")
        XCTAssertEqual(jar.documentCookie(for: "https://example.com/page", now: now), "s=1; p=1")
        XCTAssertEqual(jar.setDocumentCookie("h=2", pageURL: "https://example.com/", now: now), .overwritesHTTPOnly)
        XCTAssertEqual(jar.setDocumentCookie("n=1; HttpOnly", pageURL: "https://example.com/", now: now), .httpOnlyFromScript)
        XCTAssertEqual(jar.setDocumentCookie("js=1; Max-Age=31536000", pageURL: "https://example.com/", now: now), nil)
        XCTAssertEqual(jar.cookies.first { $0.name == "js" }?.expires, now + 7 * 86400)
        XCTAssertEqual(jar.documentCookie(for: "https://example.com/", now: now), "s=1; p=1; js=1")
    }

    func testTheCookiesHeldForAURLAreWhatANavigationWouldSend() {
        var jar = jar()
        jar.receive(setCookie: [
            "host=1; Path=/", "wide=2; Domain=example.com; Path=/", "deep=3; Path=/shop/cart", "s=4; Secure", "h=5; HttpOnly",
            "strict=6; SameSite=Strict", "gone=7; Max-Age=10",
        ], from: "https://www.example.com/shop/cart/item", now: now)
        jar.receive(setCookie: ["other=8"], from: "https://other.com/", now: now)
        XCTAssertEqual(jar.cookies(for: "https://www.example.com/shop/cart/item", now: now + 20).map { "\($0.name)=\($0.value)" },
                       ["deep=3", "s=4", "h=5", "strict=6", "host=1", "wide=2"],
                       "longer paths first (the default path is /shop/cart), then creation; no expired cookie")
        XCTAssertEqual(jar.cookies(for: "http://www.example.com/shop/cart", now: now).map(\.name), ["deep", "h", "strict", "gone", "host", "wide"],
                       "no Secure cookie over http")
        XCTAssertEqual(jar.cookies(for: "https://www.example.com/shop/x", now: now).map(\.name), ["host", "wide"], "no cookie of another path")
        XCTAssertEqual(jar.cookies(for: "https://example.com/", now: now).map(\.name), ["wide"], "host-only cookies stay on their host")
        XCTAssertEqual(jar.cookies(for: "file:///app/Pages/index.html", now: now), [])
        XCTAssertEqual(jar.cookieHeader(for: "https://www.example.com/shop/cart/item", now: now + 20), "deep=3; s=4; h=5; strict=6; host=1; wide=2",
                       "the same cookies as a request's Cookie field")
    }

    func testFilePagesHaveNoCookies() {
        var jar = jar()
        XCTAssertFalse(CookieJar.pageHasCookies("file:///app/Pages/index.html"))
        XCTAssertFalse(CookieJar.pageHasCookies("about:blank"))
        XCTAssertTrue(CookieJar.pageHasCookies("HTTPS://example.com/"))
        XCTAssertEqual(jar.setDocumentCookie("a=1", pageURL: "file:///app/Pages/index.html", now: now), .noCookiesForURL)
        XCTAssertEqual(jar.documentCookie(for: "file:///app/Pages/index.html", now: now), "")
        XCTAssertTrue(jar.isEmpty)
    }

    func testSameSiteAndThirdPartyBlocking() {
        var jar = jar(CookiePolicy(blocksThirdPartyCookies: false))
        jar.receive(setCookie: ["none=1; SameSite=None; Secure", "lax=1; SameSite=Lax", "strict=1; SameSite=Strict", "plain=1"],
                    from: "https://shop.example.com/", now: now)
        let sameSite = CookieContext(initiatorSite: "example.com")
        let crossGet = CookieContext(isTopLevelNavigation: true, method: "GET", initiatorSite: "other.com")
        let crossPost = CookieContext(isTopLevelNavigation: true, method: "POST", initiatorSite: "other.com")
        let crossResource = CookieContext(isTopLevelNavigation: false, initiatorSite: "other.com")
        XCTAssertEqual(jar.cookieHeader(for: "https://shop.example.com/", context: sameSite, now: now), "none=1; lax=1; strict=1; plain=1")
        XCTAssertEqual(jar.cookieHeader(for: "https://shop.example.com/", context: crossGet, now: now), "none=1; lax=1; plain=1")
        XCTAssertEqual(jar.cookieHeader(for: "https://shop.example.com/", context: crossPost, now: now), "none=1; plain=1")
        XCTAssertEqual(jar.cookieHeader(for: "https://shop.example.com/", context: crossResource, now: now), "none=1; plain=1")

        var itp = self.jar()
        itp.receive(setCookie: ["a=1"], from: "https://api.example.com/", now: now)
        XCTAssertEqual(itp.cookieHeader(for: "https://api.example.com/", context: crossResource, now: now), nil)
        XCTAssertEqual(itp.receive(setCookie: ["b=1"], from: "https://api.example.com/", context: crossResource, now: now).map(\.reason), [.thirdParty])
        XCTAssertEqual(itp.cookieHeader(for: "https://api.example.com/", context: CookieContext(isTopLevelNavigation: false, initiatorSite: "example.com"), now: now), "a=1")
        XCTAssertEqual(CookiePolicy.webKit(platformVersion: AppProfile.PlatformVersion(major: 13, minor: 7)), CookiePolicy(blocksThirdPartyCookies: false, scriptCookieLifetimeCap: nil))
        XCTAssertEqual(CookiePolicy.webKit(platformVersion: AppProfile.PlatformVersion(major: 17)), CookiePolicy())
    }

    func testMalformedSetCookieFieldsAreIgnored() {
        var jar = jar()
        let rejected = jar.receive(setCookie: ["novalue", "=value", "  =x", "a=b\u{1}c", String(repeating: "n", count: 4000) + "=" + String(repeating: "v", count: 100), "ok=1; Path"],
                                   from: "http://example.com/p/q", now: now)
        XCTAssertEqual(rejected.map(\.reason), [.noEquals, .emptyName, .emptyName, .controlCharacter, .tooLarge])
        XCTAssertEqual(jar.cookies.map { "\($0.name)=\($0.value) \($0.path)" }, ["ok=1 /p"])
    }

    func testEvictionKeepsTheLimits() {
        var jar = jar(CookiePolicy(maximumCookiesPerDomain: 3, maximumCookies: 5))
        for index in 0..<4 {
            jar.receive(setCookie: ["c\(index)=1"], from: "http://a.com/", now: now + Double(index))
        }
        _ = jar.cookieHeader(for: "http://a.com/", now: now + 10)
        XCTAssertEqual(jar.cookies.map(\.name), ["c1", "c2", "c3"])
        jar.receive(setCookie: ["b0=1", "b1=1"], from: "http://b.com/", now: now + 20)
        jar.receive(setCookie: ["x=1"], from: "http://c.com/", now: now + 30)
        XCTAssertEqual(jar.cookies.map { "\($0.domain) \($0.name)" }, ["a.com c2", "a.com c3", "b.com b0", "b.com b1", "c.com x"])
    }

    func testProfileCookiesAreSetAsGiven() {
        var jar = jar()
        for cookie in [AppProfile.Cookie(name: "token", value: "t1", domain: ".example.com", secure: true, httpOnly: true,
                                          expires: Date(timeIntervalSince1970: 1_893_456_000)),
                       AppProfile.Cookie(name: "host", value: "h", domain: "www.example.com", path: "/app")] {
            jar.set(cookie.cookie(now: now), now: now)
        }
        XCTAssertEqual(jar.cookies, [
            Cookie(name: "token", value: "t1", domain: "example.com", expires: 1_893_456_000, isSecure: true, isHTTPOnly: true,
                   isHostOnly: false, creationTime: now, creationIndex: 0),
            Cookie(name: "host", value: "h", domain: "www.example.com", path: "/app", creationTime: now, creationIndex: 1),
        ])
        XCTAssertEqual(jar.cookieHeader(for: "https://www.example.com/app/x", now: now), "host=h; token=t1")
    }

    func testGeneratedFieldsNeverCrashAndParsingIsLinear() {
        var generator = SeededGenerator(seed: 6265)
        let alphabet = Array("a=; ,.\t/-\"Expires=Max-Age=Domain=Path=Secure HttpOnly SameSite=Lax 0123456789 Jan GMT:\u{0}é".utf8)
        var jar = jar()
        for _ in 0..<3000 {
            let length = Int.random(in: 0..<80, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            jar.receive(setCookie: [String(decoding: bytes, as: UTF8.self)], from: "http://a.b.example.com/x/y", now: now)
            _ = jar.cookieHeader(for: "http://a.b.example.com/x/y", now: now)
        }
        XCTAssertLessThanOrEqual(jar.cookies.count, 50 * 4)

        func time(_ count: Int) -> Double {
            let field = "a=1" + String(repeating: "; Path=/x", count: count)
            let start = Date()
            var jar = self.jar()
            jar.receive(setCookie: [field], from: "http://example.com/", now: now)
            return Date().timeIntervalSince(start)
        }
        _ = time(100)
        XCTAssertLessThan(time(10_000), max(time(1000) * 40, 0.5))
    }

    func testPublicSuffixes() {
        XCTAssertEqual(Self.suffixes.publicSuffix(of: "www.example.co.uk"), "co.uk")
        XCTAssertEqual(Self.suffixes.registrableDomain(of: "www.example.co.uk"), "example.co.uk")
        XCTAssertEqual(Self.suffixes.registrableDomain(of: "a.b.c.ck"), "b.c.ck")
        XCTAssertEqual(Self.suffixes.registrableDomain(of: "www.ck"), "www.ck")
        XCTAssertEqual(Self.suffixes.registrableDomain(of: "co.uk"), nil)
        XCTAssertEqual(Self.suffixes.registrableDomain(of: "localhost"), nil)
        XCTAssertEqual(Self.suffixes.publicSuffix(of: "example.unknowntld"), "unknowntld")
        let system = PublicSuffixList.system
        XCTAssertTrue(system.isPublicSuffix("co.uk"))
        XCTAssertTrue(system.isPublicSuffix("github.io"))
        XCTAssertEqual(system.registrableDomain(of: "a.b.example.com"), "example.com")
    }
}
