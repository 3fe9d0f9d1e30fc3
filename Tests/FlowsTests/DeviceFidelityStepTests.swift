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
        "/app/Pages/form.html": """
            <title>Form</title><form action="next.html"><label>Name <input name=n required></label>
            <label>Code <input name=c required></label><button>Send</button></form>
            """,
        "/app/Pages/form-script.html": """
            <title>Form</title><form action="next.html"><label>Mail <input name=m type=email required></label>
            <label>Digits <input name=d pattern="[0-9]+" title="Digits only"></label><button>Send</button></form>
            <script>document.forms[0].addEventListener('invalid', e => console.log('invalid ' + e.target.name), true)</script>
            """,
        "/app/Pages/signup.html": """
            <title>Signup</title><form action="next.html"><label>Password <input name=p type=password minlength=8></label>
            <label>Nick <input name=k maxlength=3></label><button>Join</button></form>
            """,
        "/app/Pages/signup-script.html": """
            <title>Signup</title><form action="next.html"><label>Password <input name=p type=password minlength=8></label>
            <button>Join</button></form><button id=set onclick="document.forms[0].p.value = 'abc'">Set</button>
            """,
        "/app/Pages/next.html": "<title>Next</title><p>sent: <script>document.write(location.search)</script>",
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
    /// A submit button of a form with an invalid control submits nothing, as WebKit's
    /// interactive validation stops it, and the event log says why; with the control filled,
    /// it submits. On a page without scripts and on one with them (`invalid` events fire there).
    func testAnInvalidFormIsNotSubmittedAndTheLogSaysWhy() throws {
        let plain = try run("""
            open "form.html"
            tap "Send"
            expect event "form not submitted: input name=\\"n\\" \\"Fill out this field\\""
            expect text "Send"
            fill "Name" "Ann"
            tap "Send"
            expect event "form not submitted: input name=\\"c\\" \\"Fill out this field\\""
            fill "Code" "12"
            tap "Send"
            expect text "sent: ?n=Ann&c=12"
            """)
        XCTAssertNil(plain.failure, plain.failure?.message ?? "")
        let scripted = try run("""
            open "form-script.html"
            fill "Mail" "ann"
            tap "Send"
            expect console "invalid m"
            expect event "form not submitted: input name=\\"m\\" \\"Enter an email address\\""
            fill "Mail" "ann@example.org"
            fill "Digits" "12a"
            tap "Send"
            expect event "form not submitted: input name=\\"d\\" \\"Match the requested format: Digits only\\""
            fill "Digits" "12"
            tap "Send"
            expect text "sent: ?m=ann%40example.org&d=12"
            """)
        XCTAssertNil(scripted.failure, scripted.failure?.message ?? "")
    }
    /// `minlength` and `maxlength` constrain what the user typed (a `fill`), not what a script
    /// set (HTML §4.10.18.3, "last changed by a user edit"); typing stops at `maxlength`.
    func testLengthLimitsConstrainTypedValuesOnly() throws {
        let plain = try run("""
            open "signup.html"
            fill "Password" "short"
            tap "Join"
            expect event "form not submitted: input name=\\"p\\" \\"Use at least 8 characters\\""
            fill "Password" "long enough"
            fill "Nick" "abcdef"
            tap "Join"
            expect text "sent: ?p=long+enough&k=abc"
            """)
        XCTAssertNil(plain.failure, plain.failure?.message ?? "")
        let scripted = try run("""
            open "signup-script.html"
            fill "Password" "short"
            tap "Join"
            expect event "form not submitted: input name=\\"p\\" \\"Use at least 8 characters\\""
            expect js "document.forms[0].p.validity.tooShort" "true"
            tap "Set"
            expect js "document.forms[0].p.validity.tooShort" "false"
            tap "Join"
            expect text "sent: ?p=abc"
            """)
        XCTAssertNil(scripted.failure, scripted.failure?.message ?? "")
    }
}
