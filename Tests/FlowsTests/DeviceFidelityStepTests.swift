import Foundation
import XCTest
@testable import Flows
import NavigatorCore
import PageKit
import Simulator
import TestSupport

/// Flows fail where the device would fail: a script that never ends hangs the web view there.
final class DeviceFidelityStepTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/app/Pages/")

    private static let pages: [String: String] = [
        "/app/Pages/index.html": """
            <title>Home</title><p id=out>-</p>
            <button id=spin onclick="while (true) {}">Spin</button>
            <button id=ok onclick="document.getElementById('out').textContent = 'fine'">Fine</button>
            <a href="hang.html">Hang</a>
            <button onclick="(async function () { for (;;) await null; })()">Await</button>
            <button onclick="(function again() { Promise.resolve().then(again); })()">Chain</button>
            """,
        "/app/Pages/hang.html": "<title>Hang</title><script>while (true) {}</script><p>after</p>",
        "/app/Pages/wait.html": """
            <title>Wait</title><p id=out>-</p>
            <button onclick="var p0 = performance.now(), t0 = Date.now(); while (Date.now() - t0 < 50) {}
              var took = Date.now() - t0; console.log('waited ' + took);
              setTimeout(function () { document.getElementById('out').textContent =
                'waited ' + took + ', timer after ' + (performance.now() - p0); }, 10)">Wait</button>
            """,
    ]

    /// Runs a flow under a script time limit: 100 ms makes the hangs quick to see.
    private func run(_ text: String, scriptTimeLimitMs: Int = 100) throws -> FlowResult {
        var profile = AppProfile.builtIn
        profile.scriptTimeLimitMs = scriptTimeLimitMs
        var runner = FlowRunner(profile: profile, pagesBase: folder, store: PageStore(reader: InMemoryPages(files: Self.pages)))
        runner.keepsTrace = true
        let flow = Flow(path: "t.flow", steps: try FlowParser { _ in Data() }.parse(text: text, path: "t.flow", folder: folder))
        return runner.run(flow)
    }

    func testAStepWhoseScriptNeverEndsFailsAsTheDeviceWouldHang() throws {
        let tapped = try run("tap \"Fine\"\nexpect text \"fine\"\ntap \"Spin\"\nexpect text \"fine\"")
        XCTAssertEqual(tapped.failure?.location.line, 3)
        XCTAssertEqual(tapped.failure?.message, "a script never ended (script timeout: index.html: a script ran longer than 100 ms "
                       + "and was stopped; on a device the web view would hang), so nothing after it would run")
        let loaded = try run("tap \"Hang\"\nexpect title \"Hang\"")
        XCTAssertEqual(loaded.failure?.location.line, 1)
        XCTAssertEqual(loaded.failure?.message, "a script never ended (script timeout: hang.html: a script ran longer than 100 ms "
                       + "and was stopped; on a device the web view would hang), so nothing after it would run")
        let evaluated = try run("eval \"for (;;) {}\"")
        XCTAssertEqual(evaluated.failure?.message, "a script never ended (script timeout: index.html: a script ran longer than 100 ms "
                       + "and was stopped; on a device the web view would hang), so nothing after it would run")
    }

    /// A busy-wait ends after the time it asks for, a timer set after it counts from its end,
    /// and two runs of the same flow give the same steps, notes and virtual times.
    func testABusyWaitEndsAndTheSameFlowGivesTheSameRunTwice() throws {
        let text = "open \"wait.html\"\ntap \"Wait\"\nexpect console \"waited 50\"\nwait 59ms\nexpect text \"-\"\nwait 1ms\nexpect text \"waited 50, timer after 60\""
        // The busy-wait's 50,000 clock reads take real time (about 100 ms in a debug build
        // under the parallel test run), which the limit counts: it gets 5 s.
        let first = try run(text, scriptTimeLimitMs: 5_000)
        let second = try run(text, scriptTimeLimitMs: 5_000)
        XCTAssertNil(first.failure?.message)
        XCTAssertEqual(first.records.map { "\($0.time) \($0.notes)" }, second.records.map { "\($0.time) \($0.notes)" })
        XCTAssertEqual(first.records.count, 7)
    }

    /// Promise jobs that never end fail the step as a device would hang: a `then` chain
    /// within JavaScriptCore's own limit, an `await` loop (whose every job the limit counts
    /// alone) once the host gives up on the web view.
    func testAStepWhosePromiseJobsNeverEndFailsAsTheDeviceWouldHang() throws {
        let awaited = try run("tap \"Fine\"\ntap \"Await\"\nexpect text \"fine\"")
        XCTAssertEqual(awaited.failure?.location.line, 2)
        XCTAssertEqual(awaited.failure?.message, "a script never ended (script timeout: index.html: a script's promise jobs ran "
                       + "longer than 300 ms without giving the page its thread back (an await loop), and webnav gave up on the "
                       + "web view; on a device the web view would hang), so nothing after it would run")
        let chained = try run("tap \"Fine\"\ntap \"Chain\"\nexpect text \"fine\"")
        XCTAssertEqual(chained.failure?.location.line, 2)
        XCTAssertEqual(chained.failure?.message, "a script never ended (script timeout: index.html: a script ran longer than 100 ms "
                       + "and was stopped; on a device the web view would hang), so nothing after it would run")
    }
}
