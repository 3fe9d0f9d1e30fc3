import Foundation
import TestSupport
import XCTest
@testable import PageKit

/// Hostile selectors and style sheets: errors or dropped rules, never a crash, and work
/// that grows with the input.
final class CSSRobustnessTests: XCTestCase {
    func testDeeplyNestedSelectorsAreErrors() {
        for text in [String(repeating: ":not(", count: 20) + "a" + String(repeating: ")", count: 20), String(repeating: "a ", count: 1_000)] {
            XCTAssertThrowsError(try SelectorList(text), String(text.prefix(20)))
        }
        // Left open, the end closes them; the forgiving lists drop what is nested too deeply,
        // and the selector matches nothing (WebKitGTK 2.50: no error, no match).
        let document = HTMLParser.parse("<p>x</p>")
        for text in [String(repeating: ":is(", count: 100_000), String(repeating: ":has(:is(", count: 50)] {
            XCTAssertEqual(try document.querySelectorAll(text, under: document.root), [], String(text.prefix(20)))
        }
        XCTAssertThrowsError(try SelectorList(String(repeating: ":not(", count: 20) + "a" + String(repeating: ")", count: 20))) { error in
            XCTAssertEqual((error as? SelectorSyntaxError)?.message, "selector nested too deeply")
        }
        XCTAssertNoThrow(try SelectorList(String(repeating: ":not(", count: 16) + "a" + String(repeating: ")", count: 16)))
        XCTAssertNoThrow(try SelectorList(Array(repeating: "a", count: 128).joined(separator: " > ")))
        XCTAssertThrowsError(try SelectorList(Array(repeating: "a", count: 129).joined(separator: " > ")))
    }

    func testHostileStyleSheetsParse() {
        let sheets = [
            String(repeating: "{", count: 100_000), String(repeating: "}", count: 100_000), String(repeating: "[", count: 50_000),
            String(repeating: "a{display:none;", count: 20_000), String(repeating: "@media screen{", count: 20_000) + "p{display:none}",
            "@supports " + String(repeating: "(", count: 10_000) + "display:grid" + String(repeating: ")", count: 10_000) + "{p{display:none}}",
            "@media " + String(repeating: "(", count: 10_000) + "{p{display:none}}", String(repeating: "/*", count: 10_000),
            String(repeating: "\\", count: 10_000), "p{display:" + String(repeating: "none ", count: 10_000) + "}",
            String(repeating: "@layer a.b.c;", count: 10_000), "@import" + String(repeating: " url(x)", count: 10_000),
            String(repeating: "url(", count: 10_000), String(repeating: "\"", count: 10_001), "p{--x:{" + String(repeating: "{", count: 10_000),
        ]
        let document = HTMLParser.parse("<p>x</p><div><p class=a>y</p></div>")
        for sheet in sheets {
            var styled = document
            let style = styled.createElement("style")
            try? styled.appendChild(style, to: styled.root)
            styled.setText(sheet, of: style)
            let layout = PageLayoutEngine.layout(styled, baseURL: nil, options: LayoutOptions(width: 40))
            XCTAssertEqual(layout.lines.map(\.text), ["x", "", "y"], String(sheet.prefix(20)))
        }
    }

    func testRandomSelectorsParseOrFailCleanly() throws {
        let pieces = ["a", "div", "*", "#x", ".y", "[", "]", "=", "~=", "|=", "^=", "$=", "*=", "'v'", "\"w\"", " i", ":", "::",
                      "(", ")", ",", " ", ">", "+", "~", "|", "&", "\\", "\\31 ", "not", "is", "where", "has", "nth-child",
                      "nth-of-type", "2n+1", "odd", " of ", "first-child", "hover", "before", "lang", "dir", "é", "-", "--", "0",
                      "\u{0}", "/*", "*/", "{", "}", ";", "@", "!", "%"]
        let document = SelectorTests.document
        var random = SeededGenerator(seed: 7)
        var parsed = 0
        for _ in 0..<4_000 {
            let text = random.string(from: pieces, length: Int.random(in: 1...14, using: &random))
            guard let list = try? SelectorList(text) else { continue }
            parsed += 1
            let found = document.querySelectorAll(list, under: document.root)
            for element in found { XCTAssertTrue(document.matches(element, list), text) }
            XCTAssertEqual(document.querySelector(list, under: document.root), found.first, text)
        }
        XCTAssertGreaterThan(parsed, 300)
    }

