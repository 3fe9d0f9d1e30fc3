import XCTest
import PageKit

final class HTMLDocumentTests: XCTestCase {
    private func body(of document: HTMLDocument) -> NodeID {
        document.elements(named: "body")[0]
    }

    private func childNames(_ document: HTMLDocument, _ node: NodeID) -> [String] {
        document.children(of: node).map { document.name(of: $0) ?? "#" + (document.text(of: $0) ?? "") }
    }

    func testParsedTreeHasImpliedHtmlAndBody() {
        let document = HTMLParser.parse("<p id=intro class='a b'>Hello <b>you</b></p><!-- note -->")
        XCTAssertEqual(document.kind(of: document.root), .document)
        let html = document.firstChild(of: document.root)!
        XCTAssertEqual(document.name(of: html), "html")
        let body = body(of: document)
        XCTAssertEqual(childNames(document, body), ["p", "# note "])
        let comment = document.lastChild(of: body)!
        XCTAssertEqual(document.kind(of: comment), .comment)
        XCTAssertEqual(document.text(of: comment), " note ")
        let paragraph = document.element(withID: "intro")!
        XCTAssertEqual(childNames(document, paragraph), ["#Hello ", "b"])
        XCTAssertEqual(document.attribute("class", of: paragraph), "a b")
        XCTAssertEqual(document.attribute("CLASS", of: paragraph), "a b")
        XCTAssertNil(document.attribute("title", of: paragraph))
        XCTAssertEqual(document.attributes(of: paragraph).map(\.name), ["id", "class"])
        XCTAssertEqual(document.attributes(of: paragraph).map(\.value), ["intro", "a b"])
        XCTAssertEqual(document.parent(of: paragraph), body)
        XCTAssertNil(document.parent(of: document.root))
        XCTAssertEqual(document.textContent(of: paragraph), "Hello you")
        XCTAssertNil(document.name(of: document.firstChild(of: paragraph)!))
        XCTAssertNil(document.text(of: paragraph))
    }

    func testSiblingLinks() {
        let document = HTMLParser.parse("<ul><li>a<li>b<li>c</ul>")
        let items = document.elements(named: "li")
        XCTAssertEqual(items.count, 3)
        XCTAssertEqual(document.nextSibling(of: items[0]), items[1])
        XCTAssertEqual(document.previousSibling(of: items[2]), items[1])
        XCTAssertNil(document.previousSibling(of: items[0]))
        XCTAssertNil(document.nextSibling(of: items[2]))
        XCTAssertEqual(document.firstChild(of: document.parent(of: items[1])!), items[0])
        XCTAssertEqual(document.lastChild(of: document.parent(of: items[1])!), items[2])
    }

    func testBooleanAttributesHaveEmptyValues() {
        let document = HTMLParser.parse("<input disabled checked=checked>")
        let input = document.elements(named: "input")[0]
        XCTAssertEqual(document.attribute("disabled", of: input), "")
        XCTAssertEqual(document.attribute("checked", of: input), "checked")
    }

    func testTitleIsCollapsedAndTrimmed() {
        XCTAssertEqual(HTMLParser.parse("<title>\n  My   shop\t home </title><p>x").title, "My shop home")
        XCTAssertEqual(HTMLParser.parse("<title>&amp; caf&eacute;</title>").title, "& café")
        XCTAssertNil(HTMLParser.parse("<p>No title</p>").title)
        XCTAssertEqual(HTMLParser.parse("<title></title>").title, "")
        XCTAssertNil(HTMLParser.parse("<body><svg><title>icon</title></svg></body>").title, "an SVG title is not the page title")
    }

    func testSetAndRemoveAttributes() {
        var document = HTMLParser.parse("<a href=one.html>x</a>")
        let link = document.elements(named: "a")[0]
        document.setAttribute("href", "two.html", of: link)
        document.setAttribute("Target", "_blank", of: link)
        XCTAssertEqual(document.attribute("href", of: link), "two.html")
        XCTAssertEqual(document.attributes(of: link).map(\.name), ["href", "target"])
        document.removeAttribute("href", of: link)
        XCTAssertNil(document.attribute("href", of: link))
        XCTAssertEqual(document.attributes(of: link).map(\.name), ["target"])
        document.removeAttribute("missing", of: link)
        document.setAttribute("data-x", "1", of: document.firstChild(of: link)!)
        XCTAssertEqual(document.attributes(of: document.firstChild(of: link)!).count, 0, "text nodes have no attributes")
    }

    func testCreateAppendInsertAndRemove() throws {
        var document = HTMLParser.parse("<div id=box><p>first</p></div>")
        let box = document.element(withID: "box")!
        let first = document.firstChild(of: box)!
        let last = document.createElement("P")
        XCTAssertEqual(document.name(of: last), "p")
        XCTAssertNil(document.parent(of: last), "a new node is detached")
        try document.appendChild(document.createText("last"), to: last)
        try document.appendChild(last, to: box)
        let middle = document.createElement("span")
        try document.insert(middle, before: last)
        XCTAssertEqual(document.children(of: box).map { $0 }, [first, middle, last])
        document.remove(first)
        XCTAssertEqual(document.children(of: box).map { $0 }, [middle, last])
        XCTAssertNil(document.parent(of: first))
        XCTAssertEqual(document.textContent(of: first), "first", "a detached node keeps its content")
        try document.appendChild(first, to: box)
        XCTAssertEqual(document.children(of: box).map { $0 }, [middle, last, first])
        try document.insert(first, before: middle)
        XCTAssertEqual(document.children(of: box).map { $0 }, [first, middle, last])
        XCTAssertEqual(document.textContent(of: box), "firstlast")
    }

