import XCTest
import PageKit

final class TableLayoutTests: XCTestCase {
    func testRowsThatFitAreAlignedInColumns() {
        let layout = PageKitTests.layout("""
            <p>Prices:</p>
            <table><thead><tr><th>Item</th><th>Price</th><th>Note</th></tr></thead>
            <tbody><tr><td>Tea</td><td>3</td><td>hot</td></tr><tr><td>Lemonade</td><td>12</td><td></td></tr></tbody></table>
            <p>After</p>
            """, width: 40)
        assertLines(layout.lines.map(\.text), [
            "Prices:",
            "",
            "Item      Price  Note",
            "Tea       3      hot",
            "Lemonade  12",
            "",
            "After",
        ])
        XCTAssertEqual(layout.lines[2].runs, [
            StyledRun(columns: 0..<4, style: TextStyle(isStrong: true)),
            StyledRun(columns: 10..<15, style: TextStyle(isStrong: true)),
            StyledRun(columns: 17..<21, style: TextStyle(isStrong: true)),
        ])
    }

    func testRowsThatDoNotFitAreLaidOutCellByCell() {
        assertLines(lines("""
            <table><tr><td>a</td><td>1</td></tr>
            <tr><td>long cell</td><td>with text that will never fit the width</td></tr>
            <tr><td>b</td><td>2</td></tr></table>
            """, width: 20), [
            "a  1",
            "long cell",
            "with text that will",
            "never fit the width",
            "b  2",
        ])
    }

    func testCellsWithSeveralLinesAreNotAligned() {
        assertLines(lines("<table><tr><td>x</td><td><p>one</p><p>two</p></td></tr></table>"), ["x", "", "one", "", "two"])
    }

    func testSpanningCells() {
        assertLines(lines("<table><tr><th colspan=2>Both columns</th></tr><tr><td>left</td><td>right</td></tr></table>"), [
            "Both columns",
            "left  right",
        ])
        assertLines(lines("<table><tr><td colspan=2>ab</td><td>c</td></tr><tr><td>1</td><td>2</td><td>3</td></tr></table>"), [
            "ab    c",
            "1  2  3",
        ])
    }

    func testLinksInsideAlignedCells() {
        let layout = PageKitTests.layout("<table><tr><td>Docs</td><td><a href=docs.html>Read them</a></td></tr></table>")
        XCTAssertEqual(layout.lines.map(\.text), ["Docs  Read them"])
        XCTAssertEqual(layout.items.map(\.regions), [[ItemRegion(line: 0, columns: 6..<15)]])
        XCTAssertEqual(layout.lines[0].runs, [StyledRun(columns: 6..<15, style: TextStyle(item: .link(0)))])
    }

    func testItemNumbersFollowReadingOrderAcrossATable() {
        let layout = PageKitTests.layout("""
            <a href=a>A</a><table><tr><td><a href=b>B</a></td><td><a href=c>C</a></td></tr>
            <tr><td><a href=d>D is a very long link text that cannot fit</a></td></tr></table><a href=e>E</a>
            """, width: 20, numbersItems: true)
        XCTAssertEqual(layout.items.map(\.text), ["A", "B", "C", "D is a very long link text that cannot fit", "E"])
        XCTAssertEqual(layout.items.map(\.number), [1, 2, 3, 4, 5])
        XCTAssertEqual(layout.lines.map(\.text), ["[1]A", "", "[2]B  [3]C", "[4]D is a very long", "link text that", "cannot fit", "", "[5]E"])
    }

    func testNestedTablesAreLaidOutCellByCell() {
        assertLines(lines("<table><tr><td>outer</td><td><table><tr><td>in1</td><td>in2</td></tr></table></td></tr></table>"), [
            "outer", "", "in1", "in2",
        ])
    }

    func testTableInsideAListIsIndented() {
        assertLines(lines("<ul><li>Item<table><tr><td>a</td><td>b</td></tr></table></ul>"), ["• Item", "", "  a  b"])
    }

    func testCaptionComesFirst() {
        assertLines(lines("<table><tr><td>x</td><td>y</td></tr><caption>Table 1</caption></table>"), ["Table 1", "x  y"])
    }

    func testRowsInsideFormsAndHiddenCells() {
        assertLines(lines("<table><form><tr><td>a</td><td hidden>h</td><td>b</td></tr></form></table>"), ["a  b"])
    }
}

extension TableLayoutTests {
    func testListItemsInCellsAreNumberedOnce() {
        assertLines(lines("<ol start=9><li>nine<table><tr><td><li>ten</td><td>x</td></tr></table><li>eleven</ol>", width: 30), [
            " 9. nine",
            "",
            "    10. ten  x",
            "",
            "11. eleven",
        ])
    }
}
