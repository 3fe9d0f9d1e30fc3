import Foundation
import XCTest
import PageKit

final class MutationLayoutTests: XCTestCase {
    private let base = URL(string: "file:///site/page.html")

    private func dump(_ document: HTMLDocument, width: Int = 40) -> String {
        PageDump.render(PageLayoutEngine.layout(document, baseURL: base, options: LayoutOptions(width: width, numbersItems: true)))
    }

    func testAppendingAListItem() throws {
        var document = HTMLParser.parse("<ul id=list><li>one</li></ul>")
        XCTAssertEqual(dump(document), "• one\n")
        let item = document.createElement("li")
        try document.appendChild(document.createText("two"), to: item)
        try document.appendChild(item, to: document.element(withID: "list")!)
        XCTAssertEqual(dump(document), "• one\n• two\n")
    }

    func testInsertingALinkRenumbersTheItems() throws {
        var document = HTMLParser.parse("<p id=p>Read <a href=b.html>B</a></p>")
        let paragraph = document.element(withID: "p")!
        let link = document.createElement("a")
        document.setAttribute("href", "a.html", of: link)
        try document.appendChild(document.createText("A"), to: link)
        try document.insert(link, before: document.firstChild(of: paragraph)!)
        XCTAssertEqual(dump(document), """
            [1]ARead [2]B

            References

               1. file:///site/a.html
               2. file:///site/b.html

            """)
    }

    func testRemovingAnElement() {
        var document = HTMLParser.parse("<h1 id=h>Gone</h1><p>Stays</p>")
        document.remove(document.element(withID: "h")!)
        XCTAssertEqual(dump(document), "Stays\n")
    }

    func testHidingAndShowingWithAttributes() {
        var document = HTMLParser.parse("<p id=a>A</p><p id=b>B</p>")
        let a = document.element(withID: "a")!
        document.setAttribute("hidden", "", of: a)
        XCTAssertEqual(dump(document), "B\n")
        document.removeAttribute("hidden", of: a)
        document.setAttribute("style", "display: none", of: document.element(withID: "b")!)
        XCTAssertEqual(dump(document), "A\n")
    }

    func testChangingAnHrefAndText() {
        var document = HTMLParser.parse("<a id=l href=old.html>Old</a>")
        let link = document.element(withID: "l")!
        document.setAttribute("href", "mkwebview://webview?url=new.html", of: link)
        document.setText("New label", of: link)
        XCTAssertEqual(dump(document), "[1]New label\n\nReferences\n\n   1. mkwebview://webview?url=new.html\n")
    }

    func testChangingAFormFieldChangesTheSubmission() {
        var document = HTMLParser.parse("<form action=s.html><input id=q name=q value=old><button>Go</button></form>")
        document.setAttribute("value", "new value", of: document.element(withID: "q")!)
        let layout = PageLayoutEngine.layout(document, baseURL: base, options: LayoutOptions(width: 40))
        XCTAssertEqual(layout.lines.map(\.text), ["[new value___][Go]"])
        XCTAssertEqual(layout.items[0].url, "file:///site/s.html?q=new+value")
    }

    func testBuildingAPageFromScratch() throws {
        var document = HTMLDocument()
        let body = document.createElement("body")
        try document.appendChild(body, to: document.root)
        let heading = document.createElement("h1")
        try document.appendChild(heading, to: body)
        try document.appendChild(document.createText("Built"), to: heading)
        let base = document.createElement("base")
        document.setAttribute("href", "https://example.com/app/", of: base)
        try document.appendChild(base, to: body)
        let link = document.createElement("a")
        document.setAttribute("href", "next", of: link)
        try document.appendChild(link, to: body)
        XCTAssertEqual(dump(document), "Built\n\n[1]next\n\nReferences\n\n   1. https://example.com/app/next\n")
    }

    func testDetachedSubtreesAreNotLaidOut() throws {
        var document = HTMLParser.parse("<p>shown</p>")
        let orphan = document.createElement("p")
        try document.appendChild(document.createText("orphan"), to: orphan)
        XCTAssertEqual(dump(document), "shown\n")
    }
}
