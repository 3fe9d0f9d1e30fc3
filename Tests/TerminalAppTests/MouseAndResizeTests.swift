import Foundation
import NavigatorCore
@testable import TerminalApp
import TerminalUI
import XCTest

/// Clicks, the wheel, and terminals resized down to 20x6 and back.
final class MouseAndResizeTests: XCTestCase {
    func testClickingALinkFocusesAndFollowsIt() {
        var state = Fixture.state()
        let homeItems = state.app.layout(of: ScreenID(1), width: state.geometry.contentWidth).items
        XCTAssertEqual(state.click(row: 6, column: 5), [.perform(.activate(homeItems[1]))])
        XCTAssertEqual(state.app.navigator.screens.map(\.label), ["Home", "Closable"])
        XCTAssertEqual(state.viewports[ScreenID(1)]?.focusedNode, homeItems[1].node, "the clicked link took the focus")
        XCTAssertEqual(state.frame().lines[11], " push: detail.html")
    }

    func testClickingTheBarButtons() {
        var state = Fixture.state()
        state.click(row: 6, column: 5)
        state.click(row: 2, column: 1)
        XCTAssertEqual(state.app.navigator.screens.count, 2, "the hidden left button's place does nothing")
        state.click(row: 2, column: 38)
        XCTAssertEqual(state.app.navigator.screens.count, 1, "✕ pops")
        XCTAssertEqual(state.frame().lines[11], " pop: Closable")

        state.press(.backTab, .enter)
        XCTAssertEqual(state.app.top?.appearance.leftButton, true)
        state.click(row: 3, column: 38)
        XCTAssertEqual(state.app.navigator.screens.count, 2, "no ✕ on this bar")
        state.click(row: 2, column: 1)
        XCTAssertEqual(state.app.navigator.screens.count, 1, "‹ pops")
        XCTAssertEqual(state.frame().lines[11], " pop: Detail")
    }

    func testClicksElsewhereDoNothing() {
        var state = Fixture.state()
        state.click(row: 3, column: 3)
        state.click(row: 5, column: 30)
        state.click(row: 0, column: 3)
        state.click(row: 11, column: 3)
        XCTAssertEqual(state.app.navigator.screens.count, 1)
        XCTAssertEqual(state.app.eventLog.total, 1)
        _ = state.handle(.mouse(MouseEvent(row: 6, column: 5, kind: .release)), now: Fixture.start)
        XCTAssertEqual(state.app.navigator.screens.count, 1, "only a press activates")

        state.press(.character("?"))
        state.click(row: 6, column: 5)
        XCTAssertFalse(state.showsHelp, "a click closes the help")
        XCTAssertEqual(state.app.navigator.screens.count, 1, "and does nothing else")

        state.press(.character("s"))
        state.click(row: 6, column: 5)
        XCTAssertEqual(state.app.navigator.screens.count, 1, "the panel over the page takes the click")
    }

    func testTheWheelScrolls() {
        var state = Fixture.state()
        state.open("long.html")
        _ = state.handle(.mouse(MouseEvent(row: 5, column: 5, kind: .wheelDown)), now: Fixture.start)
        _ = state.handle(.mouse(MouseEvent(row: 5, column: 5, kind: .wheelDown)), now: Fixture.start)
        XCTAssertEqual(state.scrollOffset, 6)
        _ = state.handle(.mouse(MouseEvent(row: 5, column: 5, kind: .wheelUp)), now: Fixture.start)
        XCTAssertEqual(state.scrollOffset, 3)
        _ = state.handle(.mouse(MouseEvent(row: 11, column: 5, kind: .wheelDown)), now: Fixture.start)
        XCTAssertEqual(state.scrollOffset, 3, "not over the footer")
    }

    func testResizingTo20x6AndBack() {
        var state = Fixture.state()
        _ = state.handle(.resize(columns: 20, rows: 6), now: Fixture.start)
        let small = state.frame()
        assertLines(small, [
            " 9:41       depth 1",
            "                   ┃",
            " Deeplinks below.  │",
            "                   │",
            " • Detail          │",
            " index.html",
        ])
        XCTAssertEqual(style(of: "Detail", in: small, row: 4), CellStyle(underline: true, reverse: true),
                       "the focused link is kept in view")
        _ = state.handle(.resize(columns: 40, rows: 12), now: Fixture.start)
        assertLines(state.frame(), Fixture.state().frame().lines)

        state.press(.tab, .enter)
        _ = state.handle(.resize(columns: 20, rows: 6), now: Fixture.start)
        assertLines(state.frame(), [
            " 9:41       depth 2",
            "",
            "      Closable    ✕",
            "────────────────────",
            " Close me",
            " push: detail.html",
        ])
        state.press(.character("s"))
        assertLines(state.frame(), [
            "╭─ Stack ──────────╮",
            "│   status    #FF… │",
            "│ 2 Closable  ◂ t… │",
            "│   detail.html    │",
            "╰──────────────────╯",
            " detail.html",
        ], "the panel covers the whole device when the web view is this small")
        state.press(.character(":"), .character("b"))
        XCTAssertEqual(state.frame().lines[5], ":b")
    }

    func testScrollPositionSurvivesAResize() {
        var state = Fixture.state()
        state.open("long.html")
        state.press(.end)
        XCTAssertEqual(state.scrollOffset, 50)
        XCTAssertEqual(state.focusedItem, 2)
        _ = state.handle(.resize(columns: 30, rows: 20), now: Fixture.start)
        XCTAssertEqual(state.scrollOffset, 42, "still at the bottom: 59 lines in a 17-row view")
        XCTAssertEqual(state.focusedItem, 2)
        XCTAssertEqual(state.frame().lines[19].hasPrefix(" Tab next"), true)
    }

    func testTinyTerminalsDoNotBreak() {
        var state = Fixture.state()
        for (columns, rows) in [(10, 3), (1, 1), (0, 0), (5, 10)] {
            _ = state.handle(.resize(columns: columns, rows: rows), now: Fixture.start)
            state.press(.tab, .down, .character("s"), .character("?"))
            let frame = state.frame()
            XCTAssertEqual(frame.width, columns)
            XCTAssertEqual(frame.height, rows)
            state.press(.escape, .character("s"))
        }
    }
}
