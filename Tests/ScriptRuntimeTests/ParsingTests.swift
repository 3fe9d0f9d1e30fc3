import XCTest
@testable import ScriptRuntime

/// Scripts run as the parser reaches them; defer, async, readyState and the load events.
final class ParsingTests: XCTestCase {
    func testScriptSeesOnlyWhatWasParsedBeforeIt() throws {
        let (_, records, _) = try load("""
        <html><head><script>console.log(document.body === null, document.getElementsByTagName('p').length)</script></head>
        <body><p>one</p><script>console.log(document.getElementsByTagName('p').length, document.getElementById('two'))</script>
        <p id="two">two</p><script>console.log(document.getElementsByTagName('p').length, document.getElementById('two').textContent)</script>
        </body></html>
        """)
        XCTAssertEqual(records, ["console.log: true 0", "console.log: 1 null", "console.log: 2 two"])
    }

    func testDocumentWriteDuringParsingInsertsAtTheParser() throws {
        let (page, records, _) = try load("""
        <html><body><p>a</p><script>document.write('<p id="w">written</p><script>console.log(document.getElementById("w").textContent)<\\/script>')</script><p>b</p>\
        <script>console.log(document.body.children.length)</script></body></html>
        """)
        XCTAssertEqual(records, ["console.log: written", "console.log: 6"])
        XCTAssertEqual(bodyHTML(page), """
        <body><p>a</p><script>document.write('<p id="w">written</p><script>console.log(document.getElementById("w").textContent)<\\/script>')</script>\
        <p id="w">written</p><script>console.log(document.getElementById("w").textContent)</script><p>b</p>\
        <script>console.log(document.body.children.length)</script></body>
        """)
    }

