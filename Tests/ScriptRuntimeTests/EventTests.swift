import PageKit
import XCTest
@testable import ScriptRuntime

/// Event dispatch: phases, options, handlers, and the default actions of clicks.
final class EventTests: XCTestCase {
    func testCaptureTargetBubbleAndOptions() throws {
        let (page, records, _) = try load("""
        <html><body><div id="outer"><span id="inner">x</span></div><script>
        var log = [], outer = document.getElementById('outer'), inner = document.getElementById('inner');
        function note(name) { return function (e) { log.push(name + ':' + e.eventPhase + ':' + (e.currentTarget.id || e.currentTarget.nodeName)); }; }
        window.addEventListener('click', note('window-capture'), true);
        document.addEventListener('click', note('document-bubble'));
        outer.addEventListener('click', note('outer-capture'), { capture: true });
        outer.addEventListener('click', note('outer-bubble'));
        inner.addEventListener('click', note('inner-bubble'));
        inner.addEventListener('click', note('inner-capture'), true);
        inner.addEventListener('click', note('inner-once'), { once: true });
        inner.addEventListener('click', { handleEvent: function (e) { log.push('handleEvent:' + (this !== inner)); } });
        var passive = function (e) { e.preventDefault(); log.push('passive:' + e.defaultPrevented); };
        inner.addEventListener('click', passive, { passive: true });
        inner.addEventListener('click', passive, { passive: true });
        </script></body></html>
        """)
        XCTAssertEqual(records, [])
        let inner = try XCTUnwrap(page.document.element(withID: "inner"))
        page.click(inner)
        page.click(inner)
        XCTAssertEqual(page.evaluate("log.join(' ')"), .value(.string([
            "window-capture:1:#document", "outer-capture:1:outer", "inner-capture:2:inner", "inner-bubble:2:inner", "inner-once:2:inner",
            "handleEvent:true", "passive:false", "outer-bubble:3:outer", "document-bubble:3:#document",
            "window-capture:1:#document", "outer-capture:1:outer", "inner-capture:2:inner", "inner-bubble:2:inner",
            "handleEvent:true", "passive:false", "outer-bubble:3:outer", "document-bubble:3:#document",
        ].joined(separator: " ").replacingOccurrences(of: "window-capture:1:#document", with: "window-capture:1:undefined"))))
    }

    func testStoppingPropagation() throws {
        let (page, _, _) = try load("""
        <html><body><div id="a"><p id="b">x</p></div><script>
        var log = [];
        var a = document.getElementById('a'), b = document.getElementById('b');
        b.addEventListener('ping', function (e) { log.push('b1'); e.stopImmediatePropagation(); });
        b.addEventListener('ping', function () { log.push('b2'); });
        a.addEventListener('ping', function () { log.push('a'); });
        b.addEventListener('pong', function (e) { log.push('b-pong'); e.stopPropagation(); });
        b.addEventListener('pong', function () { log.push('b-pong2'); });
        a.addEventListener('pong', function () { log.push('a-pong'); });
        var custom = new CustomEvent('ping', { bubbles: true, cancelable: true, detail: { n: 1 } });
        log.push(b.dispatchEvent(custom), custom.detail.n, custom.target === b, custom.eventPhase);
        b.dispatchEvent(new Event('pong', { bubbles: true }));
        try { b.dispatchEvent(custom) } catch (e) { log.push('redispatch ok') }
        var old = document.createEvent('Event'); old.initEvent('ping', true, true);
        log.push(typeof b.dispatchEvent(old));
        </script></body></html>
        """)
        XCTAssertEqual(page.evaluate("log.join(' ')"), .value(.string("b1 true 1 true 0 b-pong b-pong2 b1 b1 boolean")))
    }

    func testEventHandlerAttributesAndProperties() throws {
        let (page, records, _) = try load("""
        <html><body onload="console.log('body onload', this === window)">
        <a id="l" href="next.html" onclick="console.log('attribute', this.id, typeof event); return false">link</a>
        <button id="b" onclick="console.log('button attribute')">b</button>
        <script>
        var b = document.getElementById('b');
        b.addEventListener('click', function () { console.log('listener') });
        console.log(typeof b.onclick, String(b.onclick).indexOf('button attribute') > 0);
        </script></body></html>
        """)
        XCTAssertEqual(records, ["console.log: function true", "console.log: body onload true"])
        XCTAssertFalse(page.click(try XCTUnwrap(page.document.element(withID: "l"))))
        page.click(try XCTUnwrap(page.document.element(withID: "b")))
        _ = page.evaluate("b.onclick = function () { console.log('property replaces attribute') }")
        page.click(try XCTUnwrap(page.document.element(withID: "b")))
        _ = page.evaluate("b.onclick = null")
        page.click(try XCTUnwrap(page.document.element(withID: "b")))
        XCTAssertEqual(describe(page.engine.takeRecords()), [
            "console.log: attribute l object", "console.log: button attribute", "console.log: listener",
            "console.log: property replaces attribute", "console.log: listener", "console.log: listener",
        ])
    }

    func testClicksOnLinksAndTheirDefaultActions() throws {
        let (page, _, engine) = try load("""
        <html><body>
        <a id="plain" href="detail.html"><span id="inside">go</span></a>
        <a id="prevented" href="detail.html">no</a>
        <a id="js" href="javascript:console.log('js url'); location.href = 'mkwebview://close-webview'">js</a>
        <a id="blank" href="other.html" target="_blank">blank</a>
        <script>
        document.getElementById('prevented').addEventListener('click', function (e) { e.preventDefault() });
        </script></body></html>
        """)
        func element(_ id: String) throws -> PageKit.NodeID { try XCTUnwrap(page.document.element(withID: id)) }
        XCTAssertTrue(page.click(try element("inside")))
        XCTAssertFalse(page.click(try element("prevented")))
        XCTAssertFalse(page.click(try element("js")))
        XCTAssertEqual(describe(engine.takeRecords()), ["console.log: js url", "navigation: mkwebview://close-webview by javascriptURL"])
        _ = page.evaluate("document.getElementById('plain').click(); document.getElementById('blank').click()")
        XCTAssertEqual(describe(engine.takeRecords()), [
            "navigation: file:///app/detail.html by link", "window.open: file:///app/other.html _blank",
        ])
    }

    func testFocusAndBlur() throws {
        let (page, _, _) = try load("""
        <html><body><input id="a"><input id="b"><p id="p">p</p><script>
        var log = [];
        ['a', 'b'].forEach(function (id) {
          var e = document.getElementById(id);
          ['focus', 'blur', 'focusin', 'focusout'].forEach(function (type) {
            e.addEventListener(type, function (event) { log.push(type + ':' + id + ':' + (event.relatedTarget ? event.relatedTarget.id : '')); });
          });
        });
        </script></body></html>
        """)
        page.focus(try XCTUnwrap(page.document.element(withID: "a")))
        _ = page.evaluate("document.getElementById('b').focus(); document.getElementById('p').focus(); log.push(document.activeElement.id)")
        XCTAssertEqual(page.focusedElement, page.document.element(withID: "b"))
        page.blur(try XCTUnwrap(page.document.element(withID: "b")))
        XCTAssertEqual(page.evaluate("log.push(document.activeElement.nodeName); log.join(' ')"), .value(.string(
            "focus:a: focusin:a: blur:a:b focusout:a:b focus:b:a focusin:b:a b blur:b: focusout:b: BODY")))
    }
}
