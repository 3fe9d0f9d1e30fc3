import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import TerminalUI

/// NcursesTerminal on a real pseudo-terminal, in-process: keys in, bytes out.
final class NcursesTerminalTests: XCTestCase {
    private var pty: PseudoTerminal!

    override func setUpWithError() throws {
        unsetenv("LINES")
        unsetenv("COLUMNS")
        pty = try PseudoTerminal(columns: 80, rows: 24)
    }

    override func tearDown() {
        pty.close()
    }

    private func start(_ environment: [String: String] = ["TERM": "xterm-256color"]) throws -> NcursesTerminal {
        try NcursesTerminal(environment: environment, input: pty.slave, output: pty.slave)
    }

    func testStartsInRawModeAndRestoresOnClose() throws {
        let before = pty.localModes()
        XCTAssertNotEqual(before & tcflag_t(ICANON), 0)
        let terminal = try start()
        XCTAssertEqual(terminal.size, TerminalSize(columns: 80, rows: 24))
        XCTAssertEqual(terminal.colorMode, .ansi256)
        terminal.draw(Screen(lines: ["hello"]))
        XCTAssertEqual(pty.localModes() & tcflag_t(ICANON | ECHO | ISIG), 0)
        let drawn = pty.takeText()
        XCTAssertTrue(drawn.contains("\u{1B}[?1049h"), "enters the alternate screen")
        XCTAssertTrue(drawn.contains("hello"))
        terminal.close()
        XCTAssertEqual(pty.localModes(), before)
        XCTAssertTrue(pty.takeText().contains("\u{1B}[?1049l"), "leaves the alternate screen")
        terminal.close()
    }

    func testDecodesKeys() throws {
        let terminal = try start()
        defer { terminal.close() }
        let cases: [(String, Key)] = [
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OD", .left), ("\u{1B}OC", .right),
            ("\t", .tab), ("\u{1B}[Z", .backTab), ("\r", .enter), ("\n", .enter), ("\u{1B}OM", .enter),
            ("\u{7F}", .backspace), ("\u{08}", .backspace), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
            ("\u{1B}OH", .home), ("\u{1B}OF", .end), ("\u{1B}[3~", .delete), ("\u{1B}OP", .function(1)),
            ("\u{1B}[15~", .function(5)), ("\u{03}", .control("c")), ("\u{01}", .control("a")),
            ("q", .character("q")), (" ", .character(" ")), ("한", .character("한")), ("é", .character("é")),
            ("\u{1B}", .escape),
        ]
        for (typed, key) in cases {
            pty.type(typed)
            XCTAssertEqual(terminal.nextEvent(timeout: .seconds(2)), .key(key), typed.debugDescription)
        }
        XCTAssertNil(terminal.nextEvent(timeout: .milliseconds(10)))
    }

    func testDecodesMouse() throws {
        let terminal = try start()
        defer { terminal.close() }
        XCTAssertTrue(pty.takeText().contains("\u{1B}[?1006;1000h"), "asks for SGR mouse reports")
        let cases: [(String, MouseEvent)] = [
            ("\u{1B}[<0;11;6M", MouseEvent(row: 5, column: 10, kind: .press)),
            ("\u{1B}[<0;11;6m", MouseEvent(row: 5, column: 10, kind: .release)),
            ("\u{1B}[<64;1;1M", MouseEvent(row: 0, column: 0, kind: .wheelUp)),
            ("\u{1B}[<65;80;24M", MouseEvent(row: 23, column: 79, kind: .wheelDown)),
        ]
        for (typed, event) in cases {
            pty.type(typed)
            XCTAssertEqual(terminal.nextEvent(timeout: .seconds(2)), .mouse(event), typed.debugDescription)
        }
        pty.type(cases.map(\.0).joined() + "x")
        Thread.sleep(forTimeInterval: 0.1)
        for (typed, event) in cases {
            XCTAssertEqual(terminal.nextEvent(timeout: .seconds(2)), .mouse(event), "together: \(typed.debugDescription)")
        }
        XCTAssertEqual(terminal.nextEvent(timeout: .seconds(2)), .key(.character("x")))
    }

