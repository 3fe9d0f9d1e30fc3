import XCTest
import PageKit

final class TerminalTextTests: XCTestCase {
    func testASCIIIsOneCellPerCharacter() {
        XCTAssertEqual(TerminalText.width(of: "Hello, world!"), 13)
        XCTAssertEqual(TerminalText.width(of: ""), 0)
    }

    func testControlCharactersTakeNoCell() {
        XCTAssertEqual(TerminalText.width(of: "a\u{1B}b\u{7F}c\u{85}"), 3)
    }

    func testCombiningMarksJoinTheirBase() {
        XCTAssertEqual(TerminalText.width(of: "e\u{301}"), 1)
        XCTAssertEqual(TerminalText.width(of: "Zalgo\u{336}\u{336}"), 5)
        XCTAssertEqual(TerminalText.width(of: "a\u{20DD}"), 1, "enclosing mark")
        XCTAssertEqual(TerminalText.width(of: "क्ष"), 2, "virama is a nonspacing mark")
    }

    func testZeroWidthFormatCharacters() {
        XCTAssertEqual(TerminalText.width(of: "a\u{200B}b\u{200D}c\u{FEFF}d\u{2060}"), 4)
    }

    func testEastAsianWideCharactersTakeTwoCells() {
        XCTAssertEqual(TerminalText.width(of: "한국어"), 6)
        XCTAssertEqual(TerminalText.width(of: "日本語"), 6)
        XCTAssertEqual(TerminalText.width(of: "ひらがなカタカナ"), 16)
        XCTAssertEqual(TerminalText.width(of: "ＡＢ"), 4, "fullwidth forms")
        XCTAssertEqual(TerminalText.width(of: "ｱ"), 1, "halfwidth katakana")
        XCTAssertEqual(TerminalText.width(of: "\u{3000}"), 2, "ideographic space")
        XCTAssertEqual(TerminalText.width(of: "𠀋"), 2, "CJK extension B")
    }

    func testHangulJamoComposeIntoOneWideCluster() {
        XCTAssertEqual(TerminalText.width(of: "\u{1100}\u{1161}\u{11A8}"), 2, "L V T jamo")
        XCTAssertEqual(TerminalText.width(of: "\u{3131}"), 2, "compatibility jamo")
    }

    func testEmojiTakeTwoCellsPerCluster() {
        XCTAssertEqual(TerminalText.width(of: "😀"), 2)
        XCTAssertEqual(TerminalText.width(of: "👨‍👩‍👧‍👦"), 2, "ZWJ sequence")
        XCTAssertEqual(TerminalText.width(of: "🇰🇷🇯🇵"), 4, "two flags")
        XCTAssertEqual(TerminalText.width(of: "1️⃣"), 2, "keycap")
        XCTAssertEqual(TerminalText.width(of: "👍🏽"), 2, "skin tone modifier")
        XCTAssertEqual(TerminalText.width(of: "❤️"), 2, "text symbol with VS16")
        XCTAssertEqual(TerminalText.width(of: "❤"), 1, "text symbol alone")
        XCTAssertEqual(TerminalText.width(of: "🏳️‍🌈"), 2, "VS16 then ZWJ")
        XCTAssertEqual(TerminalText.width(of: "#\u{FE0F}\u{20E3}"), 2, "keycap")
        XCTAssertEqual(TerminalText.width(of: " \u{FE0F}"), 1, "a space does not become an emoji")
        XCTAssertEqual(TerminalText.width(of: "\u{FE0F}\u{200D}😀"), 2, "nothing to join at the start")
    }

    func testAmbiguousWidthCharactersTakeOneCell() {
        XCTAssertEqual(TerminalText.width(of: "•◦▪─…▾"), 6)
        XCTAssertEqual(TerminalText.width(of: "\u{FFFD}"), 1)
    }

    func testSubstringsAndCharacters() {
        let text = "ab한국😀"
        XCTAssertEqual(TerminalText.width(of: text.dropFirst(2)), 6)
        XCTAssertEqual(text.map(TerminalText.width(of:)), [1, 1, 2, 2, 2])
        XCTAssertEqual(TerminalText.width(of: Character("👨‍👩‍👧")), 2)
        XCTAssertEqual(TerminalText.width(of: Character("e\u{301}")), 1)
    }

    func testWidthOfAStringIsTheSumOfItsCharacters() {
        let samples = ["Hello 세계 🌍!", "e\u{301}t\u{301}e\u{301}", "🇫🇷 and 👩‍💻 in ＡＳＣＩＩ", "a\u{200D}b"]
        for sample in samples {
            XCTAssertEqual(TerminalText.width(of: sample), sample.reduce(0) { $0 + TerminalText.width(of: $1) }, sample)
        }
    }

    func testTruncateKeepsTextThatFits() {
        XCTAssertEqual(TerminalText.truncate("Products", toWidth: 8), "Products")
        XCTAssertEqual(TerminalText.truncate("한국", toWidth: 4), "한국")
    }

    func testTruncateCutsAndAddsAnEllipsis() {
        XCTAssertEqual(TerminalText.truncate("Products and services", toWidth: 10), "Products…")
        XCTAssertEqual(TerminalText.truncate("abcdef", toWidth: 4), "abc…")
        XCTAssertEqual(TerminalText.truncate("한국어입니다", toWidth: 6), "한국…", "a wide character is not split")
        XCTAssertEqual(TerminalText.truncate("한국어입니다", toWidth: 5), "한국…")
        XCTAssertEqual(TerminalText.truncate("a👨‍👩‍👧b", toWidth: 3), "a…", "a ZWJ sequence is not split")
        XCTAssertEqual(TerminalText.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2), "e\u{301}…", "a mark stays with its base")
    }

    func testTruncateToTinyWidths() {
        XCTAssertEqual(TerminalText.truncate("abc", toWidth: 1), "…")
        XCTAssertEqual(TerminalText.truncate("abc", toWidth: 0), "")
        XCTAssertEqual(TerminalText.truncate("abc", toWidth: -3), "")
        XCTAssertEqual(TerminalText.truncate("한", toWidth: 1), "…")
    }

    func testTruncatedTextNeverExceedsTheWidth() {
        let text = "Mixed 한국어 text 😀 with e\u{301} marks and 🇰🇷 flags"
        for width in 0...TerminalText.width(of: text) + 2 {
            XCTAssertLessThanOrEqual(TerminalText.width(of: TerminalText.truncate(text, toWidth: width)), max(width, 0))
        }
    }
}
