import PageKit
import XCTest
@testable import TerminalUI

final class CellWidthTests: XCTestCase {
    func testWidths() {
        let cases: [(Character, Int)] = [
            ("a", 1), (" ", 1), ("~", 1), ("\t", 0), ("\u{7F}", 0),
            ("é", 1), ("e\u{301}", 1), ("\u{301}", 0), ("\u{200D}", 0), ("\u{FE0F}", 0),
            ("—", 1), ("…", 1), ("‹", 1), ("✕", 1), ("ｱ", 1),
            ("한", 2), ("日", 2), ("。", 2), ("Ａ", 2), ("\u{3000}", 2),
            ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("1️⃣", 2),
            ("❤", 1), ("❤️", 2), ("⌚", 2), ("⌚︎", 2), ("𠀋", 2),
        ]
        for (character, width) in cases {
            XCTAssertEqual(TerminalText.width(of: character), width, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    func testStringWidthAddsClusters() {
        XCTAssertEqual(TerminalText.width(of: "ab한국어👍"), 10)
        XCTAssertEqual(TerminalText.width(of: ""), 0)
    }
}
