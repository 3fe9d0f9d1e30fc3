import Foundation
import TestSupport
import XCTest
@testable import NavigatorCore
import URLKit

/// Compares the deeplink parser's building blocks with Foundation's own answers over generated inputs.
final class FoundationCompatibilityTests: XCTestCase {
    private let queryAlphabet = [
        "a", "b", "Z", "0", "1", "=", "=", "&", "&", "+", "%", "%2", "%41", "%2B", "%26", "%3D", "%20", "%25",
        "%E3", "%85", "%ED%85%8C", "%C3%A9", "%FF", "%zz", "-", ".", "_", "~", "!", "$", "'", "(", ")", "*",
        ",", ";", ":", "@", "/", "?", "[", "]", "{", "}", "|", "\\", "^", "`", "#", "\"", "<", ">",
    ]

    func testQueryItemsMatchURLComponentsOverGeneratedQueries() throws {
        var generator = SeededGenerator(seed: 0x5EED_0001)
        var compared = 0
        for _ in 0..<20_000 {
            let query = generator.string(from: queryAlphabet, length: Int.random(in: 0...14, using: &generator))
            let url = "mkwebview://webview?" + query
            guard let components = URLComponents(string: url) else { continue }
            guard let parts = WebURL(validating: url) else {
                return XCTFail("Foundation parses \(url) but URLParts does not")
            }
            let expected = (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "<nil>")" }
            let actual = parts.query.map { QueryItem.parse(query: $0) }?.map { "\($0.name)=\($0.value ?? "<nil>")" } ?? []
            XCTAssertEqual(actual, expected, "query items of \(url)")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 15_000)
    }

