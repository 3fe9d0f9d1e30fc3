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
        XCTAssertLessThanOrEqual(page.document.arenaCount, afterOneMinute, "the arena grew after the first minute")
        XCTAssertLessThan(page.document.arenaCount, 10_000)
        XCTAssertEqual(page.evaluate("list.children.length + ' ' + list.lastChild.textContent"), .value(.string("100 item 99 of round 601")))
        XCTAssertEqual(page.evaluate("list.appendChild(kept); kept.note + ' ' + kept.textContent + ' ' + kept.parentNode.id"),
                       .value(.string("kept item 7 of round 3 list")))
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
}
