import Foundation
@testable import Flows
import NavigatorCore
import PageKit
import Simulator
import TestSupport
import XCTest

/// Every command and expectation of flows.md, run against a small app: each passes when the rule
/// holds and fails, with its `expected …, got …` message, when it does not.
final class StepExecutorTests: XCTestCase {
    private let base = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)
    private let pages = InMemoryPages(files: [
        "/app/Pages/index.html": """
        <title>Home</title>
        <a href="mkwebview://webview?url=a.html&amp;title=Alpha&amp;leftBtn=true&amp;navigationColor=%23112233">Open alpha</a>
        <a href="list.html">List</a> <a href="list.html?x=2">List two</a> <a href="tel:1">Call</a>
        <a href="https://example.com" target="_blank">Browser</a> <button>Nothing</button>
        """,
        "/app/Pages/a.html": "<title>Page A</title><p>Alpha text that is long enough to wrap when the screen is narrow enough</p><a href='mkwebview://close-webview'>Close me</a>",
        "/app/Pages/list.html": "<title>List</title><ul><li>One</li></ul>",
        "/flows/other.html": "<title>Other</title>",
    ])

    private var host: AppHost!
    private var context = FlowContext()

    override func setUp() {
        host = AppHost(profile: .builtIn, pagesBase: base, store: PageStore(reader: pages))
        host.perform(.launch)
        context = FlowContext()
    }

    @discardableResult
    private func step(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> StepOutcome {
        let steps = try! FlowParser { _ in Data() }.parse(text: text, path: "t.flow", folder: URL(fileURLWithPath: "/flows/"))
        return StepExecutor.perform(steps[0], host: host, context: &context)
    }

    private func assertPasses(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        if case .failed(let message) = step(text) { XCTFail("\(text): \(message)", file: file, line: line) }
    }

    private func assertFails(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(step(text), .failed(message), text, file: file, line: line)
    }

    func testOpenResolvesRelativePagesAgainstTheFlowFolder() {
        assertPasses("open other.html")
        assertPasses("expect page \"Other\"")
        assertPasses("expect url \"file:///flows/other.html\"")
        assertPasses("open mkwebview://webview?url=a.html")
        assertPasses("expect url \"a.html\"")
        assertPasses("expect url \"file:///app/Pages/a.html\"")
    }

    func testTapByTextNumberAndButtons() {
        assertFails("tap list", "tap \"list\": ambiguous, 2 links or buttons match: #2 \"List\", #3 \"List two\"")
        assertFails("tap \"nowhere\"", "tap \"nowhere\": no link or button matches; candidates: #1 \"Open alpha\", #2 \"List\", #3 \"List two\", #4 \"Call\", #5 \"Browser\", #6 \"Nothing\"")
        assertPasses("tap \"open ALPHA\"")
        assertPasses("expect depth 2")
        assertPasses("tap left")
        assertPasses("expect depth 1")
        assertFails("tap left", "tap left: the left button is hidden (the screen has no bar)")
        assertFails("tap right", "tap right: the right button is hidden (the screen has no bar)")
        assertPasses("tap #2")
        assertPasses("expect page \"List\"")
        assertFails("tap #9", "tap #9: the page has 0 links and buttons")
    }

    func testExactTextWinsOverSubstrings() {
        XCTAssertEqual(step("tap \"List two\""), .done(note: "load: list.html?x=2"))
    }

    func testBackCloseReloadAndEvents() {
        assertPasses("tap \"Open alpha\"")
        assertPasses("expect event \"push: a.html\"")
        assertPasses("expect depth 2")
        assertPasses("expect event \"push\"")
        assertPasses("reload")
        assertPasses("expect event \"reload: a.html\"")
        assertFails("expect event \"push\"", "expected event \"push\", got \"reload: a.html\"")
        assertPasses("close")
        assertPasses("expect event \"pop: Alpha\"")
        assertPasses("back")
        assertPasses("expect event \"nothing to pop at root\"")
        assertPasses("size 30x10")
        assertFails("expect event \"zzz\"", "expected event \"zzz\", got \"nothing to pop at root\"", )
        assertPasses("open mkwebview://login")
        assertPasses("tap \"Open alpha\"")
        assertPasses("expect event \"push\"")
        assertFails("expect event \"login\"", "expected event \"login\", got \"deeplink: mkwebview://webview?url=a.html&title=Alpha&leftBtn=true&navigationColor=%23112233 → push\", \"push: a.html\"")
    }

    func testBarExpectations() {
        assertFails("expect bar visible", "expected bar visible, got hidden")
        assertPasses("expect bar hidden")
        assertPasses("expect title \"\"")
        assertPasses("tap \"Open alpha\"")
        assertPasses("expect bar visible")
        assertFails("expect bar hidden", "expected bar hidden, got visible")
        assertPasses("expect title \"Alpha\"")
        assertFails("expect title \"Beta\"", "expected title \"Beta\", got \"Alpha\"")
        assertPasses("expect left visible")
        assertFails("expect left hidden", "expected left hidden, got visible")
        assertPasses("expect right hidden")
        assertFails("expect right visible", "expected right visible, got hidden")
        assertPasses("expect color nav \"#112233\"")
        assertFails("expect color nav \"#FFFFFF\"", "expected color nav \"#FFFFFF\", got \"#112233\"")
        assertPasses("expect color tint \"#292F33\"")
        assertFails("expect color tint \"#000000\"", "expected color tint \"#000000\", got \"#292F33\"")
        assertPasses("expect color status \"#FFFFFF\"")
        assertFails("expect color status \"#000000\"", "expected color status \"#000000\", got \"#FFFFFF\"")
    }

    func testPageExpectations() {
        assertPasses("expect page \"Home\"")
        assertFails("expect page \"Away\"", "expected page \"Away\", got \"Home\"")
        assertPasses("expect url ~ \"index\"")
        assertFails("expect url ~ \"zzz\"", "expected url containing \"zzz\", got \"file:///app/Pages/index.html\"")
        assertFails("expect url \"a.html\"", "expected url \"a.html\", got \"file:///app/Pages/index.html\"")
        assertPasses("expect depth 1")
        assertFails("expect depth 2", "expected depth 2, got 1")
        assertPasses("expect stack \"Home\"")
        assertFails("expect stack \"Home\" \"X\"", "expected stack \"Home\" \"X\", got \"Home\"")
        assertPasses("tap \"Open alpha\"")
        assertPasses("size 20x6")
        assertPasses("expect text \"wrap when the screen is narrow\"")
        assertFails("expect text \"Omega\"", "expected text \"Omega\", got a page without it")
        assertPasses("expect no text \"Omega\"")
        assertFails("expect no text \"Alpha text\"", "expected no text \"Alpha text\", got a page with it")
    }

    func testWarningExpectation() {
        assertFails("expect warning plus-in-value", "expected warning plus-in-value, got no warnings")
        assertPasses("open mkwebview://webview?url=a.html&title=a+b&titel=x")
        assertPasses("expect warning plus-in-value")
        assertPasses("expect warning unknown-parameter")
        assertFails("expect warning host-case", "expected warning host-case, got plus-in-value, unknown-parameter")
    }

    func testSnapshotAndSize() {
        assertPasses("size 30x8")
        guard case .snapshot(let screen, nil) = step("snapshot") else { return XCTFail("no snapshot") }
        let lines = screen.lines
        XCTAssertEqual(lines, [
            " 9:41                 depth 1",
            " Open alpha List List two",
            " Call Browser [Nothing]",
            "",
            "",
            "",
            "",
            " launch: index.html",
        ])
    }

    func testExternalAndBrowserEvents() {
        assertPasses("tap Call")
        assertPasses("expect event \"opened externally: tel:1\"")
        assertPasses("tap Browser")
        assertPasses("expect event \"opened in browser: https://example.com\"")
        assertPasses("tap Nothing")
        assertPasses("expect event \"does nothing\"")
    }
}
