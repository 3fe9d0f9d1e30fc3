import TestSupport
import XCTest
import URLKit

/// The one URL type: parts, origin, resolution and the percent-encoders.
final class WebURLTests: XCTestCase {
    private struct Parts: Equatable {
        var scheme: String?
        var host: String?
        var port: Int?
        var path: String
        var query: String?
        var fragment: String?
    }

    private func parts(_ string: String) -> Parts {
        let url = WebURL(string)
        return Parts(scheme: url.scheme, host: url.host, port: url.port, path: String(url.path),
                     query: url.query.map(String.init), fragment: url.fragment.map(String.init))
    }

    func testSplitsEveryPart() {
        XCTAssertEqual(parts("https://user:pw@Example.com:8443/a/b.html?x=1&y=2#top"),
                       Parts(scheme: "https", host: "Example.com", port: 8443, path: "/a/b.html", query: "x=1&y=2", fragment: "top"))
        XCTAssertEqual(parts("mkwebview://webview?url=a.html#frag?not-query"),
                       Parts(scheme: "mkwebview", host: "webview", port: nil, path: "", query: "url=a.html", fragment: "frag?not-query"))
        XCTAssertEqual(parts("file:///tmp/Pages/index.html"),
                       Parts(scheme: "file", host: "", port: nil, path: "/tmp/Pages/index.html", query: nil, fragment: nil))
        XCTAssertEqual(parts("detail.html?x#y"),
                       Parts(scheme: nil, host: nil, port: nil, path: "detail.html", query: "x", fragment: "y"))
        XCTAssertEqual(parts("http://[::1]:8080/"),
                       Parts(scheme: "http", host: "[::1]", port: 8080, path: "/", query: nil, fragment: nil))
        XCTAssertEqual(parts("tel:010-1234"),
                       Parts(scheme: "tel", host: nil, port: nil, path: "010-1234", query: nil, fragment: nil))
    }

    func testHostIsPercentDecodedAndNilWhenNotUTF8() {
        XCTAssertEqual(WebURL("mkwebview://%EC%9B%B9/x").host, "웹")
        XCTAssertNil(WebURL("mkwebview://%FF/x").host)
        XCTAssertNil(WebURL("mkwebview:webview").host)
    }

    func testValidatingRefusesWhatFoundationRefuses() {
        XCTAssertNil(WebURL(validating: "1a://x"))
        XCTAssertNil(WebURL(validating: "http://a b/"))
        XCTAssertNil(WebURL(validating: "http://[::1/"))
        XCTAssertNil(WebURL(validating: "http://host:80x/"))
        XCTAssertNotNil(WebURL(validating: "mkwebview://webview?title=[1]"))
        XCTAssertEqual(WebURL(validating: "%zz]:x")?.scheme, nil)
    }

    func testOrigin() {
        XCTAssertEqual(WebURL("https://Example.COM:443/a").origin, "https://example.com")
        XCTAssertEqual(WebURL("http://127.0.0.1:8080/a").origin, "http://127.0.0.1:8080")
        XCTAssertEqual(WebURL("file:///a/b.html").origin, "file://")
        XCTAssertEqual(WebURL("mkwebview://webview").origin, "null")
        XCTAssertEqual(WebURL("about:blank").origin, "null")
    }

    func testWithoutFragment() {
        XCTAssertEqual(WebURL("a.html?x#y").withoutFragment, "a.html?x")
        XCTAssertEqual(WebURL("a.html").withoutFragment, "a.html")
    }

    func testResolvesAsAWebViewDoes() {
        let base = WebURL("file:///site/Pages/dir/page.html?q#f")
        XCTAssertEqual(base.resolving("other.html"), "file:///site/Pages/dir/other.html")
        XCTAssertEqual(base.resolving("../up.html"), "file:///site/Pages/up.html")
        XCTAssertEqual(base.resolving("#top"), "file:///site/Pages/dir/page.html?q#top")
        XCTAssertEqual(base.resolving("?z"), "file:///site/Pages/dir/page.html?z")
        XCTAssertEqual(base.resolving(" a b.html\n"), "file:///site/Pages/dir/a%20b.html")
        XCTAssertEqual(base.resolving("//host/x"), "file://host/x")
        XCTAssertEqual(base.resolving("mkwebview://webview?url=a.html&title=A%20B"), "mkwebview://webview?url=a.html&title=A%20B")
        XCTAssertEqual(base.resolving("테스트.html"), "file:///site/Pages/dir/%ED%85%8C%EC%8A%A4%ED%8A%B8.html")
        XCTAssertNil(URLResolver(base: nil).resolve("relative.html"))
    }

    /// The URL Standard's single- and double-dot segments include their percent-encoded forms,
    /// in any case; WebKit resolves them as `.` and `..`.
    func testPercentEncodedDotsAreDotSegments() {
        let base = WebURL("file:///site/Pages/dir/page.html")
        XCTAssertEqual(base.resolving("%2e%2e/%2e%2e/%2e%2e/etc/passwd"), "file:///etc/passwd")
        XCTAssertEqual(base.resolving("%2E%2e/up.html"), "file:///site/Pages/up.html")
        XCTAssertEqual(base.resolving(".%2e/up.html"), "file:///site/Pages/up.html")
        XCTAssertEqual(base.resolving("%2e./up.html"), "file:///site/Pages/up.html")
        XCTAssertEqual(base.resolving("%2e/here.html"), "file:///site/Pages/dir/here.html")
        XCTAssertEqual(base.resolving("sub/%2e%2e"), "file:///site/Pages/dir/")
        XCTAssertEqual(base.resolving("file:///a/b/%2e%2e/c"), "file:///a/c")
        XCTAssertEqual(base.resolving("%2e%2e%2e/x"), "file:///site/Pages/dir/%2e%2e%2e/x", "three dots are a name")
        XCTAssertEqual(base.resolving("%2e%2/x"), "file:///site/Pages/dir/%2e%2/x")
        XCTAssertEqual(base.resolving("..%2fx"), "file:///site/Pages/dir/..%2fx", "an encoded slash separates nothing")
    }

