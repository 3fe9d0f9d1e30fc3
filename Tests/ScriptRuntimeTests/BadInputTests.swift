import Foundation
import XCTest
@testable import ScriptRuntime

/// Hostile or broken pages: each gives a clear record, never a crash or a hang.
final class BadInputTests: XCTestCase {
    func fastEngine() throws -> ScriptEngine {
        try makeEngine { $0.timeLimitMs = 200 }
    }

    func testEndlessLoopIsStoppedAndThePageStaysUsable() throws {
        let (page, records, engine) = try load("""
        <html><body><p id="p">before</p><script>var n = 0; while (true) { n++ }</script>\
        <script>document.getElementById('p').textContent = 'after'; console.log('next script ran')</script></body></html>
        """, engine: try fastEngine())
        XCTAssertEqual(records, ["script timeout", "console.log: next script ran"])
        XCTAssertEqual(page.evaluate("n > 0 && document.getElementById('p').textContent"), .value(.string("after")))
        XCTAssertEqual(page.evaluate("for (;;) {}"), .timeout)
        XCTAssertEqual(describe(engine.takeRecords()), ["script timeout"])
        XCTAssertEqual(page.evaluate("1 + 1"), .value(.number(2)))
    }

    func testEndlessLoopInATimerAndInAListener() throws {
        let (page, _, engine) = try load("""
        <html><body><button id="b">b</button><script>
        setTimeout(function () { for (;;) {} }, 10);
        document.getElementById('b').onclick = function () { while (1) {} };
        </script></body></html>
        """, engine: try fastEngine())
        XCTAssertEqual(describe(engine.advance(by: 10)), ["script timeout"])
        page.click(try XCTUnwrap(page.document.element(withID: "b")))
        XCTAssertEqual(describe(engine.takeRecords()), ["script timeout"])
    }

    func testZeroDelayIntervalStopsAtTheTaskBound() throws {
        let (page, _, engine) = try load("<script>var ticks = 0; setInterval(function () { ticks++ }, 0)</script>",
                                         engine: try makeEngine { $0.taskBound = 500 })
        XCTAssertEqual(describe(engine.advance(by: 60_000)), ["task bound reached"])
        XCTAssertEqual(page.evaluate("ticks"), .value(.number(500)))
        XCTAssertEqual(engine.now, ScriptClock.flowEpoch + 60_000)
        XCTAssertEqual(describe(engine.runUntilIdle()), ["task bound reached"])
        XCTAssertEqual(page.evaluate("ticks"), .value(.number(1000)))
    }

    func testInfiniteMicrotaskChainsAreCutOffAfterTheTimeLimit() throws {
        let (page, records, _) = try load("""
        <script>
        var a = 0, b = 0;
        (function again() { a++; Promise.resolve().then(again); })();
        (function more() { b++; queueMicrotask(more); })();
        </script>
        <script>console.log('the page goes on', a > 1000, b > 1000)</script>
        """, engine: try fastEngine())
        XCTAssertEqual(records, ["script timeout", "console.log: the page goes on true true"])
        XCTAssertEqual(page.evaluate("Promise.resolve(5).then(function (v) { window.later = v }); 1"), .value(.number(1)))
        XCTAssertEqual(page.evaluate("window.later"), .value(.number(5)))
    }

    func testDeepRecursionIsJavaScriptCoresRangeError() throws {
        let (page, records, _) = try load("<script>function down(n) { return down(n + 1) + 1 } down(0)</script>")
        XCTAssertEqual(records, ["script error: file:///app/index.html:1:39: RangeError: Maximum call stack size exceeded."])
        XCTAssertEqual(page.evaluate("2 * 21"), .value(.number(42)))
    }

    func testTenMegabyteInnerHTML() throws {
        let (page, records, _) = try load("""
        <html><body><div id="d"></div><script>
        var cell = '<p class="row">' + 'x'.repeat(100) + '</p>';
        var html = cell.repeat(Math.ceil(10 * 1024 * 1024 / cell.length));
        var d = document.getElementById('d');
        d.innerHTML = html;
        console.log(html.length > 10 * 1024 * 1024, d.children.length, d.innerHTML.length === html.length, d.lastChild.textContent.length);
        d.innerHTML = '';
        console.log(d.childNodes.length);
        </script></body></html>
        """, engine: try makeEngine { $0.timeLimitMs = 60_000 })  // debug builds are slow; the point is no crash
        XCTAssertEqual(records, ["console.log: true 88116 true 100", "console.log: 0"])
        XCTAssertLessThan(page.document.liveNodeCount, 100)
    }