    func testNodeIDsAreStableAcrossMutation() throws {
        var document = HTMLParser.parse("<p id=a>one</p><p id=b>two</p>")
        let a = document.element(withID: "a")!
        let b = document.element(withID: "b")!
        for index in 0..<100 { try document.appendChild(document.createElement("i\(index)"), to: a) }
        document.remove(a)
        XCTAssertEqual(document.attribute("id", of: b), "b")
        XCTAssertEqual(document.element(withID: "b"), b)
        XCTAssertNil(document.element(withID: "a"), "detached nodes are not found from the root")
        XCTAssertEqual(document.attribute("id", of: a), "a")
    }

    func testInvalidMutationsThrow() throws {
        var document = HTMLParser.parse("<div id=outer><div id=inner>text</div></div>")
        let outer = document.element(withID: "outer")!
        let inner = document.element(withID: "inner")!
        let text = document.firstChild(of: inner)!
        XCTAssertThrowsError(try document.appendChild(outer, to: inner)) {
            XCTAssertEqual($0 as? HTMLDocument.TreeError, .wouldCreateCycle)
        }
        XCTAssertThrowsError(try document.appendChild(outer, to: outer))
        XCTAssertThrowsError(try document.appendChild(document.createElement("b"), to: text)) {
            XCTAssertEqual($0 as? HTMLDocument.TreeError, .notAContainer)
        }
        XCTAssertThrowsError(try document.appendChild(document.root, to: outer))
        XCTAssertThrowsError(try document.insert(document.createElement("b"), before: document.createElement("i"))) {
            XCTAssertEqual($0 as? HTMLDocument.TreeError, .noParent)
        }
        XCTAssertEqual(document.textContent(of: document.root), "text", "the tree is unchanged")
    }

    func testSetText() {
        var document = HTMLParser.parse("<p id=p>Hello <b>old</b> world<!--c--></p>")
        let paragraph = document.element(withID: "p")!
        let bold = document.elements(named: "b")[0]
        document.setText("new", of: document.firstChild(of: bold)!)
        XCTAssertEqual(document.textContent(of: paragraph), "Hello new world")
        let comment = document.lastChild(of: paragraph)!
        document.setText("changed", of: comment)
        XCTAssertEqual(document.text(of: comment), "changed")
        document.setText("Replaced & <b>not markup</b>", of: paragraph)
        XCTAssertEqual(document.children(of: paragraph).map { document.kind(of: $0) }, [.text])
        XCTAssertEqual(document.textContent(of: paragraph), "Replaced & <b>not markup</b>")
        document.setText("", of: paragraph)
        XCTAssertNil(document.firstChild(of: paragraph))
    }

    func testElementsNamedAndByID() {
        let document = HTMLParser.parse("<div id=x><p>a</p><section><p id=deep>b</p></section></div><p id=x>c</p>")
        XCTAssertEqual(document.elements(named: "P").map { document.textContent(of: $0) }, ["a", "b", "c"])
        XCTAssertEqual(document.elements(named: "nothing"), [])
        XCTAssertEqual(document.name(of: document.element(withID: "x")!), "div", "the first in document order")
        XCTAssertEqual(document.textContent(of: document.element(withID: "deep")!), "b")
        XCTAssertNil(document.element(withID: "missing"))
    }

    func testCopiesAreIndependent() throws {
        let original = HTMLParser.parse("<p id=p>original</p>")
        var copy = original
        let paragraph = copy.element(withID: "p")!
        copy.setText("changed", of: paragraph)
        copy.setAttribute("class", "new", of: paragraph)
        XCTAssertEqual(original.textContent(of: paragraph), "original")
        XCTAssertNil(original.attribute("class", of: paragraph))
        XCTAssertEqual(copy.textContent(of: paragraph), "changed")
    }

    func testChildrenSequenceIsASnapshot() throws {
        var document = HTMLParser.parse("<ul><li>1<li>2</ul>")
        let list = document.elements(named: "ul")[0]
        let children = document.children(of: list)
        try document.appendChild(document.createElement("li"), to: list)
        XCTAssertEqual(Array(children).count, 2)
        XCTAssertEqual(Array(document.children(of: list)).count, 3)
    }

    func testEmptyDocument() throws {
        let document = HTMLDocument()
        XCTAssertNil(document.firstChild(of: document.root))
        XCTAssertNil(document.title)
        XCTAssertEqual(document.textContent(of: document.root), "")
        // As the standard says (libxml2 built nothing): html, head and body are implied.
        let parsed = HTMLParser.parse(Data())
        let html = try XCTUnwrap(parsed.firstChild(of: parsed.root))
        XCTAssertEqual(parsed.children(of: html).map { parsed.name(of: $0) }, ["head", "body"])
        XCTAssertNil(parsed.nextSibling(of: html))
    }
}
