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

    func testParsedSVGAndMathMLElementsAreInTheirNamespaces() throws {
        let records = try logs("""
        <!DOCTYPE html><body><svg viewBox="0 0 1 1"><foreignObject><p>x</p></foreignObject><a xlink:href="#t" xml:lang="en"></a><circle/></svg>\
        <math><mi definitionURL="u">x</mi></math><script>
        const svg = document.querySelector("svg"), circle = document.querySelector("circle");
        console.log(svg.namespaceURI, svg.localName, svg.tagName, svg.nodeName, svg.prefix, Object.prototype.toString.call(svg));
        console.log(svg instanceof SVGSVGElement, svg instanceof SVGGraphicsElement, svg instanceof SVGElement, svg instanceof HTMLElement);
        console.log(circle instanceof SVGCircleElement, circle instanceof SVGGeometryElement, svg.getAttribute("viewBox"), svg.getAttribute("viewbox"));
        const fo = svg.firstChild;
        console.log(fo.tagName, fo.localName, fo.firstChild.namespaceURI, fo.firstChild.tagName);
        const a = fo.nextSibling, href = a.attributes[0];
        console.log(a.getAttributeNS("http://www.w3.org/1999/xlink", "href"), a.getAttribute("xlink:href"), a.getAttribute("href"), a.hasAttributeNS(null, "href"));
        console.log(href.name, href.namespaceURI, href.prefix, href.localName, a.attributes[1].namespaceURI, a.getAttributeNS("http://www.w3.org/XML/1998/namespace", "lang"));
        const mi = document.querySelector("mi");
        console.log(mi.namespaceURI, mi.tagName, mi.getAttribute("definitionURL"), Object.prototype.toString.call(mi), mi.parentNode.constructor.name);
        console.log(svg.cloneNode(true).firstChild.namespaceURI, svg.cloneNode(true).querySelector("a").getAttributeNS("http://www.w3.org/1999/xlink", "href"));
        </script></body>
        """)
        XCTAssertEqual(records, [
            "console.log: http://www.w3.org/2000/svg svg svg svg null [object SVGSVGElement]",
            "console.log: true true true false",
            "console.log: true true 0 0 1 1 null",
            "console.log: foreignObject foreignObject http://www.w3.org/1999/xhtml P",
            "console.log: #t #t null false",
            "console.log: xlink:href http://www.w3.org/1999/xlink xlink href http://www.w3.org/XML/1998/namespace en",
            "console.log: http://www.w3.org/1998/Math/MathML mi u [object MathMLElement] MathMLElement",
            "console.log: http://www.w3.org/2000/svg #t",
        ])
    }

    func testCreateElementNSValidatesAndExtracts() throws {
        let records = try logs("""
        <!DOCTYPE html><body><script>
        const e = document.createElementNS("http://www.w3.org/2000/svg", "svg:rect");
        console.log(e.namespaceURI, e.prefix, e.localName, e.tagName, e instanceof SVGRectElement);
        const h = document.createElementNS("http://www.w3.org/1999/xhtml", "html:DIV");
        console.log(h.localName, h.tagName, h.prefix, h instanceof HTMLElement);
        const n = document.createElementNS(null, "Foo");
        console.log(n.namespaceURI, n.tagName, n.constructor.name, document.createElementNS("", "x").namespaceURI);
        const x = document.createElementNS("urn:x", "p:q");
        console.log(x.namespaceURI, x.prefix, x.tagName, x.outerHTML);
        for (const [ns, name] of [[null, "a:b"], ["urn:x", "xml:a"], ["urn:x", "xmlns"], ["http://www.w3.org/2000/xmlns/", "a"],
            ["urn:x", "1a"], ["urn:x", "a:b:c"], ["urn:x", ":a"]]) {
            try { document.createElementNS(ns, name); console.log("no error", name); } catch (err) { console.log(err.name); }
        }
        console.log(document.createElementNS("http://www.w3.org/2000/xmlns/", "xmlns").localName,
                    document.createElementNS("http://www.w3.org/XML/1998/namespace", "xml:a").prefix);
        try { document.createElement("1a"); } catch (err) { console.log(err.name); }
        </script></body>
        """)
        XCTAssertEqual(records, [
            "console.log: http://www.w3.org/2000/svg svg rect svg:rect true",
            "console.log: DIV HTML:DIV html true",
            "console.log: null Foo Element null",
            "console.log: urn:x p p:q <p:q></p:q>",
            "console.log: NamespaceError", "console.log: NamespaceError", "console.log: NamespaceError", "console.log: NamespaceError",
            "console.log: InvalidCharacterError", "console.log: InvalidCharacterError", "console.log: InvalidCharacterError",
            "console.log: xmlns xml",
            "console.log: InvalidCharacterError",
        ])
    }

    func testNamespacedAttributeMethodsAndLookups() throws {
        let records = try logs("""
        <!DOCTYPE html><body><script>
        const e = document.createElementNS("urn:x", "p:e");
        e.setAttributeNS("urn:a", "a:one", "1");
        e.setAttributeNS("urn:b", "b:one", "2");
        e.setAttributeNS("urn:a", "other:one", "3");
        e.setAttribute("one", "4");
        console.log(e.attributes.length, e.getAttributeNS("urn:a", "one"), e.getAttributeNS("urn:b", "one"), e.getAttribute("a:one"),
                    e.getAttributeNS(null, "one"), e.getAttributeNS("", "one"), e.getAttributeNames().join());
        e.removeAttributeNS("urn:a", "one");
        console.log(e.getAttributeNames().join(), e.hasAttributeNS("urn:a", "one"), e.hasAttributeNS("urn:b", "one"));
        try { e.setAttributeNS(null, "x:y", ""); } catch (err) { console.log(err.name); }
        try { e.setAttributeNS("urn:a", "xmlns", ""); } catch (err) { console.log(err.name); }
        e.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:q", "urn:q");
        e.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns", "urn:default");
        const child = document.createElement("span");
        e.appendChild(child);
        console.log(e.lookupNamespaceURI("p"), e.lookupNamespaceURI("q"), child.lookupNamespaceURI("q"), e.lookupNamespaceURI("xml"),
                    e.lookupNamespaceURI(null), child.lookupNamespaceURI(null), e.lookupPrefix("urn:x"), e.lookupPrefix("urn:q"));
        console.log(child.isDefaultNamespace("http://www.w3.org/1999/xhtml"), e.isDefaultNamespace("urn:default"),
                    document.lookupNamespaceURI(null), document.createDocumentFragment().lookupNamespaceURI(null),
                    document.doctype.lookupPrefix("urn:x"), document.createTextNode("t").lookupNamespaceURI("xml"));
        try { e.getAttributeNS("urn:a"); } catch (err) { console.log(err.message); }
        </script></body>
        """)
        XCTAssertEqual(records, [
            "console.log: 3 3 2 3 4 4 a:one,b:one,one",
            "console.log: b:one,one false true",
            "console.log: NamespaceError",
            "console.log: NamespaceError",
            "console.log: urn:x urn:q urn:q http://www.w3.org/XML/1998/namespace urn:default http://www.w3.org/1999/xhtml p q",
            "console.log: true true http://www.w3.org/1999/xhtml null null null",
            "console.log: Not enough arguments",
        ])
    }

    func testWindowIsAWindowWithReplaceableEvent() throws {
        let records = try logs("""
        <!DOCTYPE html><body><script>
        const chain = [];
        for (let o = Object.getPrototypeOf(window); o !== null; o = Object.getPrototypeOf(o)) chain.push(Object.prototype.toString.call(o));
        console.log(Object.prototype.toString.call(window), String(window), window instanceof Window, window instanceof EventTarget, chain.join());
        console.log(Object.getPrototypeOf(window) === Window.prototype, window.constructor === Window, typeof addEventListener,
                    Object.prototype.hasOwnProperty.call(window, "addEventListener"));
        let heard = 0;
        addEventListener("ping", () => { heard++; console.log("during", window.event.type); });
        window.dispatchEvent(new Event("ping"));
        console.log(heard, window.event);
        window.event = 5;
        console.log(window.event, JSON.stringify(Object.getOwnPropertyDescriptor(window, "event")));
        for (const name of ["Node", "Document", "HTMLDocument", "Text", "NodeList", "DOMTokenList", "Event", "Attr", "Location"]) {
            const tag = Object.prototype.toString.call(window[name].prototype);
            if (tag !== "[object " + name + "]") console.log(name, tag);
        }
        </script></body>
        """)
        XCTAssertEqual(records, [
            "console.log: [object Window] [object Window] true true [object Window],[object WindowProperties],[object EventTarget],[object Object]",
            "console.log: true true function false",
            "console.log: during ping",
            "console.log: 1 undefined",
            "console.log: 5 {\"value\":5,\"writable\":true,\"enumerable\":true,\"configurable\":true}",
        ])
    }

    func testCollectionsOwnTheirIndicesAndTagNameNSQueries() throws {
        let records = try logs("""
        <!DOCTYPE html><body class="a"><p class="a"></p><svg><rect/><p/></svg><script>// a <p> leaves foreign content: two HTML p elements
        const list = document.getElementsByClassName("a");
        console.log(list.length, list.hasOwnProperty(0), list.hasOwnProperty("1"), list.hasOwnProperty(2), Object.keys(list).join());
        console.log(document.getElementsByTagNameNS("http://www.w3.org/2000/svg", "*").length,
                    document.getElementsByTagNameNS("*", "p").length, document.getElementsByTagNameNS("", "p").length,
                    document.body.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", "p")[0].className);
        console.log(Object.keys(Element.prototype[Symbol.unscopables]).sort().join(), Object.getPrototypeOf(Element.prototype[Symbol.unscopables]));
        </script></body>
        """)
        XCTAssertEqual(records, [
            "console.log: 2 true true false 0,1",
            "console.log: 2 2 0 a",
            "console.log: after,append,before,prepend,remove,replaceChildren,replaceWith null",
        ])
    }

    func testCreateHTMLDocumentHasADoctypeAndNamesAreXMLNames() throws {
        let records = try logs("""
        <!DOCTYPE html><body><script>
        const doc = document.implementation.createHTMLDocument("t");
        console.log(doc.childNodes.length, doc.doctype.name, doc.firstChild === doc.doctype, doc.compatMode, doc.contentType);
        const p = document.createElement("p");
        p.textContent = undefined;
        console.log(JSON.stringify(p.textContent));
        for (const name of ["~", "@click", "1a", "a b"]) {
            try { p.setAttribute(name, ""); console.log("set", name); } catch (e) { console.log(name, e.name); }
        }
        p.setAttribute("x-on:click", "go");
        console.log(p.getAttribute("x-on:click"));
        </script></body>
        """)
        XCTAssertEqual(records, [
            "console.log: 2 html true CSS1Compat text/html",
            "console.log: \"\"",
            "console.log: ~ InvalidCharacterError", "console.log: @click InvalidCharacterError",
            "console.log: 1a InvalidCharacterError", "console.log: a b InvalidCharacterError",
            "console.log: go",
        ])
    }

    func testScriptMadeIntegrationPointsParseHTMLInside() throws {
        let records = try logs("""
        <!DOCTYPE html><body><script>
        const ms = document.createElementNS("http://www.w3.org/1998/Math/MathML", "ms");
        ms.innerHTML = "<figure></figure>";
        const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
        title.innerHTML = "<p>x</p>";
        const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
        g.innerHTML = "<rect/>";
        console.log(ms.firstChild.namespaceURI, title.firstChild.namespaceURI, g.firstChild.namespaceURI);
        </script></body>
        """)
        XCTAssertEqual(records, [
            "console.log: http://www.w3.org/1999/xhtml http://www.w3.org/1999/xhtml http://www.w3.org/2000/svg",
        ])
    }

    func testDOMTokenListSupportsAndReplaceFollowTheStandard() throws {
        XCTAssertEqual(try logs("""
        <p id=p class=a></p><a id=a></a><link id=l><script>
        const p = document.getElementById('p');
        try { p.classList.supports('a'); } catch (e) { console.log(e.constructor.name, e.message); }
        console.log(document.getElementById('a').relList.supports('NOOPENER'), document.getElementById('a').relList.supports('stylesheet'),
            document.getElementById('l').relList.supports('stylesheet'), document.getElementById('l').relList.supports('prefetch'));
        try { p.classList.replace(' ', ''); } catch (e) { console.log(e.name); }
        try { p.classList.replace('a', 'b c'); } catch (e) { console.log(e.name); }
        </script>
        """), [
            "console.log: TypeError Type error",
            "console.log: true false true false",
            "console.log: SyntaxError",
            "console.log: InvalidCharacterError",
        ])
    }

    func testGetElementsByTagNameLowercasesOnlyHTMLElementsAndOnlyASCII() throws {
        XCTAssertEqual(try logs("""
        <div id=d></div><script>
        const d = document.getElementById('d');
        d.append(document.createElementNS('test', 'ST'), document.createElementNS('test', 'p:ST'), document.createElement('aÇ'));
        console.log(d.getElementsByTagName('st').length, d.getElementsByTagName('ST').length, d.getElementsByTagName('p:ST').length,
            d.getElementsByTagName('p:st').length, d.lastChild.localName, d.getElementsByTagName('AÇ').length, d.getElementsByTagName('aç').length);
        </script>
        """), ["console.log: 0 1 1 0 aÇ 1 0"])
    }

    func testGetElementsByClassNameComparesCodePointsAndIgnoresASCIICaseInQuirksMode() throws {
        XCTAssertEqual(try logs("""
        <span class="&#x2000;"></span><span class="&#x2002;"></span><p class="K"></p><p class="k"></p><p class="\u{212A}"></p><script>
        console.log(document.getElementsByClassName('\\u2000').length, document.getElementsByClassName('k').length, document.getElementsByClassName('\\u212A').length);
        </script>
        """), ["console.log: 1 2 1"])
    }

    func testIsEqualNodeComparesNamespacesAndPrefixesButNotAttributePrefixes() throws {
        XCTAssertEqual(try logs("""
        <script>
        const a = document.createElementNS('ns', 'p:x'), b = document.createElementNS('ns2', 'p:x'), c = document.createElementNS('ns', 'q:x');
        const e1 = document.createElement('e'), e2 = document.createElement('e'), e3 = document.createElement('e');
        e1.setAttributeNS('ns', 'p:l', 'v'); e2.setAttributeNS('ns', 'q:l', 'v'); e3.setAttributeNS('ns2', 'p:l', 'v');
        console.log(a.isEqualNode(document.createElementNS('ns', 'p:x')), a.isEqualNode(b), a.isEqualNode(c), e1.isEqualNode(e2), e1.isEqualNode(e3));
        </script>
        """), ["console.log: true false false true false"])
    }

    func testNamesLowercaseOnlyASCIIAndCreateAttributeOnlyInHTMLDocuments() throws {
        XCTAssertEqual(try logs("""
        <p id=p></p><script>
        const p = document.getElementById('p');
        p.setAttribute('Ä', '1');
        const xml = document.implementation.createDocument(null, 'r');
        console.log(p.attributes[1].name, document.createElement('aÇ').localName, document.createAttribute('TITLE').name, xml.createAttribute('TITLE').name);
        </script>
        """), ["console.log: Ä aÇ title TITLE"])
    }

    func testReplaceChildChecksTheParentBeforeTheChild() throws {
        XCTAssertEqual(try logs("""
        <div id=a><b></b></div><script>
        const a = document.getElementById('a');
        for (const attempt of [() => document.createTextNode('t').replaceChild(a, document.body), () => a.replaceChild(a, document.body)]) {
            try { attempt(); } catch (e) { console.log(e.name); }
        }
        try { a.replaceChild(document.createElement('i'), document.body); } catch (e) { console.log(e.name); }
        </script>
        """), ["console.log: HierarchyRequestError", "console.log: HierarchyRequestError", "console.log: NotFoundError"])
    }

    func testCreateEventRefusesInterfacesWebKitDoesNotList() throws {
        XCTAssertEqual(try logs("""
        <script>
        console.log(['AnimationEvent', 'TransitionEvent', 'ErrorEvent', 'ProgressEvent', 'PageTransitionEvent', 'KeyboardEvents', 'PopStateEvent'].map((name) => {
            try { return document.createEvent(name).constructor.name; } catch (e) { return e.name; }
        }).join());
        </script>
        """), ["console.log: NotSupportedError,NotSupportedError,NotSupportedError,NotSupportedError,NotSupportedError,KeyboardEvent,PopStateEvent"])
    }

    func testTableRowsAndTheirInsertAndDeleteOperations() throws {
        XCTAssertEqual(try logs("""
        <table id=t><caption>c</caption><tbody><tr><td>1</td></tr></tbody><tfoot><tr></tr></tfoot></table><script>
        const t = document.getElementById('t');
        t.createTHead().insertRow().insertCell().textContent = 'h';
        console.log(t.rows.length, t.rows[0].parentNode.localName, t.rows[2].parentNode.localName, t.children[1].localName);
        const row = t.insertRow(-1);
        console.log(row.parentNode.localName, row.rowIndex, row.sectionRowIndex, t.rows.length);
        t.deleteRow(-1); t.deleteRow(0);
        try { t.deleteRow(5); } catch (e) { console.log(e.name); }
        try { row.insertCell(2); } catch (e) { console.log(e.name); }
        console.log(t.rows.length, t.createTBody().previousElementSibling.localName, document.createElement('table').insertRow().parentNode.localName);
        </script>
        """), [
            "console.log: 3 thead tfoot thead",
            "console.log: tfoot 3 1 4",
            "console.log: IndexSizeError",
            "console.log: IndexSizeError",
            "console.log: 2 tbody tbody",
        ])
    }

    func testCharacterDataKeepsLoneSurrogates() throws {
        XCTAssertEqual(try logs("""
        <p id=p></p><script>
        const text = document.createTextNode('\\uD83C\\uDF20 test');
        const codes = (s) => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i).toString(16)).join(' ');
        text.deleteData(1, 2);
        console.log(codes(text.data), text.length);
        text.insertData(1, '\\uDF1F');
        console.log(text.data === '\\uD83C\\uDF1Ftest', codes(new Comment('\\uDC00').data), codes(text.splitText(1).data));
        document.getElementById('p').textContent = '\\uD800';
        console.log(codes(document.getElementById('p').firstChild.data));
        </script>
        """), [
            "console.log: d83c 74 65 73 74 5",
            "console.log: true dc00 df1f 74 65 73 74",
            "console.log: fffd",
        ])
    }

    func testReplaceChildrenQueuesOneRecordOnTheParent() throws {
        XCTAssertEqual(try logs("""
        <div id=a><i></i></div><div id=b><b></b><u></u></div><script>
        const a = document.getElementById('a'), b = document.getElementById('b');
        const observer = new MutationObserver(() => {});
        observer.observe(a, { childList: true });
        a.replaceChildren(...b.children);
        const records = observer.takeRecords();
        console.log(records.length, records[0].addedNodes.length, records[0].removedNodes.length, a.innerHTML);
        </script>
        """), ["console.log: 1 2 1 <b></b><u></u>"])
    }

    func testDirectoryAndFrameElementsAndNamespacedAttributesThatClone() throws {
        XCTAssertEqual(try logs("""
        <script>
        const attr = document.createAttributeNS('urn:x', 'p:local');
        attr.value = 'v';
        const copy = attr.cloneNode();
        console.log(String(document.createElement('dir')), String(document.createElement('frame')), attr.prefix, attr.localName, attr.namespaceURI);
        console.log(copy !== attr, copy.name, copy.namespaceURI, copy.value, copy.ownerElement);
        try { document.createAttributeNS(null, 'p:local'); } catch (e) { console.log(e.name); }
        </script>
        """), [
            "console.log: [object HTMLDirectoryElement] [object HTMLFrameElement] p local urn:x",
            "console.log: true p:local urn:x v null",
            "console.log: NamespaceError",
        ])
    }

    func testAttrNodesKeepTheirIdentityAndLoseTheirElementWhenRemoved() throws {
        XCTAssertEqual(try logs("""
        <div id=d title=t></div><div id=e></div><script>
        const d = document.getElementById('d'), e = document.getElementById('e');
        const attr = d.getAttributeNode('title');
        console.log(attr === d.attributes[1], attr === d.attributes.title, attr === d.getAttributeNodeNS(null, 'title'));
        d.setAttribute('title', 'u');
        console.log(attr.value, attr === d.getAttributeNode('title'));
        d.removeAttribute('title');
        console.log(attr.ownerElement, attr.value);
        try { d.setAttributeNode(document.getElementById('e').attributes[0]); } catch (x) { console.log(x.name); }
        const made = document.createAttribute('title');
        made.value = 'm';
        console.log(e.setAttributeNode(made), made.ownerElement === e, e.getAttribute('title'));
        const other = document.createAttribute('title');
        console.log(e.setAttributeNode(other) === made, made.ownerElement, made.value);
        try { d.setAttributeNode(other); } catch (x) { console.log(x.name); }
        console.log(e.removeAttributeNode(other) === other, other.ownerElement, e.hasAttribute('title'));
        </script>
        """), [
            "console.log: true true true",
            "console.log: u true",
            "console.log: null u",
            "console.log: InUseAttributeError",
            "console.log: null true m",
            "console.log: true null m",
            "console.log: InUseAttributeError",
            "console.log: true null false",
        ])
    }

    func testTagNameImportNodeNormalizeAndTemplateContentAdoption() throws {
        XCTAssertEqual(try logs("""
        <div id=d></div><script>
        console.log(document.createElement('ınput').tagName);
        document.body.setAttributeNS('urn:x', 'p:name', 'v');
        const imported = document.importNode(document.body.getAttributeNodeNS('urn:x', 'name'));
        console.log(imported.prefix, imported.namespaceURI, imported.value, imported.ownerElement);
        const d = document.getElementById('d');
        const [t1, t2, t3] = ['', 'a', ''].map((text) => d.appendChild(document.createTextNode(text)));
        d.normalize();
        console.log(d.childNodes.length, d.firstChild === t2);
        const content = document.createElement('template').content, owner = content.ownerDocument;
        console.log(document.adoptNode(content) === content, content.ownerDocument === owner, owner !== document);
        </script>
        """), [
            "console.log: ıNPUT",
            "console.log: p urn:x v null",
            "console.log: 1 true",
            "console.log: true true true",
        ])
    }

    func testMixinOperationsCheckTheirReceiverAndDocumentReplaceChildrenEmptiesIt() throws {
        XCTAssertEqual(try logs("""
        <p>x</p><script>
        try { Element.prototype.replaceChildren.call(document); } catch (e) { console.log(e.constructor.name, e.message); }
        console.log(Element.prototype.append.length, Element.prototype.append.name, Element.prototype.append !== Document.prototype.append);
        const doc = document.implementation.createHTMLDocument('t');
        doc.replaceChildren();
        console.log(doc.childNodes.length, document.body !== null);
        </script>
        """), [
            "console.log: TypeError Can only call Element.replaceChildren on instances of Element",
            "console.log: 0 append true",
            "console.log: 0 true",
        ])
    }

    func testOutputForAndLinkSizesAreTokenLists() throws {
        XCTAssertEqual(try logs("""
        <output id=o for="a b"></output><link id=l sizes="16x16 32x32"><script>
        const o = document.getElementById('o'), l = document.getElementById('l');
        o.htmlFor = 'x y z';
        console.log(Object.prototype.toString.call(o.htmlFor), o.htmlFor.length, o.htmlFor === o.htmlFor, o.getAttribute('for'), l.sizes[1]);
        </script>
        """), ["console.log: [object DOMTokenList] 3 true x y z 32x32"])
    }
}
