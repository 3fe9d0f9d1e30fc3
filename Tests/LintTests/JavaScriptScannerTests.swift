import TestSupport
import XCTest
@testable import Lint

/// The JavaScript scanner: strings and templates found, comments and regular expressions skipped,
/// escapes cooked, and every byte read once.
final class JavaScriptScannerTests: XCTestCase {
    /// Each token as `kind:text` (strings with their cooked value, others as written).
    private func tokens(_ source: String) -> [String] {
        let bytes = Array(source.utf8)
        return JavaScriptScanner.tokens(bytes).map { token in
            let written = String(decoding: bytes[token.range], as: UTF8.self)
            switch token.kind {
            case .identifier: return "name:\(written)"
            case .punctuator: return "op:\(written)"
            case .number: return "number:\(written)"
            case .string: return "string:\(token.value)"
            case .templatePart: return "template:\(written)"
            case .regularExpression: return "regex:\(written)"
            case .comment: return "comment:\(token.value)"
            }
        }
    }

    func testStringsAndTheirEscapes() {
        XCTAssertEqual(tokens(#"a = "x\"y" + 'it\'s' + "\x41\u0042\u{43}\n\t" + '\101\0'"#), [
            "name:a", "op:=", "string:x\"y", "op:+", "string:it's", "op:+", "string:ABC\n\t", "op:+", "string:A\u{0}",
        ])
        // Surrogate pairs join; a lone surrogate becomes U+FFFD; a line continuation vanishes.
        XCTAssertEqual(tokens(#"'\uD83D\uDE00' '\uD800x' 'a\"# + "\n" + #"b'"#), ["string:😀", "string:\u{FFFD}x", "string:ab"])
        // An unterminated string ends at the line's end; the next line scans on.
        XCTAssertEqual(tokens("'open\nx"), ["string:open", "name:x"])
        // Quotes of the other kind, and non-ASCII text, are plain characters.
        XCTAssertEqual(tokens(#""it's 'quoted' – ✓""#), ["string:it's 'quoted' – ✓"])
    }

    func testCommentsAreSkippedWithTheirText() {
        XCTAssertEqual(tokens("a // 'not a string'\n/* \"nor\" this */ b"), [
            "name:a", "comment: 'not a string'", "comment: \"nor\" this ", "name:b",
        ])
        // HTML-like comments of classic scripts: <!-- anywhere, --> at a line's start.
        XCTAssertEqual(tokens("<!-- 'hidden'\nx = 1\n  --> 'also hidden'\ny-->z"), [
            "comment: 'hidden'", "name:x", "op:=", "number:1", "comment: 'also hidden'", "name:y", "op:--", "op:>", "name:z",
        ])
        XCTAssertEqual(tokens("#!/usr/bin/env node 'x'\ny"), ["comment:/usr/bin/env node 'x'", "name:y"])
        // An unterminated block comment runs to the end.
        XCTAssertEqual(tokens("a /* 'b'"), ["name:a", "comment: 'b'"])
    }

    func testRegularExpressionsAndDivision() {
        // After a value `/` divides; after an operator, `(`, `,`, `=`, a keyword it starts a regular expression.
        XCTAssertEqual(tokens(#"x = a / b / c; r = /"[/]"\//g; f(/'/); return /"/.test(s)"#), [
            "name:x", "op:=", "name:a", "op:/", "name:b", "op:/", "name:c", "op:;",
            "name:r", "op:=", #"regex:/"[/]"\//g"#, "op:;",
            "name:f", "op:(", "regex:/'/", "op:)", "op:;",
            "name:return", #"regex:/"/"#, "op:.", "name:test", "op:(", "name:s", "op:)",
        ])
        XCTAssertEqual(tokens("(a) / 2 / (b)[0] / 3"), [
            "op:(", "name:a", "op:)", "op:/", "number:2", "op:/", "op:(", "name:b", "op:)", "op:[", "number:0", "op:]", "op:/", "number:3",
        ])
        // `/=` after a value is an operator; at the start of an expression it opens a regular expression.
        XCTAssertEqual(tokens("a /= 2; b = /=x/"), ["name:a", "op:/=", "number:2", "op:;", "name:b", "op:=", "regex:/=x/"])
        // A regular expression ends at the line's end when it is not closed.
        XCTAssertEqual(tokens("x = /'unclosed\n'y'"), ["name:x", "op:=", "regex:/'unclosed", "string:y"])
        XCTAssertEqual(tokens("1e+5 / 0x1F / .5"), ["number:1e+5", "op:/", "number:0x1F", "op:/", "number:.5"])
    }

    func testTemplateLiterals() {
        XCTAssertEqual(tokens("`plain ${'x'}`"), ["template:`plain ${", "string:x", "template:}`"])
        XCTAssertEqual(tokens("`no substitution\\u0041`"), ["string:no substitutionA"])
        // Braces inside a substitution, and a template inside a substitution.
        XCTAssertEqual(tokens("`a${ {b: `c${d}e`}.b }f` / 2"), [
            "template:`a${", "op:{", "name:b", "op::", "template:`c${", "name:d", "template:}e`", "op:}", "op:.", "name:b",
            "template:}f`", "op:/", "number:2",
        ])
        // A template reads CRLF as LF.
        XCTAssertEqual(tokens("`a\r\nb`"), ["string:a\nb"])
    }

    func testPunctuatorsTakeTheLongestMatch() {
        XCTAssertEqual(tokens("a === b !== c >>>= d ?. e ?? f => g ... h a?.5:b"), [
            "name:a", "op:===", "name:b", "op:!==", "name:c", "op:>>>=", "name:d", "op:?.", "name:e", "op:??", "name:f", "op:=>",
            "name:g", "op:...", "name:h", "name:a", "op:?", "number:.5", "op::", "name:b",
        ])
    }

    /// Generated programs: strings, comments holding quotes, regular expressions holding quotes,
    /// divisions and templates, in random order; the scanner finds exactly the strings.
    func testFuzzFindsExactlyTheStrings() {
        var random = SeededGenerator(seed: 9)
        let alphabet = Array("ab'\"`/\\*$ {}é✓".unicodeScalars)
        func text(_ count: Int) -> String {
            String(String.UnicodeScalarView((0..<count).map { _ in alphabet.randomElement(using: &random)! }))
        }
        for round in 0..<300 {
            var source = ""
            var expected: [String] = []
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let content = text(Int.random(in: 0...8, using: &random))
                switch Int.random(in: 0..<6, using: &random) {
                case 0:
                    // A string literal: backslashes and its own quote escaped.
                    let quote: Character = Bool.random(using: &random) ? "\"" : "'"
                    let escaped = content.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: String(quote), with: "\\\(quote)")
                    source += "s = \(quote)\(escaped)\(quote);\n"
                    expected.append(content)
                case 1:
                    source += "// \(content.replacingOccurrences(of: "\n", with: " "))\n"
                case 2:
                    source += "/* \(content.replacingOccurrences(of: "*/", with: "* /")) */\n"
                case 3:
                    // A regular expression: `/`, `\` and `[` escaped.
                    let body = content.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "/", with: "\\/")
                        .replacingOccurrences(of: "[", with: "\\[")
                    source += "r = /x\(body)/g;\n"
                case 4:
                    source += "q = (a) / b / 2;\n"
                default:
                    // A template without substitutions: backquote, backslash and `$` escaped.
                    let escaped = content.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "`", with: "\\`")
                        .replacingOccurrences(of: "$", with: "\\$")
                    source += "t = `\(escaped)`;\n"
                    expected.append(content)
                }
            }
            let bytes = Array(source.utf8)
            let found = JavaScriptScanner.tokens(bytes)
            XCTAssertEqual(found.filter { $0.kind == .string }.map(\.value), expected, "round \(round):\n\(source)")
            // Tokens are in order, within the source and never overlap.
            var end = 0
            for token in found {
                XCTAssertLessThanOrEqual(end, token.range.lowerBound, "round \(round)")
                XCTAssertLessThanOrEqual(token.range.upperBound, bytes.count, "round \(round)")
                end = token.range.upperBound
            }
        }
    }

