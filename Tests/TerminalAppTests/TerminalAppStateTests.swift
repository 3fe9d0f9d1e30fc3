import Foundation
import NavigatorCore
@testable import TerminalApp
import TerminalUI
import XCTest

/// The terminal UI driven by input events, checked as whole frames.
final class TerminalAppStateTests: XCTestCase {
    private let underlined = CellStyle(underline: true)
    private let focused = CellStyle(underline: true, reverse: true)

    func testFirstFrameFocusesTheFirstLink() {
        let frame = Fixture.state().frame()
        assertLines(frame, [
            " 9:41                           depth 1",
            " Demo",
            "",
            " Deeplinks below.",
            "",
            " • Detail",
            " • Red closable",
            " • Call",
            " • Plus title",
            " • Long page",
            " index.html                         All",
            " Tab next  Enter go  ← back  ? help",
        ])
        XCTAssertEqual(style(of: "Detail", in: frame, row: 5), focused)
        XCTAssertEqual(style(of: "Red closable", in: frame, row: 6), underlined)
        XCTAssertEqual(style(of: "Long page", in: frame, row: 9), underlined)
        XCTAssertEqual(frame[0, 1].style, CellStyle(foreground: .rgb(0, 0, 0), background: .rgb(0xFF, 0xFF, 0xFF), bold: true),
                       "the status bar: black on the default white")
        XCTAssertEqual(style(of: " index.html                         All", in: frame, row: 10), CellStyle(reverse: true))
        XCTAssertEqual(style(of: "Tab", in: frame, row: 11), CellStyle(bold: true))
        XCTAssertEqual(style(of: "?", in: frame, row: 11), CellStyle(bold: true))
        XCTAssertEqual(style(of: "next", in: frame, row: 11), CellStyle(dim: true))
    }

    func testTabThenEnterPushesTheFocusedDeeplink() {
        var state = Fixture.state()
        XCTAssertEqual(state.press(.tab), [])
        var frame = state.frame()
        XCTAssertEqual(style(of: "Detail", in: frame, row: 5), underlined)
        XCTAssertEqual(style(of: "Red closable", in: frame, row: 6), focused)
        XCTAssertEqual(frame.lines[11], " ↳ mkwebview://webview?url=detail.html&…", "the focused link's URL, as a browser's status bar shows it")

        state.press(.enter)
        frame = state.frame()
        assertLines(frame, [
            " 9:41                           depth 2",
            "",
            "                Closable              ✕",
            "────────────────────────────────────────",
            " Detail text.",
            "",
            " Close me",
            "",
            "",
            "",
            " detail.html                        All",
            " push: detail.html",
        ])
        let bar = CellStyle(foreground: .rgb(0xFF, 0xFF, 0xFF), background: .rgb(0xD3, 0x2F, 0x2F))
        XCTAssertEqual(frame[1, 0].style, bar)
        XCTAssertEqual(style(of: "Closable", in: frame, row: 2), CellStyle(foreground: .rgb(0xFF, 0xFF, 0xFF), background: .rgb(0xD3, 0x2F, 0x2F), bold: true))
        XCTAssertEqual(style(of: "Close me", in: frame, row: 6), focused, "the new page's first link is focused")
        XCTAssertEqual(state.app.navigator.screens.map(\.label), ["Home", "Closable"])
    }

    func testBackGestureReturnsToTheScreenAsItWasLeft() {
        var state = Fixture.state()
        state.press(.tab, .enter)
        state.press(.left)
        let frame = state.frame()
        assertLines(frame, [
            " 9:41                           depth 1",
            " Demo",
            "",
            " Deeplinks below.",
            "",
            " • Detail",
            " • Red closable",
            " • Call",
            " • Plus title",
            " • Long page",
            " index.html                         All",
            " pop: Closable",
        ])
        XCTAssertEqual(style(of: "Red closable", in: frame, row: 6), focused, "the focus stays where it was")
        state.press(.enter, .backspace)
        XCTAssertEqual(state.app.navigator.screens.count, 1)
        state.press(.enter, .character("h"))
        XCTAssertEqual(state.app.navigator.screens.count, 1, "h is the back gesture too")
    }

    func testCloseAtTheRootSaysThereIsNothingToPop() {
        var state = Fixture.state()
        XCTAssertEqual(state.press(.character("x")), [.perform(.navigator(.rightButtonTapped))])
        assertLines(state.frame(), [
            " 9:41                           depth 1",
            " Demo",
            "",
            " Deeplinks below.",
            "",
            " • Detail",
            " • Red closable",
            " • Call",
            " • Plus title",
            " • Long page",
            " index.html                         All",
            " nothing to pop at root",
        ])
        state.press(.down)
        XCTAssertEqual(state.frame().lines[11], " Tab next  Enter go  ← back  ? help", "the next key clears the message")
    }

