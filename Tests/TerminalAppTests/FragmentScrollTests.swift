import Foundation
import NavigatorCore
import PageKit
import Simulator
@testable import TerminalApp
import TerminalUI
import TestSupport
import XCTest

/// A fragment navigation on a page with scripts scrolls the web view to its target, as a load
/// with a `#fragment` does.
final class FragmentScrollTests: XCTestCase {
    func testAFragmentLinkOnAScriptedPageScrollsToItsTarget() {
        let page = "<title>Frag</title><p><a href=\"#end\">To the end</a></p>" + (1...30).map { "<p>Line \($0)</p>" }.joined()
            + "<p id=end>The end</p><script>addEventListener('hashchange', () => console.log('hash', location.hash))</script>"
        let pages = InMemoryPages(files: ["/app/Pages/index.html": page])
        let host = AppHost(profile: .builtIn, pagesBase: Fixture.pagesBase, store: PageStore(reader: pages))
        host.perform(.launch)
        var state = DrivenUI(TerminalAppState(app: host.snapshot.app, size: TerminalSize(columns: 40, rows: 12), parser: Fixture.parser),
                             host: host)
        XCTAssertTrue(state.frame().lines[1].hasPrefix(" To the end"))
        state.press(.enter)
        let frame = state.frame()
        XCTAssertEqual(frame.lines[1].prefix(8), " Line 27", "scrolled as far as the page goes towards the target")
        XCTAssertTrue(frame.lines[9].hasPrefix(" The end"), frame.lines.joined(separator: "\n"))
        XCTAssertEqual(frame.lines[11], " console.log: hash #end")
    }
}
