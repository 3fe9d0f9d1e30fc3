import Foundation
import TestSupport
import XCTest

/// What the terminal UI shows when a page behaves as it would not survive on a device (issue 18).
final class DeviceFidelityTmuxTests: XCTestCase {
    private var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
    }

    override func tearDown() {
        session?.kill()
    }

    /// Starts the terminal UI on one page (a 200 ms script time limit), presses its first
    /// button, Spin, and returns the pane once the footer says the web view would hang.
    private func tapSpin(on page: String) throws -> (TmuxSession, [String]) {
        let folder = try WebnavProcess.folder(["Pages/index.html": page, "webnav.json": "{\"scriptTimeLimitMs\": 200}"])
        let command = "cd '\(folder.path)' && '\(WebnavProcess.executable.path)' --profile webnav.json"
        let session = try TmuxSession(command: command, columns: 80, rows: 24, environment: ["SWIFT_BACKTRACE": "enable=no"])
        self.session = session
        XCTAssertTrue(session.waitFor(text: "[Spin]", timeout: 10), session.capturePane().joined(separator: "\n"))
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "would hang", timeout: 10), session.capturePane().joined(separator: "\n"))
        return (session, session.capturePane().map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// A button whose handler never ends: the footer says the web view would hang, as the
    /// flow step that pressed it fails, and nothing the handler would do afterwards happens.
    func testAScriptThatNeverEndsSaysTheWebViewWouldHang() throws {
        let (_, pane) = try tapSpin(on: "<title>Home</title><p id=p>Start</p>"
            + "<button onclick=\"while (true) {} p.textContent = 'after'\">Spin</button>")
        XCTAssertEqual(Array(pane.suffix(2)), ["script timeout: index.html: a script ran longer than 200 ms and was stopped; on",
                                               "a device the web view would hang"])
        XCTAssertTrue(pane.contains("Start"), pane.joined(separator: "\n"))
        XCTAssertFalse(pane.contains("after"), pane.joined(separator: "\n"))
    }

    /// A button whose handler never gives its thread back between promise jobs (an `await`
    /// loop, which JavaScriptCore's time limit never stops): webnav gives up on the web view,
    /// the footer says it would hang, a later tap changes nothing, and `q` still quits cleanly
    /// while that thread is still inside JavaScriptCore.
    func testAnAwaitLoopHangsTheWebViewAndTheUIStillQuits() throws {
        let (session, pane) = try tapSpin(on: "<title>Home</title><p id=p>Start</p>"
            + "<button onclick=\"(async function () { for (;;) await null; })()\">Spin</button>"
            + "<button onclick=\"p.textContent = 'tapped'\">Fine</button>")
        XCTAssertEqual(Array(pane.suffix(3)), ["script timeout: index.html: a script's promise jobs ran longer than 600 ms",
                                               "without giving the page its thread back (an await loop), and webnav gave up on",
                                               "the web view; on a device the web view would hang"])
        session.sendKeys("Tab")
        session.sendKeys("Enter")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertFalse(session.capturePane().contains { $0.contains("tapped") }, session.capturePane().joined(separator: "\n"))
        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0, session.capturePane().joined(separator: "\n"))
    }
}
