import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import TerminalUI
import XCTest

/// Frames as SVG pictures: exact markup, and well-formed XML whatever the text.
final class SVGRendererTests: XCTestCase {
    func testRunsBecomeRectanglesAndFixedLengthText() {
        var screen = Screen(width: 6, height: 2)
        screen.write("ab", row: 0, column: 0, style: CellStyle(foreground: .rgb(255, 0, 0), bold: true))
        screen.write("c", row: 0, column: 2, style: .plain)
        screen.write("한<", row: 1, column: 0, style: CellStyle(background: .rgb(0, 0, 255), underline: true))
        screen.write("z", row: 1, column: 4, style: CellStyle(reverse: true))
        XCTAssertEqual(SVGRenderer().render(screen), """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="50.4" height="36" viewBox="0 0 50.4 36" \
        font-family="'DejaVu Sans Mono', Menlo, Consolas, monospace" font-size="14">
        <rect width="100%" height="100%" fill="#1E1E1E"/>
        <text x="0" y="13.5" fill="#FF0000" textLength="16.8" lengthAdjust="spacingAndGlyphs" xml:space="preserve" font-weight="bold">ab</text>
        <text x="16.8" y="13.5" fill="#D8D8D8" textLength="8.4" lengthAdjust="spacingAndGlyphs" xml:space="preserve">c</text>
        <rect x="0" y="18" width="25.2" height="18" fill="#0000FF"/>
        <text x="0" y="31.5" fill="#D8D8D8" textLength="25.2" lengthAdjust="spacingAndGlyphs" xml:space="preserve" text-decoration="underline">한&lt;</text>
        <rect x="33.6" y="18" width="8.4" height="18" fill="#D8D8D8"/>
        <text x="33.6" y="31.5" fill="#1E1E1E" textLength="8.4" lengthAdjust="spacingAndGlyphs" xml:space="preserve">z</text>
        </svg>

        """)
    }

    /// Issue 23, item 11: text escaped as standard output shows it, then for XML.
    func testControlsAndBidiOverridesAreShownAsEscapes() {
        XCTAssertEqual(SVGRenderer.escaped("a\u{1B}[1m<b>\u{7}\u{202E}&\u{9B}\u{FFFE}"), "a\\e[1m&lt;b&gt;\\u{7}\\u{202E}&amp;\\u{9B}\u{FFFD}")
    }

    func testAnyTextGivesWellFormedXML() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [String] = ["a", "<", ">", "&", "\"", "'", "\u{1B}", "\u{7}", "\u{FFFE}", "한", "🙂", " ", "]]>", "\u{202E}"]
        for _ in 0..<50 {
            var screen = Screen(width: 12, height: 3)
            for row in 0..<3 {
                let text = (0..<8).map { _ in alphabet.randomElement(using: &generator)! }.joined()
                screen.write(text, row: row, column: 0, style: CellStyle(foreground: .rgb(1, 2, 3), underline: row == 1))
            }
            let svg = SVGRenderer().render(screen)
            let parser = XMLParser(data: Data(svg.utf8))
            XCTAssertTrue(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "")\n\(svg)")
        }
    }
}