    func testCloseWorksWithoutAVisibleCloseButton() {
        var state = Fixture.state()
        state.press(.enter)
        XCTAssertEqual(state.app.top?.appearance.rightButton, false)
        state.press(.character("x"))
        XCTAssertEqual(state.app.navigator.screens.count, 1)
        XCTAssertEqual(state.frame().lines[11], " pop: Detail")
    }

    func testScrollingMovesTheFocusOntoVisibleItems() {
        var state = Fixture.state()
        state.open("long.html")
        XCTAssertNil(state.focusedItem, "no link in the first screenful: nothing focused")
        for _ in 0..<10 { state.press(.down) }
        var frame = state.frame()
        assertLines(frame, [
            " 9:41                           depth 1",
            " Line 6                                │",
            "                                       ┃",
            " Line 7                                │",
            "",
            " Line 8                                │",
            "",
            " Line 9                                │",
            "",
            " Link 10                               │",
            " long.html                          20%",
            " Tab next  Enter go  ← back  ? help",
        ].map { $0 == "" ? "                                       │" : $0 })
        XCTAssertEqual(style(of: "Link 10", in: frame, row: 9), focused, "the link scrolled into view takes the focus")

        for _ in 0..<9 { state.press(.down) }
        XCTAssertEqual(state.scrollOffset, 19)
        XCTAssertNil(state.focusedItem, "scrolled out of view, the link loses the focus")
        XCTAssertEqual(state.press(.enter), [.bell], "Enter never follows a link out of view")

        state.press(.tab)
        XCTAssertEqual(state.scrollOffset, 30, "Tab scrolls just enough to show the next link")
        XCTAssertEqual(state.focusedItem, 1)
        frame = state.frame()
        XCTAssertEqual(frame.lines[9], " Link 20                               │")
        XCTAssertEqual(style(of: "Link 20", in: frame, row: 9), focused)

        state.press(.end)
        XCTAssertEqual(state.scrollOffset, 50)
        XCTAssertEqual(state.focusedItem, 2)
        XCTAssertEqual(state.frame().lines[10], " long.html                          Bot")
        state.press(.backTab)
        XCTAssertEqual(state.scrollOffset, 50, "after End, Shift-Tab takes the last visible link")
        XCTAssertEqual(state.focusedItem, 2)
        state.press(.character("k"))
        XCTAssertEqual(state.scrollOffset, 38)
        XCTAssertEqual(state.focusedItem, 1)
        state.press(.character("k"))
        XCTAssertEqual(state.focusedItem, 0)
        XCTAssertEqual(state.scrollOffset, 18)
        state.press(.character("j"), .character("j"), .character("j"))
        XCTAssertEqual(state.focusedItem, 0, "Tab wraps from the last link to the first")
        XCTAssertEqual(state.scrollOffset, 18)

        state.press(.home)
        XCTAssertEqual(state.scrollOffset, 0)
        state.press(.pageDown)
        XCTAssertEqual(state.scrollOffset, 8, "a page is the view's height less one line")
        state.press(.character(" "), .pageUp, .up)
        XCTAssertEqual(state.scrollOffset, 7)
        state.press(.character("G"))
        XCTAssertEqual(state.scrollOffset, 50)
        state.press(.character("g"))
        XCTAssertEqual(state.scrollOffset, 0)
        state.press(.up)
        XCTAssertEqual(state.scrollOffset, 0)
    }

    func testEnterFollowsAnOrdinaryLinkInTheSameScreen() {
        var state = Fixture.state()
        state.open("long.html")
        state.press(.tab, .enter)
        XCTAssertEqual(state.app.navigator.screens.count, 1)
        XCTAssertEqual(state.app.top?.currentPage.url, "file:///app/Pages/detail.html?n=10")
        XCTAssertEqual(state.frame().lines[10], " detail.html?n=10                   All")
        state.press(.left)
        XCTAssertEqual(state.frame().lines[11], " back: long.html (web history)")
    }

    func testReloadKeepsTheStack() {
        var state = Fixture.state()
        state.press(.character("r"))
        XCTAssertEqual(state.frame().lines[11], " reload: index.html")
        XCTAssertEqual(state.focusedItem, 0)
    }

    func testQuitAndControlC() {
        var state = Fixture.state()
        XCTAssertEqual(state.press(.character("q")), [.quit])
        XCTAssertEqual(state.press(.control("c")), [.quit])
        state.press(.character(":"))
        XCTAssertEqual(state.press(.control("c")), [.quit], "Ctrl-C quits even from the prompt")
        XCTAssertEqual(state.exitStatus, 0)
    }

    func testUnknownKeysPointToTheHelp() {
        var state = Fixture.state()
        XCTAssertEqual(state.press(.character("z")), [])
        XCTAssertEqual(state.frame().lines[11], " 'z' does nothing here: ? lists the keys")
        state.press(.character("n"))
        XCTAssertEqual(state.frame().lines[11], " / searches the page; then n and N find…")
    }
}
