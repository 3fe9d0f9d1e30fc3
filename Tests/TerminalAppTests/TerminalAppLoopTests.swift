import Foundation
@testable import TerminalApp
import TerminalUI
import XCTest

/// The loop between a terminal and the state: frames, batched input, effects, closing.
final class TerminalAppLoopTests: XCTestCase {
    private let clock = TerminalAppClock(now: { Fixture.start }, timeOfDay: { "12:34" })

    func testDrawsHandlesWaitingInputThenDrawsAgain() {
        var state = Fixture.state()
        let terminal = HeadlessTerminal(columns: 40, rows: 12, events: [.key(.tab), .key(.enter)])
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal, stopsWhenIdle: true)
        XCTAssertEqual(terminal.framesDrawn, 2, "the first frame, then one for both keys")
        XCTAssertEqual(terminal.lastScreen?.lines.first, " 12:34                          depth 2", "the injected time of day")
        XCTAssertEqual(terminal.lastScreen?.lines[2], "                Closable              ✕")
        XCTAssertTrue(terminal.isClosed)
    }

    func testQuitStopsAtOnceAndClosesTheTerminal() {
        var state = Fixture.state()
        let terminal = HeadlessTerminal(columns: 40, rows: 12, events: [.key(.character("x")), .key(.character("q")), .key(.tab)])
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal)
        XCTAssertTrue(terminal.isClosed)
        XCTAssertEqual(terminal.pendingEvents, [.key(.tab)])
        XCTAssertEqual(state.app.eventLog.last?.text, "nothing to pop at root")
    }

    func testControlCQuits() {
        var state = Fixture.state()
        let terminal = HeadlessTerminal(columns: 40, rows: 12, events: [.key(.control("c")), .key(.tab)])
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal)
        XCTAssertTrue(terminal.isClosed)
        XCTAssertEqual(terminal.pendingEvents.count, 1)
    }

    func testBellsAndResizes() {
        var state = Fixture.state()
        state.open("long.html")
        let terminal = HeadlessTerminal(columns: 40, rows: 12, events: [.key(.enter), .resize(columns: 20, rows: 6)])
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal, stopsWhenIdle: true)
        XCTAssertEqual(terminal.bells, 1, "Enter with nothing focused")
        XCTAssertEqual(state.size, TerminalSize(columns: 20, rows: 6))
        XCTAssertEqual(terminal.lastScreen?.width, 20)
        XCTAssertEqual(terminal.lastScreen?.height, 6)
    }

    func testTakesTheTerminalsSizeAtStart() {
        var state = Fixture.state(columns: 80, rows: 24)
        let terminal = HeadlessTerminal(columns: 30, rows: 10)
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal, stopsWhenIdle: true)
        XCTAssertEqual(state.size, TerminalSize(columns: 30, rows: 10))
        XCTAssertEqual(terminal.lastScreen?.width, 30)
    }

    func testAScrollRedrawsOnlyWhatMoved() {
        var state = Fixture.state(columns: 40, rows: 24)
        state.open("long.html")
        let terminal = HeadlessTerminal(columns: 40, rows: 24)
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal, stopsWhenIdle: true)
        let firstFrame = terminal.cellsWritten
        terminal.enqueue([.key(.down)])
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal, stopsWhenIdle: true)
        XCTAssertLessThan(terminal.cellsWritten - firstFrame, 120, "a line scrolled in, the thumb and the position, not the whole page")
    }
}