    private let urlAlphabet = [
        "a", "b", "W", "0", "9", ":", ":", "/", "/", "//", "?", "#", "@", "[", "]", "%", "%41", "%zz", "%EC%9B%B9",
        "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "{", "|", "^", "`", "\\", "<",
    ]

    func testSchemeHostAndFailureMatchURLComponentsOverGeneratedURLs() {
        var generator = SeededGenerator(seed: 0x5EED_0002)
        var agreedOnNil = 0
        for round in 0..<20_000 {
            // Scheme-less strings are resolved by Foundation's own `URL(string:relativeTo:)`, so only URLs with a scheme are compared here.
            let prefix = ["mkwebview://", "mkwebview:", "MkWebView://", "http://", "https:", "x1+.-://"][round % 6]
            let url = prefix + generator.string(from: urlAlphabet, length: Int.random(in: 0...12, using: &generator))
            let components = URLComponents(string: url)
            let parts = WebURL(validating: url)
            XCTAssertEqual(parts == nil, components == nil, "parsability of \(url)")
            guard let components, let parts else { agreedOnNil += 1; continue }
            XCTAssertEqual(parts.scheme, components.scheme, "scheme of \(url)")
            XCTAssertEqual(parts.host, components.host, "host of \(url)")
            XCTAssertEqual(parts.fragment == nil, components.percentEncodedFragment == nil, "fragment presence of \(url)")
            XCTAssertEqual(parts.query == nil, components.percentEncodedQuery == nil, "query presence of \(url)")
        }
        XCTAssertGreaterThan(agreedOnNil, 100)
    }
}

/// `NSString.boolValue`, `addingPercentEncoding` and `UIColor(hexString:)` against Foundation.
final class FoundationValueCompatibilityTests: XCTestCase {
    func testBooleanMatchesNSStringBoolValueOverGeneratedStrings() {
        let alphabet = [" ", "\t", "\n", "+", "-", "0", "0", "1", "9", "5", "t", "T", "y", "Y", "n", "f", "x", "o", "a", "é", "\u{3000}"]
        var generator = SeededGenerator(seed: 0x5EED_0003)
        var compared = 0
        var divergent = 0
        for _ in 0..<30_000 {
            let string = generator.string(from: alphabet, length: Int.random(in: 0...6, using: &generator))
            let ours = FoundationBool.value(of: string)
            let foundation = NSString(string: string).boolValue
            if ours == foundation {
                compared += 1
                continue
            }
            // swift-corelibs-foundation differs from Darwin (the app's platform, and the spec) in two ways:
            // it accepts t/T/y/Y only as the very first significant character, and it skips whitespace
            // between the sign, the zeros and the digit. Anything else must agree.
            XCTAssertTrue(Self.isKnownCorelibsDivergence(string), "boolValue of \(string.debugDescription): ours \(ours), Foundation \(foundation)")
            divergent += 1
        }
        XCTAssertGreaterThan(compared, 20_000)
        XCTAssertGreaterThan(divergent, 0, "the generator should reach the documented divergence")
    }

    /// Whether the Linux Foundation answer differs from Darwin's for a documented reason.
    private static func isKnownCorelibsDivergence(_ string: String) -> Bool {
        var scalars = string.unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars = scalars.dropFirst() }
        let signOrZeros = scalars.prefix { "+-0".unicodeScalars.contains($0) }
        let afterPrefix = scalars.dropFirst(signOrZeros.count)
        let letterAfterPrefix = !signOrZeros.isEmpty && afterPrefix.first.map { "tTyY".unicodeScalars.contains($0) } == true
        let whitespaceAfterPrefix = afterPrefix.first?.properties.isWhitespace == true
        return letterAfterPrefix || whitespaceAfterPrefix
    }

    func testSpecifiedBooleans() {
        for value in ["true", "yes", "1", "-1", "+001", " t", "ture", "Y", "9", "0y", "-y", "+0T"] {
            XCTAssertTrue(FoundationBool.value(of: value), value.debugDescription)
        }
        for value in ["false", "no", "on", "0", "00", "-0", "0x1", "+-1", "", " ", "- 1", "0 1", "n", "abc"] {
            XCTAssertFalse(FoundationBool.value(of: value), value.debugDescription)
        }
    }

    func testURLQueryAllowedEncodingMatchesFoundationOverGeneratedStrings() {
        let alphabet = ["a", "Z", "0", " ", "%", "%20", "#", "[", "]", "{", "}", "|", "\\", "^", "`", "\"", "<", ">",
                        ":", "/", "?", "&", "=", "+", "@", "!", "$", "'", "(", ")", "*", ",", ";", "~", "-", "_", ".",
                        "테", "스", "트", "é", "😀", "\u{7F}", "\n"]
        var generator = SeededGenerator(seed: 0x5EED_0004)
        for _ in 0..<10_000 {
            let string = generator.string(from: alphabet, length: Int.random(in: 0...10, using: &generator))
            XCTAssertEqual(
                PercentEncoding.encode(string, allowing: PercentEncoding.isURLQueryAllowed),
                string.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed),
                string.debugDescription
            )
        }
    }

    func testSpecifiedURLReEncoding() {
        XCTAssertEqual(PercentEncoding.encode("%20", allowing: PercentEncoding.isURLQueryAllowed), "%2520")
        XCTAssertEqual(PercentEncoding.encode("테스트", allowing: PercentEncoding.isURLQueryAllowed), "%ED%85%8C%EC%8A%A4%ED%8A%B8")
        XCTAssertEqual(PercentEncoding.encode(":/?&=", allowing: PercentEncoding.isURLQueryAllowed), ":/?&=")
    }

    /// The app's `UIColor(hexString:)`, written with Foundation exactly as the app writes it: the oracle.
    private static func appHexColor(_ hexString: String) -> (a: UInt64, r: UInt64, g: UInt64, b: UInt64) {
        let hex = hexString.trimmingCharacters(in: CharacterSet.alphanumerics.inverted)
        var int = UInt64()
        Scanner(string: hex).scanHexInt64(&int)
        switch hex.count {
        case 3: return (255, (int >> 8) * 17, (int >> 4 & 0xF) * 17, (int & 0xF) * 17)
        case 6: return (255, int >> 16, int >> 8 & 0xFF, int & 0xFF)
        case 8: return (int >> 24, int >> 16 & 0xFF, int >> 8 & 0xFF, int & 0xFF)
        default: return (255, 0, 0, 0)
        }
    }

    func testHexColorMatchesTheAppsFoundationCodeOverGeneratedStrings() {
        let alphabet = ["0", "1", "9", "a", "F", "f", "c", "G", "g", "x", "X", "#", "#", "%", " ", "-", "é", "한", "!", "0x"]
        var generator = SeededGenerator(seed: 0x5EED_0005)
        for _ in 0..<20_000 {
            let string = generator.string(from: alphabet, length: Int.random(in: 0...10, using: &generator))
            let expected = Self.appHexColor(string)
            let ours = HexColor(parameter: string)
            XCTAssertEqual(ours.trimmed, string.trimmingCharacters(in: CharacterSet.alphanumerics.inverted), string.debugDescription)
            XCTAssertEqual(
                [UInt64(ours.alpha), UInt64(ours.color.red), UInt64(ours.color.green), UInt64(ours.color.blue)],
                [expected.a, expected.r, expected.g, expected.b],
                string.debugDescription
            )
        }
    }

    func testScanHexMatchesScannerOverGeneratedStrings() {
        let alphabet = ["0", "1", "a", "F", "x", "X", "0x", "g", " ", "#"]
        var generator = SeededGenerator(seed: 0x5EED_0006)
        for _ in 0..<10_000 {
            let string = generator.string(from: alphabet, length: Int.random(in: 0...20, using: &generator))
            var expected = UInt64()
            Scanner(string: string).scanHexInt64(&expected)
            XCTAssertEqual(HexColor.scanHex(string).value, expected, string.debugDescription)
        }
    }
}
