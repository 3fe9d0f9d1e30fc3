import XCTest
@testable import TerminalUI

final class HeadlessTerminalTests: XCTestCase {
    func testScriptedEventsComeInOrderThenNil() {
        let terminal = HeadlessTerminal(columns: 40, rows: 10, events: [.key(.down), .key(.character("q"))])
        terminal.enqueue([.mouse(MouseEvent(row: 2, column: 3, kind: .press))])
        XCTAssertEqual(terminal.nextEvent(timeout: .zero), .key(.down))
        XCTAssertEqual(terminal.pendingEvents, [.key(.character("q")), .mouse(MouseEvent(row: 2, column: 3, kind: .press))])
        XCTAssertEqual(terminal.nextEvent(timeout: nil), .key(.character("q")))
        XCTAssertEqual(terminal.nextEvent(timeout: nil), .mouse(MouseEvent(row: 2, column: 3, kind: .press)))
        XCTAssertNil(terminal.nextEvent(timeout: .seconds(1)))
    }

    func testResizeEventChangesSize() {
        let terminal = HeadlessTerminal(columns: 80, rows: 24, events: [.resize(columns: 20, rows: 6)])
        XCTAssertEqual(terminal.size, TerminalSize(columns: 80, rows: 24))
        XCTAssertEqual(terminal.nextEvent(timeout: nil), .resize(columns: 20, rows: 6))
        XCTAssertEqual(terminal.size, TerminalSize(columns: 20, rows: 6))
    }

    func testRecordsFramesAndChangedCells() {
        let terminal = HeadlessTerminal(columns: 4, rows: 2)
        XCTAssertNil(terminal.lastScreen)
        let first = Screen(lines: ["ab日", "cd"])
        terminal.draw(first)
        XCTAssertEqual(terminal.cellsWritten, 7)
        var second = first
        second.write("X", row: 1, column: 0)
        terminal.draw(second)
        terminal.draw(second)
        XCTAssertEqual(terminal.lastScreen, Screen(lines: ["ab日", "Xd  "]))
        XCTAssertEqual(terminal.framesDrawn, 3)
        XCTAssertEqual(terminal.cellsWritten, 8)
        terminal.bell()
        terminal.close()
        XCTAssertEqual(terminal.bells, 1)
        XCTAssertTrue(terminal.isClosed)
    }

    func testScrolledRowsCountAsMoved() {
        let terminal = HeadlessTerminal(columns: 6, rows: 5)
        terminal.draw(Screen(lines: ["bar   ", "line 1", "line 2", "line 3", "foot  "]))
        let first = terminal.cellsWritten
        terminal.draw(Screen(lines: ["bar   ", "line 2", "line 3", "line 4", "foot  "]))
        XCTAssertEqual(terminal.cellsWritten - first, 5, "\"line 4\" but its blank")
    }

    func testManyEventsStayInOrder() {
        let keys = (0..<500).map { InputEvent.key(.function($0)) }
        let terminal = HeadlessTerminal(events: keys)
        var seen: [InputEvent] = []
        while let event = terminal.nextEvent(timeout: nil) {
            seen.append(event)
            if seen.count == 100 { terminal.enqueue([.key(.enter)]) }
        }
        XCTAssertEqual(seen, keys + [.key(.enter)])
    }
}

final class TerminalAvailabilityTests: XCTestCase {
    func testReasons() {
        XCTAssertNil(TerminalAvailability.check(environment: ["TERM": "xterm-256color"], stdinIsTTY: true))
        XCTAssertEqual(TerminalAvailability.check(environment: ["TERM": "xterm"], stdinIsTTY: false),
                       "standard input is not a terminal")
        XCTAssertEqual(TerminalAvailability.check(environment: [:], stdinIsTTY: true), "TERM is not set")
        XCTAssertEqual(TerminalAvailability.check(environment: ["TERM": ""], stdinIsTTY: true), "TERM is not set")
        XCTAssertEqual(TerminalAvailability.check(environment: ["TERM": "dumb"], stdinIsTTY: true),
                       "TERM=dumb cannot show the terminal UI")
    }
}
