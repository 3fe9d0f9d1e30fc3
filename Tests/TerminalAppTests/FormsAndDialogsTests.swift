import Flows
import Foundation
import NavigatorCore
import PageKit
import Simulator
@testable import TerminalApp
@testable import TerminalUI
import TestSupport
import XCTest

/// JavaScript dialogs as modal boxes, fields edited in place, checkboxes, `<select>` menus,
/// and their steps in a recording (scripts.md section 7).
final class FormsAndDialogsTests: XCTestCase {
    static let pages = InMemoryPages(files: [
        "/app/Pages/index.html": "<title>Home</title><p><a href='dialogs.html'>Dialogs</a></p>",
        "/app/Pages/detail.html": "<title>Detail</title><p>Detail text.</p>",
        "/app/Pages/dialogs.html": """
        <title>Dialogs</title>
        <p><button id=c>Delete</button> <button id=p>Rename</button> <button id=a>Save</button></p>
        <p id=r>Nothing yet.</p>
        <script>
        var r = document.getElementById('r');
        document.getElementById('c').onclick = function () { r.textContent = confirm('Delete the draft?') ? 'Deleted.' : 'Kept.'; };
        document.getElementById('p').onclick = function () {
          var n = prompt('New name', 'Untitled'); r.textContent = n === null ? 'Cancelled.' : 'Renamed to ' + n + '.'; };
        document.getElementById('a').onclick = function () { alert('Saved'); r.textContent = 'Closed.'; };
        </script>
        """,
        "/app/Pages/form.html": """
        <title>Form</title>
        <p><label for=n>Name</label> <input id=n size=10></p>
        <p><input type=password placeholder=Secret size=8></p>
        <p><label><input type=checkbox name=news> News</label></p>
        <p><select name=size><option>Small<option selected>Medium<option disabled>Huge<option>Large</select></p>
        <p><a href=detail.html>Detail</a></p>
        """,
        "/app/Pages/typing.html": """
        <title>Typing</title>
        <p><input id=n placeholder=Nickname size=10></p><p id=out>empty</p><p id=log>none</p>
        <script>
        var n = document.getElementById('n'), events = [];
        ['focus', 'input', 'change', 'blur'].forEach(function (type) {
          n.addEventListener(type, function () { events.push(type); document.getElementById('log').textContent = events.join(' '); });
        });
        n.addEventListener('input', function () { document.getElementById('out').textContent = n.value; });
        </script>
        """,
    ])

    static func ui(_ page: String, columns: Int = 40, rows: Int = 12) -> DrivenUI {
        let host = AppHost(profile: .builtIn, pagesBase: Fixture.pagesBase, store: PageStore(reader: pages))
        host.perform(.launch)
        let ui = DrivenUI(TerminalAppState(app: host.snapshot.app, size: TerminalSize(columns: columns, rows: rows), parser: Fixture.parser),
                          host: host)
        ui.open(page)
        return ui
    }

    /// The top page's layout as the UI lays it out.
    private func layout(_ ui: DrivenUI) -> PageLayout {
        ui.app.layout(of: ui.app.top!.id, width: ui.state.geometry.contentWidth)
    }

    private func dump(_ ui: DrivenUI) -> String {
        ui.frame().lines.map { "\"\($0)\"," }.joined(separator: "\n")
    }

    // MARK: - Dialogs

