@testable import Flows
import XCTest

/// `expect message` strips the world (` (in app)`) found by the last ` (in ` in the event's text.
final class LastStartTests: XCTestCase {
    func testFindsTheLastOccurrenceByBytes() {
        let cases: [(String, String?)] = [
            (#""x (in y)" (in app)"#, #""x (in y)""#), ("a (in b", "a"), (" (in ", ""), ("no world", nil), ("", nil),
            ("é (in é) (in w)", "é (in é)"), ("(in x)", nil), ("😀 (in 😀)", "😀"),
        ]
        XCTAssertEqual(cases.map { text in StepExecutor.lastStart(of: " (in ", in: text.0).map { String(text.0[..<$0]) } },
                       cases.map(\.1))
    }
}
