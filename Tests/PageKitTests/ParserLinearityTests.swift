import Dispatch
import Foundation
import TestSupport
import XCTest
import PageKit

/// Every stage stays linear: parsing (and laying out) n and 10n copies of a pattern takes
/// about ten times as long, never a hundred. Ratios of times, never absolute times; each
/// figure is the best of three runs so a busy machine does not decide.
final class ParserLinearityTests: XCTestCase {
    private func seconds(_ html: String, layout: Bool) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            let document = HTMLParser.parse(html)
            if layout {
                _ = PageLayoutEngine.layout(document, baseURL: nil, options: LayoutOptions(width: 80))
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    /// Asserts that 10n copies take less than 40 times as long as n copies (linear: 10, quadratic:
    /// 100; caches and a busy machine running tests in parallel move a linear ratio up to about 25).
    private func assertLinear(_ name: String, n: Int, layout: Bool = true,
                              _ page: (Int) -> String, file: StaticString = #filePath, line: UInt = #line) {
        let small = seconds(page(n), layout: layout)
        let large = seconds(page(10 * n), layout: layout)
        let ratio = large / max(small, 1e-6)
        XCTAssertLessThan(ratio, 40, "\(name): \(n) → \(small * 1000) ms, \(10 * n) → \(large * 1000) ms", file: file, line: line)
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

    /// Random tag soup: doubling the input must not quadruple the time.
    func testGeneratedTagSoupDoublesLinearly() {
        let pieces = ["<p>", "</p>", "<div>", "</div>", "<b>", "</b>", "<i>", "<table>", "<tr>", "<td>", "</table>", "<ul>",
                      "<li>", "<a href=x>", "</a>", "<svg>", "<g>", "</svg>", "<select>", "<option>", "x", " ", "&amp;",
                      "<!-- c -->", "<br>", "<h1>", "<form>", "<button>", "<nobr>", "<font>", "<span>", "</span>", "<pre>"]
        var random = SeededGenerator(seed: 77)
        let soup = (0..<40_000).map { _ in pieces.randomElement(using: &random)! }
        let half = soup.prefix(20_000).joined()
        let whole = half + soup.suffix(20_000).joined()
        let small = seconds(half, layout: true)
        let large = seconds(whole, layout: true)
        XCTAssertLessThan(large / small, 3.2, "20,000 pieces → \(small * 1000) ms, 40,000 → \(large * 1000) ms")
    }
}
