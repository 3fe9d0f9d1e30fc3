import XCTest
@testable import ScriptRuntime

/// JavaScriptCore's own error texts at the page's line and column, and console formatting.
final class ErrorConsoleTests: XCTestCase {
    /// WebKitGTK reports an unhandled rejection in a task it queues: after the next
    /// parser-inserted script, before a zero-delay timer set in the rejecting task.
    func testAnUnhandledRejectionIsReportedInALaterTask() throws {
        let (_, records, engine) = try load("""
        <script>Promise.reject(new Error("nope")); console.log("same task"); setTimeout(() => console.log("timer"), 0)</script>
        <script>console.log("next script")</script>
        """)
        XCTAssertEqual(records + describe(engine.runUntilIdle()), [
            "console.log: same task", "console.log: next script",
            "script error: file:///app/index.html:1:33: Unhandled Promise Rejection: Error: nope", "console.log: timer",
        ])
    }

    func testUncaughtErrorsWithJavaScriptCoresTexts() throws {
        let (page, records, engine) = try load("""
        <html><body>
        <script>
          var o = {};
          o.bar();
        </script>
        <script>missing(1)</script>
        <script>setTimeout(function () { null.x }, 10); Promise.reject(new Error('boom')); Promise.reject('plain');</script>
        <button id="b">b</button>
        <script>
        var b = document.getElementById('b');
        b.addEventListener('click', function () { throw new RangeError('first') });
        b.addEventListener('click', function () { console.log('second listener ran') });
        </script>
        </body></html>
        """)
        XCTAssertEqual(records, [
            "script error: file:///app/index.html:4:8: TypeError: o.bar is not a function. (In 'o.bar()', 'o.bar' is undefined)",
            "script error: file:///app/index.html:6:16: ReferenceError: Can't find variable: missing",
            "script error: file:///app/index.html:7:73: Unhandled Promise Rejection: Error: boom",
            "script error: file:///app/index.html: Unhandled Promise Rejection: plain",
        ])
        XCTAssertEqual(describe(engine.advance(by: 10)), [
            "script error: file:///app/index.html:7:38: TypeError: null is not an object (evaluating 'null.x')",
        ])
        page.click(try XCTUnwrap(page.document.element(withID: "b")))
        XCTAssertEqual(describe(engine.takeRecords()), [
            "script error: file:///app/index.html:11:63: RangeError: first",
            "console.log: second listener ran",
        ])
    }

    func testErrorListenersAndOnerrorCanCancelTheReport() throws {
        let (_, records, _) = try load("""
        <script>
        window.onerror = function (message, source, line, column, error) {
          console.log('onerror', message, source, line, column, error instanceof TypeError); return true;
        };
        window.addEventListener('unhandledrejection', function (e) { console.log('rejection', e.reason); e.preventDefault(); });
        </script>
        <script>undefined.x</script>
        <script>Promise.reject(42)</script>
        """)
        XCTAssertEqual(records, [
            "console.log: onerror TypeError: undefined is not an object (evaluating 'undefined.x') file:///app/index.html 7 18 true",
            "console.log: rejection 42",
        ])
    }

    func testDOMErrorsAreDOMExceptionsAtTheCaller() throws {
        let (_, records, _) = try load("""
        <script>
        try { document.documentElement.appendChild(document) } catch (e) { console.log(e.name, e.code, e.message, e instanceof DOMException, e.line) }
        try { document.createElement('a b') } catch (e) { console.log(String(e)) }
        document.documentElement.appendChild(document.documentElement);
        </script>
        """)
        XCTAssertEqual(records, [
            "console.log: HierarchyRequestError 3 The operation would yield an incorrect node tree. true 2",
            "console.log: InvalidCharacterError: The string contains invalid characters.",
            "script error: file:///app/index.html:4:37: HierarchyRequestError: The operation would yield an incorrect node tree.",
        ])
    }

    /// Values as Safari's Web Inspector previews them: WebKit's InjectedScriptSource.js
    /// (`_generatePreview`: 5 properties, 10 indexes; `_isPreviewableObject` for nesting) and
    /// WebInspectorUI's ObjectPreviewView.js (`{a: 1}`, `[1, 2]`, a class name before non-plain objects).
    func testConsoleFormatsValuesAsSafari() throws {
        let (_, records, _) = try load("""
        <html><body><div id="x" class="c"></div><script>
        class Point { constructor() { this.x = 1; this.y = 2; } }
        console.log('text', 42, -0, 12n, true, null, undefined, Symbol('s'));
        console.log({a: 1, b: 'x', c: [1, 2], d: {e: 1}});
        console.log({a: 1, b: 2, c: 3, d: 4, e: 5, f: 6});
        console.log([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
        console.log(new Point(), {nested: {a: 1, b: 2, c: 3, d: 4}, list: [1, 2, 3, 4, 5, 6], f: function () {}});
        console.log(new Map([['a', 1], ['b', {c: 2}]]), new Set([1, 'two']), [undefined, null, 'q']);
        console.log(document.getElementById('x'), document.body, document.createTextNode('t'), new TypeError('bad'));
        console.log('%s is %d years and %f tall, %o', 'Bob', 42.9, 1.5, {k: 'v'}, 'extra');
        console.info('info'); console.warn('warn'); console.error('error'); console.debug('debug');
        console.assert(1 === 2, 'math', 'broke'); console.assert(true, 'fine');
        console.count(); console.count('x'); console.count();
        console.log(function named(a) { return a }, Math.max);
        </script></body></html>
        """)
        XCTAssertEqual(records, [
            "console.log: text 42 -0 12n true null undefined Symbol(s)",
            "console.log: {a: 1, b: \"x\", c: [1, 2], d: {e: 1}}",
            "console.log: {a: 1, b: 2, c: 3, d: 4, e: 5…}",
            "console.log: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9…]",
            "console.log: Point {x: 1, y: 2} {nested: Object, list: Array, f: function}",
            "console.log: Map {\"a\" => 1, \"b\" => {c: 2}} Set {1, \"two\"} [undefined, null, \"q\"]",
            "console.log: <div id=\"x\"> <body> #text \"t\" TypeError: bad",
            "console.log: Bob is 42 years and 1.5 tall, {k: \"v\"} extra",
            "console.info: info", "console.warn: warn", "console.error: error", "console.debug: debug",
            "console.error: Assertion failed: math broke",
            "console.debug: default: 1", "console.debug: x: 1", "console.debug: default: 2",
            "console.log: function named(a) { return a } function max() {\n    [native code]\n}",
        ])
    }
}
