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

    func testDispatchFlagsOptionsAndSyntheticClickActivation() throws {
        let (_, records, _) = try load("""
        <html><body><form id=f action=next.html><input type=checkbox id=c></form><script>
        function log() { console.log(Array.prototype.slice.call(arguments).join(' ')); }
        var c = document.getElementById('c'), calls = [];
        c.addEventListener('x', function () { calls.push('x'); });
        var e = new Event('x'); e.stopPropagation();
        log('stopped before dispatch:', c.dispatchEvent(e), calls.length, e.cancelBubble);
        c.dispatchEvent(e);
        log('dispatched again:', calls.length);
        var d1 = Object.getOwnPropertyDescriptor(new Event('a'), 'isTrusted'), d2 = Object.getOwnPropertyDescriptor(new Event('b'), 'isTrusted');
        log('isTrusted own:', typeof d1.get, d1.get === d2.get, d1.configurable, 'isTrusted' in Event.prototype);
        var read = [];
        var options = {};
        ['capture', 'once', 'passive', 'signal', 'dummy'].forEach(function (name) {
          Object.defineProperty(options, name, { get: function () { read.push(name); return undefined; } });
        });
        c.addEventListener('y', null, options);
        c.removeEventListener('y', null, options);
        log('options read:', read.join(','));
        try { c.addEventListener('y', function () {}, { signal: null }); } catch (err) { log(err.name); }
        c.addEventListener('z', function (ev) { log('capture as a number:', ev.eventPhase); }, 2.5);
        c.appendChild(document.createTextNode('t')).dispatchEvent(new Event('z', { bubbles: true }));
        try { new UIEvent('u', { view: 7 }); } catch (err) { log(err.name); }
        var custom = new CustomEvent('k', { detail: 1 });
        c.addEventListener('k', function (ev) { ev.initCustomEvent('other', true, true, 2); log('init while dispatching:', ev.type, ev.detail); });
        c.dispatchEvent(custom);
        c.addEventListener('click', function (ev) { log('listener sees', c.checked); });
        c.addEventListener('change', function () { log('change', c.checked); });
        log('dispatchEvent click:', c.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })), c.checked);
        c.onclick = function (ev) { ev.preventDefault(); };
        log('canceled click:', c.dispatchEvent(new MouseEvent('click', { cancelable: true })), c.checked);
        c.onclick = null;
        c.dispatchEvent(new Event('click'));
        log('plain Event click:', c.checked, document.createEvent('DragEvent') instanceof MouseEvent);
        </script></body></html>
        """)
        XCTAssertEqual(records, [
            "console.log: stopped before dispatch: true 0 false",
            "console.log: dispatched again: 1",
            "console.log: isTrusted own: function true false false",
            "console.log: options read: capture,once,passive,signal,capture",
            "console.log: TypeError",
            "console.log: capture as a number: 1",
            "console.log: TypeError",
            "console.log: init while dispatching: k 1",
            "console.log: listener sees true",
            "console.log: change true",
            "console.log: dispatchEvent click: true true",
            "console.log: listener sees false",
            "console.log: canceled click: false true",
            "console.log: listener sees true",
            "console.log: plain Event click: true true",
        ])
    }
}