    func testConfirmIsAModalBoxAndEscCancels() throws {
        let ui = Self.ui("dialogs.html")
        let delete = layout(ui).items[0]
        XCTAssertEqual(ui.press(.enter), [.perform(.activate(delete))])
        XCTAssertEqual(ui.state.dialog, OpenDialog(kind: .confirm, message: "Delete the draft?", pageURL: "file:///app/Pages/dialogs.html"))
        let frame = ui.frame()
        assertLines(frame, [
            " 9:41                           depth 1",
            " [Delete] [Rename] [Save]",
            " ╭────────────────────────────────────╮",
            " │         Delete the draft?          │",
            " ├──────────────────┬─────────────────┤",
            " │      Cancel      │       OK        │",
            " ╰────────────────────────────────────╯",
            "",
            "",
            "",
            " dialogs.html                       All",
            " confirm: Enter OK, Esc Cancel",
        ])
        XCTAssertEqual(style(of: "OK", in: frame, row: 5)?.bold, true, "OK is the preferred action")
        XCTAssertEqual(frame[1, 2].style.dim, true, "the page behind the box is dimmed")
        XCTAssertEqual(ui.press(.tab), [.bell], "the page takes no keys while the dialog is open")
        XCTAssertEqual(ui.press(.character("q")), [.bell], "q does not quit a modal: Ctrl-C does")
        XCTAssertEqual(ui.press(.escape), [.perform(.answerDialog(.dismiss))])
        XCTAssertNil(ui.state.dialog)
        XCTAssertEqual(ui.frame().lines[3], " Kept.")
        XCTAssertEqual(ui.app.eventLog.events.suffix(2).map(\.text), ["dialog: confirm \"Delete the draft?\"", "dialog: Cancel"])
        ui.press(.enter)
        XCTAssertEqual(ui.press(.enter), [.perform(.answerDialog(.accept))])
        XCTAssertEqual(ui.frame().lines[3], " Deleted.")
    }

    func testPromptTakesTypingAndEnterAnswersWithTheText() {
        let ui = Self.ui("dialogs.html")
        ui.press(.tab, .enter)
        XCTAssertEqual(ui.state.dialog?.kind, .prompt)
        let frame = ui.frame()
        assertLines(frame, [
            " 9:41                           depth 1",
            " [Delete] [Rename] [Save]",
            " ╭────────────────────────────────────╮",
            " │              New name              │",
            " │ Untitled                           │",
            " ├──────────────────┬─────────────────┤",
            " │      Cancel      │       OK        │",
            " ╰────────────────────────────────────╯",
            "",
            "",
            " dialogs.html                       All",
            " prompt: type; Enter OK, Esc Cancel",
        ])
        XCTAssertEqual(frame[4, 11].style.reverse, true, "the cursor sits after the default text")
        XCTAssertEqual(ui.press(.backspace, .backspace, .left, .character("X"), .home, .character("q"), .end, .character("!")), [],
                       "typing edits the field; q is a letter here")
        XCTAssertEqual(ui.frame().lines[4], " │ qUntitXl!                          │")
        XCTAssertEqual(ui.press(.enter), [.perform(.answerDialog(.answer("qUntitXl!")))])
        XCTAssertEqual(ui.frame().lines[3], " Renamed to qUntitXl!.")
        ui.press(.enter)
        XCTAssertEqual(ui.press(.enter), [.perform(.answerDialog(.accept))], "the default text unchanged is OK")
        XCTAssertEqual(ui.frame().lines[3], " Renamed to Untitled.")
        ui.press(.enter)
        XCTAssertEqual(ui.press(.escape), [.perform(.answerDialog(.dismiss))])
        XCTAssertEqual(ui.frame().lines[3], " Cancelled.")
    }

    func testTheMouseClicksTheDialogsButtons() {
        let ui = Self.ui("dialogs.html")
        ui.press(.enter)
        XCTAssertEqual(ui.click(row: 1, column: 3), [], "the page under the box takes no clicks")
        XCTAssertEqual(ui.click(row: 5, column: 8), [.perform(.answerDialog(.dismiss))], "Cancel")
        XCTAssertEqual(ui.frame().lines[3], " Kept.")
        ui.press(.enter)
        XCTAssertEqual(ui.click(row: 5, column: 30), [.perform(.answerDialog(.accept))], "OK")
        XCTAssertEqual(ui.frame().lines[3], " Deleted.")
        ui.press(.tab, .tab, .enter)
        XCTAssertEqual(ui.click(row: 5, column: 4), [.perform(.answerDialog(.accept))], "an alert's one button spans the box")
    }

