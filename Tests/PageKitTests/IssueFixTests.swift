import Foundation
import XCTest
@testable import PageKit

/// The layout fixes from issues 11 and 13: anchors, dump details, wide content and runaway
/// layouts.
final class IssueFixTests: XCTestCase {
    private let base = URL(string: "file:///site/page.html")

    private func layout(_ html: String, width: Int = 40, options: LayoutOptions? = nil) -> PageLayout {
        PageLayoutEngine.layout(HTMLParser.parse(html), baseURL: base, options: options ?? LayoutOptions(width: width))
    }

    private func dump(_ html: String, width: Int = 40) -> String {
        PageDump.render(PageLayoutEngine.layout(HTMLParser.parse(html), baseURL: base, options: .dump(width: width)))
    }

    // MARK: - Anchors (issue 11, item 9)

    func testAnchorsGiveTheLineOfTheirElement() {
        let page = layout("""
            <h1 id=top-title>Title</h1><p>Intro text that is long enough to wrap onto a second line here.</p>
            <a name="old"></a><h2>Old-style anchor</h2>
            <p>Words and then <span id=inline>an inline target</span> in a paragraph that wraps.</p>
            <h2 id="café">Accents</h2><p id="a%20b">Literal percent</p>
            <table><tr><td>x</td><td id=cell>cell</td></tr></table>
            <div style="display:none"><p id=hidden>hidden</p></div>
            <a name=both>name first</a><p id=both>id wins</p>
            <p id=last></p>
            """, width: 30)
        let text = page.lines.map(\.text)
        XCTAssertEqual(text, [
            "Title", "", "Intro text that is long enough", "to wrap onto a second line", "here.", "", "Old-style anchor", "",
            "Words and then an inline", "target in a paragraph that", "wraps.", "", "Accents", "", "Literal percent", "",
            "x  cell", "", "name first", "", "id wins",
        ])
        XCTAssertEqual(page.anchorLine(for: "top-title"), 0)
        XCTAssertEqual(page.anchorLine(for: "old"), 6, "an empty <a name> points at what follows it")
        XCTAssertEqual(page.anchorLine(for: "inline"), 8)
        XCTAssertEqual(page.anchorLine(for: "caf%C3%A9"), 12, "fragments are percent-decoded when they match nothing as written")
        XCTAssertEqual(page.anchorLine(for: "café"), 12)
        XCTAssertEqual(page.anchorLine(for: "a%20b"), 14, "an id matching the fragment as written wins")
        XCTAssertEqual(page.anchorLine(for: "cell"), 16)
        XCTAssertEqual(page.anchorLine(for: "both"), 20, "an id beats an earlier <a name>")
        XCTAssertEqual(page.anchorLine(for: "last"), 20, "an anchor after everything points at the last line")
        XCTAssertNil(page.anchorLine(for: "hidden"), "an element that is not displayed cannot be scrolled to")
        XCTAssertNil(page.anchorLine(for: "nowhere"))
        XCTAssertEqual(page.anchorLine(for: ""), 0)
        XCTAssertEqual(page.anchorLine(for: "TOP"), 0)
    }

    // MARK: - Dump details (issue 11, item 15)

    func testReferenceNumbersHaveNoGaps() {
        XCTAssertEqual(dump("""
            <a href=a.html>A</a> <button>Menu</button> <a>no href</a> <a href=b.html>B</a>
            <form action=s.html><button>Go</button><input type=button value=Nothing></form>
            """), """
            [1]A [Menu] no href [2]B
            [3][Go][Nothing]

            References

               1. file:///site/a.html
               2. file:///site/b.html
               3. file:///site/s.html?

            """)
    }

    func testImagesWithoutAltShowTheirFileName() {
        XCTAssertEqual(layout("""
            <p><img src=img/logo.png> <img src="x.gif?v=2#f"> <img src="/dir/"> <img src="data:image/png;base64,AAAA">
            <img src="Caf%C3%A9.png"> <img src=t.png title="A title"> <img src=a.png alt=""> <img src=b.png alt=Alt> <img></p>
            """, width: 80).lines.map(\.text), ["[logo.png] [x.gif] [Café.png] A title Alt"])
    }

    func testSuperscriptsAndSubscripts() {
        assertLines(layout("<p>x<sup>2</sup> + y<sup>10</sup>, H<sub>2</sub>O, e<sup></sup>m<sub></sub>c, a<sup><a href=n>1</a></sup></p>")
            .lines.map(\.text), ["x^2 + y^10, H[2]O, emc, a^1"])
    }

    func testHeadingsAreMarkedInADump() {
        XCTAssertEqual(dump("""
            <h1>Title</h1><p>Text</p><h2>A section heading that wraps</h2><h3></h3><h6>Deep</h6>
            <ul><li><h4>In a list</h4></li></ul>
            """, width: 24), """
            # Title

            Text

            ## A section heading
               that wraps

            ###### Deep

            • #### In a list

            """)
        XCTAssertEqual(layout("<h1>Title</h1>").lines.map(\.text), ["Title"], "the terminal UI shows headings in bold instead")
    }