    func testDocumentWriteAfterLoadReplacesTheDocument() throws {
        let (page, records, engine) = try load("""
        <html><head><title>Old</title></head><body><p>old</p><script>
        setTimeout(function () { document.write('<title>New</title><p id="n">new</p>'); console.log(typeof document.write); }, 5);
        </script></body></html>
        """)
        XCTAssertEqual(records, [])
        XCTAssertEqual(describe(engine.advance(by: 5)), ["console.log: function", "title: New"])
        XCTAssertEqual(page.evaluate("document.documentElement.outerHTML"),
                       .value(.string("<html><head><title>New</title></head><body><p id=\"n\">new</p></body></html>")))
    }

    func testUnknownScriptTypeIsKeptAndNotRun() throws {
        let (page, records, _) = try load("<html><body><script type=\"text/unknown\">console.log('no')</script></body></html>")
        XCTAssertEqual(records, [])
        XCTAssertEqual(bodyHTML(page), "<body><script type=\"text/unknown\">console.log('no')</script></body>")
    }

    func testGarbageSourceIsASyntaxError() throws {
        let (_, records, _) = try load("<script>\u{0}\u{1}var = = ;</script><script>}{</script>")
        XCTAssertEqual(records, [
            // The HTML parser turned U+0000 into U+FFFD; JavaScriptCore gives syntax errors a line only.
            "script error: file:///app/index.html:1: SyntaxError: Invalid character '\\ufffd'",
            "script error: file:///app/index.html:1: SyntaxError: Parser error",
        ])
    }
}

/// Issue 23, item 6: loops made of task sources other than plain code (observers, rejection
/// reports) stop at the time limit like any script, and their memory stays bounded.
final class RunawaySourceTests: XCTestCase {
    private func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = Double(text.split(separator: " ")[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    func testAMutationObserverThatChangesWhatItObservesStopsAtTheTimeLimit() throws {
        let before = residentMegabytes()
        let (page, records, engine) = try load("""
            <body><script>
            var delivered = 0;
            new MutationObserver(() => { delivered++; document.body.appendChild(document.createElement('i')); })
                .observe(document.body, {childList: true});
            document.body.appendChild(document.createElement('b'));
            </script><script>console.log('the page goes on')</script></body>
            """, engine: try makeEngine { $0.timeLimitMs = 300 })
        XCTAssertEqual(records, ["script timeout", "console.log: the page goes on"])
        guard case .value(.number(let delivered)) = page.evaluate("delivered") else { return XCTFail("no count") }
        XCTAssertGreaterThan(delivered, 1000)
        XCTAssertLessThan(residentMegabytes() - before, 200)
        // The next task may change the page again and the observer runs again, bounded again.
        XCTAssertEqual(page.evaluate("document.body.appendChild(document.createElement('u')); 1"), .value(.number(1)))
        XCTAssertEqual(describe(engine.runUntilIdle()), ["script timeout"])
    }

    /// Each report is a task of its own, after the scripts (as WebKit reports rejections), so
    /// the task bound stops the chain; the page's scripts have all run.
    func testAnUnhandledRejectionHandlerThatRejectsAgainStopsAtTheTaskBound() throws {
        let before = residentMegabytes()
        let (_, records, _) = try load("""
            <script>
            window.addEventListener('unhandledrejection', () => { Promise.reject(new Error('again')); });
            Promise.reject(new Error('first'));
            </script><script>console.log('the page goes on')</script>
            """, engine: try makeEngine { $0.timeLimitMs = 300 })
        XCTAssertEqual(Array(records.prefix(2)), ["console.log: the page goes on",
                                                  "script error: file:///app/index.html:3:25: Unhandled Promise Rejection: Error: first"])
        XCTAssertEqual(records.last, "task bound reached")
        let again = records.dropFirst(2).dropLast()
        XCTAssertGreaterThan(again.count, 1000)
        XCTAssertEqual(Set(again), ["script error: file:///app/index.html:2:79: Unhandled Promise Rejection: Error: again"])
        XCTAssertLessThan(residentMegabytes() - before, 200)
    }
}
