import Foundation
import TestSupport
import XCTest

/// Page scripts' dialogs and form fields in the real terminal UI: the built `webnav` in tmux
/// on `Pages/`'s demo pages.
final class FormsAndDialogsTmuxTests: XCTestCase {
    private var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
    }

    override func tearDown() {
        session?.kill()
    }

    private func start(_ page: String, waitingFor text: String) throws -> TmuxSession {
        let command = "cd '\(WebnavProcess.packageRoot.path)' && '\(WebnavProcess.executable.path)' open '\(page)'"
        let session = try TmuxSession(command: command, columns: 80, rows: 24, environment: ["SWIFT_BACKTRACE": "enable=no"])
        self.session = session
        XCTAssertTrue(session.waitFor(text: text, timeout: 10), pane(session))
        return session
    }

    private func pane(_ session: TmuxSession) -> String {
        "pane:\n" + session.capturePane().joined(separator: "\n")
    }

    /// The rows of the pane that hold `text`, trimmed.
    private func rows(_ session: TmuxSession, with text: String) -> [String] {
        session.capturePane().filter { $0.contains(text) }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func testConfirmAndPromptBoxesAnsweredWithKeys() throws {
        let session = try start("Pages/script-dialogs.html", waitingFor: "Nothing asked yet.")
        session.sendKeys("Tab", "Enter")
        XCTAssertTrue(session.waitFor(text: "Delete the draft?"), pane(session))
        XCTAssertEqual(rows(session, with: "│       Cancel"), ["│       Cancel        │         OK         │"], pane(session))
        XCTAssertEqual(rows(session, with: "confirm:"), ["confirm: Enter OK, Esc Cancel"], pane(session))
        session.sendKeys("Escape")
        XCTAssertTrue(session.waitFor(text: "Draft kept."), pane(session))
        XCTAssertTrue(rows(session, with: "│       Cancel").isEmpty, "the box is gone: \(pane(session))")
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "Delete the draft?"), pane(session))
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "Draft deleted."), pane(session))

        session.sendKeys("Tab", "Enter")
        XCTAssertTrue(session.waitFor(text: "New name"), pane(session))
        XCTAssertEqual(rows(session, with: "Untitled"), ["│ Untitled                                 │"], pane(session))
        session.sendKeys("C-u")
        session.sendText("Groceries")
        XCTAssertTrue(session.waitFor(text: "│ Groceries "), pane(session))
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "Renamed to Groceries."), pane(session))
        XCTAssertTrue(session.waitFor(text: "dialog: answered \"Groceries\""), pane(session))

        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0)
    }

    func testTheVuePageFieldEditedInPlaceShowsItsModel() throws {
        let session = try start("Pages/script-vue.html", waitingFor: "Type your name.")
        session.sendKeys("Tab")
        XCTAssertTrue(session.waitFor(text: "a text field: Enter types in it"), pane(session))
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "editing: Enter or Esc ends"), pane(session))
        session.sendText("Ada")
        XCTAssertTrue(session.waitFor(text: "[Ada_________]"), pane(session))
        XCTAssertEqual(rows(session, with: "Type your name."), ["Type your name."], "v-model sees nothing until editing ends")
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "Hello, Ada!"), pane(session))
        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0)
    }

    func testAStaticFormIsFilledInPlaceAndSubmitsWhatWasTyped() throws {
        let session = try start("Pages/form.html", waitingFor: "Open a screen with a form")
        session.sendKeys("Tab", "Tab", "Tab")
        XCTAssertTrue(session.waitFor(text: "a text field: Enter types in it"), pane(session))
        session.sendKeys("Enter", "C-u")
        session.sendText("Mine")
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "Title: [Mine____________]"), pane(session))
        session.sendKeys("Tab", "Tab")
        XCTAssertTrue(session.waitFor(text: "a checkbox: Enter checks it"), pane(session))
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "Close button: [x]"), pane(session))
        session.sendKeys("Tab", "Enter")
        XCTAssertTrue(session.waitFor(text: "✓ blue"), pane(session))
        session.sendKeys("Up", "Enter")
        XCTAssertTrue(session.waitFor(text: "Bar colour: [white ▾]"), pane(session))
        session.sendKeys("Tab", "Tab", "Enter")
        XCTAssertTrue(session.waitFor(text: "depth 2"), pane(session))
        XCTAssertTrue(session.waitForPane { $0.count > 2 && $0[2].contains("Mine") && $0[2].hasSuffix("✕") }, pane(session))
        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0)
    }

    func testARecordedSessionWithFieldsAndDialogsReplaysAndPasses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-record-forms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("forms.flow")
        let command = "cd '\(WebnavProcess.packageRoot.path)' && '\(WebnavProcess.executable.path)' record '\(file.path)'"
        let session = try TmuxSession(command: command, columns: 80, rows: 24, environment: ["SWIFT_BACKTRACE": "enable=no"])
        self.session = session
        XCTAssertTrue(session.waitFor(text: "recording to", timeout: 10), pane(session))
        session.sendKeys(":")
        session.sendText("open script-dialogs.html")
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "Nothing asked yet."), pane(session))
        session.sendKeys("Tab", "Enter")
        XCTAssertTrue(session.waitFor(text: "Delete the draft?"), pane(session))
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "Draft deleted."), pane(session))
        session.sendKeys("Tab", "Enter")
        XCTAssertTrue(session.waitFor(text: "New name"), pane(session))
        session.sendKeys("C-u")
        session.sendText("Lists")
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "Renamed to Lists."), pane(session))
        session.sendKeys(":")
        session.sendText("open form.html")
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "Open a screen with a form"), pane(session))
        session.sendKeys("Tab", "Tab", "Tab", "Enter", "C-u")
        session.sendText("Mine")
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "Title: [Mine____________]"), pane(session))
        session.sendKeys("Tab", "Tab", "Enter")
        XCTAssertTrue(session.waitFor(text: "Close button: [x]"), pane(session))
        session.sendKeys("Tab", "Enter", "Up", "Enter")
        XCTAssertTrue(session.waitFor(text: "Bar colour: [white ▾]"), pane(session))
        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0)

        let pages = WebnavProcess.packageRoot.appendingPathComponent("Pages").absoluteString
        let recorded = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(recorded, """
            # Recorded by webnav record; replay it with: webnav run \(file.path)
            size 80x24
            open "\(pages)script-dialogs.html"
            tap "Delete the draft"
            accept
            tap "Rename"
            answer "Lists"
            open "\(pages)form.html"
            fill "title" "Mine"
            check "rightBtn"
            select "navigationColor" "white"
            # The state when recording stopped
            expect depth 1
            expect stack "Open a screen"
            expect title ""
            expect url "form.html"

            """)
        let replay = try WebnavProcess.run(["run", "--strict", file.path])
        XCTAssertEqual(replay.status, 0, replay.stdout + replay.stderr)
        XCTAssertEqual(replay.stdout, "PASS \(file.path) (14 steps)\n1 passed, 0 failed\n")
    }
}
