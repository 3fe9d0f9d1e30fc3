import XCTest
@testable import ScriptRuntime

/// The bindings BindingsGenerator makes from IDL/*.webidl: reflected content attributes by the
/// rules of their types, WebIDL's conversions and exceptions, brand checks with WebKit's
/// messages, and the interfaces' layout; and that pages replacing built-ins cannot break them.
final class BindingsTests: XCTestCase {
    /// Evaluates `script` (an expression) in a fresh page and returns its string value.
    private func run(_ script: String, page html: String = "<p>page</p>") throws -> String {
        let (page, records, _) = try load(html)
        XCTAssertEqual(records, [])
        guard case .value(.string(let text)) = page.evaluate(script) else {
            XCTFail("not a string: \(page.evaluate(script))")
            return ""
        }
        return text
    }

    /// A function that returns the error's type and message, or the value as JSON.
    private static let attempt = """
    var attempt = function (f) {
      try { return JSON.stringify(f()); } catch (e) { return e.constructor.name + ": " + e.message; }
    };
    """

    func testStringBooleanAndURLReflection() throws {
        let result = try run(Self.attempt + """
        var a = document.createElement('a');
        var before = [a.target, a.href, a.download, a.referrerPolicy];
        a.target = 42; a.setAttribute('href', 'next.html?q=1'); a.hreflang = null; a.referrerPolicy = 'ORIGIN';
        var img = document.createElement('img');
        img.isMap = 'yes'; var mapped = img.getAttribute('ismap'); img.isMap = 0;
        var link = document.createElement('link'); link.href = 'http://[bad';
        JSON.stringify([before, a.target, a.getAttribute('target'), a.href, String(a), a.hreflang, a.referrerPolicy,
          mapped, img.hasAttribute('ismap'), link.href, img.loading, img.decoding, img.crossOrigin])
        """)
        XCTAssertEqual(result, #"[["","","",""],"42","42","file:///app/next.html?q=1","file:///app/next.html?q=1","null","origin","","#
            + #"false,"http://[bad","eager","auto",null]"#)
    }

    func testEnumeratedAttributesKeepTheirKeywordsCanonical() throws {
        let result = try run("""
        var form = document.createElement('form'), out = [];
        out.push(form.method, form.enctype, form.autocomplete);
        form.setAttribute('method', 'POST'); form.setAttribute('enctype', 'Multipart/Form-Data'); form.autocomplete = 'bogus';
        out.push(form.method, form.enctype, form.encoding, form.autocomplete);
        form.method = 'nonsense'; out.push(form.method, form.getAttribute('method'));
        var script = document.createElement('script'); out.push(script.crossOrigin);
        script.crossOrigin = 'USE-CREDENTIALS'; out.push(script.crossOrigin);
        script.crossOrigin = 'x'; out.push(script.crossOrigin); script.crossOrigin = null; out.push(script.hasAttribute('crossorigin'));
        var track = document.createElement('track'); out.push(track.kind); track.kind = 'captions'; out.push(track.kind);
        track.kind = 'other'; out.push(track.kind);
        JSON.stringify(out)
        """)
        XCTAssertEqual(result, #"["get","application/x-www-form-urlencoded","on","post","multipart/form-data","multipart/form-data","#
            + #""on","get","nonsense",null,"use-credentials","anonymous",false,"subtitles","captions","metadata"]"#)
    }

    func testNumberReflectionFollowsHTMLsParsingRulesAndLimits() throws {
        let result = try run(Self.attempt + """
        var ol = document.createElement('ol'), out = [];
        out.push(ol.start); ol.setAttribute('start', '  -7xyz'); out.push(ol.start);
        ol.setAttribute('start', '99999999999'); out.push(ol.start); ol.setAttribute('start', '\\u00a05'); out.push(ol.start);
        ol.start = 4294967298; out.push(ol.getAttribute('start'));
        var input = document.createElement('input');
        out.push(input.maxLength, input.size);
        out.push(attempt(function () { input.maxLength = -1; }), input.getAttribute('maxlength'));
        input.maxLength = 3; out.push(input.maxLength);
        out.push(attempt(function () { input.size = 0; }));
        input.size = 4294967295; out.push(input.getAttribute('size')); input.setAttribute('size', '0'); out.push(input.size);
        var cell = document.createElement('td');
        cell.setAttribute('colspan', '5000'); cell.setAttribute('rowspan', 'x'); out.push(cell.colSpan, cell.rowSpan);
        cell.setAttribute('colspan', '0'); out.push(cell.colSpan);
        var canvas = document.createElement('canvas'); out.push(canvas.width, canvas.height);
        canvas.width = -1; out.push(canvas.getAttribute('width'), canvas.width);
        JSON.stringify(out)
        """)
        XCTAssertEqual(result, #"[1,-7,1,1,"2",-1,20,"DOMException: The index is not in the allowed range.",null,3,"#
            + #""DOMException: The index is not in the allowed range.","20",20,1000,1,1,300,150,"300",300]"#)
    }

    func testBrandChecksSpeakAsWebKit() throws {
        let result = try run(Self.attempt + """
        var a = document.createElement('a'), div = document.createElement('div');
        var target = Object.getOwnPropertyDescriptor(HTMLAnchorElement.prototype, 'target');
        var select = document.createElement('select');
        JSON.stringify([
          attempt(function () { return target.get.call(div); }),
          attempt(function () { target.set.call({}, 'x'); }),
          attempt(function () { return HTMLAnchorElement.prototype.toString.call(div); }),
          attempt(function () { return target.get.call(new Proxy(a, {})); }),
          attempt(function () { return target.get.call(Object.create(HTMLAnchorElement.prototype)); }),
          attempt(function () { Object.setPrototypeOf(div, HTMLAnchorElement.prototype); return div.target; }),
          attempt(function () { return new HTMLAnchorElement(); }),
          attempt(function () { return HTMLAnchorElement(); }),
          attempt(function () { return select.add(); }),
          attempt(function () { return select.add(div); }),
          attempt(function () { return document.createElement('form').requestSubmit(div); }),
        ])
        """)
        XCTAssertEqual(result, #"["TypeError: The HTMLAnchorElement.target getter can only be used on instances of HTMLAnchorElement","#
            + #""TypeError: The HTMLAnchorElement.target setter can only be used on instances of HTMLAnchorElement","#
            + #""TypeError: Can only call HTMLAnchorElement.toString on instances of HTMLAnchorElement","#
            + #""TypeError: The HTMLAnchorElement.target getter can only be used on instances of HTMLAnchorElement","#
            + #""TypeError: The HTMLAnchorElement.target getter can only be used on instances of HTMLAnchorElement","#
            + #""TypeError: The HTMLAnchorElement.target getter can only be used on instances of HTMLAnchorElement","#
            + #""TypeError: Illegal constructor","TypeError: Illegal constructor","TypeError: Not enough arguments","#
            + #""TypeError: Argument 1 ('element') to HTMLSelectElement.add is not of an accepted type","#
            + #""TypeError: The specified element is not a submit button."]"#)
    }

    func testArgumentConversionsAndOverloads() throws {
        let result = try run(Self.attempt + """
        var select = document.createElement('select'), out = [];
        for (var i = 0; i < 3; i++) { var o = document.createElement('option'); o.textContent = 'o' + i; select.add(o); }
        var first = document.createElement('option'); first.textContent = 'first';
        select.add(first, 0);
        out.push(Array.prototype.map.call(select.options, function (o) { return o.text; }).join());
        select.remove(1); out.push(select.length);
        select.length = 1; out.push(select.length, select.item(0).text, select.item(4294967296) === select.item(0));
        out.push(attempt(function () { return select.item(Symbol()); }));
        var input = document.createElement('input'); input.value = null; out.push(input.value);
        input.value = { toString: function () { return 'obj'; } }; out.push(input.value);
        var body = document.body; body.bgColor = null; out.push(body.getAttribute('bgcolor'));
        var d = document.createElement('dialog'); d.show(); d.close(7); out.push(d.open, d.returnValue);
        var ping = document.createElement('a'); ping.ping = 'a\\ud800b'; out.push(ping.getAttribute('ping') === 'a\\ufffdb');
        JSON.stringify(out)
        """)
        XCTAssertEqual(result, #"["first,o0,o1,o2",3,1,"first",true,"TypeError: Cannot convert a symbol to a number","","obj","","#
            + #"false,"7",true]"#)
    }

    func testHugeSelectLengthIsBlockedAsInWebKit() throws {
        let (page, records, engine) = try load("<p>page</p>")
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("var s = document.createElement('select'); s.length = 2147483648; s.length = 3; s.length"),
                       .value(.number(3)))
        XCTAssertEqual(describe(engine.takeRecords()), ["console.warn: Blocked attempt to expand the option list to 2147483648 items. "
                                                        + "The maximum number of items allowed is 10000."])
    }

    func testInterfaceLayoutIsWebIDLs() throws {
        let result = try run("""
        var proto = HTMLAnchorElement.prototype, d = Object.getOwnPropertyDescriptor(proto, 'href');
        var c = Object.getOwnPropertyDescriptor(HTMLMediaElement, 'HAVE_ENOUGH_DATA');
        JSON.stringify([Object.getOwnPropertyNames(proto).slice(0, 3), d.enumerable, d.configurable, d.get.name, d.set.name,
          Object.getOwnPropertyDescriptor(HTMLAnchorElement, 'prototype').writable, Object.getPrototypeOf(HTMLAnchorElement) === HTMLElement,
          Object.prototype.toString.call(document.createElement('a')), proto.hasOwnProperty('constructor') && !proto.propertyIsEnumerable('constructor'),
          c.value, c.writable, c.enumerable, c.configurable, HTMLVideoElement.prototype.HAVE_NOTHING,
          document.createElement('a').relList === document.createElement('a').relList,
          (function () { var a = document.createElement('a'); return a.relList === a.relList; })(),
          (function () { var a = document.createElement('a'); a.relList = 'noopener next'; return a.rel; })(),
          Function.prototype.toString.call(d.get).indexOf('[native code]') > 0, HTMLSelectElement.prototype.add.length, HTMLSelectElement.prototype.remove.length])
        """)
        XCTAssertEqual(result, #"[["constructor","target","download"],true,true,"get href","set href",false,true,"#
            + #""[object HTMLAnchorElement]",true,4,false,true,false,0,false,true,"noopener next",true,1,0]"#)
    }

    func testPagesReplacingBuiltInsCannotBreakTheBindings() throws {
        let result = try run(Self.attempt + """
        var a = document.createElement('a'), select = document.createElement('select'), div = document.createElement('div');
        var o = document.createElement('option'); o.textContent = 'x';
        var tr = document.createElement('tr'), form = document.createElement('form'), img = document.createElement('img');
        var video = document.createElement('video'), td = document.createElement('td');
        var setPrototypeOf = Object.setPrototypeOf, target = Object.getOwnPropertyDescriptor(HTMLAnchorElement.prototype, 'target');
        Map.prototype.get = function () { throw new Error('Map.get'); };
        Map.prototype.set = function () { throw new Error('Map.set'); };
        Function.prototype.call = function () { throw new Error('call'); };
        Function.prototype.apply = function () { throw new Error('apply'); };
        Reflect.construct = function () { throw new Error('construct'); };
        Reflect.set = function () { throw new Error('set'); };
        Object.defineProperty = function () { throw new Error('defineProperty'); };
        Object.setPrototypeOf = function () { throw new Error('setPrototypeOf'); };
        String.prototype.toLowerCase = function () { return 'hijacked'; };
        String.prototype.charCodeAt = function () { return 0; };
        window.TypeError = function () { return { message: 'fake' }; };
        Object.prototype.HTMLDivElement = true;
        HTMLElement.prototype.setAttribute = function () { throw new Error('setAttribute'); };
        setPrototypeOf(HTMLElement, null);
        a.target = '_top'; a.relList = 'next';
        select.add(o);
        JSON.stringify([a.target, a.rel, form.method, select.length, tr.rowIndex, video.loading === undefined, img.loading,
          attempt(function () { return Reflect.apply(target.get, div, []); }), td.colSpan])
        """)
        XCTAssertEqual(result, #"["_top","next","get",1,-1,true,"eager","#
            + #""TypeError: The HTMLAnchorElement.target getter can only be used on instances of HTMLAnchorElement",1]"#)
    }
}
