import XCTest
@testable import ScriptRuntime

/// The core DOM's node types and namespaces (issue 22): DOCTYPEs, processing instructions,
/// CDATA sections, quirks modes, SVG and MathML elements, namespaced attributes.
final class CoreDOMTests: XCTestCase {
    private func logs(_ html: String) throws -> [String] {
        try load(html).1
    }

    func testParserKeepsTheDoctypeAsTheDocumentsFirstChild() throws {
        let records = try logs("""
        <!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd"><html><body><script>
        const d = document.doctype;
        console.log(d === document.firstChild, d.nodeType, d.nodeName, d.name, d.publicId, d.systemId, d.textContent, d.nodeValue);
        console.log(document.childNodes.length, Object.prototype.toString.call(d), d instanceof DocumentType, d.ownerDocument === document);
        console.log(document.compatMode, d.nextSibling === document.documentElement, document.documentElement.outerHTML.length > 0);
        </script></body></html>
        """)
        XCTAssertEqual(records, [
            "console.log: true 10 html html -//W3C//DTD HTML 4.01//EN http://www.w3.org/TR/html4/strict.dtd null null",
            "console.log: 2 [object DocumentType] true true",
            "console.log: CSS1Compat true true",
        ])
    }

    func testCompatModeFollowsTheTreeBuildersQuirksMode() throws {
        XCTAssertEqual(try logs("<p><script>console.log(document.compatMode, document.doctype)</script>"),
                       ["console.log: BackCompat null"])
        XCTAssertEqual(try logs("""
        <!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">\
        <script>console.log(document.compatMode)</script>
        """), ["console.log: CSS1Compat"])
        XCTAssertEqual(try logs("""
        <!DOCTYPE html><script>
        const parser = new DOMParser();
        console.log(parser.parseFromString("<p>x", "text/html").compatMode,
                    parser.parseFromString("<!DOCTYPE html><p>x", "text/html").compatMode,
                    parser.parseFromString("<!DOCTYPE html><p>x", "text/html").doctype.name)
        </script>
        """), ["console.log: BackCompat CSS1Compat html"])
    }

    func testCreateDocumentTypeValidatesAndSerialises() throws {
        let records = try logs("""
        <!DOCTYPE html><body><script>
        const t = document.implementation.createDocumentType("svg:svg", "pub", "sys");
        console.log(t.name, t.publicId, t.systemId, t.parentNode, t.ownerDocument === document);
        for (const bad of ["", "1x", "a:", ":a", "a:b:c", "a b"]) {
            try { document.implementation.createDocumentType(bad, "", ""); console.log("no error", bad); }
            catch (e) { console.log(e.name, e.code); }
        }
        try { document.implementation.createDocumentType("x"); } catch (e) { console.log(e.constructor.name, e.message); }
        try { document.body.appendChild(t); } catch (e) { console.log(e.name); }
        try { document.insertBefore(document.implementation.createDocumentType("x", "", ""), document.doctype); } catch (e) { console.log(e.name); }
        document.doctype.remove();
        try { document.appendChild(t); } catch (e) { console.log(e.name); }
        document.insertBefore(t, document.documentElement);
        try { document.createDocumentFragment().appendChild(t.cloneNode()); } catch (e) { console.log(e.name); }
        const other = document.implementation.createDocumentType("svg:svg", "pub", "sys");
        console.log(document.doctype === t, other.isEqualNode(t), t.cloneNode().isEqualNode(t), other.isEqualNode(document.implementation.createDocumentType("svg:svg", "pub", "")));
        const doc = new DOMParser().parseFromString("<!DOCTYPE html><p>x", "text/html");
        console.log(new XMLSerializer().serializeToString(doc).slice(0, 15));
        </script></body>
        """)
        XCTAssertEqual(records, [
            "console.log: svg:svg pub sys null true",
            "console.log: InvalidCharacterError 5", "console.log: InvalidCharacterError 5",
            "console.log: InvalidCharacterError 5", "console.log: InvalidCharacterError 5",
            "console.log: InvalidCharacterError 5", "console.log: InvalidCharacterError 5",
            "console.log: TypeError Not enough arguments",
            "console.log: HierarchyRequestError",
            "console.log: HierarchyRequestError",
            "console.log: HierarchyRequestError",
            "console.log: HierarchyRequestError",
            "console.log: true true true false",
            "console.log: <!DOCTYPE html>",
        ])
    }

    func testProcessingInstructionsAndCDATASections() throws {
        let records = try logs("""
        <!DOCTYPE html><body><script>
        const pi = document.createProcessingInstruction("xml-stylesheet", "href='a.css'");
        console.log(pi.nodeType, pi.nodeName, pi.target, pi.data, pi instanceof CharacterData, Object.prototype.toString.call(pi));
        document.body.appendChild(pi);
        console.log(document.body.innerHTML);
        for (const [target, data] of [["1x", ""], ["x", "a?>b"], ["a b", ""]]) {
            try { document.createProcessingInstruction(target, data); console.log("no error"); } catch (e) { console.log(e.name); }
        }
        try { document.createCDATASection("x"); } catch (e) { console.log(e.name, e.message); }
        const xml = document.implementation.createDocument(null, "root", null);
        const cdata = xml.createCDATASection("a<b");
        console.log(cdata.nodeType, cdata.nodeName, cdata.data, cdata instanceof Text, Object.prototype.toString.call(cdata));
        xml.documentElement.appendChild(cdata);
        xml.documentElement.appendChild(xml.createTextNode("c"));
        console.log(xml.documentElement.textContent);
        try { xml.createCDATASection("]]>"); } catch (e) { console.log(e.name); }
        </script></body>
        """)
        XCTAssertEqual(records.first, "console.log: 7 xml-stylesheet xml-stylesheet href='a.css' true [object ProcessingInstruction]")
        XCTAssertTrue(records[1].hasSuffix("</script><?xml-stylesheet href='a.css'>"), records[1])
        XCTAssertEqual(Array(records.dropFirst(2)), [
            "console.log: InvalidCharacterError", "console.log: InvalidCharacterError", "console.log: InvalidCharacterError",
            "console.log: NotSupportedError The operation is not supported.",
            "console.log: 4 #cdata-section a<b true [object CDATASection]",
            "console.log: a<bc",
            "console.log: InvalidCharacterError",
        ])
    }
}
