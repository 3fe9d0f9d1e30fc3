import Foundation
import XCTest
import PageKit

final class ItemTests: XCTestCase {
    func testLinksAreNumberedInReadingOrder() {
        let layout = PageKitTests.layout("""
            <p><a href=one.html>One</a> <a name=anchor>not a link</a> <button>Two</button></p>
            <ul><li><a href='sub/three.html'>Three</a></ul><a href='../four.html' target=_blank>Four</a>
            """)
        XCTAssertEqual(layout.items.map(\.number), [1, 2, 3, 4])
        XCTAssertEqual(layout.items.map(\.text), ["One", "Two", "Three", "Four"])
        XCTAssertEqual(layout.items.map(\.kind), [.link, .button, .link, .link])
        XCTAssertEqual(layout.items.map(\.href), ["one.html", nil, "sub/three.html", "../four.html"])
        XCTAssertEqual(layout.items.map(\.url), ["file:///site/one.html", nil, "file:///site/sub/three.html", "file:///four.html"])
        XCTAssertEqual(layout.items.map(\.target), [nil, nil, nil, "_blank"])
        let document = HTMLParser.parse("<a href=x>x</a>")
        XCTAssertEqual(PageLayoutEngine.layout(document, baseURL: nil, options: LayoutOptions(width: 10)).items[0].node,
                       document.elements(named: "a")[0])
    }

    func testURLResolution() {
        func url(_ href: String, base: String? = "file:///site/dir/page.html?x=1#top") -> String? {
            PageKitTests.layout("<a href=\"\(href)\">link</a>", baseURL: base.flatMap(URL.init(string:))).items[0].url
        }
        XCTAssertEqual(url("next.html"), "file:///site/dir/next.html")
        XCTAssertEqual(url("./a/../b/./c.html"), "file:///site/dir/b/c.html")
        XCTAssertEqual(url("../../../up.html"), "file:///up.html")
        XCTAssertEqual(url("/root.html"), "file:///root.html")
        XCTAssertEqual(url("#section"), "file:///site/dir/page.html?x=1#section")
        XCTAssertEqual(url("?y=2"), "file:///site/dir/page.html?y=2")
        XCTAssertEqual(url(""), "file:///site/dir/page.html?x=1")
        XCTAssertEqual(url("//cdn.example/x.js"), "file://cdn.example/x.js")
        XCTAssertEqual(url("https://example.com/a b?q=é"), "https://example.com/a%20b?q=%C3%A9")
        XCTAssertEqual(url("  spaced.html\n"), "file:///site/dir/spaced.html")
        XCTAssertEqual(url("mkwebview://webview?url=page2.html&title=Hi&leftBtn=true"),
                       "mkwebview://webview?url=page2.html&title=Hi&leftBtn=true")
        XCTAssertEqual(url("tel:+1-555-0100"), "tel:+1-555-0100")
        XCTAssertEqual(url("javascript:void(0)"), "javascript:void(0)")
        XCTAssertEqual(url("relative.html", base: nil), nil, "nothing to resolve against")
        XCTAssertEqual(url("https://example.com/", base: nil), "https://example.com/")
        XCTAssertEqual(url("sub/x.html", base: "https://example.com"), "https://example.com/sub/x.html")
    }

    func testBaseElementChangesResolution() {
        let layout = PageKitTests.layout("<head><base href='docs/' target=_top></head><a href=intro.html>Intro</a><a href='#x'>X</a>")
        XCTAssertEqual(layout.items.map(\.url), ["file:///site/docs/intro.html", "file:///site/docs/#x"])
        let absolute = PageKitTests.layout("<base href='https://cdn.example/app/'><a href=a.html>A</a>", baseURL: nil)
        XCTAssertEqual(absolute.items[0].url, "https://cdn.example/app/a.html")
    }

    func testLinkWithoutTextUsesImageAltThenTitleThenHref() {
        let layout = PageKitTests.layout("""
            <a href=a.html><img src=a.png alt='Home'></a> <a href=b.html title='Back'><img src=b.png></a> \
            <a href=c.html aria-label='Close'><svg></svg></a> <a href=d.html></a> <a href=''></a>
            """, numbersItems: true)
        XCTAssertEqual(layout.items.map(\.text), ["Home", "[b.png]", "Close", "d.html", ""])
        XCTAssertEqual(layout.lines.map(\.text), ["[1]Home [2][b.png] [3]Close [4]d.html"],
                       "an image without alt shows its file name, which is then the link's text (as in lynx)")
        XCTAssertEqual(layout.items[4].regions, [], "a link with nothing to show has no region")
    }

