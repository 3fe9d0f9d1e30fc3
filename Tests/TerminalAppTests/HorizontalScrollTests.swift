import Foundation
import Flows
import NavigatorCore
import PageKit
import Simulator
@testable import TerminalApp
import TerminalUI
import TestSupport
import XCTest

/// Wide lines (`<pre>`, tables) stay wide; `<` and `>` scroll the web view sideways, with `…`
/// where a line is cut.
final class HorizontalScrollTests: XCTestCase {
    private func ui() -> DrivenUI {
        let pages = InMemoryPages(files: [
            "/app/Pages/index.html": "<title>Wide</title><pre>0123456789abcdefghijABCDEFGHIJ0123456789abcdefghij</pre><p>short</p>"
                + "<pre>right end <a href='x.html'>far link</a></pre>".replacingOccurrences(of: "right end", with: String(repeating: "-", count: 40)),
        ])
        let host = AppHost(profile: .builtIn, pagesBase: Fixture.pagesBase, store: PageStore(reader: pages))
        host.perform(.launch)
        return DrivenUI(TerminalAppState(app: host.snapshot.app, size: TerminalSize(columns: 24, rows: 8), parser: Fixture.parser), host: host)
    }

    func testLongLinesAreCutWithAMarkerAndScrollSideways() {
        let state = ui()
        assertLines(state.frame(), [
            " 9:41           depth 1",
            " 0123456789abcdefghijA…",
            "",
            " short",
            "",
            " ---------------------…",
            "",
            " index.html",
        ])
        XCTAssertEqual(state.frame()[1, 22].style, CellStyle(dim: true), "the marker is dim")
        state.press(.character(">"))
        assertLines(state.frame(), [
            " 9:41           depth 1",
            " …cdefghijABCDEFGHIJ01…",
            "",
            " …",
            "",
            " …--------------------…",
            "",
            " index.html",
        ])
        state.press(.character(">"), .character(">"))
        XCTAssertEqual(state.frame().lines[1], " …J0123456789abcdefghij", "no further than the widest line's end")
        state.press(.character("<"), .character("<"), .character("<"))
        XCTAssertEqual(state.frame().lines[1], " 0123456789abcdefghijA…")
        state.press(.tab)
        XCTAssertEqual(state.frame().lines[5], " …------------ far link", "focusing a link out of sight scrolls to it")
    }
}