    /// WebKitGTK logs `a`, `written true`, `b 3`: an inline script a script writes runs inside
    /// the `document.write` call, and the rest of the written markup is parsed before it returns;
    /// a written script that loads a file runs after the writer, as a parsing-blocking script.
    func testAWrittenInlineScriptRunsInsideTheWriteCall() throws {
        let (page, records, _) = try load("""
        <script>console.log('a'); document.write('<p id=w>w</p><script>console.log("written", !!document.getElementById("w")); \
        document.write("<i>nested</i>")<\\/script><p>after</p><script src=x.js><\\/script><b>last</b>'); \
        console.log('b', document.body.children.length, document.body.textContent)</script>
        """, files: ["x.js": "console.log('external', document.body.lastChild.nodeName)"])
        XCTAssertEqual(records, [
            "console.log: a", "console.log: written true",
            "console.log: b 5 wconsole.log(\"written\", !!document.getElementById(\"w\")); document.write(\"<i>nested</i>\")nestedafter",
            "console.log: external SCRIPT",
        ], "the external script runs before the parser reaches what follows it")
        XCTAssertEqual(bodyHTML(page), #"<body><p id="w">w</p><script>console.log("written", !!document.getElementById("w")); document.write("<i>nested</i>")</script><i>nested</i><p>after</p><script src="x.js"></script><b>last</b></body>"#)
    }

    /// WebKit's Document::write stops past 21 nested calls (cMaxWriteRecursionDepth): WebKitGTK
    /// logs `depth 22` for this page.
    func testNestedWritesStopAtWebKitsDepth() throws {
        let (_, records, _) = try load("""
        <script>var depth = 0; function again() { depth++; document.write('<script>again()<\\/script>'); }
        again(); console.log('depth', depth)</script>
        """)
        XCTAssertEqual(records, ["console.log: depth 22"])
    }

    func testMarkupSplitAcrossWritesAndTheRestOfTheInput() throws {
        let (page, records, _) = try load("""
        <html><body><script>document.write('<ul><li>one'); document.write('<li>two</ul><p>'); document.write('para')</script>\
        text<script>console.log(document.querySelectorAll('li').length, document.querySelector('p').firstChild.data)</script></body></html>
        """)
        XCTAssertEqual(records, ["console.log: 2 paratext"])
        XCTAssertEqual(bodyHTML(page), """
        <body><script>document.write('<ul><li>one'); document.write('<li>two</ul><p>'); document.write('para')</script>\
        <ul><li>one</li><li>two</li></ul><p>paratext<script>console.log(document.querySelectorAll('li').length, document.querySelector('p').firstChild.data)</script>\
        </p></body>
        """)
    }

    func testScriptCutOffByTheEndOfInputNeverRuns() throws {
        let (page, records, _) = try load("<html><body><p>x</p><script>console.log('cut off')")
        XCTAssertEqual(records, [])
        XCTAssertEqual(bodyHTML(page), "<body><p>x</p><script>console.log('cut off')</script></body>")
    }

    func testErrorLocationsInPagesWithCarriageReturns() throws {
        let (_, records, _) = try load("<html><body>\r\n<p>a</p>\r\n<script>\r\n  x.y;</script>\r\n<script>  document.write('<script>z()<\\/script>')</script></body></html>")
        XCTAssertEqual(records, [
            "script error: file:///app/index.html:4:4: ReferenceError: Can't find variable: x",
            "script error: file:///app/index.html:1:2: ReferenceError: Can't find variable: z",
        ])
    }

    func testDeferAsyncAndLoadEventsInOrder() throws {
        let (_, records, _) = try load("""
        <html><head><script>
        var seen = [];
        function note(what) { seen.push(what + ':' + document.readyState); }
        document.addEventListener('readystatechange', function () { note('readystatechange'); });
        document.addEventListener('DOMContentLoaded', function () { note('DOMContentLoaded'); });
        window.addEventListener('load', function (e) { note('load'); console.log(seen.join(' '), e.target === document); });
        window.onload = function () { note('onload'); };
        setTimeout(function () { note('timeout'); console.log(seen.join(' ')); }, 0);
        </script>
        <script defer src="defer1.js"></script><script async src="async.js"></script><script defer src="defer2.js"></script>
        </head><body><script>note('inline')</script></body></html>
        """, files: ["defer1.js": "note('defer1')", "defer2.js": "note('defer2')", "async.js": "note('async')"])
        XCTAssertEqual(records, [
            "console.log: inline:loading readystatechange:interactive defer1:interactive defer2:interactive DOMContentLoaded:interactive"
                + " async:interactive readystatechange:complete load:complete true",
            "console.log: inline:loading readystatechange:interactive defer1:interactive defer2:interactive DOMContentLoaded:interactive"
                + " async:interactive readystatechange:complete load:complete onload:complete timeout:complete",
        ])
    }

    func testModuleAndTemplateScripts() throws {
        let (page, records, _) = try load("""
        <html><body><script type="module">console.log('module')</script>\
        <script type="text/x-template" id="t"><p>{{ x }}</p></script>\
        <script type="text/javascript">console.log(document.getElementById('t').textContent)</script></body></html>
        """)
        XCTAssertEqual(records, ["script skipped: module scripts are not supported", "console.log: <p>{{ x }}</p>"])
        XCTAssertEqual(bodyHTML(page), """
        <body><script type="module">console.log('module')</script><script type="text/x-template" id="t"><p>{{ x }}</p></script>\
        <script type="text/javascript">console.log(document.getElementById('t').textContent)</script></body>
        """)
    }

    func testUserScriptsAtDocumentStartAndEnd() throws {
        let (_, records, _) = try load("""
        <html><head><script>console.log('page head', typeof window.started)</script></head><body>
        <script>document.addEventListener('DOMContentLoaded', function () { console.log('DOMContentLoaded') });
        window.addEventListener('load', function () { console.log('load') });</script></body></html>
        """, userScripts: [
            UserScript(source: "window.started = true; console.log('start', document.documentElement.nodeName, document.head, document.readyState)",
                       injectionTime: .documentStart),
            UserScript(source: "console.log('end', document.readyState)", injectionTime: .documentEnd),
            UserScript(source: "console.log('isolated', typeof window.started)", injectionTime: .documentEnd, world: "defaultClient"),
        ])
        XCTAssertEqual(records, ["console.log: start HTML null loading", "console.log: page head boolean", "console.log: DOMContentLoaded",
                                 "console.log: end interactive", "console.log: isolated undefined", "console.log: load"])
    }

    func testScriptsInsertedByScriptsRunAndInnerHTMLScriptsDoNot() throws {
        let (_, records, engine) = try load("""
        <html><head></head><body><div id="d"></div><script>
        var s = document.createElement('script'); s.textContent = 'console.log("inserted inline")'; document.body.appendChild(s);
        document.getElementById('d').innerHTML = '<script>console.log("never")<\\/script>';
        var e = document.createElement('script'); e.src = 'late.js'; e.onload = function () { console.log('onload', window.late) };
        document.head.appendChild(e);
        console.log('after append');
        </script></body></html>
        """, files: ["late.js": "window.late = 'ran'"])
        XCTAssertEqual(records + describe(engine.runUntilIdle()), ["console.log: inserted inline", "console.log: after append", "console.log: onload ran"])
    }

    func testMissingScriptFiresErrorAndReportsTheFailure() throws {
        let (_, records, _) = try load("""
        <html><body><script src="missing.js" onerror="console.log('error event', event.type)"></script></body></html>
        """)
        XCTAssertEqual(records, ["script load failed: file:///app/missing.js: No such file: file:///app/missing.js", "console.log: error event error"])
    }
}