    func testItemTextIsVisibleTextCollapsed() {
        let layout = PageKitTests.layout("<a href=x>  Read <b>the</b>\n  <span hidden>secret</span> docs <img alt='now'> </a>")
        XCTAssertEqual(layout.items[0].text, "Read the docs now")
    }

    func testLinkWrappedOverTwoLinesHasTwoRegions() {
        let layout = PageKitTests.layout("<p>Please read <a href=terms.html>the terms and conditions</a> first.</p>", width: 20)
        XCTAssertEqual(layout.lines.map(\.text), ["Please read the", "terms and conditions", "first."])
        XCTAssertEqual(layout.items[0].regions, [ItemRegion(line: 0, columns: 12..<15), ItemRegion(line: 1, columns: 0..<20)])
        XCTAssertEqual(layout.lines[1].runs, [StyledRun(columns: 0..<20, style: TextStyle(item: .link(0)))])
    }

    func testNumberedItemsInDumpMode() {
        let layout = PageKitTests.layout("<p>See <a href=p.html>Products</a>, <b><a href=q.html>Q</a></b> and <button>Buy</button></p>",
                                         numbersItems: true)
        XCTAssertEqual(layout.lines.map(\.text), ["See [1]Products, [2]Q and [Buy]"], "a button that goes nowhere has no number")
        XCTAssertEqual(layout.items.map(\.regions), [
            [ItemRegion(line: 0, columns: 7..<15)], [ItemRegion(line: 0, columns: 20..<21)], [ItemRegion(line: 0, columns: 26..<31)],
        ])
        XCTAssertEqual(layout.lines[0].runs, [
            StyledRun(columns: 7..<15, style: TextStyle(item: .link(0))),
            StyledRun(columns: 17..<20, style: TextStyle(isStrong: true)),
            StyledRun(columns: 20..<21, style: TextStyle(isStrong: true, item: .link(1))),
            StyledRun(columns: 26..<31, style: TextStyle(item: .button(2))),
        ])
    }

    func testItemNumberStaysWithItsText() {
        assertLines(lines("<p>aaaa <a href=x>bbbb</a></p>", width: 9, numbersItems: true), ["aaaa", "[1]bbbb"])
        assertLines(lines("<p>aaaa<a href=x> bbbb</a></p>", width: 20, numbersItems: true), ["aaaa [1]bbbb"],
                    "a space at the start of the link goes before the number")
    }

    func testSpaceBetweenWordsOfALinkIsPartOfIt() {
        let layout = PageKitTests.layout("<a href=x>a b</a> c")
        XCTAssertEqual(layout.lines[0].runs, [StyledRun(columns: 0..<3, style: TextStyle(item: .link(0)))])
        XCTAssertEqual(layout.items[0].regions, [ItemRegion(line: 0, columns: 0..<3)])
    }

    func testHeadingAndInlineStyles() {
        let layout = PageKitTests.layout("<h2>Title <code>x</code></h2><p><em>e</em> <strong>s</strong> <kbd>k</kbd> <i>i</i></p>")
        XCTAssertEqual(layout.lines[0].runs, [
            StyledRun(columns: 0..<6, style: TextStyle(isStrong: true, headingLevel: 2)),
            StyledRun(columns: 6..<7, style: TextStyle(isStrong: true, isCode: true, headingLevel: 2)),
        ])
        XCTAssertEqual(layout.lines[2].runs, [
            StyledRun(columns: 0..<1, style: TextStyle(isEmphasis: true)),
            StyledRun(columns: 2..<3, style: TextStyle(isStrong: true)),
            StyledRun(columns: 4..<5, style: TextStyle(isCode: true)),
            StyledRun(columns: 6..<7, style: TextStyle(isEmphasis: true)),
        ])
    }

    func testTextStyleProperties() {
        var style = TextStyle(isStrong: true, headingLevel: 3, item: .button(7))
        XCTAssertEqual(style.item?.index, 7)
        style.item = .link(2)
        style.isStrong = false
        style.isFormField = true
        XCTAssertEqual(style, TextStyle(headingLevel: 3, isFormField: true, item: .link(2)))
        style.headingLevel = nil
        style.item = nil
        XCTAssertEqual(style, TextStyle(isFormField: true))
    }
}
