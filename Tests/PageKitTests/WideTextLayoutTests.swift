import XCTest
import PageKit

final class WideTextLayoutTests: XCTestCase {
    func testKoreanWrapsBetweenSyllablesAtTheWidth() {
        assertLines(lines("<p>한국어 텍스트를 줄바꿈합니다</p>", width: 10), ["한국어 텍", "스트를 줄", "바꿈합니다"])
    }

    func testJapaneseWithoutSpacesBreaksBetweenCharacters() {
        assertLines(lines("<p>日本語のテキストです。</p>", width: 8), ["日本語の", "テキスト", "です。"])
    }

    func testMixedLatinAndCJK() {
        assertLines(lines("<p>Hello世界wide</p>", width: 8), ["Hello世", "界wide"])
        assertLines(lines("<p>abc 漢字漢字 def</p>", width: 7), ["abc 漢", "字漢字", "def"])
    }

    func testEmojiSequencesAreNeverSplit() {
        assertLines(lines("<p>👨‍👩‍👧‍👦🇰🇷👍🏽 ok</p>", width: 6), ["👨‍👩‍👧‍👦🇰🇷👍🏽", "ok"])
        assertLines(lines("<p>😀😀😀😀</p>", width: 5), ["😀😀", "😀😀"], "a word of emoji is cut between clusters")
    }

    func testCombiningMarksStayWithTheirLetter() {
        assertLines(lines("<p>e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}</p>", width: 2), ["e\u{301}e\u{301}", "e\u{301}e\u{301}", "e\u{301}"])
    }

    func testWideTextInLinksHasRegionsInCells() {
        let layout = PageKitTests.layout("<p>가 <a href=x>나다라마</a></p>", width: 7)
        XCTAssertEqual(layout.lines.map(\.text), ["가 나다", "라마"])
        XCTAssertEqual(layout.items[0].regions, [ItemRegion(line: 0, columns: 3..<7), ItemRegion(line: 1, columns: 0..<4)])
        XCTAssertEqual(layout.items[0].text, "나다라마")
    }

    func testEveryLineFitsInCells() {
        let html = "<p>한국어와 English 混合 text 😀 with ｆｕｌｌｗｉｄｔｈ and e\u{301} marks, 🇯🇵 flags.</p>"
        for width in 2...30 {
            for line in PageKitTests.layout(html, width: width).lines {
                XCTAssertLessThanOrEqual(TerminalText.width(of: line.text), width, "\(width): \(line.text)")
            }
        }
    }
}
