import Foundation
import XCTest
import PageKit

final class PageDumpTests: XCTestCase {
    func testDumpWithReferences() {
        let html = """
            <title>Shop</title><h1>Shop</h1><p>See our <a href=products.html>Products</a> and
            <a href="https://example.com/help" target=_blank>help</a>.</p>
            <form action=search.html><input name=q value='red shoes'> <button>Search</button> <button type=button>Menu</button></form>
            """
        let layout = PageLayoutEngine.layout(HTMLParser.parse(html), baseURL: URL(string: "file:///app/Pages/index.html"),
                                             options: LayoutOptions(width: 40, numbersItems: true))
        XCTAssertEqual(PageDump.render(layout), """
            Shop

            See our [1]Products and [2]help.

            [red shoes___] [3][Search] [Menu]

            References

               1. file:///app/Pages/products.html
               2. https://example.com/help
               3. file:///app/Pages/search.html?q=red+shoes

            """)
    }

    func testDumpWithoutReferences() {
        let layout = PageKitTests.layout("<p>Plain text</p><button>No URL</button>", numbersItems: true)
        XCTAssertEqual(PageDump.render(layout), "Plain text\n\n[No URL]\n")
    }

    /// The pieces, joined, are the whole dump, whatever the piece size: lines are never cut.
    func testPiecesJoinToTheWholeDump() {
        var pages = ["", "<p>Plain text</p><button>No URL</button>", "<pre>a   \n\n  b   </pre><hr>"]
        pages.append((0..<40).map { "<p>Line \($0) with <a href=p\($0).html>a link</a> and 日本語   </p>" }.joined())
        let layouts = pages.map { PageKitTests.layout($0, numbersItems: true) } + [PageLayout()]
        for layout in layouts {
            let whole = PageDump.render(layout)
            for size in [1, 7, 64, 1 << 16] {
                var pieces: [String] = []
                PageDump.render(layout, piecesOf: size) { pieces.append($0) }
                XCTAssertEqual(pieces.joined(), whole, "pieces of \(size)")
                XCTAssertTrue(pieces.allSatisfy { $0.hasSuffix("\n") }, "pieces of \(size)")
            }
        }
    }

    func testEmptyPageDumpsOneNewline() {
        XCTAssertEqual(PageDump.render(PageKitTests.layout("")), "\n")
        XCTAssertEqual(PageDump.render(PageLayout()), "\n")
    }

    func testDumpTrimsTrailingSpacesOfHandMadeLines() {
        let layout = PageLayout(lines: [LayoutLine(text: "a  "), LayoutLine(text: "   "), LayoutLine(text: "b")])
        XCTAssertEqual(PageDump.render(layout), "a\n\nb\n")
    }

    func testReferenceNumbersAreRightAligned() {
        let links = (1...12).map { "<a href=p\($0).html>\($0)</a>" }.joined(separator: " ")
        let dump = PageDump.render(PageKitTests.layout(links, width: 80, numbersItems: true))
        XCTAssertTrue(dump.hasSuffix("   9. file:///site/p9.html\n  10. file:///site/p10.html\n  11. file:///site/p11.html\n  12. file:///site/p12.html\n"))
    }
}
