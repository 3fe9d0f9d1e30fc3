import PageKit
import XCTest
@testable import ScriptRuntime

/// Selectors and computed styles through PageKit, following the page's form state and focus.
final class SelectorStyleTests: XCTestCase {
    func testQueriesMatchesClosestAndWebKitsErrorForBadSelectors() throws {
        let (_, records, _) = try load("""
        <html><body><ul id="l"><li class="a">1</li><li>2<span>s</span></li><li class="a b">3</li></ul><template><li class="a">t</li></template>
        <script>
        var ids = function (list) { return Array.prototype.map.call(list, function (e) { return e.textContent; }).join(','); };
        var span = document.querySelector('span');
        console.log(ids(document.querySelectorAll('li.a')), ids(document.querySelectorAll('#l > li:nth-child(2), .b')),
          document.getElementById('l').querySelector(':scope > li + li').firstChild.data, span.closest('li').firstChild.data,
          span.closest('ul').id, span.closest('table'), span.matches('li > span'), span.matches('li.a span'));
        for (const bad of ['', 'li[', 'a::b::c', ':nope']) {
          try { document.querySelector(bad) } catch (e) { console.log(e.name, e.code, e.message) }
        }
        try { span.matches('>') } catch (e) { console.log(e.message) }
        </script></body></html>
        """)
        XCTAssertEqual(records, [
            "console.log: 1,3 2s,3 2 2 l null true false",
            "console.log: SyntaxError 12 '' is not a valid selector.",
            "console.log: SyntaxError 12 'li[' is not a valid selector.",
            "console.log: SyntaxError 12 'a::b::c' is not a valid selector.",
            "console.log: SyntaxError 12 ':nope' is not a valid selector.",
            "console.log: '>' is not a valid selector.",
        ])
    }

    /// Repeated queries are answered from the last answer until something they read changes:
    /// every change below must show in the next answer to the same query.
    func testARepeatedQueryFollowsEveryChangeOfTheTreeTheFormStateTheFocusAndTheURL() throws {
        let (_, records, _) = try load("""
        <html><body><ul id="l"><li class="a" id="one">1</li><li id="two">2</li></ul><input id="c" type="checkbox"><input id="t"><p id="e"></p>
        <script>
        var ids = function (selectors, root) {
          return Array.prototype.map.call((root || document).querySelectorAll(selectors), function (e) { return e.id; }).join(',') || '-';
        };
        var show = function () {
          return [ids('li.a'), ids('li.a', document.getElementById('l')), ids(':checked'), ids(':focus'), ids('p:empty'), ids(':target'),
            (document.querySelector('li.a') || {id: '-'}).id].join(' ');
        };
        console.log(show(), show() === show(), document.querySelectorAll('li') !== document.querySelectorAll('li'));
        document.getElementById('two').className = 'a';
        console.log(show());
        var three = document.createElement('li'); three.id = 'three'; three.className = 'a';
        document.getElementById('l').insertBefore(three, document.getElementById('one'));
        console.log(show());
        document.getElementById('one').remove();
        console.log(show());
        document.getElementById('c').checked = true;
        console.log(show());
        document.getElementById('t').focus();
        console.log(show());
        document.getElementById('e').appendChild(document.createTextNode('x'));
        console.log(show());
        location.hash = '#two';
        console.log(show());
        three.removeAttribute('class');
        console.log(show());
        </script></body></html>
        """)
        XCTAssertEqual(records, [
            "console.log: one one - - e - one true true",
            "console.log: one,two one,two - - e - one",
            "console.log: three,one,two three,one,two - - e - three",
            "console.log: three,two three,two - - e - three",
            "console.log: three,two three,two c - e - three",
            "console.log: three,two three,two c t e - three",
            "console.log: three,two three,two c t - - three",
            "history: push(url: \"file:///app/index.html#two\", state: ScriptRuntime.HistoryStateID(rawValue: 0))",
            "console.log: three,two three,two c t - two three",
            "console.log: two two c t - two two",
        ])
    }

    func testPseudoClassesFollowPropertiesAndFocus() throws {
        let (page, records, _) = try load("""
        <html><body><form><input id="c" type="checkbox"><input id="t" placeholder="p"><select id="s"><option>a</option><option id="o2">b</option></select></form>
        <script>
        var c = document.getElementById('c'), t = document.getElementById('t');
        var show = function () {
          return [document.querySelectorAll(':checked').length, c.matches(':checked'), t.matches(':placeholder-shown'),
            document.querySelector(':focus') && document.querySelector(':focus').id, document.querySelector('option:checked').textContent].join(' ');
        };
        console.log(show());
        c.checked = true; t.value = 'v'; t.focus(); document.getElementById('s').value = 'b';
        console.log(show(), c.hasAttribute('checked'));
        </script></body></html>
        """)
        XCTAssertEqual(records, ["console.log: 1 false true  a", "console.log: 2 true false t b false"])
        let state = page.documentState
        let checkbox = try XCTUnwrap(page.document.element(withID: "c"))
        XCTAssertEqual(state.focused, page.document.element(withID: "t"))
        XCTAssertEqual(state.checkedness[checkbox], true)
        XCTAssertEqual(state.values[try XCTUnwrap(page.document.element(withID: "t"))], "v")
        XCTAssertEqual(state.checkedness[try XCTUnwrap(page.document.element(withID: "o2"))], true)
    }

    func testComputedDisplayAndVisibilityFromTheCascade() throws {
        let (_, records, _) = try load("""
        <html><head><style>.card { display: flex } .gone { display: none } #v { visibility: hidden }</style>
        <link rel="stylesheet" href="site.css"></head><body>
        <div class="card" id="a">a</div><span class="gone" id="b">b<i id="c">c</i></span><p id="v"><b id="w">w</b></p><li id="li">x</li>
        <em id="x" style="display: block">x</em><button id="btn">b</button><p id="linked">l</p>
        <script>
        var d = function (id) { var s = getComputedStyle(document.getElementById(id)); return id + '=' + s.display + '/' + s.visibility; };
        console.log(['a', 'b', 'c', 'v', 'w', 'li', 'x', 'btn', 'linked'].map(d).join(' '));
        console.log(getComputedStyle(document.createElement('div')).display === '', document.getElementById('c').innerText,
          JSON.stringify(document.body.querySelector('#b').innerText));
        document.getElementById('a').className = 'gone';
        console.log(d('a'));
        </script></body></html>
        """, files: ["site.css": "#linked { display: inline-grid; visibility: collapse }"])
        XCTAssertEqual(records, [
            "console.log: a=flex/visible b=none/visible c=inline/visible v=block/hidden w=inline/hidden li=list-item/visible "
                + "x=block/visible btn=inline-block/visible linked=inline-grid/collapse",
            "console.log: true c \"bc\"",
            "console.log: a=none/visible",
        ])
    }
}
