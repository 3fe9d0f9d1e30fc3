import XCTest
import PageKit

final class ListLayoutTests: XCTestCase {
    func testBulletsByDepth() {
        assertLines(lines("<p>Intro</p><ul><li>one<li>two<ul><li>nested<ul><li>deeper<ul><li>deepest</ul></ul></ul><li>three</ul><p>Outro</p>"), [
            "Intro",
            "",
            "• one",
            "• two",
            "  ◦ nested",
            "    ▪ deeper",
            "      ▪ deepest",
            "• three",
            "",
            "Outro",
        ])
    }

    func testContinuationLinesAreIndentedUnderTheText() {
        assertLines(lines("<ul><li>A list item long enough to wrap<ul><li>nested item that also wraps</ul></ul>", width: 18), [
            "• A list item long",
            "  enough to wrap",
            "  ◦ nested item",
            "    that also",
            "    wraps",
        ])
    }

    func testNumberedListsAlignTheirNumbers() {
        assertLines(lines("<ol start=8><li>eight<li>nine<li>ten has a longer text<li>eleven</ol>", width: 16), [
            " 8. eight",
            " 9. nine",
            "10. ten has a",
            "    longer text",
            "11. eleven",
        ])
    }

    func testNumberedListDefaultsAndValues() {
        assertLines(lines("<ol><li>a<li value=5>b<li>c</ol>"), ["1. a", "5. b", "6. c"])
        assertLines(lines("<ol reversed><li>a<li>b<li>c</ol>"), ["3. a", "2. b", "1. c"])
        assertLines(lines("<ol start=0><li>zero</ol><ol start=-2><li>m</ol>"), ["0. zero", "", "-2. m"])
    }

    func testNumberingTypes() {
        assertLines(lines("<ol type=a start=26><li>z<li>aa</ol><ol type=I start=3><li>iii<li>iv</ol><ol type=i start=9><li>ix</ol>"), [
            " z. z",
            "aa. aa",
            "",
            "III. iii",
            " IV. iv",
            "",
            "ix. ix",
        ])
    }

    func testOrderedAndUnorderedNest() {
        assertLines(lines("<ol><li>first<ul><li>bullet</ul><li>second<ol><li>sub</ol></ol>"), [
            "1. first",
            "   ◦ bullet",
            "2. second",
            "   1. sub",
        ])
    }

    func testParagraphsInsideItemsKeepTheMarkerOnTheirFirstLine() {
        assertLines(lines("<ul><li><p>First para.</p><p>Second para.</p></li><li><p>Next item.</p></li></ul>"), [
            "• First para.",
            "",
            "  Second para.",
            "",
            "• Next item.",
        ])
    }

    func testEmptyAndNestedFirstItems() {
        assertLines(lines("<ul><li></li><li><ul><li>inner</ul></ul>"), ["•", "• ◦ inner"])
    }

    func testListItemOutsideAList() {
        assertLines(lines("<li>stray</li>"), ["• stray"])
    }

    func testPreInsideListItem() {
        assertLines(lines("<ul><li><pre>code\n  more</pre></ul>"), ["• code", "    more"])
    }

    func testDeepNestingStopsIndentingAtHalfTheWidth() {
        let html = String(repeating: "<ul><li>", count: 30) + "deep words here"
        let layout = PageKitTests.layout(html, width: 20)
        XCTAssertEqual(layout.lines.map(\.text), ["• ◦ ▪ ▪ ▪ deep words", "          here"],
                       "markers that do not fit in the indentation are left out")
    }
}
