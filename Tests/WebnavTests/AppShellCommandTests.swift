import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The app shell through the real binary: `webnav push` and the terminal UI's control socket,
/// `--data DIR`, the launch check on screen, the bad inputs of issue 8 end to end, and the
/// demo's app-shell flows against their own server.
final class AppShellCommandTests: XCTestCase {
    private var sessions: [TmuxSession] = []
    private var runtime: URL!

    override func setUpWithError() throws {
        // Every test has a runtime folder of its own: no other webnav's socket is seen.
        runtime = try WebnavProcess.folder([:])
    }

    override func tearDown() {
        for session in sessions { session.kill() }
        try? FileManager.default.removeItem(at: runtime)
    }

    private var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime.path] }

    private func push(_ arguments: [String], input: String? = nil) throws -> WebnavProcess.Output {
        try WebnavProcess.run(["push"] + arguments, environment: environment, input: input)
    }

    /// Starts the terminal UI (`webnav ARGUMENTS` in `folder`) in tmux and waits for `text`.
    private func startUI(_ arguments: [String], in folder: URL = WebnavProcess.packageRoot, columns: Int = 80, rows: Int = 24,
                         waitingFor text: String = "depth 1") throws -> TmuxSession {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
        let command = (["cd", folder.path, "&&", WebnavProcess.executable.path] + arguments)
            .map { $0 == "&&" ? $0 : "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        let session = try TmuxSession(command: command, columns: columns, rows: rows,
                                      environment: environment.merging(["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"]) { $1 })
        sessions.append(session)
        XCTAssertTrue(session.waitFor(text: text, timeout: 10), pane(session))
        return session
    }

    private func pane(_ session: TmuxSession) -> String {
        "pane:\n" + session.capturePane().joined(separator: "\n")
    }

    private var socketPrefix: String { "webnav-\(getuid())-" }

    // MARK: - webnav push

    func testPushWithoutATerminalUIIsACleanError() throws {
        let output = try push(["Pages/notifications/plain.apns"])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "webnav: error: no webnav terminal UI is running: no \(socketPrefix)*.sock in \(runtime.path) (start one with webnav)\n")
        XCTAssertEqual(output.stdout, "")
    }

    func testAControlSocketNobodyListensOnIsACleanError() throws {
        // A socket bound but never listened on (a UI of a live process, between bind and listen).
        let bound = runtime.appendingPathComponent("\(socketPrefix)\(getpid()).sock").path
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: Array(bound.utf8) + [0])
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(result, 0)
        let output = try push(["Pages/notifications/plain.apns"])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "webnav: error: no webnav terminal UI is listening: nobody listens on \(bound) (a webnav that ended without removing it?)\n")
        let chosen = try push(["Pages/notifications/plain.apns", "--pid", String(getpid())])
        XCTAssertEqual(chosen.stderr, "webnav: error: no webnav terminal UI is listening: nobody listens on \(bound) (a webnav that ended without removing it?)\n")
        let other = try push(["Pages/notifications/plain.apns", "--pid", "1"])
        XCTAssertEqual(other.stderr, "webnav: error: no webnav terminal UI with pid 1 is running: no \(socketPrefix)1.sock in \(runtime.path) (start one with webnav)\n")
    }

    func testBadPayloadsAreRefusedBeforeAnythingIsSent() throws {
        let folder = try WebnavProcess.folder([
            "bad.apns": "{\"aps\": ",
            "big.apns": "{\"aps\": {\"alert\": \"" + String(repeating: "x", count: 4100) + "\"}}",
            "huge.apns": String(repeating: " ", count: 70_000),
            "noaps.apns": "{\"alert\": \"hi\"}",
        ])
        let cases: [([String], String?, String)] = [
            ([folder.appendingPathComponent("bad.apns").path], nil, "bad.apns: payload-not-json: the payload is not JSON"),
            ([folder.appendingPathComponent("big.apns").path], nil, "big.apns: payload-too-large: the payload is 4122 bytes; APNs accepts at most 4096"),
            ([folder.appendingPathComponent("huge.apns").path], nil, "huge.apns: payload-too-large: the payload is 70000 bytes; APNs accepts at most 4096"),
            ([folder.appendingPathComponent("noaps.apns").path], nil, "noaps.apns: payload-no-aps: the payload has no \"aps\" dictionary"),
            (["-"], "[1, 2]", "stdin: payload-not-object: the payload must be a JSON object, found an array"),
            (["-"], String(repeating: "x", count: 70_000), "stdin: payload-too-large: the payload is over 65536 bytes; APNs accepts at most 4096"),
            ([folder.appendingPathComponent("none.apns").path], nil, "none.apns: cannot read payload: No such file"),
        ]
        for (arguments, input, message) in cases {
            let output = try push(arguments, input: input)
            XCTAssertEqual(output.status, 2, message)
            XCTAssertEqual(output.stderr.replacingOccurrences(of: folder.path + "/", with: ""), "webnav: error: \(message)\n")
        }
    }

    func testPushReachesTheRunningTerminalUI() throws {
        let session = try startUI([])
        let sockets = try FileManager.default.contentsOfDirectory(atPath: runtime.path).filter { $0.hasPrefix(socketPrefix) }
        XCTAssertEqual(sockets.count, 1)
        let folder = try WebnavProcess.folder([
            "hello.apns": #"{"aps": {"alert": {"title": "Hello", "body": "From the test"}, "category": "NEWS"}}"#,
        ])
        // The built-in app is com.example.webnav; the demo's payloads name com.example.webnav.demo.
        let refused = try push(["Pages/notifications/plain.apns"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "webnav: error: Pages/notifications/plain.apns: payload-bundle-mismatch: \"Simulator Target Bundle\" is "
            + "com.example.webnav.demo, but the app is com.example.webnav: simctl would deliver it to another app\n")
        let delivered = try push([folder.appendingPathComponent("hello.apns").path])
        XCTAssertEqual(delivered.status, 0, delivered.stderr)
        let pid = sockets[0].dropFirst(socketPrefix.count).dropLast(".sock".count)
        XCTAssertEqual(delivered.stdout, "delivered to webnav (pid \(pid)): \"Hello\"\n")
        XCTAssertEqual(delivered.stderr.replacingOccurrences(of: folder.path + "/", with: ""),
                       "hello.apns: warning: payload-category-unregistered: category \"NEWS\" is not registered by the app: the notification shows without actions\n")
        XCTAssertTrue(session.waitFor(text: "From the test"), pane(session))
        let rows = session.capturePane()
        XCTAssertEqual(Array(rows[0...3]), [
            " ╭────────────────────────────────────────────────────────────────────────────╮",
            " │ com.example.webnav                                                     now │┃",
            " │ Hello                                                                      │┃",
            " │ From the test                                                              │┃",
        ], "the banner over the top of the device, the page's scroll bar beside it; " + pane(session))
        // From stdin, to a UI chosen by its pid when two are running.
        let second = try startUI([])
        let both = try push(["-"], input: #"{"aps": {"alert": "Two"}}"#)
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.hasPrefix("webnav: error: 2 webnav terminal UIs are listening (pids "), both.stderr)
        XCTAssertTrue(both.stderr.hasSuffix("): choose one with --pid PID\n"), both.stderr)
        let chosen = try push(["-", "--pid", String(pid)], input: #"{"aps": {"alert": "Two"}}"#)
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        XCTAssertTrue(session.waitFor(text: "Two"), pane(session))
        XCTAssertFalse(second.capturePane().joined().contains("Two"))
        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 5), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: runtime.appendingPathComponent(sockets[0]).path), "the socket goes on quit")
    }

    // MARK: - --data DIR, the launch check on screen

    func testDataKeepsCookiesBetweenRunsAndADamagedFileIsOneLine() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let data = runtime.appendingPathComponent("data")
        let folder = try WebnavProcess.folder([
            "Pages/index.html": "<title>Home</title>",
            "webnav.json": #"{"ats": {"NSAllowsLocalNetworking": true}}"#,
        ])
        let first = try startUI(["--data", data.path], in: folder)
        first.sendText(":" + server.url("/cookies/set"))
        first.sendKeys("Enter")
        XCTAssertTrue(first.waitFor(text: "cookies set"), pane(first))
        first.sendKeys("q")
        XCTAssertEqual(first.waitForExit(timeout: 5), 0, pane(first))
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: data.appendingPathComponent("cookies.json"))) as? [String: Any]
        XCTAssertEqual((saved?["cookies"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["theme", "lang"],
                       "persistent cookies only: session ones end with the run")

        let second = try startUI(["--data", data.path], in: folder, columns: 120)
        second.sendText(":" + server.url("/echo"))
        second.sendKeys("Enter")
        XCTAssertTrue(second.waitFor(text: "theme=dark"), pane(second))
        second.sendKeys("q")
        XCTAssertEqual(second.waitForExit(timeout: 5), 0)

        try Data("{\"version\": 1, \"cook".utf8).write(to: data.appendingPathComponent("cookies.json"))
        let damaged = try startUI(["--data", data.path], in: folder, columns: 200, waitingFor: "webnav: error")
        XCTAssertEqual(damaged.waitForExit(timeout: 5), 2)
        XCTAssertEqual(damaged.capturePane().first, "webnav: error: \(data.path)/cookies.json: cannot read --data: not a webnav cookies file")
    }

    func testAFailedLaunchCheckShowsItsReasonAndRRetries() throws {
        let folder = try WebnavProcess.folder([
            "Pages/index.html": "<title>Home</title>",
            "webnav.json": #"{"ats": {"NSAllowsLocalNetworking": true}, "launchTitle": "Seed 000", "launch": {"checkAlive": "http://127.0.0.1:9/alive"}}"#,
        ])
        let session = try startUI([], in: folder, columns: 60, rows: 16, waitingFor: "r retries")
        let rows = session.capturePane()
        XCTAssertTrue(rows[0].hasSuffix("depth 0"), pane(session))
        XCTAssertEqual(Array(rows[4...8]).map { $0.trimmingCharacters(in: .whitespaces) }, [
            "Seed 000", "", "✗ the launch check failed",
            "error -1004: Could not connect to the server. (libcurl:", "Couldn't connect to server)",
        ], pane(session))
        session.sendKeys("r")
        session.sendKeys("l")
        XCTAssertTrue(session.waitForPane { $0.joined().components(separatedBy: "launch check failed: HEAD").count - 1 == 2 }, pane(session))
    }

    /// While a page loads from a server that never answers (the timeout is the default 30 s),
    /// the terminal UI still answers keys: the footer says so, the event log opens, and `q` or
    /// Ctrl-C end the program at once (issue 13: the UI froze during a fetch).
    func testTheUIAnswersKeysWhileAPageLoadsAndQuitsAtOnce() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let folder = try WebnavProcess.folder([
            "Pages/index.html": "<title>Home</title>",
            "webnav.json": #"{"ats": {"NSAllowsLocalNetworking": true}}"#,
        ])
        for quit in ["q", "C-c"] {
            let session = try startUI([], in: folder)
            session.sendText(":" + server.url("/hang"))
            session.sendKeys("Enter")
            XCTAssertTrue(session.waitFor(text: "loading… (q quits)"), pane(session))
            session.sendKeys("l")
            XCTAssertTrue(session.waitFor(text: "Event log"), pane(session))
            let start = Date()
            session.sendKeys(quit)
            XCTAssertEqual(session.waitForExit(timeout: 10), 0, "\(quit): \(pane(session))")
            XCTAssertLessThan(Date().timeIntervalSince(start), 10, "\(quit) ends the program long before the load's deadline")
        }
    }

    // MARK: - Bad input end to end

    func testBadInputFromAServerNeverCrashesOrHangs() throws {
        let server = try DemoServer()
        defer { server.stop() }
        // The silent and the trickling server get a 1 s deadline; the others the default 30 s, so that making
        // and sending 100 MB on a busy machine never counts as a timeout.
        let folder = try WebnavProcess.folder([
            "Pages/index.html": "<title>Home</title>",
            // The page size limit at 64 MB (the default is 1 GB): the 100 MB body and bomb stop at it.
            "webnav.json": #"{"ats": {"NSAllowsLocalNetworking": true}, "pageSizeLimitMB": 64}"#,
            "short.json": #"{"ats": {"NSAllowsLocalNetworking": true}, "timeoutSeconds": 1}"#,
            "bad.apns": "not json",
            "big.apns": "{\"aps\": {\"alert\": \"" + String(repeating: "x", count: 5000) + "\"}}",
            "hang.flow": """
            open \(server.url("/hang"))
            expect page "Cannot Open Page"
            expect text "NSURLErrorDomain error -1001"
            open \(server.url("/trickle?every=0.4&chunks=100"))
            expect text "NSURLErrorDomain error -1001"

            """,
            "server.flow": """
            open \(server.url("/loop"))
            expect text "NSURLErrorDomain error -1007"
            expect event "redirect: \(server.url("/loop")) → \(server.url("/loop")) (302)"
            open \(server.url("/large?mb=100"))
            expect text "NSURLErrorDomain error -1103"
            open \(server.url("/gzip-bomb?mb=100"))
            expect text "NSURLErrorDomain error -1103"
            open \(server.url("/cookies/bad"))
            expect text "one bad cookie"
            expect cookie "good" "yes"

            """,
            "payloads.flow": "push bad.apns\n",
            "big.flow": "push big.apns\n",
        ])
        var start = Date()
        let hang = try WebnavProcess.run(["run", "hang.flow", "--profile", "short.json"], in: folder)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "the 1 s deadline ends the load")
        XCTAssertEqual(hang.status, 0, hang.stdout)
        XCTAssertEqual(hang.stdout, "PASS hang.flow (5 steps)\n1 passed, 0 failed\n")
        start = Date()
        let output = try WebnavProcess.run(["run", "server.flow", "payloads.flow", "big.flow"], in: folder)
        XCTAssertLessThan(Date().timeIntervalSince(start), 29, "nothing waits for the 30 s deadline")
        XCTAssertEqual(output.status, 1)
        XCTAssertEqual(output.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") || $0.contains("passed") }, [
            "PASS server.flow (10 steps)",
            "FAIL payloads.flow:1: push bad.apns: error payload-not-json: the payload is not JSON",
            "FAIL big.flow:1: push big.apns: error payload-too-large: the payload is 5022 bytes; APNs accepts at most 4096",
            "1 passed, 2 failed",
        ])
    }

    // MARK: - The demo's flows

    func testTheDemosAppShellFlowsPassAgainstTheirOwnServer() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "Scripts/with-demo-server.py", "--profile", "Pages/demo-app.json", "--root", "/pages/server.html", "--",
                             WebnavProcess.executable.path, "run", "Pages/app-flows", "--profile", "{profile}", "--jobs", "2"]
        process.currentDirectoryURL = WebnavProcess.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(ProcessExit.status(of: process), 0, text)
        XCTAssertTrue(text.hasSuffix("8 passed, 0 failed\n"), text)
    }
}
