import XCTest
@testable import ScriptRuntime

/// Removed nodes no script holds are freed; nodes a script holds stay valid.
final class MemoryTests: XCTestCase {
    func rebuildingPage(_ rebuild: String) -> String {
        """
        <html><body><ul id="list"></ul><script>
        var round = 0, list = document.getElementById('list'), kept = null;
        function rebuild() {
          round++;
          \(rebuild)
          if (round === 3) { kept = list.children[7]; kept.note = 'kept'; }
        }
        rebuild();
        setInterval(rebuild, 1000);
        </script></body></html>
        """
    }

    func checkBounded(_ rebuild: String) throws {
        let (page, records, engine) = try load(rebuildingPage(rebuild))
        XCTAssertEqual(records, [])
        XCTAssertEqual(describe(engine.advance(by: 60_000)), [])
        let afterOneMinute = page.document.arenaCount
        XCTAssertEqual(describe(engine.advance(by: 540_000)), [])
        XCTAssertEqual(page.evaluate("round"), .value(.number(601)))
        // The arena keeps its high-water mark, which moves with when JavaScriptCore collects (up to
        // a few dozen slots between runs); one node leaked per round would add 540.
        XCTAssertLessThanOrEqual(page.document.arenaCount, afterOneMinute + 200, "the arena grew after the first minute")
        XCTAssertLessThan(page.document.arenaCount, 10_000)
        XCTAssertEqual(page.evaluate("list.children.length + ' ' + list.lastChild.textContent"), .value(.string("100 item 99 of round 601")))
        XCTAssertEqual(page.evaluate("list.appendChild(kept); kept.note + ' ' + kept.textContent + ' ' + kept.parentNode.id"),
                       .value(.string("kept item 7 of round 3 list")))
    }

    /// A closed page's global object is collected. JavaScriptCore holds a global object's
    /// unhandled rejection handler as a root, and the page's handler is one of its own functions:
    /// closing swaps it out, or every closed page would stay in memory for good.
    func testClosedPageIsCollected() throws {
        let engine = try makeEngine()
        let (watcher, _, _) = try load("<p>watcher</p>", engine: engine)
        let watcherContext = watcher.pageWorld.context
        var closed: ScriptPage? = engine.loadPage(.text("<p>closed</p><script>var big = new Array(1000).fill('x')</script>"),
                                                  url: TestSite.base + "closed.html", resources: TestSite(files: [:]).reader)
        do {
            guard case .success(.kept(let watch)) = watcherContext.evaluate(
                "(function (target) { globalThis.watched = new WeakRef(target); })", sourceURL: "watch.js"),
                case .success(.kept(let window))? = closed?.pageWorld.context.evaluate("window", sourceURL: "window.js") else {
                return XCTFail("no window to watch")
            }
            XCTAssertEqual(try watcherContext.callHandingOver(watch, window).get(), .undefined)
        }
        let check = "watched.deref() === undefined ? 'collected' : watched.deref().big.length"
        XCTAssertEqual(try watcherContext.evaluate(check, sourceURL: "check.js").get(), .number(1000))
        closed?.close()
        closed = nil
        // A compilation of the page's code still running on JavaScriptCore's compiler thread
        // holds its global object until it ends: collect again a few times.
        var state = ScriptValue.undefined
        for _ in 0..<50 {
            engine.machine.collectGarbage(in: watcherContext)
            state = try watcherContext.evaluate(check, sourceURL: "check.js").get()
            if state == .string("collected") { break }
            usleep(10_000)
        }
        XCTAssertEqual(state, .string("collected"))
    }

    func testListRebuiltWithInnerHTMLStaysBounded() throws {
        try checkBounded("""
        var html = ''; for (var i = 0; i < 100; i++) html += '<li class="item">item ' + i + ' of round ' + round + '</li>';
        list.innerHTML = html;
        """)
    }

    func testListRebuiltWithCreateElementStaysBounded() throws {
        try checkBounded("""
        while (list.firstChild) list.removeChild(list.firstChild);
        for (var i = 0; i < 100; i++) {
          var li = document.createElement('li'); li.className = 'item';
          li.appendChild(document.createTextNode('item ' + i + ' of round ' + round));
          li.addEventListener('click', function () {});
          list.appendChild(li);
        }
        """)
    }

    /// Shadow trees are kept and freed with their hosts: the hosts of each round go, with their
    /// shadow trees, and the trees of the connected hosts and of a held detached host stay whole
    /// though no script holds their roots (closed roots, whose wrappers nothing keeps).
    func testShadowTreesAreFreedWithTheirHosts() throws {
        try checkBounded("""
        while (list.firstChild) list.removeChild(list.firstChild);
        for (var i = 0; i < 100; i++) {
          var li = document.createElement('x-item'); li.className = 'item';
          li.appendChild(document.createTextNode('item ' + i + ' of round ' + round));
          var root = li.attachShadow({ mode: 'closed' });
          root.innerHTML = '<b>shadow ' + i + '</b><slot></slot>';
          list.appendChild(li);
        }
        """)
    }
}
