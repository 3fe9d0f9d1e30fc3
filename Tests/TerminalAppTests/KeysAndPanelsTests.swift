import Foundation
import NavigatorCore
@testable import TerminalApp
import TerminalUI
import XCTest

/// Keys users know from pagers (/, n, N, b, Ctrl-L, Ctrl-Z), scrolling panels, and toasts
/// that wrap rather than being cut.
final class KeysAndPanelsTests: XCTestCase {
    private func longPage() -> DrivenUI {
        let ui = Fixture.state(columns: 40, rows: 12)
        ui.command("open long.html")
        XCTAssertEqual(ui.app.topWebView?.content.title, "Long")
        return ui
    }

    func testSlashSearchesAndNFindsTheNextAndPrevious() {
        let ui = longPage()
        ui.press(.character("/"))
        XCTAssertEqual(ui.frame().lines[11], "/")
        for character in "line 2" { ui.press(.character(character)) }
        XCTAssertEqual(ui.frame().lines[11], "/line 2")
        ui.press(.enter)
        // Lines are "Line 1" … "Line 30" with a blank line between paragraphs: "Line 2" is on line 3.
        XCTAssertEqual(ui.scrollOffset, 2)
        XCTAssertEqual(ui.frame().lines[11], " /line 2: line 3 (n next, N previous)")
        ui.press(.character("n"))
        XCTAssertEqual(ui.scrollOffset, 40, "Line 20 is a link (\"Link 20\"); Line 21 is next with \"line 2\"")
        ui.press(.character("N"))
        XCTAssertEqual(ui.scrollOffset, 2)
        ui.press(.character("/"))
        for character in "nowhere" { ui.press(.character(character)) }
        XCTAssertEqual(ui.press(.enter), [.bell])
        XCTAssertEqual(ui.frame().lines[11], " not found: nowhere")
        XCTAssertEqual(ui.scrollOffset, 2)
    }

    func testNRunsTheNextStepWhenSteppingAndSearchIsRepeatedWithSlashEnter() throws {
        let ui = try Fixture.stepping("expect depth 1\nexpect depth 1\n", columns: 100, rows: 12)
        XCTAssertEqual(ui.press(.character("n")).count, 1, "n runs a step")
        ui.press(.character("/"))
        for character in "demo" { ui.press(.character(character)) }
        ui.press(.enter)
        XCTAssertEqual(ui.state.lastSearch, "demo")
        ui.press(.character("/"), .enter)
        XCTAssertEqual(ui.state.lastSearch, "demo", "an empty search repeats the last")
    }

    func testBPagesUpAndShiftTabAfterEndFocusesTheLastVisibleLink() {
        let ui = longPage()
        ui.press(.end)
        let bottom = ui.scrollOffset ?? 0
        XCTAssertGreaterThan(bottom, 0)
        ui.press(.character("b"))
        XCTAssertEqual(ui.scrollOffset, bottom - 8, "a page up: the web view's 9 rows less one")
        ui.press(.end, .backTab)
        let viewport = ui.state.viewport()!
        let visible = viewport.layout.items.indices.filter { item in
            viewport.layout.items[item].regions.contains { viewport.visibleLines.contains($0.line) }
        }
        XCTAssertEqual(ui.focusedItem, visible.last)
        XCTAssertEqual(ui.scrollOffset, bottom, "no scrolling away from the bottom")
    }

    func testControlKeysAndAHangUp() {
        let ui = Fixture.state()
        XCTAssertEqual(ui.state.handle(.key(.control("l")), now: Fixture.start), [.redraw])
        XCTAssertEqual(ui.state.handle(.key(.control("z")), now: Fixture.start), [.suspend])
        XCTAssertEqual(ui.state.handle(.hangup, now: Fixture.start), [.quit])
    }

    func testTheEventLogScrollsWithPageKeys() {
        let ui = Fixture.state(columns: 40, rows: 12)
        for index in 1...20 { ui.command("open \"mkwebview://webview?url=detail.html&title=T\(index)\"") }
        ui.press(.character("l"))
        let newest = ui.frame().lines
        XCTAssertTrue(newest.contains { $0.contains("title=T20 → push") }, newest.joined(separator: "\n"))
        ui.press(.home)
        let oldest = ui.frame().lines
        XCTAssertTrue(oldest[1...].contains { $0.contains("launch: index.html") }, oldest.joined(separator: "\n"))
        XCTAssertFalse(oldest.contains { $0.contains("title=T20 → push") })
        ui.press(.pageDown)
        XCTAssertNotEqual(ui.frame().lines, oldest)
        ui.press(.end)
        XCTAssertEqual(ui.frame().lines, newest)
        ui.press(.pageUp)
        XCTAssertNotEqual(ui.frame().lines, newest)
        ui.press(.character("l"), .home)
        XCTAssertEqual(ui.scrollOffset, 0, "with the panel closed, Home scrolls the page again")
    }

