import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The terminal UI in a real terminal: the built `webnav` runs in tmux on `Pages/`, keys are
/// typed with `send-keys`, and the pane is read back.
final class InteractiveTmuxTests: XCTestCase {
    private var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
    }

    override func tearDown() {
        session?.kill()
    }

    /// Starts `webnav ARGUMENTS` in the package root and waits for its first frame.
    private func start(_ arguments: [String], columns: Int = 80, rows: Int = 24, waitingFor text: String = "depth 1") throws -> TmuxSession {
        let command = (["cd", WebnavProcess.packageRoot.path, "&&", WebnavProcess.executable.path] + arguments)
            .map { $0 == "&&" ? $0 : "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        let session = try TmuxSession(command: command, columns: columns, rows: rows, environment: ["SWIFT_BACKTRACE": "enable=no"])
        self.session = session
        XCTAssertTrue(session.waitFor(text: text, timeout: 10), pane(session))
        return session
    }

    private func pane(_ session: TmuxSession) -> String {
        "pane:\n" + session.capturePane().joined(separator: "\n")
    }

    private let restored = TmuxSession.PaneModes(alternateScreen: false, cursorVisible: true, mouseReporting: false, keypadCursorKeys: false)

    func testBrowsePushBackAndQuit() throws {
        let session = try start([])
        var rows = session.capturePane()
        XCTAssertEqual(rows.count, 24)
        XCTAssertTrue(rows[0].hasSuffix("depth 1"), pane(session))
        XCTAssertTrue(rows[1].hasPrefix(" Webnav demo app "), pane(session))
        XCTAssertEqual(rows[22].trimmingCharacters(in: .whitespaces).hasPrefix("index.html"), true, pane(session))
        XCTAssertTrue(rows[23].contains("? help"), pane(session))
        let focusedRow = session.capturePane(escapes: true).first { $0.contains("Detail with a back button") } ?? ""
        XCTAssertTrue(focusedRow.contains("\u{1B}[4m\u{1B}[7mDetail with a back button") || focusedRow.contains("7mDetail with a back button"),
                      "the first link is focused (reverse video): \(focusedRow.debugDescription)")

        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "depth 2"), pane(session))
        XCTAssertTrue(session.waitFor(text: "push: detail.html"), pane(session))
        rows = session.capturePane()
        XCTAssertEqual(rows[2].trimmingCharacters(in: .whitespaces).hasPrefix("‹"), true, pane(session))
        XCTAssertEqual(rows[2].trimmingCharacters(in: .whitespaces).hasSuffix("Detail"), true, pane(session))
        XCTAssertTrue(rows[22].contains("detail.html"))

        session.sendKeys("Left")
        XCTAssertTrue(session.waitFor(text: "pop: Detail"), pane(session))
        XCTAssertTrue(session.capturePane()[0].hasSuffix("depth 1"))

        session.sendKeys("Tab", "Tab", "Enter")
        XCTAssertTrue(session.waitForPane { $0.count > 2 && $0[2].contains("Both buttons") && $0[2].hasSuffix("✕") }, pane(session))

        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0)
        XCTAssertEqual(session.paneModes(), restored)
        XCTAssertFalse(session.capturePane().contains { $0.contains("Webnav demo app") }, "the alternate screen is gone")
    }

    func testMouseClicksALinkThenTheBackButton() throws {
        let session = try start([])
        // X10 mouse reports, as tmux-256color's kmous=\E[M expects: press, then release.
        func click(row: Int, column: Int) {
            session.sendBytes([0x1B, 0x5B, 0x4D, 32, UInt8(33 + column), UInt8(33 + row)])
            session.sendBytes([0x1B, 0x5B, 0x4D, 35, UInt8(33 + column), UInt8(33 + row)])
        }
        let row = session.capturePane().firstIndex { $0.contains("Red bar, white tint") } ?? 0
        click(row: row, column: 5)
        XCTAssertTrue(session.waitForPane { $0.count > 2 && $0[2].contains("Red bar") && $0[0].hasSuffix("depth 2") }, pane(session))
        click(row: 2, column: 1)
        XCTAssertTrue(session.waitFor(text: "pop: Red bar"), pane(session))
        XCTAssertTrue(session.capturePane()[0].hasSuffix("depth 1"))
        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0)
    }

    func testDeeplinkFromTheCommandLineThenCloseWithX() throws {
        let session = try start([])
        session.sendKeys(":")
        session.sendText("mkwebview://webview?url=detail.html&title=Typed&rightBtn=true")
        XCTAssertTrue(session.waitFor(text: ":mkwebview://webview?url=detail.html&title=Typed"), pane(session))
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitForPane { $0.count > 2 && $0[2].contains("Typed") && $0[2].hasSuffix("✕") }, pane(session))
        XCTAssertTrue(session.capturePane()[0].hasSuffix("depth 2"))

        session.sendKeys(":")
        session.sendText("expect depth 2")
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "ok: expect depth 2"), pane(session))

        session.sendKeys("x")
        XCTAssertTrue(session.waitFor(text: "pop: Typed"), pane(session))
        session.sendKeys("x")
        XCTAssertTrue(session.waitFor(text: "nothing to pop at root"), pane(session))
        session.sendKeys("C-c")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0)
        XCTAssertEqual(session.paneModes(), restored)
    }

    func testOpenURLsThenResizeAndTheStackPanel() throws {
        let session = try start(["open", "mkwebview://webview?url=detail.html&title=Red%20bar&leftBtn=true&navigationColor=%23D32F2F"],
                                waitingFor: "depth 2")
        XCTAssertTrue(session.waitFor(text: "Red bar"), pane(session))

        session.resize(columns: 20, rows: 6)
        XCTAssertTrue(session.waitForPane { $0.count == 6 && $0[0].hasSuffix("depth 2") && $0[2].contains("Red bar") }, pane(session))
        XCTAssertEqual(session.capturePane().map { $0.count <= 20 }, Array(repeating: true, count: 6))

        session.resize(columns: 100, rows: 24)
        XCTAssertTrue(session.waitForPane { $0.count == 24 && $0[3].count == 100 }, pane(session))
        session.sendKeys("s")
        XCTAssertTrue(session.waitFor(text: "Stack"), pane(session))
        let rows = session.capturePane()
        XCTAssertTrue(rows[0].contains("╭─ Stack"), pane(session))
        XCTAssertTrue(rows.contains { $0.hasSuffix("│ 1 Webnav Demo                       │") }, pane(session))
        XCTAssertTrue(rows.contains { $0.contains("│ 2 Red bar  ◂ top") }, pane(session))
        XCTAssertTrue(rows.contains { $0.contains("nav    #D32F2F") }, pane(session))
        XCTAssertTrue(rows[2].contains("Red bar"), "the device is still beside the panel")

        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0)
        XCTAssertEqual(session.paneModes(), restored)
    }

    func testStepThroughAFlow() throws {
        let folder = try WebnavProcess.folder(["two.flow": "expect depth 1\ntap \"Detail with a back button\"\nexpect title \"Detail\"\n"])
        let flow = folder.appendingPathComponent("two.flow").path
        let session = try start(["run", "--step", flow], waitingFor: "╭─ two.flow")
        XCTAssertTrue(session.capturePane().contains { $0.contains("1 ▸ expect depth 1") }, pane(session))
        XCTAssertTrue(session.waitFor(text: "n: line 1  expect depth 1"), pane(session))

        session.sendKeys("n")
        XCTAssertTrue(session.waitFor(text: "2 ▸ tap \"Detail with a"), pane(session))
        XCTAssertTrue(session.capturePane().contains { $0.contains("1 ✓ expect depth 1") }, pane(session))
        session.sendKeys("Space")
        XCTAssertTrue(session.waitFor(text: "depth 2"), pane(session))
        session.sendKeys("n")
        XCTAssertTrue(session.waitFor(text: "✓ flow passed (3 steps): q quits"), pane(session))
        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0, "the flow passed")
        XCTAssertEqual(session.paneModes(), restored)
        XCTAssertTrue(session.capturePane().contains("1 passed, 0 failed"), pane(session))
    }

    func testAFlowLeftUnfinishedExitsOne() throws {
        let session = try start(["run", "--step", "Pages/flows/stack.flow"], waitingFor: "╭─ stack.flow")
        session.sendKeys("n")
        XCTAssertTrue(session.waitFor(text: "2 ✓ tap \"Start a three"), pane(session))
        XCTAssertTrue(session.waitFor(text: "depth 2"), pane(session))
        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 1)
        XCTAssertEqual(session.paneModes(), restored)
        let rows = session.capturePane()
        XCTAssertTrue(rows.contains { $0.hasPrefix("FAIL Pages/flows/stack.flow: quit after 1 of ") }, pane(session))
        XCTAssertTrue(rows.contains("0 passed, 1 failed"), "the summary line of a headless run: \(pane(session))")
    }

    func testAnEditedPageReloadsInPlaceKeepingTheStackAndScroll() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lines = (1...60).map { "<p>Line \($0)</p>" }.joined()
        try Data("<title>Root</title><a href='mkwebview://webview?url=long.html&title=Long'>Long</a>".utf8)
            .write(to: folder.appendingPathComponent("index.html"))
        let long = folder.appendingPathComponent("long.html")
        try Data(("<title>Long</title>" + lines).utf8).write(to: long)
        let session = try start(["--pages", folder.path])
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "depth 2"), pane(session))
        session.sendKeys("PageDown")
        XCTAssertTrue(session.waitFor(text: "Line 10 "), pane(session))
        let before = session.capturePane()
        try Data(("<title>Long</title>" + lines.replacingOccurrences(of: "Line 1", with: "Edited 1")).utf8).write(to: long)
        XCTAssertTrue(session.waitFor(text: "long.html changed on disk: reloaded", timeout: 5), pane(session))
        XCTAssertTrue(session.waitFor(text: "Edited 10"), pane(session))
        let after = session.capturePane()
        XCTAssertTrue(after[0].hasSuffix("depth 2"), "the stack is kept: \(pane(session))")
        func text(_ row: String) -> String { String(row.prefix(30)).trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(after[4...10].map { text($0).replacingOccurrences(of: "Edited", with: "Line") }, before[4...10].map(text),
                       "the same lines in view, edited: \(pane(session))")
    }

    func testTheDeeplinkBuilderCopiesWithOSC52AndDelivers() throws {
        let session = try start([], columns: 100, rows: 30)
        session.sendKeys("B")
        XCTAssertTrue(session.waitFor(text: "Deeplink builder"), pane(session))
        session.sendKeys("Down")
        session.sendText("detail.html")
        session.sendKeys("Down")
        session.sendText("From the builder")
        session.sendKeys("Down", "Space")
        XCTAssertTrue(session.waitFor(text: "From the builder"), pane(session))
        // The title shows before Space reaches the program: wait for the button, not just the text.
        XCTAssertTrue(session.waitForPane { $0.count > 2 && $0[2].contains("‹") }, "the device's bar shows the left button live: \(pane(session))")
        session.sendKeys("C-y")
        let link = "mkwebview://webview?url=detail.html&title=From%20the%20builder&leftBtn=true"
        XCTAssertTrue(session.waitUntil(timeout: 5) { session.pasteBuffer() == link }, "tmux's buffer: \(session.pasteBuffer() ?? "none")")
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "depth 2"), pane(session))
        XCTAssertTrue(session.waitFor(text: "push: detail.html"), pane(session))
        XCTAssertFalse(session.capturePane().contains { $0.contains("Deeplink builder") }, "the builder closed: \(pane(session))")
    }

    func testARecordedSessionReplaysAndPasses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("session.flow")
        let session = try start(["record", file.path])
        XCTAssertTrue(session.waitFor(text: "recording to"), pane(session))
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "depth 2"), pane(session))
        session.sendKeys(":")
        session.sendText("expect title \"Detail\"")
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "ok: expect title"), pane(session))
        session.sendKeys(":")
        session.sendText("expect depth 5")
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "expected depth 5, got 2"), pane(session))
        session.sendKeys("Left")
        XCTAssertTrue(session.waitFor(text: "pop: Detail"), pane(session))
        session.sendKeys(":")
        session.sendText("open products.html")
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "products.html"), pane(session))
        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(), 0)

        let recorded = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(recorded, """
            # Recorded by webnav record; replay it with: webnav run \(file.path)
            size 80x24
            tap "Detail with a back button"
            expect title "Detail"
            back
            open "\(WebnavProcess.packageRoot.appendingPathComponent("Pages/products.html").absoluteString)"
            # The state when recording stopped
            expect depth 1
            expect stack "Products"
            expect title ""
            expect url "products.html"

            """, "the failed expectation is not recorded")
        let replay = try WebnavProcess.run(["run", file.path])
        XCTAssertEqual(replay.status, 0, replay.stdout + replay.stderr)
        XCTAssertEqual(replay.stdout, "PASS \(file.path) (9 steps)\n1 passed, 0 failed\n")
    }

    func testRecordingToAnUnwritableFileIsAnError() throws {
        let session = try TmuxSession(command: "'\(WebnavProcess.executable.path)' record /nonexistent-folder/x.flow", columns: 80, rows: 24)
        self.session = session
        XCTAssertEqual(session.waitForExit(), 2)
    }
}
