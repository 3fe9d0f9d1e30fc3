import Foundation
import Flows
import NavigatorCore
@testable import TerminalApp
import TerminalUI
import XCTest

/// `webnav run --step`: the flow beside the screen, one step per `n`.
final class StepModeTests: XCTestCase {
    private let flow = """
    tap Detail
    expect depth 2
    expect title "Nope"
    back
    """

    func testStepsRunOneAtATimeAndAFailureShowsInPlace() throws {
        var state = try Fixture.stepping(flow, columns: 100, rows: 16)
        var frame = state.frame()
        assertLines(frame, [
            " 9:41                                                depth 1 ╭─ test.flow ─────────────────── 0/4 ─╮",
            " Demo                                                        │ 1 ▸ tap Detail                      │",
            "                                                             │ 2   expect depth 2                  │",
            " Deeplinks below.                                            │ 3   expect title \"Nope\"             │",
            "                                                             │ 4   back                            │",
            " • Detail                                                    │                                     │",
            " • Red closable                                              │                                     │",
            " • Call                                                      │                                     │",
            " • Plus title                                                │                                     │",
            " • Long page                                                 │                                     │",
            "                                                             │                                     │",
            "                                                             │                                     │",
            "                                                             │                                     │",
            "                                                             ╰─────────────────────────────────────╯",
            " index.html                                                                                     All",
            " n: line 1  tap Detail",
        ])
        XCTAssertEqual(style(of: "1 ▸ tap Detail                     ", in: frame, row: 1), CellStyle(reverse: true), "the next step is highlighted")

        XCTAssertEqual(stepsRun(by: state.press(.character("n"))), [state.stepper!.flow.steps[0]])
        XCTAssertEqual(state.frame().lines[15], " push: detail.html")
        state.press(.character(" "))
        frame = state.frame()
        assertLines(frame, [
            " 9:41                                                depth 2 ╭─ test.flow ─────────────────── 2/4 ─╮",
            "                                                             │ 1 ✓ tap Detail                      │",
            " ‹                         Detail                            │ 2 ✓ expect depth 2                  │",
            "─────────────────────────────────────────────────────────────│ 3 ▸ expect title \"Nope\"             │",
            " Detail text.                                                │ 4   back                            │",
            "                                                             │                                     │",
            " Close me                                                    │                                     │",
            "                                                             │                                     │",
            "                                                             │                                     │",
            "                                                             │                                     │",
            "                                                             │                                     │",
            "                                                             │                                     │",
            "                                                             │                                     │",
            "                                                             ╰─────────────────────────────────────╯",
            " detail.html                                                                                    All",
            " ok: expect depth 2",
        ])
        XCTAssertEqual(style(of: "✓", in: frame, row: 1), CellStyle(foreground: .rgb(0x3F, 0xA3, 0x4D), bold: true))

        state.press(.character("n"))
        frame = state.frame()
        XCTAssertEqual(Array(frame.lines[0...8].map { String($0.dropFirst(61)) }), [
            "╭─ test.flow ──────────────── failed ─╮",
            "│ 1 ✓ tap Detail                      │",
            "│ 2 ✓ expect depth 2                  │",
            "│ 3 ✗ expect title \"Nope\"             │",
            "│     expected title \"Nope\", got      │",
            "│     \"Detail\"                        │",
            "│ 4   back                            │",
            "│ ✗ flow failed                       │",
            "│                                     │",
        ])
        XCTAssertEqual(style(of: "expected title \"Nope\", got", in: frame, row: 4), CellStyle(foreground: .rgb(0xE0, 0x40, 0x40), bold: true))
        XCTAssertEqual(style(of: "back", in: frame, row: 6), CellStyle(dim: true), "steps after a failure will not run")
        XCTAssertEqual(frame.lines[15], " ✗ flow failed at line 3: expected title \"Nope\", got \"Detail\"")

        XCTAssertEqual(state.press(.character("n")), [.bell], "the first failure ends the flow, as in a headless run")
        XCTAssertEqual(state.frame().lines[15], " the flow is over: q quits")
        state.press(.down)
        XCTAssertEqual(state.frame().lines[15], " ✗ flow failed at line 3: expected title \"Nope\", got \"Detail\"", "the outcome stays in the footer")
        XCTAssertEqual(state.app.navigator.screens.count, 2)
        XCTAssertEqual(state.exitStatus, 1)
    }