    func testAnAlertHasOnlyOKAndEscClosesItTooButCtrlCQuits() {
        let ui = Self.ui("dialogs.html")
        ui.press(.tab, .tab, .enter)
        assertLines(ui.frame(), [
            " 9:41                           depth 1",
            " [Delete] [Rename] [Save]",
            " ╭────────────────────────────────────╮",
            " │               Saved                │",
            " ├────────────────────────────────────┤",
            " │                 OK                 │",
            " ╰────────────────────────────────────╯",
            "",
            "",
            "",
            " dialogs.html                       All",
            " alert: Enter or Esc: OK",
        ])
        XCTAssertEqual(ui.press(.escape), [.perform(.answerDialog(.accept))])
        XCTAssertEqual(ui.frame().lines[3], " Closed.")
        ui.press(.enter)
        XCTAssertEqual(ui.press(.control("c")), [.quit])
    }

    func testSteppingThroughAFlowRunsItsAnswersFromTheDialog() throws {
        let flow = try FlowParser { _ in Data("""
            open "dialogs.html"
            tap "Delete"
            accept
            tap "Rename"
            answer "Notes"
            expect text "Renamed to Notes."
            """.utf8) }.parse(path: "/app/Pages/dialogs.flow")
        let host = AppHost(profile: .builtIn, pagesBase: Fixture.pagesBase, store: PageStore(reader: Self.pages))
        host.perform(.launch)
        let ui = DrivenUI(TerminalAppState(app: host.snapshot.app, size: TerminalSize(columns: 40, rows: 12), stepping: flow,
                                           parser: Fixture.parser), host: host)
        ui.press(.character("n"), .character("n"))
        XCTAssertEqual(ui.state.dialog?.kind, .confirm)
        XCTAssertEqual(stepsRun(by: ui.press(.character("n"))), [flow.steps[2]], "n runs the flow's accept on a confirm")
        XCTAssertNil(ui.state.dialog)
        XCTAssertEqual(layout(ui).lines.map(\.text), ["[Delete] [Rename] [Save]", "", "Deleted."])
        ui.press(.character("n"))
        XCTAssertEqual(ui.state.dialog?.kind, .prompt)
        XCTAssertEqual(ui.press(.character("n")), [], "a prompt takes n as a letter")
        XCTAssertEqual(stepsRun(by: ui.press(.backspace, .control("n"))), [flow.steps[4]])
        ui.press(.character("n"))
        XCTAssertEqual(ui.state.exitStatus, 0, "the flow passed")
    }

    func testALongMessageIsWrappedAndCutToTheDevice() {
        var screen = Screen(width: 24, height: 8)
        DialogWidget.draw(DialogBox(dialog: OpenDialog(kind: .confirm, message: String(repeating: "word ", count: 40), pageURL: "x")),
                          into: &screen, area: ScreenArea(row: 0, column: 0, width: 24, height: 8))
        XCTAssertEqual(screen.lines, [
            " ╭────────────────────╮",
            " │   word word word   │",
            " │   word word word   │",
            " │   word word word   │",
            " │  word word word …  │",
            " ├──────────┬─────────┤",
            " │  Cancel  │   OK    │",
            " ╰────────────────────╯",
        ])
    }

    func testAHugeMessageCostsNoMoreThanAShortOne() {
        var screen = Screen(width: 24, height: 8)
        DialogWidget.draw(DialogBox(dialog: OpenDialog(kind: .prompt, message: String(repeating: "ab ", count: 2_000_000),
                                                       defaultText: String(repeating: "x", count: 50), pageURL: "x"), cursor: 50),
                          into: &screen, area: ScreenArea(row: 0, column: 0, width: 24, height: 8))
        XCTAssertEqual(screen.lines, [
            " ╭────────────────────╮",
            " │ ab ab ab ab ab ab  │",
            " │ ab ab ab ab ab ab  │",
            " │ ab ab ab ab ab ab… │",
            " │ xxxxxxxxxxxxxxxxx  │",
            " ├──────────┬─────────┤",
            " │  Cancel  │   OK    │",
            " ╰────────────────────╯",
        ])
        XCTAssertEqual(screen[4, 20].style.reverse, true, "a long text scrolls to keep the cursor in view")
    }

