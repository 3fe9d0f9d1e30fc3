import Foundation
import XCTest
@testable import ScriptRuntime
@testable import PageKit

/// XML documents (DOMParser's XML types through libxml2), WebKit's `parsererror` report and
/// the DOM Parsing standard's XML serialization; every expected string is what WebKitGTK 2.50
/// gives for the same script.
final class XMLDocumentTests: XCTestCase {
    /// The console lines of a page running `script`.
    private func logs(_ script: String) throws -> [String] {
        try load("<!DOCTYPE html><body><script>\(script)</script></body>").records
    }

    /// WebKit's report for one error line, as XMLSerializer writes it.
    private func report(_ line: String, xmlns: Bool = true) -> String {
        "<parsererror\(xmlns ? " xmlns=\"http://www.w3.org/1999/xhtml\"" : "") style=\"display: block; white-space: pre; border: 2px solid #c77; "
            + "padding: 0 1em 0 1em; margin: 1em; background-color: #fdd; color: black\"><h3>This page contains the following errors:</h3>"
            + "<div style=\"font-family:monospace;font-size:12px\">\(line)\n</div><h3>Below is a rendering of the page up to the first error.</h3></parsererror>"
    }

    private let serialize = "const S = new XMLSerializer(), p = (s, t) => new DOMParser().parseFromString(s, t || 'text/xml');"

    func testWellFormedDocumentsKeepEveryNodeKind() throws {
        XCTAssertEqual(try logs(serialize + """
        const d = p('<?xml version="1.0" encoding="ISO-8859-1"?><!--c--><?pi data?><r xmlns:x="u" b="1" x:c="2" xmlns="v"><![CDATA[x<y]]>t&amp;u<x:e/></r><!--after-->');
        console.log(S.serializeToString(d));
        const r = d.documentElement, e = r.lastChild;
        console.log(Object.prototype.toString.call(d), d.contentType, r.tagName, r.namespaceURI, r.childNodes.length, r.firstChild.nodeType);
        console.log(e.tagName, e.localName, e.prefix, e.namespaceURI, r.getAttributeNS("u", "c"), r.attributes[0].name, r.attributes[0].namespaceURI);
        console.log(d.URL === document.URL, d.readyState, d.firstChild.nodeType, d.childNodes[1].target, d.childNodes[1].data);
        """), [
            "console.log: <?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><!--c--><?pi data?><r xmlns:x=\"u\" xmlns=\"v\" b=\"1\" x:c=\"2\"><![CDATA[x<y]]>t&amp;u<x:e/></r><!--after-->",
            "console.log: [object XMLDocument] text/xml r v 3 4",
            "console.log: x:e e x u 2 xmlns:x http://www.w3.org/2000/xmlns/",
            "console.log: true complete 8 pi data",
        ])
    }

    func testInternalSubsetEntitiesAndXHTMLEntities() throws {
        XCTAssertEqual(try logs(serialize + """
        const d = p('<!DOCTYPE foo [ <!ENTITY x "y"> ]><foo>&x;</foo>');
        console.log(d.doctype.name, JSON.stringify(d.doctype.publicId), S.serializeToString(d.documentElement), S.serializeToString(d.doctype));
        const x = p('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" ""><html><p id="t">&eacute;&amp;</p></html>', 'application/xhtml+xml');
        console.log(x.getElementById('t').textContent, x.documentElement.tagName);
        console.log(p('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN"><html/>', 'application/xhtml+xml').getElementsByTagName('parsererror').length);
        console.log(p('<r>&eacute;</r>').documentElement.textContent.startsWith('This page'));
        """), [
            "console.log: foo \"\" <foo>y</foo> <!DOCTYPE foo>",
            "console.log: é& html",
            "console.log: 1",
            "console.log: true",
        ])
    }

    func testParseErrorsGiveWebKitsReport() throws {
        XCTAssertEqual(try logs(serialize + """
        console.log(S.serializeToString(p('<a>')));
        console.log(S.serializeToString(p('<a><b>')));
        console.log(S.serializeToString(p('x<a/>')));
        console.log(S.serializeToString(p('<r><a/><span x:test="t">1</span><b/></r>')));
        console.log(S.serializeToString(p('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')));
        const d = p('<foo>', 'image/svg+xml');
        console.log(d.contentType, d.documentElement.localName, d.getElementsByTagName('parsererror')[0].namespaceURI);
        """), [
            "console.log: <a>" + report("error on line 1 at column 4: Extra content at the end of the document") + "</a>",
            "console.log: <a>" + report("error on line 1 at column 7: Extra content at the end of the document") + "<b/></a>",
            "console.log: <html xmlns=\"http://www.w3.org/1999/xhtml\"><body>"
                + report("error on line 1 at column 1: Document is empty", xmlns: false) + "</body></html>",
            "console.log: <r>" + report("error on line 1 at column 24: Namespace prefix x for test on span is not defined") + "<a/></r>",
            "console.log: <html xmlns=\"http://www.w3.org/1999/xhtml\"><head><style>html, body { height: 100% } parsererror + svg { width: 100%; height: 100% }</style></head><body>"
                + report("error on line 1 at column 50: Opening and ending tag mismatch: g line 1 and svg", xmlns: false)
                + "<svg xmlns=\"http://www.w3.org/2000/svg\"><g/></svg></body></html>",
            "console.log: image/svg+xml foo http://www.w3.org/1999/xhtml",
        ])
    }

    func testNestingIsBoundedAtWebKitsDepth() throws {
        XCTAssertEqual(try logs(serialize + """
        const nested = (n) => '<a>'.repeat(n) + '</a>'.repeat(n);
        console.log(p(nested(5000)).getElementsByTagName('parsererror').length);
        const deep = p(nested(5001));
        console.log(deep.getElementsByTagName('parsererror')[0].textContent.replace(/\\n/g, '|'), deep.getElementsByTagName('a').length);
        const x = p(nested(5000)), y = p(nested(5000));
        console.log(x.isEqualNode(y), x.querySelectorAll('a').length, x.documentElement.outerHTML.length);
        """), [
            "console.log: 0",
            "console.log: This page contains the following errors:error on line 1 at column 15003: Excessive node nesting."
                + "Below is a rendering of the page up to the first error. 5001",
            "console.log: true 5000 34997",
        ])
    }

    /// The standard's results (WPT's XMLSerializer-serializeToString.html); WebKit differs in
    /// three element lines, keeping an element's own prefix (`<p:child xmlns:p="u1"/>`,
    /// `<p:root xmlns:p="uri2"/>`) and not taking an ancestor's prefix (`<table xmlns="uri1"/>`).
    func testXMLSerializationFollowsTheStandardsNamespaceSteps() throws {
        XCTAssertEqual(try logs(serialize + """
        const XMLNS = 'http://www.w3.org/2000/xmlns/';
        let root = p('<root><child1>value1</child1></root>').documentElement;
        const other = root.ownerDocument.createElementNS('urn:foo', 'another'), child1 = root.firstChild;
        root.replaceChild(other, child1); other.appendChild(child1);
        console.log(S.serializeToString(root));
        console.log(S.serializeToString(p('<root xmlns="u1"><p:child xmlns:p="u1"/></root>')));
        root = p('<root><child1/><child2/></root>').documentElement;
        root.firstChild.setAttributeNS('uri1', 'attr1', 'value1'); root.firstChild.setAttributeNS('uri2', 'attr2', 'value2');
        root.lastChild.setAttributeNS('uri3', 'attr3', 'value3');
        console.log(S.serializeToString(root));
        root = p('<r xmlns:x0="uri" xmlns:x2="uri"><b xmlns:x1="uri"/></r>').documentElement;
        root.firstChild.setAttributeNS('uri', 'name', 'v');
        console.log(S.serializeToString(root));
        const made = new Document().createElementNS('uri1', 'p:root');
        made.setAttributeNS(XMLNS, 'xmlns:p', 'uri2');
        console.log(S.serializeToString(made));
        const kept = new Document().createElement('root');
        kept.setAttributeNS('http://www.w3.org/1999/xlink', 'xl:type', 'v');
        console.log(S.serializeToString(kept));
        console.log(S.serializeToString(p('<root xmlns:x="uri1"><table xmlns="uri1"></table></root>')));
        const f = new DocumentFragment(); f.append(document.createElement('div'), document.createElement('br'));
        console.log(S.serializeToString(f));
        const e = p('<r/>').documentElement;
        e.setAttribute('a', '\\t\\n\\r<>&"\\''); e.append('<>&"', e.ownerDocument.createProcessingInstruction('t', ''), e.ownerDocument.createComment('a--b'));
        console.log(S.serializeToString(e), e.innerHTML === S.serializeToString(e).slice(e.outerHTML.indexOf('>') + 1, -4));
        console.log(S.serializeToString(document.implementation.createDocumentType('html', '', 'sys')));
        """), [
            "console.log: <root><another xmlns=\"urn:foo\"><child1 xmlns=\"\">value1</child1></another></root>",
            "console.log: <root xmlns=\"u1\"><child xmlns:p=\"u1\"/></root>",
            "console.log: <root><child1 xmlns:ns1=\"uri1\" ns1:attr1=\"value1\" xmlns:ns2=\"uri2\" ns2:attr2=\"value2\"/><child2 xmlns:ns3=\"uri3\" ns3:attr3=\"value3\"/></root>",
            "console.log: <r xmlns:x0=\"uri\" xmlns:x2=\"uri\"><b xmlns:x1=\"uri\" x1:name=\"v\"/></r>",
            "console.log: <ns1:root xmlns:ns1=\"uri1\" xmlns:p=\"uri2\"/>",
            "console.log: <root xmlns:xl=\"http://www.w3.org/1999/xlink\" xl:type=\"v\"/>",
            "console.log: <root xmlns:x=\"uri1\"><x:table xmlns=\"uri1\"/></root>",
            "console.log: <div xmlns=\"http://www.w3.org/1999/xhtml\"></div><br xmlns=\"http://www.w3.org/1999/xhtml\" />",
            "console.log: <r a=\"&#9;&#10;&#13;&lt;&gt;&amp;&quot;'\">&lt;&gt;&amp;\"<?t ?><!--a--b--></r> true",
            "console.log: <!DOCTYPE html SYSTEM \"sys\">",
        ])
    }

    func testTagNamesAndTagLookupsInXMLDocuments() throws {
        XCTAssertEqual(try logs(serialize + """
        const x = p('<html xmlns="http://www.w3.org/1999/xhtml"><body><P>x</P><p>y</p><s:q xmlns:s="u"/></body></html>', 'application/xhtml+xml');
        console.log(x.documentElement.tagName, x.getElementsByTagName('p').length, x.getElementsByTagName('P').length,
                    x.getElementsByTagName('s:q').length, x.getElementsByTagName('q').length, x.body.localName);
        const div = document.createElement('div');
        console.log(div.tagName, x.importNode(div).tagName, p('<R/>').documentElement.tagName);
        console.log(document.getElementsByTagName('BODY').length, document.createElementNS('http://www.w3.org/2000/svg', 'foreignObject').tagName);
        """), [
            "console.log: html 1 1 1 0 body",
            "console.log: DIV div R",
            "console.log: 1 foreignObject",
        ])
    }

    /// Markup setters in XML documents parse XML fragments in the context's default namespace;
    /// markup that is not well-formed throws and changes nothing.
    func testMarkupSettersParseXMLFragments() throws {
        XCTAssertEqual(try logs(serialize + """
        const r = p('<r xmlns="u"><a/></r>').documentElement;
        r.innerHTML = '<b>t</b><c/>';
        console.log(S.serializeToString(r) + " " + r.firstChild.namespaceURI);
        try { r.innerHTML = '<b>'; } catch (e) { console.log(e.name + " " + e.message + " " + r.childNodes.length); }
        r.firstChild.outerHTML = '<n>1</n>';
        console.log(r.innerHTML);
        r.firstChild.insertAdjacentHTML('afterend', '<m/>');
        console.log(r.innerHTML);
        const h = p('<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>', 'application/xhtml+xml');
        h.body.innerHTML = '<p>x</p>';
        console.log(h.body.firstChild.namespaceURI + " " + h.body.innerHTML);
        """), [
            "console.log: <r xmlns=\"u\"><b>t</b><c/></r> u",
            "console.log: SyntaxError The string did not match the expected pattern. 2",
            "console.log: <n xmlns=\"u\">1</n><c xmlns=\"u\"/>",
            "console.log: <n xmlns=\"u\">1</n><m xmlns=\"u\"/><c xmlns=\"u\"/>",
            "console.log: http://www.w3.org/1999/xhtml <p xmlns=\"http://www.w3.org/1999/xhtml\">x</p>",
        ])
    }

    /// XHR's document response: XML types parse as XML documents (the same object each time),
    /// none when not well-formed, none for HTML unless responseType is "document" (WebKitGTK's
    /// results for the same files with `application/xml` and `text/html`).
    func testXMLHttpRequestResponseXML() throws {
        let engine = try makeEngine()
        let files = ["data.xml": "<r xmlns=\"u\"><a>1</a></r>", "bad.xml": "<r><a></r>", "page.html": "<p>x</p>"]
        let reader: ScriptResourceReader = { request in
            let name = String(request.url.dropFirst(TestSite.base.count))
            guard let text = files[name] else { return .failure(ScriptResourceError("No such file")) }
            let type = name.hasSuffix(".xml") ? "application/xml" : "text/html"
            return .success(ScriptResourceResponse(url: request.url, headers: [("Content-Type", type)], body: Data(text.utf8)))
        }
        let html = """
        <!DOCTYPE html><script>
        function get(u, t) { const x = new XMLHttpRequest(); x.open("GET", u, false); if (t) x.responseType = t; x.send(); return x; }
        const x = get("data.xml"), d = x.responseXML;
        console.log(d.documentElement.namespaceURI, d.contentType, x.responseXML === d, new XMLSerializer().serializeToString(d));
        console.log(get("bad.xml").responseXML, get("page.html").responseXML, get("page.html", "document").response.body.innerHTML);
        </script>
        """
        let page = engine.loadPage(.text(html), url: TestSite.base + "index.html", resources: reader)
        addTeardownBlock { page.close() }
        XCTAssertEqual(describe(engine.runUntilIdle()), [
            "console.log: u application/xml true <r xmlns=\"u\"><a>1</a></r>",
            "console.log: null null <p>x</p>",
        ])
    }

    /// DOMParser's HTML documents are parsed with scripting disabled: `noscript` holds elements.
    func testDOMParserParsesHTMLWithScriptingDisabled() throws {
        XCTAssertEqual(try logs("""
        const d = new DOMParser().parseFromString("<body><noscript><p>a</p></noscript>", "text/html");
        console.log(d.body.innerHTML, d.querySelector("noscript").firstChild.nodeName, d.URL === document.URL);
        """), ["console.log: <noscript><p>a</p></noscript> P true"])
    }

    /// An XHTML page (PageResponse.xmlContentType) is an XML document whose scripts run,
    /// CDATA and all; what WebKitGTK gives for the same file.
    func testXHTMLPagesLoadAsXMLDocuments() throws {
        let engine = try makeEngine()
        let source = """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head><body><p id="p">a<![CDATA[<b>]]></p><script><![CDATA[
        document.title = [document.contentType, document.documentElement.tagName, document.createElement("I").nodeName, document.getElementById("p").textContent, document.body.childNodes.length].join(" ");
        ]]></script></body></html>
        """
        let page = engine.loadPage(.text(source), url: TestSite.base + "page.xhtml", resources: TestSite(files: [:]).reader,
                                   response: PageResponse(xmlContentType: "application/xhtml+xml"))
        addTeardownBlock { page.close() }
        XCTAssertEqual(describe(engine.runUntilIdle()), [])
        guard case .value(.string(let title)) = page.evaluate("document.title") else { return XCTFail("no title") }
        XCTAssertEqual(title, "application/xhtml+xml html I a<b> 2")
        guard case .value(.string(let markup)) = page.evaluate("""
        (function(){var a=document.createElementNS("u","x:a"),b=document.createElementNS("v","x:a"),c=document.createElementNS("u","y:a");
        var e=document.createElement("foo"),f=document.createElement("foo");e.setAttributeNS("ns","x:a","bar");f.setAttributeNS("ns","y:a","bar");
        return a.isEqualNode(b)+" "+a.isEqualNode(c)+" "+e.isEqualNode(f)+"|"+new XMLSerializer().serializeToString(document)})()
        """) else { return XCTFail("no markup") }
        XCTAssertEqual(markup, "false false true|<?xml version=\"1.0\" encoding=\"UTF-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><head>"
            + "<title>application/xhtml+xml html I a&lt;b&gt; 2</title></head><body><p id=\"p\">a<![CDATA[<b>]]></p><script><![CDATA[\n"
            + "document.title = [document.contentType, document.documentElement.tagName, document.createElement(\"I\").nodeName, "
            + "document.getElementById(\"p\").textContent, document.body.childNodes.length].join(\" \");\n]]></script></body></html>")
    }

    /// In an XHTML page, selectors and tag lookups name HTML elements and attributes as written:
    /// `[TiTlE]` and `P` find nothing, `[title]` and `p` find (Selectors §6.1, DOM §4.4: only
    /// HTML documents fold).
    func testSelectorsInAnXHTMLPageMatchNamesAsWritten() throws {
        let engine = try makeEngine()
        let source = """
        <html xmlns="http://www.w3.org/1999/xhtml"><body><p id="p" title="t">a</p><script>
        var out = [document.querySelectorAll("[TiTlE]").length, document.querySelectorAll("[title]").length,
          document.querySelectorAll("P").length, document.querySelectorAll("p").length, document.getElementById("p").matches("BODY > p")].join(" ");
        var h = "http://www.w3.org/1999/xhtml";
        for (const name of ["I", "AÇ", "test:aÇ"]) document.body.appendChild(document.createElementNS(h, name));
        var tags = ["I", "i", "AÇ", "aÇ", "TEST:AÇ", "test:aÇ"].map((name) => document.getElementsByTagName(name).length).join(" ");
        </script></body></html>
        """
        let page = engine.loadPage(.text(source), url: TestSite.base + "page.xhtml", resources: TestSite(files: [:]).reader,
                                   response: PageResponse(xmlContentType: "application/xhtml+xml"))
        addTeardownBlock { page.close() }
        XCTAssertEqual(describe(engine.runUntilIdle()), [])
        XCTAssertEqual(page.evaluate("out"), .value(.string("0 1 0 1 false")))
        // getElementsByTagName does not lowercase either (WebKitGTK 2.50: 1 0 1 0 0 1).
        XCTAssertEqual(page.evaluate("tags"), .value(.string("1 0 1 0 0 1")))
    }

    /// DOMParser's and XMLSerializer's WebIDL shape as WebKit gives it: class strings,
    /// enumerable operations, brand checks with WebKit's message.
    func testParsingInterfacesHaveWebIDLsShape() throws {
        XCTAssertEqual(try logs("""
        const d = Object.getOwnPropertyDescriptor(XMLSerializer.prototype, "serializeToString");
        console.log(Object.prototype.toString.call(new XMLSerializer()), Object.prototype.toString.call(new DOMParser()), d.enumerable, d.writable, d.configurable);
        try { XMLSerializer.prototype.serializeToString.call(null, document); } catch (e) { console.log(e.constructor.name + ": " + e.message); }
        try { DOMParser.prototype.parseFromString.call({}, "", "text/html"); } catch (e) { console.log(e.constructor.name + ": " + e.message); }
        """), [
            "console.log: [object XMLSerializer] [object DOMParser] true true true",
            "console.log: TypeError: Can only call XMLSerializer.serializeToString on instances of XMLSerializer",
            "console.log: TypeError: Can only call DOMParser.parseFromString on instances of DOMParser",
        ])
    }

    /// `contains` has one required argument (WPT's Node-contains-xml.xml, now run): WebKit's TypeError.
    func testNodeContainsNeedsItsArgument() throws {
        XCTAssertEqual(try logs("""
        try { document.contains(); } catch (e) { console.log(e.constructor.name + ": " + e.message); }
        console.log(document.contains(null), document.contains(document.body));
        """), ["console.log: TypeError: Not enough arguments", "console.log: false true"])
    }

    /// `characterSet` is the encoding the page's bytes were decoded from; the documents a script
    /// makes (DOMParser, createHTMLDocument) are UTF-8 whatever they declare (WPT
    /// DOMParser-parseFromString-encoding).
    func testCharacterSetIsThePagesDecodedEncoding() throws {
        let engine = try makeEngine()
        let html = "<meta charset=\"windows-1252\"><p>caf\u{E9}</p>"
        let bytes = Data(html.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        let page = engine.loadPage(.bytes(bytes), url: TestSite.base + "index.html", resources: TestSite(files: [:]).reader)
        addTeardownBlock { page.close() }
        _ = engine.runUntilIdle()
        XCTAssertEqual(page.evaluate("""
            [document.characterSet, document.charset, document.inputEncoding, document.querySelector('p').textContent,
             new DOMParser().parseFromString('<meta charset=latin2>', 'text/html').characterSet,
             new DOMParser().parseFromString('<?xml version="1.0" encoding="latin2"?><x/>', 'text/xml').characterSet,
             document.implementation.createHTMLDocument('').characterSet].join(' ')
            """), .value(.string("windows-1252 windows-1252 windows-1252 caf\u{E9} UTF-8 UTF-8 UTF-8")))
    }

    /// An XHTML page's iframes load (the page's `load` waits for them), and a frame whose
    /// response is XML is an XML document, internal subset and all (WPT Node-isEqualNode-xhtml).
    func testXHTMLPagesLoadTheirFramesAndXMLFramesAreXMLDocuments() throws {
        let engine = try makeEngine { $0.allowFileAccessFromFileURLs = true }  // the frame is then same-origin
        let source = """
        <html xmlns="http://www.w3.org/1999/xhtml"><body><script>var log = [];</script>
        <iframe id="f" onload="log.push('frame ' + this.contentDocument.contentType + ' ' + this.contentDocument.doctype.name)" src="one.xml" />
        <script>window.onload = function () { log.push('page load'); };</script></body></html>
        """
        let site = TestSite(files: ["one.xml": "<!DOCTYPE foo [ <!ELEMENT foo (#PCDATA)> ]><foo/>"])
        let reader: ScriptResourceReader = { request in
            site.reader(request).map { response in
                var typed = response
                if request.url.hasSuffix(".xml") { typed.headers = [("Content-Type", "application/xml")] }
                return typed
            }
        }
        let page = engine.loadPage(.text(source), url: TestSite.base + "page.xhtml", resources: reader,
                                   response: PageResponse(xmlContentType: "application/xhtml+xml"))
        addTeardownBlock { page.close() }
        XCTAssertEqual(describe(engine.runUntilIdle()), [])
        XCTAssertEqual(page.evaluate("log.join(' | ') + ' | ' + document.getElementById('f').contentDocument.documentElement.localName"),
                       .value(.string("frame application/xml foo | page load | foo")))
    }

    /// XSLTProcessor over libxslt: parameters, an HTML output as a fragment and as a document,
    /// and `document()` of a local file reading nothing; the values WebKitGTK 2.50 prints.
    func testXSLTProcessorTransformsAsWebKitAndReadsNoFile() throws {
        let (page, records, _) = try load("""
        <!doctype html><body><script>
        const xsl = new DOMParser().parseFromString(`<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
        <xsl:param name="who" select="'nobody'"/>
        <xsl:output method="html"/>
        <xsl:template match="/"><ul><xsl:for-each select="items/item"><li><xsl:value-of select="."/> for <xsl:value-of select="$who"/></li></xsl:for-each></ul></xsl:template>
        </xsl:stylesheet>`, 'application/xml');
        const xml = new DOMParser().parseFromString('<items><item>a</item><item>b &amp; c</item></items>', 'application/xml');
        const p = new XSLTProcessor();
        p.importStylesheet(xsl);
        p.setParameter(null, 'who', "O'Neil");
        const frag = p.transformToFragment(xml, document);
        document.body.appendChild(frag);
        const doc = p.transformToDocument(xml);
        const leak = new XSLTProcessor();
        leak.importStylesheet(new DOMParser().parseFromString(`<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><r><xsl:copy-of select="document('file:///etc/passwd')"/></r></xsl:template></xsl:stylesheet>`, 'application/xml'));
        const leaked = leak.transformToDocument(xml);
        var out = [String(p), p.getParameter(null, 'who'), document.body.lastChild.outerHTML, String(doc), doc.documentElement ? doc.documentElement.outerHTML : 'none',
          leaked === null ? 'null' : new XMLSerializer().serializeToString(leaked), typeof XSLTProcessor.prototype.transformToFragment].join(' | ');
        </script>
        """)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("out"), .value(.string("[object XSLTProcessor] | O'Neil | <ul>\n<li>a for O'Neil</li>\n"
            + "<li>b &amp; c for O'Neil</li>\n</ul> | [object HTMLDocument] | <html><head></head><body><ul>\n<li>a for O'Neil</li>\n"
            + "<li>b &amp; c for O'Neil</li>\n</ul></body></html> | <r/> | function")))
    }

    /// An XPath literal carries any parameter value, both quotes included.
    func testXSLTParameterLiterals() {
        XCTAssertEqual(XSLTTransformer.literal("plain"), "'plain'")
        XCTAssertEqual(XSLTTransformer.literal("O'Neil"), "\"O'Neil\"")
        XCTAssertEqual(XSLTTransformer.literal("a'b\"c"), "concat('a', \"'\", 'b\"c')")
        guard case .success(let output) = XSLTTransformer.transform(
            source: "<x/>", stylesheet: """
            <xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:param name="p"/>\
            <xsl:template match="/"><r><xsl:value-of select="$p"/></r></xsl:template></xsl:stylesheet>
            """, parameters: [("p", "a'b\"c")]) else { return XCTFail("no output") }
        XCTAssertEqual(output, XSLTTransformer.Output(text: "<r>a'b\"c</r>", isHTML: false))
        XCTAssertEqual(XSLTTransformer.transform(source: "<x/>", stylesheet: "<notxsl/>"), .failure(.notAStylesheet))
        XCTAssertEqual(XSLTTransformer.transform(source: "<x", stylesheet: "<notxsl/>"), .failure(.notAStylesheet))
        XCTAssertEqual(XSLTTransformer.transform(source: "<x", stylesheet: "<xsl:stylesheet version='1.0' xmlns:xsl='http://www.w3.org/1999/XSL/Transform'/>"),
                       .failure(.sourceNotWellFormed))
    }
}