    func testAPassingFlowExitsZero() throws {
        var state = try Fixture.stepping("expect depth 1\ntap \"Red closable\"\nexpect title \"Closable\"\n", columns: 80, rows: 24)
        XCTAssertEqual(state.exitStatus, 1, "not finished yet")
        state.press(.character("n"), .character("n"))
        XCTAssertEqual(state.exitStatus, 1)
        state.press(.character("n"))
        XCTAssertEqual(state.exitStatus, 0)
        let frame = state.frame()
        XCTAssertEqual(frame.lines[23], " ✓ flow passed (3 steps): q quits")
        XCTAssertEqual(Array(frame.lines[0...5].map { String($0.dropFirst(52)) }), [
            "╭─ test.flow ───── passed ─╮",
            "│ 1 ✓ expect depth 1       │",
            "│ 2 ✓ tap \"Red closable\"   │",
            "│ 3 ✓ expect title \"Closa… │",
            "│ ✓ flow passed (3 steps)  │",
            "│                          │",
        ], "beside the device from 72 columns")
        XCTAssertEqual(state.press(.character("q")), [.quit])
    }

    func testTheNextAndTheFailedStepAreShownWhole() throws {
        var state = try Fixture.stepping("expect text \"Deeplinks below, and more\"\nback\n", columns: 80, rows: 12)
        var frame = state.frame()
        XCTAssertEqual(Array(frame.lines[0...4].map { String($0.dropFirst(52)) }), [
            "╭─ test.flow ──────── 0/2 ─╮",
            "│ 1 ▸ expect text          │",
            "│     \"Deeplinks below,    │",
            "│     and more\"            │",
            "│ 2   back                 │",
        ])
        XCTAssertEqual(style(of: "    and more\"           ", in: frame, row: 3), CellStyle(reverse: true), "the whole step is highlighted")
        state.press(.character("n"))
        frame = state.frame()
        XCTAssertEqual(Array(frame.lines[0...8].map { String($0.dropFirst(52)) }), [
            "╭─ test.flow ───── failed ─╮",
            "│ 1 ✗ expect text          │",
            "│     \"Deeplinks below,    │",
            "│     and more\"            │",
            "│     expected text        │",
            "│     \"Deeplinks below,    │",
            "│     and more\", got a     │",
            "│     page without it      │",
            "│ 2   back                 │",
        ])
    }

    func testTheUserMayActBetweenSteps() throws {
        var state = try Fixture.stepping("expect depth 2\nexpect event \"pop: Detail\"\n")
        state.press(.enter)
        state.press(.character("n"))
        state.press(.character("h"))
        state.press(.character("n"))
        XCTAssertEqual(state.exitStatus, 0, "keys between steps count: the push for the depth, the pop for the event")
        XCTAssertEqual(state.frame().lines[11], " ✓ flow passed (2 steps): q quits")
    }

    func testTheFlowPanelCoversTheWebViewOnNarrowTerminalsAndFTogglesIt() throws {
        var state = try Fixture.stepping(flow)
        XCTAssertEqual(state.panel, .flow)
        XCTAssertEqual(Array(state.frame().lines[0...2]), [
            " 9:41                           depth 1",
            "╭─ test.flow ──────────────────── 0/4 ─╮",
            "│ 1 ▸ tap Detail                       │",
        ])
        XCTAssertEqual(state.frame().lines[11], " n: line 1  tap Detail")
        state.press(.character("f"))
        XCTAssertNil(state.panel)
        XCTAssertEqual(state.frame().lines[1], " Demo")
        XCTAssertEqual(state.frame().lines[11], " n: line 1  tap Detail")
        state.press(.character("n"))
        XCTAssertEqual(state.app.navigator.screens.count, 2, "n works with the panel hidden")
        state.press(.character("f"), .character("s"))
        XCTAssertEqual(state.panel, .stack)
        state.press(.character("s"))
        XCTAssertNil(state.panel)
    }

    func testStepsUseTheFlowsSizeAndIncludedStepsShowTheirFile() throws {
        let files = [
            "test.flow": "size 30x10\ninclude _part.flow\nsnapshot\n",
            "_part.flow": "# a fragment\ntap \"Long page\"\n",
        ]
        let flow = try FlowParser { url in Data((files[url.lastPathComponent] ?? "").utf8) }.parse(path: "test.flow")
        let host = Fixture.host()
        var state = DrivenUI(TerminalAppState(app: host.snapshot.app, size: TerminalSize(columns: 100, rows: 16), stepping: flow,
                                              parser: Fixture.parser), host: host)
        XCTAssertEqual(Array(state.frame().lines[1...3].map { String($0.dropFirst(61)) }), [
            "│            1 ▸ size 30x10           │",
            "│ _part.flow:2   tap \"Long page\"      │",
            "│            3   snapshot             │",
        ])
        state.press(.character("n"))
        XCTAssertEqual(state.frame().lines[15], " size 30x10")
        XCTAssertEqual(state.size, TerminalSize(columns: 100, rows: 16), "the terminal keeps its size")
        state.press(.character("n"), .character("n"))
        XCTAssertEqual(state.frame().lines[15], " ✓ flow passed (3 steps): q quits")
        XCTAssertEqual(state.app.top?.currentPage.url, "file:///app/Pages/long.html")
        XCTAssertEqual(state.stepper?.columns, 30)
    }
}