    func testTheBoxStaysInsideTheDeviceAtEverySize() {
        for kind in [OpenDialog.Kind.alert, .confirm, .prompt] {
            let box = DialogBox(dialog: OpenDialog(kind: kind, message: "Delete the draft called Groceries?", defaultText: "x",
                                                   pageURL: "x"), cursor: 1)
            for width in 0...30 {
                for height in 0...10 {
                    var screen = Screen(lines: Array(repeating: String(repeating: "#", count: 34), count: 14))
                    let area = ScreenArea(row: 2, column: 2, width: width, height: height)
                    DialogWidget.draw(box, into: &screen, area: area)
                    let outside = screen.lines.enumerated().flatMap { row, line in
                        line.enumerated().filter { !area.contains(row: row, column: $0.offset) && $0.element != "#" }.map { _ in (row) }
                    }
                    XCTAssertEqual(outside, [], "\(kind) at \(width)x\(height)")
                    if width >= 12, height >= 5 {
                        XCTAssertTrue(screen.lines.contains { $0.contains("OK") }, "\(kind) at \(width)x\(height) shows OK")
                    }
                }
            }
        }
    }

    func testControlCharactersInAMessageNeverReachTheTerminal() {
        var screen = Screen(width: 30, height: 7)
        DialogWidget.draw(DialogBox(dialog: OpenDialog(kind: .alert, message: "a\u{1B}[2J\u{07}b\tc\r", pageURL: "x")),
                          into: &screen, area: ScreenArea(row: 0, column: 0, width: 30, height: 7))
        XCTAssertEqual(screen.lines, [
            "",
            " ╭──────────────────────────╮",
            " │          a[2Jbc          │",
            " ├──────────────────────────┤",
            " │            OK            │",
            " ╰──────────────────────────╯",
            "",
        ])
    }

    func testAFlowSnapshotWhileADialogIsOpenShowsTheBox() throws {
        let host = AppHost(profile: .builtIn, pagesBase: Fixture.pagesBase, store: PageStore(reader: Self.pages))
        host.perform(.launch)
        let steps = try Fixture.parser.parse(text: "open \"dialogs.html\"\ntap \"Rename\"\nsnapshot\n", path: "t.flow",
                                             folder: Fixture.pagesBase)
        var context = FlowContext()
        context.columns = 40
        context.rows = 10
        var outcomes: [StepOutcome] = []
        for step in steps { outcomes.append(StepExecutor.perform(step, host: host, context: &context)) }
        guard case .snapshot(let screen, _) = outcomes.last else { return XCTFail("\(outcomes)") }
        XCTAssertEqual(screen.lines, [
            " 9:41                           depth 1",
            " ╭────────────────────────────────────╮",
            " │              New name              │",
            " │ Untitled                           │",
            " ├──────────────────┬─────────────────┤",
            " │      Cancel      │       OK        │",
            " ╰────────────────────────────────────╯",
            "",
            " dialogs.html",
            " load: dialogs.html",
        ])
        XCTAssertTrue(SVGRenderer().render(screen).contains("New name"), "the SVG picture has the box too")
    }

    // MARK: - Fields

