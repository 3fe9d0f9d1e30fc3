import XCTest
@testable import TerminalUI

final class ANSIRendererTests: XCTestCase {
    /// A red bar with white bold "Hi", then a plain row.
    private var bar: Screen {
        var screen = Screen(width: 6, height: 2)
        let style = CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(255, 0, 0), bold: true)
        screen.fill(rows: 0..<1, style: style)
        screen.write("Hi", row: 0, column: 1, style: style)
        screen.write("ok", row: 1, column: 0)
        return screen
    }

    func testTrueColor() {
        XCTAssertEqual(ANSIRenderer(mode: .trueColor).render(bar),
                       "\u{1B}[1;38;2;255;255;255;48;2;255;0;0m Hi   \u{1B}[0m\nok    \n")
    }

    func testANSI256() {
        XCTAssertEqual(ANSIRenderer(mode: .ansi256).render(bar),
                       "\u{1B}[1;38;5;231;48;5;196m Hi   \u{1B}[0m\nok    \n")
    }

    func testANSI8() {
        XCTAssertEqual(ANSIRenderer(mode: .ansi8).render(bar), "\u{1B}[1;37;41m Hi   \u{1B}[0m\nok    \n")
    }

    func testNoColorIsPlainTrimmedText() {
        XCTAssertEqual(ANSIRenderer(mode: .none).render(bar), " Hi\nok\n")
        XCTAssertEqual(ANSIRenderer(mode: .none).render(Screen(width: 3, height: 3)), "\n\n\n")
    }

    func testOnlyChangedAttributesAreSent() {
        var screen = Screen(width: 6, height: 1)
        screen.write("a", row: 0, column: 0, style: CellStyle(underline: true))
        screen.write("b", row: 0, column: 1)
        screen.write("c", row: 0, column: 2, style: CellStyle(bold: true, dim: true))
        screen.write("d", row: 0, column: 3, style: CellStyle(bold: true))
        screen.write("e", row: 0, column: 4, style: CellStyle(foreground: .rgb(0, 0, 255), bold: true, reverse: true))
        screen.write("f", row: 0, column: 5, style: CellStyle(foreground: .rgb(0, 0, 255)))
        XCTAssertEqual(ANSIRenderer(mode: .trueColor).render(screen),
                       "\u{1B}[4ma\u{1B}[0mb\u{1B}[1;2mc\u{1B}[22;1md\u{1B}[7;38;2;0;0;255me\u{1B}[22;27mf\u{1B}[0m\n")
    }

    func testColorsThatQuantizeAlikeNeedNoNewCode() {
        var screen = Screen(width: 3, height: 1)
        screen.write("a", row: 0, column: 0, style: CellStyle(foreground: .rgb(255, 0, 0)))
        screen.write("b", row: 0, column: 1, style: CellStyle(foreground: .rgb(200, 10, 0)))
        XCTAssertEqual(ANSIRenderer(mode: .ansi8).render(screen), "\u{1B}[31mab\u{1B}[0m \n")
    }

    func testWideCharactersAreSentOnce() {
        let screen = Screen(lines: ["日本x"])
        XCTAssertEqual(ANSIRenderer(mode: .ansi256).render(screen), "日本x\n")
    }
}
