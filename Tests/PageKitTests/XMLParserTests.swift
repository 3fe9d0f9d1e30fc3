import XCTest
@testable import PageKit

/// PageKit's XML parser and serializer on their own, without a script engine.
final class XMLParserTests: XCTestCase {
    private func parse(_ text: String) -> (document: HTMLDocument, container: NodeID, outcome: XMLParser.Outcome) {
        var document = HTMLDocument()
        let container = document.createDocumentFragment()
        let outcome = XMLParser.parse(text, into: &document, under: container)
        return (document, container, outcome)
    }

    func testTreeAndDeclarationOfAWellFormedDocument() throws {
        let (document, container, outcome) = parse("<?xml version=\"1.0\" encoding='ISO-8859-1' standalone=\"yes\"?>\n<x:r xmlns:x=\"u\" a=\"1\">t<![CDATA[c]]><?p d?></x:r>")
        XCTAssertNil(outcome.errorMessages)
        XCTAssertEqual(outcome.declaration, XMLParser.Declaration(version: "1.0", encoding: "ISO-8859-1", standalone: true))
        let root: NodeID = try XCTUnwrap(document.firstChild(of: container))
        XCTAssertEqual([document.name(of: root), document.prefix(of: root), document.namespaceURI(of: root)] as [String?], ["r", "x", "u"])
        XCTAssertEqual(document.namespacedAttributes(of: root).map { "\($0.name)|\($0.namespace ?? "-")|\($0.value)" },
                       ["xmlns:x|http://www.w3.org/2000/xmlns/|u", "a|-|1"])
        XCTAssertEqual(document.children(of: root).map { document.kind(of: $0) }, [.text, .cdataSection, .processingInstruction])
        XCTAssertEqual(try document.serializeXML(container, declaration: outcome.declaration),
                       "<?xml version=\"1.0\" encoding=\"ISO-8859-1\" standalone=\"yes\"?><x:r xmlns:x=\"u\" a=\"1\">t<![CDATA[c]]><?p d?></x:r>")
    }

    /// libxml2 is never let read a file: an external entity stands for nothing, without an
    /// error, as WebKitGTK gives it for a page's DOMParser (`<!DOCTYPE r><r/>`).
    func testExternalEntitiesAreNeverLoaded() throws {
        let (document, container, outcome) = parse("<!DOCTYPE r [ <!ENTITY e SYSTEM \"file:///etc/passwd\"> ]><r>&e;</r>")
        XCTAssertNil(outcome.errorMessages)
        XCTAssertEqual(try document.serializeXML(container), "<!DOCTYPE r><r/>")
    }

    /// The require well-formed flag (DOM Parsing §3.2): what WebKit's markup getters never check.
    func testRequireWellFormedRefusesWhatDoesNotRoundTrip() throws {
        var document = HTMLDocument()
        let element = document.createElement(localName: "r", namespaceURI: nil, prefix: nil)
        try document.appendChild(document.createComment("a--b"), to: element)
        XCTAssertEqual(try document.serializeXML(element), "<r><!--a--b--></r>")
        XCTAssertThrowsError(try document.serializeXML(element, requireWellFormed: true))
        let other = document.createElement(localName: "r", namespaceURI: nil, prefix: nil)
        try document.appendChild(document.createText("\u{1}"), to: other)
        XCTAssertThrowsError(try document.serializeXML(other, requireWellFormed: true))
        try document.appendChild(document.createProcessingInstruction(target: "xml", data: ""), to: element)
        XCTAssertEqual(try document.serializeXML(other, requireWellFormed: false), "<r>\u{1}</r>")
    }

    /// Thousands of attributes stay linear: each is appended without a search, repeats
    /// (refused by libxml2, at the column WebKitGTK reports) aside.
    func testManyAttributesParseInLinearTime() throws {
        let count = 20_000
        let markup = "<a" + (0..<count).map { " a\($0)=\"\($0)\"" }.joined() + " xmlns:p=\"u\" p:z=\"1\"/>"
        let clock = ContinuousClock()
        let started = clock.now
        let (document, container, outcome) = parse(markup)
        XCTAssertLessThan(clock.now - started, .seconds(5))
        XCTAssertNil(outcome.errorMessages)
        let element: NodeID = try XCTUnwrap(document.firstChild(of: container))
        let attributes = document.namespacedAttributes(of: element)
        XCTAssertEqual(attributes.count, count + 2)
        XCTAssertEqual(attributes.first.map { "\($0.name)=\($0.value)" }, "xmlns:p=u")
        XCTAssertEqual(attributes.last.map { "\($0.name)|\($0.namespace ?? "-")" }, "p:z|u")
        XCTAssertEqual(parse("<a b=\"1\" b=\"2\"/>").outcome.errorMessages, "error on line 1 at column 15: Attribute b redefined\n")
    }
}
