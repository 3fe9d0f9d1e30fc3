import Dispatch
import Foundation
import TestSupport
import XCTest
import PageKit

/// Every stage stays linear: parsing (and laying out) 10n copies of a pattern takes about as
/// long as ten parses of n copies, never ten times as long. Ratios of times, never absolute
/// times.
final class ParserLinearityTests: XCTestCase {
    /// Asserts that parsing (and laying out) 10n copies takes at most four times as long as
    /// ten parses of n copies (linear: about 1; quadratic: 10), through `assertGrowsLinearly`.
    private func assertLinear(_ name: String, n: Int, layout: Bool = true,
                              _ page: @escaping (Int) -> String, file: StaticString = #filePath, line: UInt = #line) {
        assertGrowsLinearly(name, size: n, file: file, line: line, input: page) { html in
            let document = HTMLParser.parse(html)
            if layout {
                _ = PageLayoutEngine.layout(document, baseURL: nil, options: LayoutOptions(width: 80))
            }
        }
    }

    func testDeepNesting() {
        for nest in ["<div>", "<b><i>", "<table><tr><td>", "<ul><li>", "<a href=x>", "<svg><g>", "<span>", "<p><button>",
                     "<blockquote>", "<font color=red>"] {
            assertLinear("deep \(nest)", n: 1000) { String(repeating: nest, count: $0) + "text" }
        }
    }

    func testDeepNestingClosedByStrayEndTags() {
        assertLinear("spans then end tags", n: 1000) { String(repeating: "<span>", count: $0) + String(repeating: "</x>", count: $0) }
        assertLinear("divs then tables", n: 1000) { String(repeating: "<div>", count: $0) + String(repeating: "<table></table>", count: $0) }
        assertLinear("formatting then paragraphs", n: 1000) {
            "<b><i><u>" + String(repeating: "<div>", count: $0) + String(repeating: "<p>x</p>", count: $0)
        }
        assertLinear("misnested formatting", n: 1000) { String(repeating: "<b>1<p>2</b>3</p>", count: $0) }
    }

    func testWideElements() {
        assertLinear("attributes", n: 3000, layout: false) { n in
            "<div " + (0..<n).map { "a\($0)=\"\($0)\"" }.joined(separator: " ") + ">x</div>"
        }
        assertLinear("duplicate attributes", n: 20_000, layout: false) { n in
            "<div " + String(repeating: "a=1 ", count: n) + ">x</div>"
        }
        assertLinear("children", n: 3000) { String(repeating: "<span>x</span>", count: $0) }
        assertLinear("table rows", n: 1000) { "<table>" + String(repeating: "<tr><td>a<td>b", count: $0) + "</table>" }
        assertLinear("foster parented text", n: 1000) { "<table>" + String(repeating: "x<tr a=1>", count: $0) + "</table>" }
    }

    func testLongLinesAndManyLinks() {
        assertLinear("long line", n: 10_000) { String(repeating: "word ", count: $0) }
        assertLinear("links", n: 1000) { n in (0..<n).map { "<a href='p\($0).html'>link \($0)</a> " }.joined() }
        assertLinear("references", n: 3000) { String(repeating: "&amp;&notin&#x41;", count: $0) }
        assertLinear("comments", n: 3000) { String(repeating: "<!-- c -->x", count: $0) }
    }

    /// Random tag soup: ten times the input takes about ten times as long, never a hundred.
    /// (Comparing one doubled input with two halves left too little room between linear, 1, and
    /// quadratic, 2: a loaded machine measured 1.87 on a linear parser.)
    func testGeneratedTagSoupGrowsLinearly() {
        let pieces = ["<p>", "</p>", "<div>", "</div>", "<b>", "</b>", "<i>", "<table>", "<tr>", "<td>", "</table>", "<ul>",
                      "<li>", "<a href=x>", "</a>", "<svg>", "<g>", "</svg>", "<select>", "<option>", "x", " ", "&amp;",
                      "<!-- c -->", "<br>", "<h1>", "<form>", "<button>", "<nobr>", "<font>", "<span>", "</span>", "<pre>"]
        var random = SeededGenerator(seed: 77)
        let soup = (0..<80_000).map { _ in pieces.randomElement(using: &random)! }
        assertLinear("tag soup", n: 8_000) { soup.prefix($0).joined() }
    }
}
