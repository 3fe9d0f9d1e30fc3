import URLKit
import PageKit
import XCTest
@testable import ScriptRuntime

/// Controls keep their state apart from their attributes; forms submit and reset.
final class FormTests: XCTestCase {
    static let form = """
    <html><body><form id="f" action="search.html">
    <input id="q" name="q" value="default" maxlength="8">
    <input id="c" type="checkbox" name="c" value="yes" checked>
    <input id="r1" type="radio" name="r" value="1" checked><input id="r2" type="radio" name="r" value="2">
    <select id="s" name="s"><option>one</option><option value="2" selected>two</option><optgroup><option>three</option></optgroup></select>
    <textarea id="t" name="t">text</textarea>
    <label id="label" for="c">label</label>
    <button id="go" name="go" value="clicked">Go</button><button type="reset" id="reset">Reset</button>
    <input type="button" id="plain" value="plain">
    </form>
    <script>
    var log = [];
    var f = document.getElementById('f');
    ['input', 'change', 'submit', 'reset'].forEach(function (type) {
      f.addEventListener(type, function (e) { log.push(type + ':' + e.target.id); });
    });
    </script></body></html>
    """

    func element(_ page: ScriptPage, _ id: String) throws -> NodeID {
        try XCTUnwrap(page.document.element(withID: id))
    }

    func testValuesAreStateNotAttributes() throws {
        let (page, _, _) = try load(Self.form)
        XCTAssertEqual(page.evaluate("""
        var q = document.getElementById('q'), c = document.getElementById('c'), s = document.getElementById('s');
        var t = document.getElementById('t');
        q.value = 'typed'; c.checked = false; s.value = 'three'; t.value = 'changed';
        [q.value, q.getAttribute('value'), q.defaultValue, c.checked, c.hasAttribute('checked'), s.value, s.selectedIndex,
         s.options.length, s.options[1].selected, s.options[1].defaultSelected, t.value, t.textContent, f.elements.length,
         f.elements.q === q, f.elements.namedItem('s') === s, Array.prototype.map.call(f.elements, function (e) { return e.id }).join()].join('|')
        """), .value(.string(
            "typed|default|default|false|true|three|2|3|false|true|changed|text|9|true|true|q,c,r1,r2,s,t,go,reset,plain")))
        XCTAssertEqual(page.value(of: try element(page, "q")), "typed")
        XCTAssertEqual(page.isChecked(try element(page, "c")), false)
        XCTAssertEqual(bodyHTML(page).contains("<input id=\"q\" name=\"q\" value=\"default\" maxlength=\"8\">"), true)
    }

    func testFillTypesCharacterByCharacterUpToMaxlength() throws {
        let (page, _, _) = try load(Self.form + """
        <script>document.getElementById('q').addEventListener('input', function (e) { log.push(e.data + '=' + this.value) })</script>
        """)
        page.fill(try element(page, "q"), text: "hello world")
        XCTAssertEqual(page.value(of: try element(page, "q")), "hello wo")
        XCTAssertEqual(page.evaluate("log.join(' ')"), .value(.string(
            "h=h input:q e=he input:q l=hel input:q l=hell input:q o=hello input:q  =hello  input:q w=hello w input:q o=hello wo input:q change:q")))
    }

    func testCheckboxesRadiosLabelsAndSelects() throws {
        let (page, _, _) = try load(Self.form)
        page.click(try element(page, "label"))
        page.click(try element(page, "r2"))
        page.select(try XCTUnwrap(page.document.elements(named: "option").first), in: try element(page, "s"))
        _ = page.evaluate("document.getElementById('c').addEventListener('click', function (e) { e.preventDefault() })")
        page.click(try element(page, "c"))
        XCTAssertEqual(page.isChecked(try element(page, "c")), false)
        XCTAssertEqual(page.isChecked(try element(page, "r1")), false)
        XCTAssertEqual(page.isChecked(try element(page, "r2")), true)
        XCTAssertEqual(page.value(of: try element(page, "s")), "one")
        XCTAssertEqual(page.evaluate("log.join(' ')"), .value(.string("input:c change:c input:r2 change:r2 input:s change:s")))
    }

    func testSubmitAndReset() throws {
        let (page, _, engine) = try load(Self.form)
        page.fill(try element(page, "q"), text: "a b&c")
        page.click(try element(page, "go"))
        XCTAssertEqual(describe(engine.takeRecords()), [
            "navigation: file:///app/search.html?q=a+b%26c&c=yes&r=1&s=2&t=text&go=clicked by form",
        ])
        page.click(try element(page, "reset"))
        XCTAssertEqual(page.value(of: try element(page, "q")), "default")
        _ = page.evaluate("""
        f.addEventListener('submit', function (e) { e.preventDefault() });
        document.getElementById('go').click();
        f.submit();
        """)
        XCTAssertEqual(describe(engine.takeRecords()), ["navigation: file:///app/search.html?q=default&c=yes&r=1&s=2&t=text by form"])
        page.submit(try element(page, "f"))
        page.click(try element(page, "plain"))
        XCTAssertEqual(describe(engine.takeRecords()), [])
        XCTAssertEqual(page.evaluate("log.join(' ')"), .value(.string(
            "input:q input:q input:q input:q input:q change:q submit:f reset:f submit:f submit:f")))
    }

    func testAPostFormRecordsItsBody() throws {
        let (page, _, engine) = try load("""
            <form id=f method=post action="post.html?x=1#top" enctype=text/plain><input id=q name=q value=one>
            <button id=go name=go value=1>Go</button><button id=get formmethod=get>Get</button></form>
            <form id=g method=post action=g.html><input name=a value="b c"></form>
            """)
        page.fill(try element(page, "q"), text: "two")
        page.click(try element(page, "go"))
        _ = page.evaluate("document.getElementById('g').submit(); document.getElementById('f').requestSubmit()")
        page.click(try element(page, "get"))
        XCTAssertEqual(engine.takeRecords().map(\.output), [
            .formPost(url: "file:///app/post.html?x=1#top", body: FormBody(contentType: "text/plain", bytes: Array("q=two\r\ngo=1\r\n".utf8))),
            .formPost(url: "file:///app/g.html", body: FormBody(contentType: "application/x-www-form-urlencoded", bytes: Array("a=b+c".utf8))),
            .formPost(url: "file:///app/post.html?x=1#top", body: FormBody(contentType: "text/plain", bytes: Array("q=two\r\n".utf8))),
            .navigation(url: "file:///app/post.html?q=two", replace: false, initiatedBy: .form),
        ])
    }
}
