import Foundation
import TestSupport
import XCTest

/// The terminal UI while its first page never comes (issue 24): it draws at once, says it is
/// loading, and `q` or Ctrl-C end it at once, whether the page was given on the command line
/// or the app's launch check waits on a server, as under `make run`.
final class FirstLoadTmuxTests: XCTestCase {
    private var sessions: [TmuxSession] = []
    private var runtime: URL!

    override func setUpWithError() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
        runtime = try WebnavProcess.folder([:])
    }

    override func tearDown() {
        for session in sessions { session.kill() }
        if let runtime { try? FileManager.default.removeItem(at: runtime) }
    }

    private func start(_ command: [String], in folder: URL) throws -> TmuxSession {
        let line = (["cd", folder.path, "&&"] + command)
            .map { $0 == "&&" ? $0 : "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        let session = try TmuxSession(command: line, environment: ["XDG_RUNTIME_DIR": runtime.path, "SWIFT_BACKTRACE": "enable=no"])
        sessions.append(session)
        return session
    }

    private func pane(_ session: TmuxSession) -> String {
        "pane:\n" + session.capturePane().joined(separator: "\n")
    }

    private func sockets() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: runtime.path).filter { $0.hasSuffix(".sock") }
    }

    func testOpenAPageThatNeverComesDrawsAtOnceAndQuitsAtOnce() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let folder = try WebnavProcess.folder([
            "site/index.html": "<title>Shop</title><p>The shop's home page</p>",
            "site/webnav.json": #"{"pages": ".", "ats": {"NSAllowsLocalNetworking": true}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        for quit in ["q", "C-c"] {
            let started = Date()
            let session = try start([WebnavProcess.executable.path, "--profile", "site/webnav.json", "open", server.url("/hang")], in: folder)
            XCTAssertTrue(session.waitForPane(timeout: 10) { rows in
                rows.count == 24 && rows[0].hasSuffix("depth 1") && rows[1] == " The shop's home page" && rows[23] == " loading… (q quits)"
            }, pane(session))
            XCTAssertLessThan(Date().timeIntervalSince(started), 10, "the first frame comes long before the load's 30 s deadline")
            XCTAssertEqual(try sockets().count, 1)
            let quitting = Date()
            session.sendKeys(quit)
            XCTAssertEqual(session.waitForExit(timeout: 10), 0, "\(quit): \(pane(session))")
            XCTAssertLessThan(Date().timeIntervalSince(quitting), 5, "\(quit) ends the program at once")
            XCTAssertEqual(try sockets(), [], "the socket goes with the program")
        }
    }

    /// `make run`'s command line (the demo app under `Scripts/with-demo-server.py`) with a
    /// launch check that the server never answers.
    func testMakeRunsCommandQuitsAtOnceWhileTheServerDoesNotAnswer() throws {
        let pages = WebnavProcess.packageRoot.appendingPathComponent("Pages")
        var profile = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: pages.appendingPathComponent("demo-app.json")))
            as? [String: Any])
        profile["launch"] = ["checkAlive": "http://127.0.0.1:8765/hang", "delayMs": 1500]
        profile["timeoutSeconds"] = 30
        profile["pages"] = pages.path
        profile["infoPlist"] = pages.appendingPathComponent("Info.plist").path
        for table in ["messageHandlers", "intercepts"] {
            var entries = profile[table] as? [String: [String: Any]] ?? [:]
            for (name, var entry) in entries {
                if let file = entry["scriptFile"] as? String { entry["scriptFile"] = pages.appendingPathComponent(file).path }
                entries[name] = entry
            }
            profile[table] = entries
        }
        let folder = try WebnavProcess.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let profileFile = folder.appendingPathComponent("slow-app.json")
        try JSONSerialization.data(withJSONObject: profile).write(to: profileFile)
        let script = WebnavProcess.packageRoot.appendingPathComponent("Scripts/with-demo-server.py").path
        let session = try start([script, "--profile", profileFile.path, "--", WebnavProcess.executable.path, "--profile", "{profile}"],
                                in: WebnavProcess.packageRoot)
        XCTAssertTrue(session.waitForPane(timeout: 10) { rows in
            rows.count == 24 && rows[0].hasSuffix("depth 0") && rows.contains { $0.trimmingCharacters(in: .whitespaces) == "Webnav Demo" }
                && rows[23] == " loading… (q quits)"
        }, pane(session))
        let quitting = Date()
        session.sendKeys("C-c")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0, pane(session))
        XCTAssertLessThan(Date().timeIntervalSince(quitting), 5, "Ctrl-C ends the program at once")
        XCTAssertEqual(try sockets(), [])
    }
}
