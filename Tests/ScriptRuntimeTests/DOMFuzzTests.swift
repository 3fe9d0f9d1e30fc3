import PageKit
import XCTest
@testable import ScriptRuntime

/// Random DOM operations from JavaScript, then the tree's invariants: parent and sibling links
/// agree (in JavaScript and in PageKit's arena), nodes scripts hold stay what they were, and
/// the serialization parses back to the same tree.
final class DOMFuzzTests: XCTestCase {
    static let script = """
    <html><head></head><body><div id="root"></div><script>
    var root = document.getElementById('root'), pool = [root], failures = [];
    var tags = ['div', 'span', 'b', 'i', 'em', 'section', 'ul', 'li'];
    function pick(list) { return list[Math.floor(Math.random() * list.length)]; }
    function make() {
      var r = Math.random(), node;
      if (r < 0.55) { node = document.createElement(pick(tags)); node.made = node.nodeName; }
      else if (r < 0.9) { node = document.createTextNode(pick(['a', 'b <c>', 'd & e', ' ', ''])); node.made = '#text'; }
      else { node = document.createComment(pick(['x', 'y z'])); node.made = '#comment'; }
      pool.push(node);
      return node;
    }
    var operations = [
      function () { pick(pool).appendChild(make()); },
      function () { var p = pick(pool); p.insertBefore(make(), p.firstChild); },
      function () { var a = pick(pool), b = pick(pool); a.appendChild(b); },
      function () { var a = pick(pool), b = pick(pool); if (b.parentNode) b.parentNode.insertBefore(a, b); },
      function () { var n = pick(pool); if (n !== root) n.remove(); },
      function () { var n = pick(pool); if (n.parentNode && n !== root) n.parentNode.replaceChild(make(), n); },
      function () { var n = pick(pool); if (n.nodeType === 1) n.setAttribute(pick(['class', 'title', 'data-x']), pick(['1', 'a"b', '<&>'])); },
      function () { var n = pick(pool); if (n.nodeType === 1) n.removeAttribute(pick(['class', 'title', 'data-x'])); },
      function () { var n = pick(pool); if (n.nodeType === 1 && n !== root) n.textContent = pick(['t', '', 'u & v']); },
      function () { var n = pick(pool); if (n.nodeType === 1 && n !== root) n.innerHTML = '<span title="q">in<b>ner</b></span>&amp;<!--c-->'; },
      function () { var n = pick(pool); if (n.nodeType === 1) { var c = n.cloneNode(true); c.made = n.made; pool.push(c); } },
      function () { var n = pick(pool); n.normalize && n.normalize(); },
      function () { var a = pick(pool); if (a.nodeType === 1) a.append(make(), 'str', make()); },
      function () { var a = pick(pool); if (a.parentNode && a !== root) a.after(make()); },
      function () { var f = document.createDocumentFragment(); f.appendChild(make()); f.appendChild(make()); pick(pool).appendChild(f); },
      function () { for (var i = 0; i < 40; i++) make(); },
    ];
    function check(node, depth) {
      if (node.made && node.nodeName !== node.made && node.nodeName !== node.made.toUpperCase()) failures.push('identity ' + node.nodeName + ' ' + node.made);
      var children = node.childNodes, previous = null;
      for (var i = 0; i < children.length; i++) {
        var child = children[i];
        if (child.parentNode !== node) failures.push('parent');
        if (child.previousSibling !== previous) failures.push('previous');
        if (previous && previous.nextSibling !== child) failures.push('next');
        previous = child;
        check(child, depth + 1);
      }
      if (node.lastChild !== previous) failures.push('last');
      if (children.length && node.firstChild !== children[0]) failures.push('first');
    }
    function run(count) {
      for (var i = 0; i < count; i++) {
        try { pick(operations)(); } catch (e) {
          if (!(e instanceof DOMException) || e.name !== 'HierarchyRequestError') failures.push(String(e));
        }
        if (pool.length > 400) pool = pool.filter(function (n, index) { return index % 3 !== 0 || n === root; });
      }
      pool.forEach(function (n) { check(n, 0); });
      var html = root.innerHTML, again = document.createElement('div');
      again.innerHTML = html;
      if (again.innerHTML !== html) failures.push('round trip: ' + html + ' != ' + again.innerHTML);
      return failures.length ? failures.slice(0, 5).join('; ') : 'ok ' + pool.length;
    }
    </script></body></html>
    """

    func testRandomOperationsKeepTheTreeConsistent() throws {
        for seed in 1...12 {
            let engine = try makeEngine { $0.seed = UInt64(seed) }
            let (page, records, _) = try load(Self.script, engine: engine)
            XCTAssertEqual(records, [])
            for _ in 0..<8 {
                guard case .value(.string(let result)) = page.evaluate("run(150)") else { return XCTFail("seed \(seed): no result") }
                XCTAssertTrue(result.hasPrefix("ok"), "seed \(seed): \(result)")
                page.sweep()
                checkArena(page, seed: seed)
            }
        }
    }

    /// Every node reachable from the root: its children name it as their parent, in a
    /// doubly linked list that agrees both ways.
    func checkArena(_ page: ScriptPage, seed: Int, file: StaticString = #filePath, line: UInt = #line) {
        let document = page.document
        var stack = [document.root]
        while let node = stack.popLast() {
            var previous: NodeID?
            for child in document.children(of: node) {
                XCTAssertEqual(document.parent(of: child), node, "seed \(seed)", file: file, line: line)
                XCTAssertEqual(document.previousSibling(of: child), previous, "seed \(seed)", file: file, line: line)
                previous = child
                stack.append(child)
            }
            XCTAssertEqual(document.lastChild(of: node), previous, "seed \(seed)", file: file, line: line)
        }
    }
}
