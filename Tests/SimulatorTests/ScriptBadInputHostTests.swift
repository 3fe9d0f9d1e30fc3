import Foundation
import NavigatorCore
import PageKit
@testable import Simulator
import TestSupport
import XCTest

/// Hostile page scripts through the host: each gives a clear event, the host answers the next
/// action, and the app goes on.
final class ScriptBadInputHostTests: XCTestCase {
    private static let base = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)

    private func host(_ page: String, limitMs: Int = 200, clock: AppClockMode = .virtual) -> AppHost {
        var profile = AppProfile.builtIn
        profile.scriptTimeLimitMs = limitMs
        let pages = InMemoryPages(files: ["/app/Pages/index.html": page, "/app/Pages/next.html": "<title>Next</title>next"])
        let host = AppHost(profile: profile, pagesBase: Self.base, store: PageStore(reader: pages), clock: clock)
        host.perform(.launch)
        return host
    }

    private func events(_ host: AppHost) -> [String] {
        host.snapshot.app.eventLog.events.map(\.text)
    }

    /// The host still performs actions: a link opens the next page.
    private func assertStillResponds(_ host: AppHost, file: StaticString = #filePath, line: UInt = #line) {
        let snapshot = host.perform(.navigator(.urlOpened("next.html", base: nil)))
        XCTAssertEqual(snapshot.newEvents.map(\.text), ["load: next.html"], file: file, line: line)
        XCTAssertEqual(snapshot.app.topWebView?.content.title, "Next", file: file, line: line)
    }

    func testAScriptThatThrowsIsAnErrorEventAndTheRestOfThePageRuns() {
        let host = host("<p id=p>before</p><script>throw new Error('broken')</script><script>document.getElementById('p').textContent = 'after'</script>")
        XCTAssertEqual(events(host), ["launch: index.html", "script error: index.html:1:42: Error: broken"])
        XCTAssertEqual(host.snapshot.app.layout(of: host.snapshot.app.top!.id, width: 20).lines.map(\.text), ["after"])
        assertStillResponds(host)
    }

    func testAnEndlessLoopIsStoppedWithATimeoutEvent() {
        let host = host("<script>for (;;) {}</script><script>console.log('next script')</script>")
        XCTAssertEqual(events(host), [
            "launch: index.html",
            "script timeout: index.html: a script ran longer than 200 ms and was stopped; on a device the web view would hang",
            "console.log: next script",
        ])
        assertStillResponds(host)
    }

    func testAnEndlessLoopInAClickHandlerIsStoppedToo() throws {
        let host = host("<button id=b>Spin</button><script>document.getElementById('b').onclick = () => { for (;;) {} }</script>")
        let item = try XCTUnwrap(host.snapshot.app.layout(of: host.snapshot.app.top!.id, width: 20).items.first)
        XCTAssertEqual(host.perform(.activate(item)).newEvents.map(\.text),
                       ["script timeout: index.html: a script ran longer than 200 ms and was stopped; on a device the web view would hang"])
        assertStillResponds(host)
    }

    func testAZeroDelayIntervalRunsClampedAndTimeStillMoves() {
        let host = host("<p id=n>0</p><script>let n = 0; setInterval(() => document.getElementById('n').textContent = ++n, 0)</script>")
        let waited = host.perform(.wait(.seconds(1)))
        XCTAssertEqual(waited.newEvents.map(\.text), [])
        XCTAssertEqual(waited.time, .seconds(1))
        // WebKit's clamping: 1 ms for the first five runs, then 4 ms (nesting level 5): 5 + 248.
        let count = Int(waited.app.layout(of: waited.app.top!.id, width: 20).lines.map(\.text).joined()) ?? 0
        XCTAssertEqual(count, 253)
        XCTAssertEqual(waited.nextTimer, .milliseconds(1001))
        assertStillResponds(host)
    }

    func testAZeroDelayIntervalInRealTimeLeavesTheHostResponsive() {
        let host = host("<script>setInterval(() => {}, 0)</script>", clock: .real)
        for _ in 0..<20 { host.perform(.tick) }
        assertStillResponds(host)
    }

    func testATenMegabyteInnerHTMLLaysOut() {
        let host = host("""
            <div id=d></div><script>
            var cell = '<p>' + 'x'.repeat(100) + '</p>';
            document.getElementById('d').innerHTML = cell.repeat(Math.ceil(10 * 1024 * 1024 / cell.length));
            console.log(document.getElementById('d').children.length);
            </script>
            """, limitMs: 20_000)
        XCTAssertEqual(events(host), ["launch: index.html", "console.log: 97998"])
        XCTAssertEqual(host.snapshot.app.layout(of: host.snapshot.app.top!.id, width: 100).lines.filter { !$0.text.isEmpty }.count, 97998)
        assertStillResponds(host)
    }

    func testDocumentWriteAfterLoadReplacesThePage() {
        let host = host("<title>Old</title><p>old<script>setTimeout(() => document.write('<title>New</title><p>written'), 10)</script>")
        let waited = host.perform(.wait(.milliseconds(10)))
        XCTAssertEqual(waited.app.layout(of: waited.app.top!.id, width: 20).lines.map(\.text), ["written"])
        XCTAssertEqual(waited.app.top?.currentPage.title, "New")
        assertStillResponds(host)
    }

    func testAnUnknownScriptTypeIsNotRunAndShowsNothing() {
        let host = host("<p>shown</p><script type=text/x-unknown>throw 1</script><script type=module>console.log(1)</script>")
        XCTAssertEqual(events(host), ["launch: index.html", "script skipped: module scripts are not supported"])
        XCTAssertEqual(host.snapshot.app.layout(of: host.snapshot.app.top!.id, width: 20).lines.map(\.text), ["shown"])
    }

    func testDeepRecursionIsARangeError() {
        let host = host("<script>function f() { return f() + 1 } f()</script>")
        XCTAssertEqual(events(host), ["launch: index.html", "script error: index.html:1:32: RangeError: Maximum call stack size exceeded."])
        assertStillResponds(host)
    }

    func testADialogInAnEndlessLoopEndsWhenTheHostGoes() {
        var host: AppHost? = host("<script>for (;;) alert('again')</script>", limitMs: 300)
        XCTAssertEqual(host?.snapshot.dialog?.message, "again")
        host = nil
    }
}
