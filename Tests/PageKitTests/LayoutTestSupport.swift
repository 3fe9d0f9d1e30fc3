import Foundation
import XCTest
import PageKit

/// Lays out an HTML snippet (UTF-8) at a width.
func layout(_ html: String, width: Int = 40, numbersItems: Bool = false,
            baseURL: URL? = URL(string: "file:///site/page.html")) -> PageLayout {
    PageLayoutEngine.layout(HTMLParser.parse(html), baseURL: baseURL,
                            options: LayoutOptions(width: width, numbersItems: numbersItems))
}

/// The text of the lines of a laid-out snippet.
func lines(_ html: String, width: Int = 40, numbersItems: Bool = false) -> [String] {
    layout(html, width: width, numbersItems: numbersItems).lines.map(\.text)
}

/// Asserts two line arrays are equal, printing both in full when they differ.
func assertLines(_ actual: [String], _ expected: [String], _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    guard actual != expected else { return }
    func show(_ lines: [String]) -> String { lines.map { "|\($0)|" }.joined(separator: "\n") }
    XCTFail("lines differ \(message)\n--- expected\n\(show(expected))\n--- actual\n\(show(actual))", file: file, line: line)
}