    func testResizeReportsTheNewSizeAndRedrawsInFull() throws {
        let terminal = try start()
        defer { terminal.close() }
        terminal.draw(Screen(lines: ["first"]))
        _ = pty.takeOutput()
        pty.resize(columns: 100, rows: 30)
        raise(SIGWINCH)
        XCTAssertEqual(terminal.nextEvent(timeout: .seconds(2)), .resize(columns: 100, rows: 30))
        XCTAssertEqual(terminal.size, TerminalSize(columns: 100, rows: 30))
        terminal.draw(Screen(lines: ["first"]))
        let redraw = pty.takeText()
        XCTAssertTrue(redraw.contains("\u{1B}[H\u{1B}[2J") || redraw.contains("\u{1B}[2J"), "clears: \(redraw.debugDescription)")
        XCTAssertTrue(redraw.contains("first"))
    }

    func testColorModes() throws {
        let palette = try start(["TERM": "xterm-256color"])
        palette.draw(redBand())
        XCTAssertTrue(pty.takeText().contains("48;5;196m"))
        palette.close()
        _ = pty.takeOutput()

        let basic = try start(["TERM": "xterm"])
        XCTAssertEqual(basic.colorMode, .ansi8)
        basic.draw(redBand())
        XCTAssertTrue(pty.takeText().contains("\u{1B}[41m"))
        basic.close()
        _ = pty.takeOutput()

        let none = try start(["TERM": "xterm-256color", "NO_COLOR": "1"])
        XCTAssertEqual(none.colorMode, .none)
        none.draw(redBand())
        let plain = pty.takeText()
        XCTAssertFalse(plain.contains("48;5"), plain.debugDescription)
        XCTAssertTrue(plain.contains("\u{1B}[0;1m Bar"), "attributes stay: \(plain.debugDescription)")
        none.close()
    }

    func testTrueColorThroughTheDirectVariant() throws {
        let terminal = try start(["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        defer { terminal.close() }
        guard terminal.terminalName == "xterm-direct" else {
            XCTAssertEqual(terminal.colorMode, .ansi256)
            throw XCTSkip("xterm-direct is not installed (package ncurses-term)")
        }
        XCTAssertEqual(terminal.colorMode, .trueColor)
        terminal.draw(redBand())
        XCTAssertTrue(pty.takeText().contains("48:2::255:0:0m"))
    }

    func testUnknownTerminalTypeThrows() {
        XCTAssertThrowsError(try start(["TERM": "no-such-terminal"])) { error in
            XCTAssertEqual("\(error)", "unknown terminal type 'no-such-terminal'")
        }
        XCTAssertThrowsError(try start([:]))
    }

    func testOnlyChangedCellsAreSent() throws {
        let terminal = try start()
        defer { terminal.close() }
        let page = (0..<200).map { "line \($0): the quick brown fox jumps over the lazy dog \($0 * 7919 % 1000)" }
        func frame(scrolledBy offset: Int) -> Screen {
            var screen = Screen(width: 80, height: 24)
            screen.fill(rows: 0..<1, style: CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(0x3F, 0x51, 0xB5)))
            screen.write("Title", row: 0, column: 37, style: CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(0x3F, 0x51, 0xB5)))
            for row in 1..<23 { screen.write(page[offset + row - 1], row: row, column: 0) }
            screen.write("footer", row: 23, column: 0, style: CellStyle(reverse: true))
            return screen
        }
        terminal.draw(frame(scrolledBy: 0))
        let full = pty.takeOutput().count
        terminal.draw(frame(scrolledBy: 0))
        let unchanged = pty.takeOutput().count
        var oneCell = frame(scrolledBy: 0)
        oneCell.write("X", row: 5, column: 5)
        terminal.draw(oneCell)
        let single = pty.takeOutput().count
        terminal.draw(frame(scrolledBy: 1))
        let scroll = pty.takeOutput().count
        print("bytes: full \(full), unchanged \(unchanged), one cell \(single), one-line scroll \(scroll)")
        XCTAssertGreaterThan(full, 22 * 50)
        XCTAssertEqual(unchanged, 0)
        XCTAssertLessThan(single, 20)
        XCTAssertLessThan(scroll * 4, full)
    }

    private func redBand() -> Screen {
        var screen = Screen(width: 10, height: 2)
        let style = CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(255, 0, 0), bold: true)
        screen.fill(rows: 0..<1, style: style)
        screen.write("Bar", row: 0, column: 1, style: style)
        return screen
    }
}
