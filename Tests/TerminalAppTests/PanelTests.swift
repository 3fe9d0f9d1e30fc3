import Foundation
import NavigatorCore
@testable import TerminalApp
import TerminalUI
import XCTest

/// The stack panel, the event log and the help: beside the device on wide terminals, over
/// the web view on narrow ones.
final class PanelTests: XCTestCase {
    func testStackPanelBesideTheDevice() {
        var state = Fixture.state(columns: 100, rows: 16)
        state.press(.tab, .enter, .character("s"))
        XCTAssertEqual(state.panel, .stack)
        let frame = state.frame()
        assertLines(frame, [
            " 9:41                                                depth 2 ╭─ Stack ───────────────── 2 screens ─╮",
            "                                                             │ 1 Home                              │",
            "                          Closable                         ✕ │   index.html                        │",
            "─────────────────────────────────────────────────────────────│   no bar                            │",
            " Detail text.                                                │   status    #FFFFFF                 │",
            "                                                             │ 2 Closable  ◂ top                   │",
            " Close me                                                    │   detail.html                       │",
            "                                                             │   bar   \"Closable\" ✕                │",
            "                                                             │   nav    #D32F2F tint    #FFFFFF    │",
            "                                                             │   status    #FFFFFF                 │",
            "                                                             │                                     │",
            "                                                             │                                     │",
            "                                                             │                                     │",
            "                                                             ╰─────────────────────────────────────╯",
            " detail.html                                                                                    All",
            " Tab next  Enter go  ← back  x close  : cmd  s stack  l log  q quit  ? help",
        ])
        XCTAssertEqual(frame[8, 70].style, CellStyle(background: .rgb(0xD3, 0x2F, 0x2F)), "a swatch of the bar colour")
        XCTAssertEqual(style(of: "Closable", in: frame, row: 5), CellStyle(bold: true), "the top screen stands out")
        XCTAssertEqual(frame[0, 61].style, CellStyle(foreground: .rgb(0x6C, 0x7A, 0x89)))

        state.press(.character("s"))
        XCTAssertNil(state.panel)
        XCTAssertEqual(state.frame().lines[2], "                                              Closable                                            ✕",
                       "without the panel the device takes the whole width")
    }

    func testEventLogOverTheWebViewOnANarrowTerminal() {
        var state = Fixture.state(columns: 50, rows: 20)
        state.command("tap \"Plus title\"")
        state.press(.character("l"))
        let frame = state.frame()
        assertLines(frame, [
            " 9:41                                     depth 2",
            "",
            "                   Hello+World",
            "──────────────────────────────────────────────────",
            "╭─ Event log ────────────── 4 events, 1 warning ─╮",
            "│ ● launch: index.html                           │",
            "│ ⇢ deeplink:                                    │",
            "│   mkwebview://webview?url=detail.html&title=He │",
            "│   llo+World → push                             │",
            "│ ⚠ warning plus-in-value: title \"Hello+World\"   │",
            "│   contains \"+\": Foundation does not turn it    │",
            "│   into a space; use %20                        │",
            "│ ▸ push: detail.html                            │",
            "│                                                │",
            "│                                                │",
            "│                                                │",
            "│                                                │",
            "╰────────────────────────────────────────────────╯",
            " detail.html                                  All",
            " Tab next  Enter go  ← back  x close  ? help",
        ])
        XCTAssertEqual(style(of: "⚠ warning plus-in-value: title \"Hello+World\"", in: frame, row: 9), CellStyle(foreground: .rgb(0xD7, 0x9B, 0x00), bold: true))
        XCTAssertEqual(style(of: "contains \"+\": Foundation", in: frame, row: 10), CellStyle(foreground: .rgb(0xD7, 0x9B, 0x00), bold: true))
        XCTAssertEqual(style(of: "⇢", in: frame, row: 6), CellStyle(foreground: .rgb(0x4A, 0x7B, 0xD0)))
        XCTAssertEqual(style(of: "push: detail.html", in: frame, row: 12), .plain)
        state.press(.escape)
        XCTAssertNil(state.panel, "Esc closes the panel")
        state.press(.character("l"), .character("s"))
        XCTAssertEqual(state.panel, .stack, "one panel at a time")
        state.press(.character("f"))
        XCTAssertEqual(state.panel, .stack, "f is for flows only")
    }

