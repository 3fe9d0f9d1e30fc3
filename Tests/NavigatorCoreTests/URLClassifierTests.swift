import TestSupport
import XCTest
@testable import NavigatorCore

/// Classification of every URL that reaches the app (semantics.md section 1).
final class URLClassifierTests: XCTestCase {
    private let classifier = URLClassifier(profile: .builtIn)

    private func kind(_ url: String) -> URLClassification.Kind { classifier.classify(url).kind }

    func testKinds() {
        XCTAssertEqual(kind("mkwebview://webview?url=a.html"), .deeplink)
        XCTAssertEqual(kind("MKWebView://webview"), .deeplink)
        for external in ["tel:010-1234-5678", "telprompt:1", "sms:1", "mailto:a@b.c", "facetime:a", "message:x", "shareddocuments:///x", "app-settings:", "TEL:1"] {
            XCTAssertEqual(kind(external), .external, external)
        }
        XCTAssertEqual(kind("https://apps.apple.com/app/id1"), .store)
        XCTAssertEqual(kind("https://play.google.com/store/apps/details?id=x"), .store)
        XCTAssertEqual(kind("http://apps.apple.com/app/id1"), .page, "only https store links open the sheet")
        for page in ["http://example.com", "https://example.com/a", "file:///tmp/a.html", "detail.html", "../x/y.html?a=1", "#top", "/abs.html"] {
            XCTAssertEqual(kind(page), .page, page)
        }
        for invalid in ["javascript:alert(1)", "ftp://x", "about:blank", "", "   ", "1a://x", "web<view:"] {
            XCTAssertEqual(kind(invalid), .invalid, invalid)
        }
    }

    func testInvalidReasons() {
        XCTAssertEqual(classifier.classify("mkwebview:webview").reason, "no host")
        XCTAssertEqual(classifier.classify("mkwebview://?url=a").reason, "no host")
        XCTAssertEqual(classifier.classify("mkwebview://web|view").reason, "unparsable")
        XCTAssertEqual(classifier.classify("ftp://x").reason, "unsupported scheme \"ftp\"")
        XCTAssertEqual(classifier.classify("").reason, "empty")
    }

    func testWebKitEncodingBeforeTheAppSeesTheURL() {
        XCTAssertEqual(classifier.classify("  detail page.html?q=한\n").url, "detail%20page.html?q=%ED%95%9C")
        XCTAssertEqual(classifier.classify("mkwebview://webview?title=a\tb").url, "mkwebview://webview?title=ab")
    }

    func testProfileChangesSchemesAndExternals() {
        var profile = AppProfile.builtIn
        profile.schemes = ["myapp"]
        profile.externalSchemes = ["tel"]
        let custom = URLClassifier(profile: profile)
        XCTAssertEqual(custom.classify("myapp://webview?url=a").kind, .deeplink)
        XCTAssertEqual(custom.classify("mkwebview://webview?url=a").kind, .invalid)
        XCTAssertEqual(custom.classify("mailto:a@b").kind, .invalid)
        XCTAssertEqual(custom.classify("tel:1").kind, .external)
    }

    func testNeverCrashesOnGeneratedInput() {
        var generator = SeededGenerator(seed: 0x5EED_0007)
        let alphabet = ["mkwebview://", "webview", "?", "&", "=", "%", "%2", "%E3", "#", "[", "]", ":", "/", "@", "+", " ", "\n",
                        "url", "title", "leftBtn", "navigationColor", "한", "😀", "\u{0}", "\u{7F}", "\\", "..", "tel:", "https://"]
        for _ in 0..<20_000 {
            let input = generator.string(from: alphabet, length: Int.random(in: 0...16, using: &generator))
            let result = classifier.classify(input)
            XCTAssertEqual(result.input, input)
            if result.kind == .deeplink { XCTAssertNotNil(result.deeplink) }
            if result.kind == .invalid { XCTAssertNotNil(result.reason) }
        }
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = classifier.classify(String(decoding: bytes, as: UTF8.self))
            _ = classifier.classify("mkwebview://webview?" + String(decoding: bytes, as: UTF8.self))
        }
    }
    /// `webnav resolve` stays linear in its input (issue 12): classifying and parsing a URL, and
    /// quoting what it prints, for URLs ten times longer take about ten times as long.
    func testResolvingGrowsLinearly() {
        func resolve(_ url: String) {
            let result = classifier.classify(url)
            var printed = [JSONText.quote(result.input), VisibleText.escaping(result.url)]
            if let deeplink = result.deeplink {
                printed.append(VisibleText.escaping(deeplink.configuration.title ?? ""))
                printed += deeplink.warnings.map { JSONText.quote($0.message) }
            }
            XCTAssertFalse(printed.isEmpty)
        }
        let shapes: [(String, (Int) -> String)] = [
            ("many unknown parameters", { n in "mkwebview://webview?" + (0..<n).map { "param\($0)=v" }.joined(separator: "&") }),
            ("one parameter repeated", { n in "mkwebview://webview?url=a.html" + String(repeating: "&title=t", count: n) }),
            ("a long encoded title", { n in "mkwebview://webview?title=" + String(repeating: "%E3%81%82%1B", count: n) }),
            ("raw spaces and non-ASCII", { n in "mkwebview://webview?title=" + String(repeating: "한 ", count: n) }),
            ("an unencoded nested url", { n in "mkwebview://webview?url=https://a/p?x=1" + String(repeating: "&y=2", count: n) }),
            ("a long page path", { n in String(repeating: "dir/", count: n) + "page.html" }),
            ("a long invalid host", { n in "mkwebview://" + String(repeating: "w|", count: n) }),
        ]
        for (name, url) in shapes {
            assertGrowsLinearly(name, size: 400, input: url, work: resolve)
        }
    }
}