    func testFormEncoding() {
        XCTAssertEqual(PercentEncoding.formURLEncoded([("q", "a b+c"), ("line", "1\n2"), ("k", "é*-._~")]),
                       "q=a+b%2Bc&line=1%0D%0A2&k=%C3%A9*-._%7E")
    }

    func testNeverValidBytesAreEncodedAndEscapesKept() {
        XCTAssertEqual(PercentEncoding.encodingNeverValidBytes(Array("a b%20<c>\"{|}^`\\é".utf8)),
                       "a%20b%20%3Cc%3E%22%7B%7C%7D%5E%60%5C%C3%A9")
    }

    func testQueryAllowedEncoding() {
        XCTAssertEqual(PercentEncoding.encode("%20 테?&=", allowing: PercentEncoding.isURLQueryAllowed),
                       "%2520%20%ED%85%8C?&=")
        XCTAssertEqual(PercentEncoding.decode(Array("%ED%85%8C%41".utf8)), "테A")
        XCTAssertNil(PercentEncoding.decode(Array("%FF".utf8)))
    }
}

/// RFC 3986, section 5.4: every normal and abnormal example, and generated references whose
/// paths mix dot segments, checked against the section 5.2 algorithm written out plainly.
final class URLResolutionTests: XCTestCase {
    func testTheRFCExamples() {
        let resolver = URLResolver(base: "http://a/b/c/d;p?q")
        let examples: [(String, String)] = [
            ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
            ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
            ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
            ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
            ("http:g", "http:g"),
        ]
        for (reference, expected) in examples {
            XCTAssertEqual(resolver.resolve(reference), expected, reference)
        }
    }

    /// Plain relative paths take a shorter way (appended to the base's folder): it must agree with
    /// section 5.2 for every base and hand over any reference it cannot take as is.
    func testPlainRelativePathsAgainstEveryKindOfBase() {
        let cases: [(base: String, reference: String, expected: String?)] = [
            ("http://a/b/c/d;p?q", "x y", "http://a/b/c/x%20y"),
            ("http://a/b/c/d;p?q", "é", "http://a/b/c/%C3%A9"),
            ("http://a/b/c/d;p?q", "a/b?c:d#e", "http://a/b/c/a/b?c:d#e"),
            ("http://a/b/c/d;p?q", "a:b/c", "a:b/c"),
            ("http://a/b/c/d;p?q", "./x:y", "http://a/b/c/x:y"),
            ("http://a/b/c/d;p?q", "g?./..", "http://a/b/c/g?./.."),
            ("http://a/b/c/d;p?q", "g/..", "http://a/b/c/"),
            ("http://a/b/c/d;p?q", " g\t", "http://a/b/c/g"),
            ("http://h", "g", "http://h/g"),
            ("http://h/./x/y", "g", "http://h/x/g"),
            ("http://h/x y/z", "g", "http://h/x%20y/g"),
            ("mailto:x", "g", "mailto:g"),
            ("file:///p/q/r.html", "s.html#t", "file:///p/q/s.html#t"),
        ]
        for (base, reference, expected) in cases {
            XCTAssertEqual(URLResolver(base: base).resolve(reference), expected, "\(base) + \(reference)")
        }
        XCTAssertNil(URLResolver(base: nil).resolve("g"))
    }

    /// The path part of section 5.2: merge, then remove dot segments by the section 5.2.4 loop.
    private func removeDotSegments(_ path: String) -> String {
        var input = Substring(path)
        var output = ""
        while !input.isEmpty {
            if input.hasPrefix("../") { input = input.dropFirst(3) }
            else if input.hasPrefix("./") { input = input.dropFirst(2) }
            else if input.hasPrefix("/./") { input = input.dropFirst(2) }
            else if input == "/." { input = "/" }
            else if input.hasPrefix("/../") || input == "/.." {
                input = input == "/.." ? "/" : input.dropFirst(3)
                if let slash = output.lastIndex(of: "/") { output = String(output[..<slash]) } else { output = "" }
            } else if input == "." || input == ".." { input = "" }
            else {
                let start = input.startIndex
                let searchFrom = input.hasPrefix("/") ? input.index(after: start) : start
                let end = input[searchFrom...].firstIndex(of: "/") ?? input.endIndex
                output += input[start..<end]
                input = input[end...]
            }
        }
        return output
    }

    func testGeneratedPathsAgreeWithSection524() {
        var generator = SeededGenerator(seed: 9)
        let pieces = ["/", "a", "b.c", ".", "..", "./", "../", "/.", "/..", "x.", ".y", "..z"]
        let resolver = URLResolver(base: "file:///p/q/r.html")
        for _ in 0..<5_000 {
            let path = generator.string(from: pieces, length: 1 + Int(generator.next() % 7))
            if path.hasPrefix("//") { continue }  // a network-path reference: its start is a host
            let merged = path.hasPrefix("/") ? path : "/p/q/" + path
            XCTAssertEqual(resolver.resolve(path), "file://" + removeDotSegments(merged), path)
        }
    }
}