    /// Random bytes never crash the scanner or make it stand still.
    func testFuzzRandomBytes() {
        var random = SeededGenerator(seed: 10)
        let pieces = Array("'\"`/\\*${}()[]\n\r<!-->=+.a1 é".utf8)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...60, using: &random)).map { _ in
                Bool.random(using: &random) ? pieces.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
            }
            var end = 0
            for token in JavaScriptScanner.tokens(bytes) {
                XCTAssertLessThan(token.range.lowerBound, token.range.upperBound, "\(bytes)")
                XCTAssertLessThanOrEqual(end, token.range.lowerBound, "\(bytes)")
                end = token.range.upperBound
            }
            XCTAssertLessThanOrEqual(end, bytes.count)
        }
    }

    func testScanningIsLinear() {
        let unit = "var a = 'mkwebview://webview?url=a.html', b = /re'g/ / 2; // c\n`t${x}u` /* d */ location.href = \"x\";\n"
        assertGrowsLinearly("JavaScript scanner", size: 2_000, input: { String(repeating: unit, count: $0) }) { source in
            _ = JavaScriptScanner.tokens(Array(source.utf8))
        }
        // Deeply nested templates and braces: a stack, no recursion.
        assertGrowsLinearly("nested templates", size: 2_000, input: { count in
            String(repeating: "`${{", count: count) + String(repeating: "}}`", count: count)
        }) { source in
            _ = JavaScriptScanner.tokens(Array(source.utf8))
        }
    }
}
