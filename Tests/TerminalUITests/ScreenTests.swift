import PageKit
import XCTest
@testable import TerminalUI

final class ScreenTests: XCTestCase {
    private let red = CellStyle(background: .rgb(255, 0, 0))

    func testInitLinesRoundTrips() {
        let screen = Screen(lines: ["hello", "", "  x"])
        XCTAssertEqual(screen.width, 5)
        XCTAssertEqual(screen.height, 3)
        XCTAssertEqual(screen.lines, ["hello", "", "  x"])
        XCTAssertEqual(screen.description, "hello\n\n  x")
        XCTAssertEqual(screen[2, 2], Cell("x"))
        XCTAssertEqual(screen[1, 4], Cell.blank)
    }

    func testInitLinesMeasuresWidthInCells() {
        let screen = Screen(lines: ["日本", "abc"])
        XCTAssertEqual(screen.width, 4)
        XCTAssertEqual(screen.lines, ["日本", "abc"])
    }

    func testWritesASCII() {
        var screen = Screen(width: 8, height: 2)
        XCTAssertEqual(screen.write("abc", row: 1, column: 2), 3)
        XCTAssertEqual(screen, Screen(lines: ["        ", "  abc"]))
    }

    func testHangulTakesTwoCellsEach() {
        var screen = Screen(width: 8, height: 1)
        XCTAssertEqual(screen.write("한국어", row: 0, column: 0), 6)
        XCTAssertEqual(screen[0, 0].character, "한")
        XCTAssertTrue(screen[0, 1].isContinuation)
        XCTAssertEqual(screen[0, 2].character, "국")
        XCTAssertTrue(screen[0, 3].isContinuation)
        XCTAssertEqual(screen[0, 4].character, "어")
        XCTAssertTrue(screen[0, 5].isContinuation)
        XCTAssertEqual(screen[0, 6], .blank)
        XCTAssertEqual(screen.lines, ["한국어"])
    }

    func testCJKAndEmojiOccupyTheRightCells() {
        var screen = Screen(width: 14, height: 1)
        let used = screen.write("日本👍👨‍👩‍👧🇯🇵e\u{301}", row: 0, column: 0)
        XCTAssertEqual(used, 11)
        let leads = (0..<14).filter { !screen[0, $0].isContinuation }.map { screen[0, $0].character }
        XCTAssertEqual(leads, ["日", "本", "👍", "👨‍👩‍👧", "🇯🇵", "e\u{301}", " ", " ", " "])
        XCTAssertEqual((0..<14).filter { screen[0, $0].isContinuation }, [1, 3, 5, 7, 9])
    }

    func testClipsAtTheRightEdge() {
        var screen = Screen(width: 5, height: 1)
        XCTAssertEqual(screen.write("abcdefg", row: 0, column: 0), 5)
        XCTAssertEqual(screen.lines, ["abcde"])
        XCTAssertEqual(screen.write("xyz", row: 0, column: 4), 1)
        XCTAssertEqual(screen.lines, ["abcdx"])
    }

    func testMaxWidthClips() {
        var screen = Screen(width: 8, height: 1)
        XCTAssertEqual(screen.write("abcdef", row: 0, column: 1, maxWidth: 3), 3)
        XCTAssertEqual(screen.lines, [" abc"])
    }

    func testWideCharacterThatDoesNotFitLeavesABlank() {
        var screen = Screen(width: 5, height: 1)
        XCTAssertEqual(screen.write("abcd日", row: 0, column: 0, style: red), 5)
        XCTAssertEqual(screen[0, 4], Cell(" ", style: red))
        XCTAssertEqual(screen.lines, ["abcd"])

        var bounded = Screen(width: 8, height: 1)
        XCTAssertEqual(bounded.write("日本", row: 0, column: 0, maxWidth: 3), 3)
        XCTAssertEqual(bounded.lines, ["日"])
        XCTAssertEqual(bounded[0, 3], .blank)
    }

    func testOutOfBoundsWritesNothing() {
        var screen = Screen(width: 3, height: 1)
        XCTAssertEqual(screen.write("a", row: 1, column: 0), 0)
        XCTAssertEqual(screen.write("a", row: 0, column: 3), 0)
        XCTAssertEqual(screen.write("a", row: 0, column: -1), 0)
        XCTAssertEqual(screen, Screen(width: 3, height: 1))
    }

