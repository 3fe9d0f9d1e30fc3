import XCTest
import PageKit

final class LayoutLineTests: XCTestCase {
    func testLaidOutLinesEqualHandMadeOnes() {
        let layout = PageKitTests.layout("<p><b>Bold</b> text</p><pre>code</pre>")
        XCTAssertEqual(layout.lines, [
            LayoutLine(text: "Bold text", runs: [StyledRun(columns: 0..<4, style: TextStyle(isStrong: true))]),
            LayoutLine(text: ""),
            LayoutLine(text: "code", runs: [StyledRun(columns: 0..<4, style: TextStyle(isCode: true))], isPreformatted: true),
        ])
        XCTAssertEqual(Set(layout.lines).count, 3)
        XCTAssertEqual(layout.lines[0].description, "Bold text")
    }

    func testLinesCanBeEdited() {
        var line = PageKitTests.layout("<p><i>one</i> two</p>").lines[0]
        line.text = "changed"
        XCTAssertEqual(line.text, "changed")
        XCTAssertEqual(line.runs, [StyledRun(columns: 0..<3, style: TextStyle(isEmphasis: true))], "runs are kept")
        line.runs = []
        XCTAssertEqual(line, LayoutLine(text: "changed"))
    }

    func testLinesOutliveTheirLayout() {
        var line: LayoutLine?
        do {
            let layout = PageKitTests.layout("<p>kept after the layout is gone</p>")
            line = layout.lines.first
        }
        XCTAssertEqual(line?.text, "kept after the layout is gone")
    }
}