    // MARK: - Wide content (issue 11, item 13)

    func testWideTablesKeepTheirColumnsAndAreWiderThanTheLayout() {
        let page = layout("""
            <table><tr><th>Name</th><th>Description</th><th>Price</th></tr>
            <tr><td>Milk frother</td><td>Stainless steel, 300 ml</td><td>29.90</td></tr>
            <tr><td>Kettle</td><td>1.7 l</td><td>45.00</td></tr></table>
            """, width: 30)
        XCTAssertEqual(page.lines.map(\.text), [
            "Name          Description              Price",
            "Milk frother  Stainless steel, 300 ml  29.90",
            "Kettle        1.7 l                    45.00",
        ])
        XCTAssertEqual(page.lines.map(\.width), [44, 44, 44])
        XCTAssertEqual(page.contentWidth, 44)
    }

    func testPreformattedLinesStayWide() {
        let page = layout("<p>text</p><pre>let x = \"a line of code wider than the page\"</pre>", width: 20)
        XCTAssertEqual(page.lines.map(\.text), ["text", "", "let x = \"a line of code wider than the page\""])
        XCTAssertEqual(page.lines.map(\.width), [4, 0, 44])
        XCTAssertEqual(page.lines.map(\.isPreformatted), [false, false, true])
        XCTAssertEqual(page.contentWidth, 44)
    }

    // MARK: - Runaway layouts (issue 13, item 1)

    /// `'<hr>' * 75000` at 10,000 columns took 4.2 GB and died: rules are stored as widths
    /// and a page draws at most 16 million rule cells.
    func testManyRulesAtAHugeWidth() {
        let page = layout(String(repeating: "<hr>", count: 75_000) + "<p>end</p>", width: 10_000)
        XCTAssertEqual(page.lines.count, 1_600 + 2)
        XCTAssertEqual(page.lines[0].text, String(repeating: "─", count: 10_000))
        XCTAssertEqual(page.lines[1_599].width, 10_000)
        XCTAssertEqual(page.lines.suffix(2).map(\.text), ["", "end"])
        XCTAssertFalse(page.isTruncated)
    }

    /// `preview --size 1000x1000` on a 3 MB page, and a 38 MB page at 80x24, overflowed the
    /// same way; at most 10,000 rules are drawn whatever the width.
    func testManyRulesAtTerminalWidths() {
        for width in [998, 78] {
            let page = layout(String(repeating: "<hr>", count: 12_000), width: width)
            XCTAssertEqual(page.lines.count, 10_000, "width \(width)")
            XCTAssertEqual(page.lines[9_999].width, width)
        }
    }

    func testBlankLinesInARowAreCapped() {
        let page = layout("<pre>a" + String(repeating: "\n", count: 50_000) + "b</pre>")
        XCTAssertEqual(page.lines.map(\.text), ["a"] + Array(repeating: "", count: LineWriter.maximumBlankRun) + ["b"])
    }

    func testIndentationIsStoredAsACount() {
        let html = String(repeating: "<blockquote>", count: 200) + String(repeating: "<p>x</p>", count: 2_000)
        let page = layout(html, width: 10_000)
        XCTAssertEqual(page.lines.count, 3_999)
        XCTAssertEqual(page.lines[0].text, String(repeating: " ", count: 400) + "x")
        XCTAssertLessThan(storedBytes(page), 10_000, "400 spaces of indentation per line are not stored")
    }

    func testALayoutPastItsBudgetStopsWithANotice() throws {
        let document = HTMLParser.parse(String(repeating: "<p><input size=1000></p>", count: 2_000))
        let page = document.storage.withUnsafeBufferPointer { storage in
            var pass = LayoutPass(document: document, storage: storage, pageURL: nil, options: LayoutOptions(width: 2_000),
                                  byteLimit: 100_000)
            return pass.run()
        }
        XCTAssertTrue(page.isTruncated)
        XCTAssertLessThanOrEqual(storedBytes(page), 100_000 + 2_000)
        XCTAssertEqual(page.lines.last?.text, "[webnav: the rest of this page is not shown: its layout passed 97 KB]")
        XCTAssertEqual(page.lines.count, 2 * (100_000 / 1_002) + 1)
    }

    func testTheBudgetFollowsThePageSize() {
        XCTAssertEqual(LineWriter(width: 80, wraps: true, expectedSize: 1_000).byteLimit, 64 << 20)
        XCTAssertEqual(LineWriter(width: 80, wraps: true, expectedSize: 10 << 20).byteLimit, 160 << 20)
        XCTAssertEqual(LineWriter(width: 80, wraps: true, expectedSize: 1 << 30).byteLimit, 1 << 30)
    }

    /// The bytes a layout keeps for its lines' text.
    private func storedBytes(_ page: PageLayout) -> Int {
        page.lines.reduce(0) { total, line in total + line.storedByteCount }
    }
}