    func testATextFieldIsEditedInPlaceAndEnterFillsIt() {
        let ui = Self.ui("form.html")
        let fields = layout(ui).fields
        XCTAssertEqual(fields.map(\.kind), [.text, .password, .checkbox, .select])
        XCTAssertEqual(ui.press(.tab), [])
        XCTAssertEqual(ui.state.viewport()?.focusedField, 0, "Tab reaches the field")
        XCTAssertEqual(ui.frame().lines[11], " ↳ a text field: Enter types in it")
        XCTAssertEqual(ui.press(.enter, .character("A"), .character("d"), .character("x"), .backspace, .character("a")), [])
        let frame = ui.frame()
        assertLines(frame, [
            " 9:41                           depth 1",
            " Name [Ada_______]",
            "",
            " [Secret__]",
            "",
            " [ ] News",
            "",
            " [Medium ▾]",
            "",
            " Detail",
            " form.html                          All",
            " editing: Enter or Esc ends",
        ])
        XCTAssertEqual(frame[1, 10].style.reverse, true, "the cursor after the text")
        XCTAssertEqual(ui.press(.up), [.bell], "only editing keys while editing")
        XCTAssertEqual(ui.press(.enter), [.perform(.fill(fields[0].node, text: "Ada"))])
        XCTAssertEqual(ui.frame().lines[1], " Name [Ada_______]")
        XCTAssertEqual(layout(ui).fields[0].value, "Ada", "the page keeps the value")
        XCTAssertEqual(ui.press(.enter, .escape), [], "Esc ends editing too; an unchanged text sends nothing")
        XCTAssertEqual(ui.press(.enter, .control("u"), .character("B"), .escape), [.perform(.fill(fields[0].node, text: "B"))],
                       "Esc ends editing and keeps the text, as fill does")
        XCTAssertEqual(ui.frame().lines[1], " Name [B_________]")
        XCTAssertEqual(ui.press(.enter, .character("C"), .tab), [.perform(.fill(fields[0].node, text: "BC"))], "Tab ends editing and moves on")
        XCTAssertEqual(ui.state.viewport()?.focusedField, 1)
    }

    func testAClickOnAFieldEditsItAndAClickElsewhereEndsTheEditing() {
        let ui = Self.ui("form.html")
        let fields = layout(ui).fields
        XCTAssertEqual(ui.click(row: 1, column: 9), [])
        XCTAssertEqual(ui.state.viewport()?.focusedField, 0)
        XCTAssertEqual(ui.state.editor?.node, fields[0].node)
        ui.press(.character("Z"))
        XCTAssertEqual(ui.click(row: 9, column: 3), [.perform(.fill(fields[0].node, text: "Z"))])
        XCTAssertNil(ui.state.editor)
        XCTAssertEqual(ui.click(row: 5, column: 2), [.perform(.click(fields[2].node))], "a click on a checkbox taps it")
        XCTAssertEqual(ui.frame().lines[5], " [x] News")
    }

    func testEditingEndsWhenThePageGoesAway() {
        let ui = Self.ui("form.html")
        ui.press(.tab, .enter, .character("Q"))
        XCTAssertNotNil(ui.state.editor)
        ui.open("detail.html")
        XCTAssertNil(ui.state.editor, "the field left the top page")
        XCTAssertEqual(ui.frame().lines[1], " Detail text.")
        XCTAssertEqual(ui.press(.character("Q")), [], "keys go to the page again")
    }

    func testAPasswordShowsBulletsWhileTyped() {
        let ui = Self.ui("form.html")
        ui.press(.tab, .tab, .enter)
        let frame = ui.frame()
        XCTAssertEqual(frame.lines[3], " [Secret__]", "the placeholder shows while the field is empty")
        XCTAssertEqual(frame[3, 2].style, CellStyle(underline: true, reverse: true), "the cursor on it")
        XCTAssertEqual(frame[3, 3].style, CellStyle(underline: true, dim: true))
        ui.press(.character("s"), .character("3"))
        XCTAssertEqual(ui.frame().lines[3], " [••______]")
        ui.press(.enter)
        XCTAssertEqual(ui.frame().lines[3], " [**______]")
    }