    func testTheStackPanelScrolls() {
        let ui = Fixture.state(columns: 40, rows: 16)
        for index in 1...6 { ui.command("open \"mkwebview://webview?url=detail.html&title=S\(index)\"") }
        ui.press(.character("s"))
        XCTAssertTrue(ui.frame().lines.contains { $0.contains("7 S6") })
        ui.press(.home)
        let top = ui.frame().lines
        XCTAssertTrue(top.contains { $0.contains("1 Home") }, top.joined(separator: "\n"))
        XCTAssertFalse(top.contains { $0.contains("7 S6") })
        ui.press(.end)
        XCTAssertTrue(ui.frame().lines.contains { $0.contains("7 S6") })
    }

    func testALongToastWrapsOntoTheURLRow() {
        let message = FooterMessage(text: "⚠ /a/very/long/path/to/webnav.json:1:36: warning: unknown key \"rooot\"", tone: .warning, expiry: nil)
        XCTAssertEqual(message.rows(width: 40, available: 2), ["⚠ /a/very/long/path/to/webnav.json:1:36", ": warning: unknown key \"rooot\""])
        XCTAssertEqual(message.rows(width: 80, available: 2), [message.text])
        XCTAssertEqual(message.rows(width: 40, available: 1), [message.text])
        let longer = FooterMessage(text: String(repeating: "word ", count: 30), tone: .info, expiry: nil)
        XCTAssertEqual(longer.rows(width: 40, available: 5), [
            "word word word word word word word word", "word word word word word word word word", "word word word word word word word word",
            "word word word word word word",
        ])
        XCTAssertEqual(longer.rows(width: 40, available: 2), ["word word word word word word word word", "word word word word word word word wor…"])
        XCTAssertEqual(FooterMessage(text: longer.text, tone: .hint, expiry: nil).rows(width: 40, available: 5), [longer.text], "hints keep one row")

        let ui = Fixture.state(columns: 40, rows: 12)
        ui.state.message = message
        XCTAssertEqual(Array(ui.frame().lines[10...11]), [" ⚠ /a/very/long/path/to/webnav.json:1:36", " : warning: unknown key \"rooot\""])
    }

    func testALongPasteAtThePromptIsLinear() {
        func seconds(_ count: Int) -> Double {
            let ui = Fixture.state()
            ui.press(.character(":"))
            let start = Date()
            for _ in 0..<count { _ = ui.state.handle(.key(.character("a")), now: Fixture.start) }
            return Date().timeIntervalSince(start)
        }
        _ = seconds(500)
        let small = seconds(2_000)
        let large = seconds(20_000)
        XCTAssertLessThan(large, max(small, 0.01) * 40, "10x the paste took \(large / small)x the time")
    }
}

/// Steps typed at `:` while stepping through a flow are not the flow's steps.
final class StepModePromptTests: XCTestCase {
    func testAPromptStepAfterTheFlowEndedNeitherCrashesNorCounts() throws {
        let ui = try Fixture.stepping("expect depth 1\n", columns: 100, rows: 12)
        ui.press(.character("n"))
        XCTAssertEqual(ui.state.exitStatus, 0)
        ui.command("expect depth 1")
        ui.command("expect depth 5")
        XCTAssertEqual(ui.state.exitStatus, 0, "the flow passed; what was typed afterwards is not part of it")
        XCTAssertEqual(ui.state.stepSummary, ["PASS test.flow (1 step)", "1 passed, 0 failed"])
    }

    func testAPromptStepWhileSteppingDoesNotAdvanceTheFlow() throws {
        let ui = try Fixture.stepping("expect depth 1\nexpect depth 1\n", columns: 100, rows: 12)
        ui.command("back")
        XCTAssertEqual(ui.state.stepSummary?.first, "FAIL test.flow: quit after 0 of 2 steps")
        ui.press(.character("n"), .character("n"))
        XCTAssertEqual(ui.state.stepSummary?.first, "PASS test.flow (2 steps)")
    }
}
