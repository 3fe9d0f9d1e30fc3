import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import TerminalUI

/// NcursesTerminal in a real terminal: tmux runs this test binary again as a small
/// program (`TerminalDemoProgram`) that echoes what it receives, and the tests type
/// into it and read the pane.
final class NcursesTerminalTmuxTests: XCTestCase {
    private var session: TmuxSession!

    override func setUpWithError() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        session = try TmuxSession(
            command: "'\(executable)' TerminalUITests.TerminalDemoProgram/testEchoesEventsWhenStartedByTmux",
            columns: 80, rows: 24, environment: [TerminalDemoProgram.variable: "1", "SWIFT_BACKTRACE": "enable=no"])
        XCTAssertTrue(session.waitFor(text: "demo 80x24", timeout: 15), session.capturePane().joined(separator: "\n"))
    }

    override func tearDown() {
        session?.kill()
    }

    private var restored: TmuxSession.PaneModes {
        TmuxSession.PaneModes(alternateScreen: false, cursorVisible: true, mouseReporting: false, keypadCursorKeys: false)
    }

    func testDrawsKeysMouseResizeThenQuitRestores() throws {
        let pane = session.capturePane()
        XCTAssertEqual(Array(pane.prefix(2)), [" demo 80x24 ansi256", "wide: 한국어|日本|👍|end"])
        XCTAssertEqual(session.paneModes(),
                       TmuxSession.PaneModes(alternateScreen: true, cursorVisible: false, mouseReporting: true, keypadCursorKeys: true))

        session.sendKeys("Up", "Tab", "BTab", "Enter", "BSpace", "é")
        XCTAssertTrue(session.waitFor(text: "6: key character(\"é\")"), session.capturePane().joined(separator: "\n"))
        XCTAssertEqual(Array(session.capturePane()[3...8]), [
            "1: key up", "2: key tab", "3: key backTab", "4: key enter", "5: key backspace", "6: key character(\"é\")",
        ])

        // X10 mouse reports, as tmux-256color's kmous=\E[M expects: button 0 press, release,
        // wheel up, all in one write.
        session.sendBytes([0x1B, 0x5B, 0x4D, 32, 33 + 10, 33 + 5, 0x1B, 0x5B, 0x4D, 35, 33 + 10, 33 + 5,
                           0x1B, 0x5B, 0x4D, 96, 33, 33])
        XCTAssertTrue(session.waitFor(text: "9: mouse wheelUp 0,0"), session.capturePane().joined(separator: "\n"))
        XCTAssertEqual(Array(session.capturePane()[9...11]), ["7: mouse press 5,10", "8: mouse release 5,10", "9: mouse wheelUp 0,0"])

        session.resize(columns: 100, rows: 30)
        XCTAssertTrue(session.waitFor(text: "10: resize 100x30"), session.capturePane().joined(separator: "\n"))
        XCTAssertEqual(session.capturePane().first, " demo 100x30 ansi256")
        XCTAssertEqual(session.capturePane().count, 30)

        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0)
        XCTAssertTrue(session.waitFor(text: "demo: quit after 11 events"), session.capturePane().joined(separator: "\n"))
        XCTAssertEqual(session.paneModes(), restored)
        XCTAssertFalse(session.capturePane().contains { $0.contains("demo 100x30") }, "the alternate screen is gone")
    }

    func testControlCQuitsThroughTheAppLoop() {
        session.sendKeys("C-c")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0)
        XCTAssertTrue(session.waitFor(text: "demo: quit after 1 events"))
        XCTAssertEqual(session.paneModes(), restored)
    }

    func testSIGTERMRestoresTheTerminal() {
        session.signal(SIGTERM)
        XCTAssertEqual(session.waitForExit(timeout: 10), 128 + SIGTERM)
        XCTAssertEqual(session.paneModes(), restored)
        XCTAssertFalse(session.capturePane().contains { $0.contains("demo 80x24") })
    }

    func testSIGHUPRestoresTheTerminal() {
        session.signal(SIGHUP)
        XCTAssertEqual(session.waitForExit(timeout: 10), 128 + SIGHUP)
        XCTAssertEqual(session.paneModes(), restored)
    }

    func testCrashRestoresTheTerminal() {
        session.sendKeys("c")
        let status = session.waitForExit(timeout: 20)
        XCTAssertTrue(status == 128 + SIGILL || status == 128 + SIGTRAP, "exit status \(String(describing: status))")
        XCTAssertEqual(session.paneModes(), restored)
        XCTAssertFalse(session.capturePane().contains { $0.contains("demo 80x24") })
    }
}

/// The program that `NcursesTerminalTmuxTests` runs inside tmux; skipped otherwise.
final class TerminalDemoProgram: XCTestCase {
    static let variable = "WEBNAV_TUI_DEMO"

    func testEchoesEventsWhenStartedByTmux() throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment[Self.variable] == "1" else { throw XCTSkip("runs only inside NcursesTerminalTmuxTests") }
        let terminal = try NcursesTerminal(environment: environment)
        var log: [String] = []
        while true {
            terminal.draw(frame(size: terminal.size, colorMode: terminal.colorMode, log: log))
            guard let event = terminal.nextEvent(timeout: .seconds(10)) else { continue }
            log.append("\(log.count + 1): \(describe(event))")
            switch event {
            case .key(.character("q")), .key(.control("c")):
                terminal.close()
                print("demo: quit after \(log.count) events")
                return
            case .key(.character("c")):
                fatalError("deliberate crash")
            default:
                continue
            }
        }
    }

    private func frame(size: TerminalSize, colorMode: ColorMode, log: [String]) -> Screen {
        var screen = Screen(width: size.columns, height: size.rows)
        let bar = CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(0x3F, 0x51, 0xB5), bold: true)
        screen.fill(rows: 0..<1, style: bar)
        screen.write("demo \(size.columns)x\(size.rows) \(colorMode.rawValue)", row: 0, column: 1, style: bar)
        screen.write("wide: 한국어|日本|👍|end", row: 1, column: 0)
        for (index, line) in log.suffix(max(0, size.rows - 3)).enumerated() {
            screen.write(line, row: 3 + index, column: 0)
        }
        return screen
    }

    private func describe(_ event: InputEvent) -> String {
        switch event {
        case let .key(key): return "key \(key)"
        case let .mouse(mouse): return "mouse \(mouse.kind) \(mouse.row),\(mouse.column)"
        case let .resize(columns, rows): return "resize \(columns)x\(rows)"
        case .hangup: return "hangup"
        }
    }
}