    func testACheckboxTogglesAndASelectOpensItsMenu() {
        let ui = Self.ui("form.html")
        let fields = layout(ui).fields
        ui.press(.tab, .tab, .tab)
        XCTAssertEqual(ui.frame().lines[11], " ↳ a checkbox: Enter checks it")
        XCTAssertEqual(ui.press(.enter), [.perform(.click(fields[2].node))])
        XCTAssertEqual(ui.frame().lines[5], " [x] News")
        ui.press(.tab)
        XCTAssertEqual(ui.press(.enter), [])
        assertLines(ui.frame(), [
            " 9:41                           depth 1",
            " ╭──────────╮____]",
            " │  Small   │",
            " │✓ Medium  │",
            " │  Huge    │",
            " │  Large   │",
            " ╰──────────╯",
            " [Medium ▾]",
            "",
            " Detail",
            " form.html                          All",
            " ↑ ↓ choose, Enter takes it, Esc closes",
        ], "no room under the field: the menu opens over it")
        XCTAssertEqual(ui.press(.down), [])
        XCTAssertEqual(ui.press(.escape), [], "Esc closes the menu and chooses nothing")
        XCTAssertEqual(ui.press(.enter, .down, .down, .down), [])
        XCTAssertEqual(ui.press(.enter), [.perform(.select(fields[3].node, option: fields[3].options[3].node))],
                       "Huge is disabled: ↓ skips it")
        XCTAssertEqual(ui.frame().lines[7], " [Large ▾]")
    }

    func testAScriptedFieldGetsTheEventsOfFill() {
        let ui = Self.ui("typing.html")
        ui.press(.tab)
        XCTAssertEqual(ui.state.viewport()?.focusedField, 0)
        ui.press(.enter, .character("h"), .character("i"))
        XCTAssertEqual(ui.frame().lines[3], " empty", "nothing reaches the page while typing")
        ui.press(.enter)
        XCTAssertEqual(Array(ui.frame().lines[1...5]), [" [hi________]", "", " hi", "", " focus input input change"])
    }

    // MARK: - Recording

    func testFieldsAndDialogsAreRecordedAndTheRecordingReplays() throws {
        let ui = Self.ui("form.html")
        _ = ui.state.didStartRecording(path: "/app/Pages/rec.flow")
        var recorded: [String] = []
        func keep(_ effects: [TerminalAppEffect]) {
            for case .record(let lines) in effects { recorded += lines }
        }
        keep(ui.press(.tab, .enter, .character("A"), .enter))
        keep(ui.press(.tab, .enter, .character("p"), .enter))
        keep(ui.press(.tab, .enter))
        keep(ui.press(.tab, .enter, .down, .down, .down, .enter))
        keep(ui.press(.character("R")))
        ui.open("dialogs.html")
        _ = ui.state.didStartRecording(path: "/app/Pages/rec.flow")
        keep(ui.press(.enter, .enter))
        keep(ui.press(.tab, .enter, .character("!"), .enter))
        keep(ui.press(.tab, .enter, .escape))
        XCTAssertEqual(recorded, [
            "fill \"Name\" \"A\"", "fill \"Secret\" \"p\"", "check \"News\"", "select \"size\" \"Large\"",
            "tap \"Delete\"", "accept", "tap \"Rename\"", "answer \"Untitled!\"", "tap \"Save\"", "accept",
        ])
        let replay = ["open \"form.html\""] + recorded[0..<4] + ["expect text \"[x] News\"", "expect text \"[Large ▾]\"",
                      "open \"dialogs.html\""] + recorded[4...] + ["expect text \"Closed.\"", "expect no dialog"]
        let host = AppHost(profile: .builtIn, pagesBase: Fixture.pagesBase, store: PageStore(reader: Self.pages))
        host.perform(.launch)
        var context = FlowContext()
        for step in try Fixture.parser.parse(text: replay.joined(separator: "\n"), path: "rec.flow", folder: Fixture.pagesBase) {
            let outcome = StepExecutor.perform(step, host: host, context: &context)
            if case .failed(let failure) = outcome { XCTFail("\(step.source): \(failure)") }
        }
    }
}
