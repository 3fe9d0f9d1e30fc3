import XCTest
@testable import ScriptRuntime

/// Every member of every element interface, called and set with hostile values (huge and odd
/// numbers, lone surrogates, 5,000-character strings, Symbols, BigInts, Proxies of nodes,
/// detached nodes and nodes of another document, objects whose conversions throw): each either
/// works or throws the exception WebIDL names (TypeError, RangeError from the value's own
/// conversion, DOMException), the engine never crashes, and the page stays usable.
final class HostileBindingsTests: XCTestCase {
    static let setup = """
    var container = document.createElement('div'); document.body.appendChild(container);
    var other = new DOMParser().parseFromString('<p id=o>other</p>', 'text/html');
    var thrower = { valueOf: function () { throw new RangeError('valueOf'); }, toString: function () { throw new RangeError('toString'); } };
    var hostile = [undefined, null, true, -1, -0, 2147483648, 4294967301, 9007199254740992, 1e308, -1e308, Infinity, NaN,
      '', 'x\\u0000y\\ud800', 'a'.repeat(5000), {}, [], Symbol('s'), 10n, new Proxy(document.createElement('div'), {}),
      document.createElement('span'), other.getElementById('o'), document.createTextNode('t'), document, window,
      function () {}, thrower];
    var tags = ['a', 'abbr', 'area', 'audio', 'base', 'blockquote', 'body', 'br', 'button', 'canvas', 'caption', 'col', 'data',
      'datalist', 'del', 'details', 'dialog', 'div', 'dl', 'embed', 'fieldset', 'font', 'form', 'frameset', 'h1', 'head', 'hr',
      'html', 'iframe', 'img', 'input', 'label', 'legend', 'li', 'link', 'map', 'menu', 'meta', 'meter', 'object', 'ol',
      'optgroup', 'option', 'output', 'p', 'param', 'picture', 'pre', 'progress', 'q', 'script', 'select', 'slot', 'source',
      'span', 'style', 'table', 'tbody', 'td', 'template', 'textarea', 'time', 'title', 'tr', 'track', 'ul', 'video', 'blink'];
    var unexpected = [];
    // A generated member throws only WebIDL's and WebKit's errors; a hand-written one (HTMLElement's,
    // Element's, Node's: not generated yet) may still throw JavaScriptCore's own TypeErrors.
    function check(what, generated, f) {
      try {
        var result = f();
        if (result && typeof result.then === 'function') result.then(null, function () {});
      } catch (e) {
        if (!(e instanceof TypeError || e instanceof RangeError || e instanceof DOMException)) unexpected.push(what + ': ' + e);
        else if (generated && e instanceof TypeError && /private field|undefined is not|null is not|is not a function/.test(e.message)) unexpected.push(what + ': ' + e.message);
      }
    }
    var skip = { click: true, submit: true, requestSubmit: true, focus: true };
    function sweep(tag) {
      var element = document.createElement(tag);
      container.appendChild(element);
      var name = Object.getPrototypeOf(element).constructor.name;
      var count = 0;
      // The hand-written members (HTMLElement's, Element's, Node's) once, on the div.
      var last = tag === 'div' ? EventTarget.prototype : HTMLElement.prototype;
      for (var proto = Object.getPrototypeOf(element); proto !== last; proto = Object.getPrototypeOf(proto)) {
        var generated = proto !== HTMLElement.prototype && proto !== Element.prototype && proto !== Node.prototype;
        Object.getOwnPropertyNames(proto).forEach(function (key) {
          if (key === 'constructor' || skip[key] || /^on/.test(key)) return;
          var d = Object.getOwnPropertyDescriptor(proto, key);
          if (typeof d.value === 'function') {
            check(name + '.' + key + '()', generated, function () { return d.value.call(element); });
            hostile.forEach(function (v, i) {
              check(name + '.' + key + '(#' + i + ')', generated, function () { return d.value.call(element, v); });
              check(name + '.' + key + '(#' + i + ' x3)', generated, function () { return d.value.call(element, v, v, v); });
              count += 2;
            });
          } else {
            if (d.get) check(name + '.' + key, generated, function () { return d.get.call(element); });
            if (d.set) hostile.forEach(function (v, i) {
              check(name + '.' + key + ' = #' + i, generated, function () { d.set.call(element, v); });
              count += 1;
            });
          }
          // Wrong receivers: the brand checks.
          [null, {}, document, container, new Proxy(element, {})].forEach(function (receiver, i) {
            check(name + '.' + key + ' on receiver #' + i, generated, function () {
              return typeof d.value === 'function' ? d.value.call(receiver) : d.get ? d.get.call(receiver) : undefined;
            });
          });
        });
      }
      return name + ' ' + count;
    }
    """

    func testEveryElementMemberWithHostileValues() throws {
        let (page, records, engine) = try load("<body><p>page</p></body>", engine: try makeEngine { $0.timeLimitMs = 120_000 })
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate(Self.setup + "true"), .value(.bool(true)))
        guard case .value(.string(let list)) = page.evaluate("tags.join(' ')") else { return XCTFail("no tags") }
        var swept = 0
        var interfaces = Set<String>()
        for tag in list.split(separator: " ") {
            guard case .value(.string(let result)) = page.evaluate("sweep('\(tag)')") else {
                XCTFail("\(tag): \(page.evaluate("sweep('\(tag)')"))")
                continue
            }
            let parts = result.split(separator: " ")
            interfaces.insert(String(parts[0]))
            swept += Int(parts[1]) ?? 0
        }
        XCTAssertEqual(interfaces.count, 67)
        XCTAssertGreaterThan(swept, 15_000)
        XCTAssertEqual(page.evaluate("unexpected.slice(0, 20).join('\\n')"), .value(.string("")))
        XCTAssertEqual(page.evaluate("document.body.appendChild(document.createElement('p')).tagName"), .value(.string("P")))
        let errors = describe(engine.runUntilIdle()).filter { $0.hasPrefix("script error") }
        XCTAssertEqual(errors, [])
    }
}