    func testTheEventLogShowsTheNewestAtTheBottom() {
        var state = Fixture.state(columns: 100, rows: 10)
        for _ in 0..<6 { state.press(.character("x")) }
        state.press(.character("l"))
        let lines = state.frame().lines.map { String($0.dropFirst(61)) }
        XCTAssertEqual(Array(lines.prefix(9)), [
            "╭─ Event log ────────────── 7 events ─╮",
            "│ ▸ nothing to pop at root            │",
            "│ ▸ nothing to pop at root            │",
            "│ ▸ nothing to pop at root            │",
            "│ ▸ nothing to pop at root            │",
            "│ ▸ nothing to pop at root            │",
            "│ ▸ nothing to pop at root            │",
            "╰─────────────────────────────────────╯",
            "                                   Top",
        ])
    }

    func testHelpOverlayListsTheKeys() {
        var state = Fixture.state(columns: 80, rows: 24)
        state.press(.character("?"))
        XCTAssertTrue(state.showsHelp)
        let frame = state.frame()
        XCTAssertEqual(Array(frame.lines[0...3]), [
            " 9:41     ╭─ Keys ──────────────────────────────── ? or Esc closes ─╮   depth 1",
            " Demo     │ Page                                                    │",
            "          │ ↑ ↓ PgUp PgDn  scroll (Space, b: a page down, up)       │",
            " Deeplinks│ Home End g G   to the top, to the bottom                │",
        ])
        // The help is taller than the device here: its last keys come into view as it scrolls.
        state.press(.down, .down, .down)
        let scrolled = state.frame()
        let quitRow = scrolled.lines.firstIndex(of: "          │ q Ctrl-C       quit                                     │")
        XCTAssertNotNil(quitRow, scrolled.lines.joined(separator: "\n"))
        XCTAssertEqual(quitRow.flatMap { style(of: "q Ctrl-C", in: scrolled, row: $0) }, CellStyle(bold: true))
        state.press(.character("x"))
        XCTAssertEqual(state.app.navigator.screens.count, 1)
        XCTAssertTrue(state.showsHelp, "other keys do nothing under the help")
        XCTAssertEqual(state.press(.escape), [])
        XCTAssertFalse(state.showsHelp)
        state.press(.character("?"), .character("?"))
        XCTAssertFalse(state.showsHelp)
        state.press(.character("?"), .character("q"))
        XCTAssertFalse(state.showsHelp, "q closes the help rather than quitting")
    }

    func testHelpScrollsOnASmallTerminal() {
        var state = Fixture.state(columns: 40, rows: 8)
        state.press(.character("?"))
        XCTAssertEqual(Array(state.frame().lines[0...2]), [
            "╭─ Keys ───────────── ? or Esc closes ─╮",
            "│ Page                                 │",
            "│ ↑ ↓ PgUp PgDn  scroll (Space, b: a … │",
        ])
        state.press(.down, .down)
        XCTAssertEqual(state.frame().lines[1], "│ Home End g G   to the top, to the b… │")
        for _ in 0..<40 { state.press(.down) }
        XCTAssertEqual(state.frame().lines[5], "│ At the : prompt: ↑ ↓ history, Ctrl-… │", "the end")
        for _ in 0..<(KeyBindings.helpLineCount - 5) { state.press(.up) }
        XCTAssertEqual(state.frame().lines[1], "│ Page                                 │", "back at the top as soon as the last line left")
    }
    /// The README's key table lists every key the help lists (issue 11: "list every key"). A key
    /// is a first-column entry of the table; a key named in words ("mouse", "click banner") may be
    /// anywhere in the table.
    func testTheREADMEListsEveryKeyTheHelpLists() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try XCTUnwrap(text.components(separatedBy: "## The terminal UI").dropFirst().first?.components(separatedBy: "\n## ").first)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| keys") }
        XCTAssertGreaterThan(rows.count, 20)
        let keyColumn = Set(rows.flatMap { row in
            row.split(separator: "|", omittingEmptySubsequences: true).first.map { column in
                column.split(whereSeparator: { " ,()".contains($0) }).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            } ?? []
        })
        let table = rows.joined(separator: "\n")
        var missing: [String] = []
        for hint in TerminalKeys.sections.flatMap(\.keys) {
            for key in hint.keys.split(whereSeparator: { " ,".contains($0) }).map(String.init) {
                let isWord = key.count > 1 && key.allSatisfy { $0.isLowercase }
                if !keyColumn.contains(key) && !(isWord && table.contains(key)) { missing.append(key) }
            }
        }
        XCTAssertEqual(missing, [], "keys in the help that README.md's table of keys does not list")
    }
}