    func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var screen = Screen(lines: ["日本語"])
        screen.write("x", row: 0, column: 1)
        XCTAssertEqual(screen.lines, [" x本語"])
        screen.write("y", row: 0, column: 2)
        XCTAssertEqual(screen.lines, [" xy 語"])
        XCTAssertFalse(screen[0, 3].isContinuation)
        XCTAssertEqual(screen[0, 4].character, "語")
    }

    func testWideOverTwoWideHalvesBlanksBothNeighbours() {
        var screen = Screen(lines: ["日本"])
        screen.write("中", row: 0, column: 1)
        XCTAssertEqual(screen.lines, [" 中"])
        XCTAssertEqual(screen[0, 0], .blank)
        XCTAssertEqual(screen[0, 1].character, "中")
        XCTAssertTrue(screen[0, 2].isContinuation)
        XCTAssertEqual(screen[0, 3], .blank)
    }

    func testFillPaintsBands() {
        var screen = Screen(lines: ["abc", "def", "ghi"])
        screen.fill(rows: 1..<2, style: red)
        screen.fill(rows: 2..<9, columns: 1..<2, style: red)
        XCTAssertEqual(screen.lines, ["abc", "", "g i"])
        XCTAssertEqual(screen[1, 2], Cell(" ", style: red))
        XCTAssertEqual(screen.styleDescription, """
            1: 0..<3 bg=#FF0000
            2: 0..<1 plain; 1..<2 bg=#FF0000; 2..<3 plain
            """)
    }

    func testFillOverHalfAWideCharacterBlanksTheOtherHalf() {
        var screen = Screen(lines: ["日本"])
        screen.fill(rows: 0..<1, columns: 3..<4, style: red)
        XCTAssertEqual(screen.lines, ["日"])
        XCTAssertEqual(screen[0, 2], .blank)
    }

    func testEqualityCoversStyles() {
        var a = Screen(width: 4, height: 1)
        a.write("ab", row: 0, column: 0)
        XCTAssertEqual(a, Screen(lines: ["ab  "]))
        var b = a
        b.write("b", row: 0, column: 1, style: CellStyle(bold: true))
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(a.description, b.description)
        XCTAssertEqual(b.styleDescription, "0: 0..<1 plain; 1..<2 bold; 2..<4 plain")
    }

    func testDebugDescriptionShowsSizeLinesAndStyles() {
        var screen = Screen(width: 4, height: 2)
        screen.write("ok", row: 0, column: 0)
        screen.write("go", row: 1, column: 1, style: CellStyle(foreground: .rgb(0, 0, 255), underline: true))
        XCTAssertEqual(screen.debugDescription, """
            Screen 4x2
            |ok
            | go
            styles:
            1: 0..<1 plain; 1..<3 fg=#0000FF underline; 3..<4 plain
            """)
    }

    func testComposedScreenMatchesLineLiterals() {
        var screen = Screen(width: 20, height: 4)
        let bar = CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(0x3F, 0x51, 0xB5))
        screen.fill(rows: 0..<1, style: bar)
        screen.write("‹", row: 0, column: 0, style: bar)
        let title = "설정 Settings"
        screen.write(title, row: 0, column: (20 - TerminalText.width(of: title)) / 2, style: bar)
        screen.write("✕", row: 0, column: 19, style: bar)
        screen.write("Hello 👋 world", row: 2, column: 1)
        XCTAssertEqual(screen.lines, [
            "‹  설정 Settings   ✕",
            "",
            " Hello 👋 world",
            "",
        ])
    }

    func testChangesSincePreviousFrameSkipContinuationsAndEqualCells() {
        let before = Screen(lines: ["abc", "日x"])
        var after = before
        after.write("Z", row: 0, column: 1)
        after.write("本", row: 1, column: 0)
        var changes: [String] = []
        after.forEachChange(since: before) { row, column, cell in changes.append("\(row),\(column)=\(cell.character)") }
        XCTAssertEqual(changes, ["0,1=Z", "1,0=本"])

        var all = 0
        after.forEachChange(since: nil) { _, _, _ in all += 1 }
        XCTAssertEqual(all, 5)
        var resized = 0
        after.forEachChange(since: Screen(width: 2, height: 2)) { _, _, _ in resized += 1 }
        XCTAssertEqual(resized, 5)
    }

    func testDetectsRowsScrolledUp() {
        let before = Screen(lines: ["head", "a1", "b2", "c3", "d4", "foot"])
        let after = Screen(lines: ["head", "b2", "c3", "d4", "e5", "foot"])
        let shift = after.rowShift(since: before)
        XCTAssertEqual(shift, RowShift(rows: 1..<5, offset: 1))
        var changes: [String] = []
        after.forEachChange(since: before, shift: shift) { row, column, cell in changes.append("\(row),\(column)=\(cell.character)") }
        XCTAssertEqual(changes, ["4,0=e", "4,1=5"])
    }

    func testDetectsRowsScrolledDown() {
        let before = Screen(lines: ["head", "a1", "b2", "c3", "d4", "foot"])
        let after = Screen(lines: ["head", "z0", "a1", "b2", "c3", "foot"])
        let shift = after.rowShift(since: before)
        XCTAssertEqual(shift, RowShift(rows: 1..<5, offset: -1))
        var changes: [String] = []
        after.forEachChange(since: before, shift: shift) { row, column, cell in changes.append("\(row),\(column)=\(cell.character)") }
        XCTAssertEqual(changes, ["1,0=z", "1,1=0"])
    }

    func testNoShiftForUnrelatedChangesOrStyles() {
        let before = Screen(lines: ["a", "b", "c", "d"])
        XCTAssertNil(Screen(lines: ["w", "x", "y", "z"]).rowShift(since: before))
        XCTAssertNil(Screen(lines: ["a", "x", "c", "d"]).rowShift(since: before))
        var styled = Screen(lines: ["b", "c", "d", "e"])
        styled.write("c", row: 1, column: 0, style: CellStyle(bold: true))
        styled.write("d", row: 2, column: 0, style: CellStyle(bold: true))
        XCTAssertNil(styled.rowShift(since: before), "rows that moved but changed style do not count")
    }

    func testSetStyleKeepsCharactersAndBothHalvesOfWideOnes() {
        var screen = Screen(lines: ["a日b"])
        let bold = CellStyle(bold: true)
        screen.setStyle(bold, row: 0, column: 0)
        screen.setStyle(bold, row: 0, column: 2)
        screen.setStyle(bold, row: 0, column: 9)
        XCTAssertEqual(screen.lines, ["a日b"])
        XCTAssertEqual(screen.styleDescription, "0: 0..<3 bold; 3..<4 plain")
    }
}