    func testRandomStyleSheetsNeverBreakTheLayout() {
        let pieces = ["p", "div", ".a", "#b", "{", "}", ";", ":", "display", "visibility", "none", "hidden", "block", "!important",
                      "@media", "@supports", "@layer", "@import", "(", ")", "max-width:500px", "screen", "print", "and", "not", ",",
                      "&", ">", " ", "\n", "/*", "*/", "\"", "'", "\\", "url(", "inherit", "revert", "revert-layer", "var(--x)",
                      "li:nth-child(2n)", ":is(", ":has(", "[hidden]", "*"]
        var random = SeededGenerator(seed: 11)
        for iteration in 0..<600 {
            let sheet = random.string(from: pieces, length: Int.random(in: 1...60, using: &random))
            let html = "<style>\(sheet)</style><div id=b class=a><p class=a>one</p><p style='\(random.string(from: pieces, length: 6))'>two</p>"
                + "<ul><li>1</li><li hidden>2</li><li>3</li></ul></div>"
            let document = HTMLParser.parse(html)
            let layout = PageLayoutEngine.layout(document, baseURL: nil, options: LayoutOptions(width: 30))
            XCTAssertLessThanOrEqual(layout.lines.count, 9, "iteration \(iteration): \(sheet)")
            let resolver = StyleResolver(document: document)
            for element in (try? document.querySelectorAll("*", under: document.root)) ?? [] {
                XCTAssertNotNil(resolver.computedStyle(of: element))
            }
        }
    }

    /// Style rules over ten times the elements: ten times the selector tests.
    func testTheCascadeIsLinearInTheElements() {
        let sheet = """
            <style>
              article section p.note { display: none } div > p:first-child { visibility: hidden }
              .a .b .c .d .e { display: none } li:nth-child(3n) ~ li { display: block } [data-x] p { display: block }
              @media (max-width: 600px) { nav li:not(.keep) { display: none } }
            </style>
            """
        func work(_ count: Int) -> Int {
            let body = String(repeating: "<div class=a><p class=b>x</p><ul><li>1</li><li class=c>2</li><li>3</li></ul></div>", count: count)
            let document = HTMLParser.parse(sheet + body)
            let cascade = StyleCascade(document: document, linked: LinkedStyleSheets(), baseURL: nil, state: DocumentState(),
                                       media: .phone(scripting: false))
            var node = document.nodes[0].firstChild
            var parents: [Int32: ComputedStyle] = [:]
            while node != HTMLDocument.none {
                if document.nodes[Int(node)].kind == .element {
                    let parent = parents[document.nodes[Int(node)].parent]
                    parents[node] = cascade.computedStyle(of: node, parent: parent)
                }
                node = document.following(node, within: 0)
            }
            return cascade.matcher.memo.compoundTests
        }
        let small = work(200)
        let large = work(2_000)
        XCTAssertGreaterThan(small, 0)
        XCTAssertLessThanOrEqual(large, small * 11, "\(small) tests for 200 blocks, \(large) for 2000")
    }

    /// A style sheet ten times longer takes about ten times as long to parse.
    func testStyleSheetParsingIsLinear() {
        func sheet(_ rules: Int) -> String {
            (0..<rules).map { ".r\($0) > p:nth-child(2n+1), #i\($0) { color: red; display: none; margin: 0 } @media (min-width: \($0)px) { .m\($0) { visibility: hidden } }" }
                .joined(separator: "\n")
        }
        assertGrowsLinearly("style sheet parsing", size: 100, input: sheet) { _ = StyleSheetParser.parse($0) }
        assertGrowsLinearly("a block never closed", size: 1_000, input: { "a{display:none;" + String(repeating: "b{", count: $0) }) {
            _ = StyleSheetParser.parse($0)
        }
        XCTAssertEqual(StyleSheetParser.parse(sheet(1_500)).items.count, 3_000)
    }
}
