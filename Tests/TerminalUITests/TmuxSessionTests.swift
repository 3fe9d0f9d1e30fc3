import TestSupport
import XCTest

final class TmuxSessionTests: XCTestCase {
    func testRunsTypesCapturesAndReportsTheExitStatus() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
        let session = try TmuxSession(command: "printf 'ready %s\\n' \"$GREETING\"; read line; echo \"got $line\"; exit 3",
                                      columns: 40, rows: 5, environment: ["GREETING": "hi"])
        defer { session.kill() }
        XCTAssertTrue(session.waitFor(text: "ready hi"))
        XCTAssertNotNil(session.commandProcessID())
        session.sendText("a b")
        session.sendKeys("Enter")
        XCTAssertEqual(session.waitForExit(), 3)
        XCTAssertEqual(session.capturePane(), ["ready hi", "a b", "got a b", "", ""])
        session.resize(columns: 30, rows: 3)
        XCTAssertTrue(session.waitFor(text: "got a b"))
        XCTAssertEqual(session.capturePane().count, 3)
    }
}
