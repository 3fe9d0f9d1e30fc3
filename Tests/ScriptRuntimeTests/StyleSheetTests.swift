import XCTest
@testable import ScriptRuntime

/// `document.styleSheets`, a `<style>`'s `sheet`, its rules and `insertRule`/`deleteRule`,
/// against what WebKitGTK 2.50 prints for the same page (Scripts/webkit-oracle.py).
/// DECISIONS.md, "CSSOM style sheets and animation events".
final class StyleSheetTests: XCTestCase {
    static let page = """
    <!DOCTYPE html><html><head><style id=s>.a{color:red} @media screen { .b { color: blue } } @keyframes anim { from { width: 10px } to {width:20px} }</style></head><body><div id=d></div></body></html>
    """

    func testRulesTheirTextAndEditsAsInWebKit() throws {
        let (page, records, _) = try load(Self.page)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("""
        (function () { var s = document.getElementById("s").sheet, r = [];
          r.push(String(s), String(document.styleSheets), document.styleSheets.length, s.cssRules.length, String(s.cssRules),
            s.cssRules[0].cssText, String(s.cssRules[0]), s.cssRules[0].type, s.cssRules[1].cssText, s.cssRules[2].cssText,
            String(s.cssRules[2]), s.cssRules[2].name);
          r.push(s.insertRule(".baseStyle { width: 100px; transition: width 1ms; }"), s.cssRules[0].cssText, s.cssRules.length,
            s.insertRule("@keyframes q {}"), s.cssRules[0].cssText);
          try { s.insertRule("a{} b{}"); } catch (e) { r.push(e.name + ": " + e.message); }
          try { s.insertRule("a{}", 99); } catch (e) { r.push(e.name + ": " + e.message); }
          try { s.insertRule("$$$ {}"); } catch (e) { r.push(e.name + ": " + e.message); }
          r.push(s.addRule(".z", "color: red"), s.cssRules[s.cssRules.length - 1].cssText, s.ownerNode.id, s.type, s.href, s.title,
            String(s.media), s.disabled, "onwebkitanimationstart" in document.body, "onwebkitanimationiteration" in window,
            s.rules === s.cssRules, s.cssRules[0] === s.cssRules[0], s.cssRules[1].style.width, s.cssRules[1].parentStyleSheet === s);
          s.deleteRule(0); r.push(s.cssRules.length);
          try { s.deleteRule(50); } catch (e) { r.push(e.name + ": " + e.message); }
          var st = document.createElement("style"); r.push(st.sheet); document.head.appendChild(st);
          r.push(String(st.sheet), st.sheet.cssRules.length, document.styleSheets.length);
          st.textContent = ".q{color:red}"; r.push(st.sheet.cssRules.length);
          return JSON.stringify(r); })()
        """), .value(.string("""
        ["[object CSSStyleSheet]","[object StyleSheetList]",1,3,"[object CSSRuleList]",".a { color: red; }","[object CSSStyleRule]",1,\
        "@media screen {\\n  .b { color: blue; }\\n}","@keyframes anim { \\n  0% { width: 10px; }\\n  100% { width: 20px; }\\n}",\
        "[object CSSKeyframesRule]","anim",0,".baseStyle { width: 100px; transition: width 1ms; }",4,0,"@keyframes q { \\n}",\
        "SyntaxError: The string did not match the expected pattern.","IndexSizeError: The index is not in the allowed range.",\
        "SyntaxError: The string did not match the expected pattern.",-1,".z { color: red; }","s","text/css",null,null,"",false,true,true,\
        true,true,"100px",true,5,"IndexSizeError: The index is not in the allowed range.",null,"[object CSSStyleSheet]",0,2,1]
        """)))
    }

    func testTheCascadeReadsInsertedChangedAndDeletedRules() throws {
        let (page, _, _) = try load(Self.page)
        XCTAssertEqual(page.evaluate("""
        (function () { var d = document.getElementById("d"), s = document.getElementById("s").sheet; d.className = "k";
          var r = [getComputedStyle(d).display, getComputedStyle(d).color];
          s.insertRule(".k { display: inline; color: rgb(1, 2, 3) }", s.cssRules.length);
          r.push(getComputedStyle(d).display, getComputedStyle(d).color);
          var rule = s.cssRules[s.cssRules.length - 1]; rule.style.color = "green";
          r.push(getComputedStyle(d).color, rule.cssText);
          rule.selectorText = "#d"; r.push(s.cssRules[s.cssRules.length - 1].cssText, getComputedStyle(d).display);
          s.deleteRule(s.cssRules.length - 1); r.push(getComputedStyle(d).display);
          return JSON.stringify(r); })()
        """), .value(.string("""
        ["block","rgb(0, 0, 0)","inline","rgb(1, 2, 3)","rgb(0, 128, 0)",".k { display: inline; color: green; }",\
        "#d { display: inline; color: green; }","inline","block"]
        """)))
    }
}

/// Transition and animation events on the page's clock, against the events WebKitGTK 2.50
/// fires for the same page (their order, fields and, frame timing aside, times).
final class AnimationEventTests: XCTestCase {
    func testTransitionsAndAnimationsFireTheirEventsAtTheirTimes() throws {
        let (page, records, engine) = try load("""
        <!DOCTYPE html><html><head><style>
        .base { width: 100px; transition: width 50ms 20ms, color 30ms; }
        .wide { width: 200px; color: green }
        @keyframes anim { from { opacity: 0 } to { opacity: 1 } }
        </style></head><body><div id=d class=base></div><div id=e></div><script>
        var log = [], t0 = performance.now();
        function rec(e) { log.push([e.type, e.target.id, e.propertyName || e.animationName, e.elapsedTime, e.bubbles, e.cancelable, e.isTrusted, Math.round(performance.now() - t0)].join(" ")); }
        ["transitionrun","transitionstart","transitionend","transitioncancel","animationstart","animationiteration","animationend","animationcancel","webkitAnimationEnd","webkitTransitionEnd"].forEach(function (t) { document.addEventListener(t, rec); });
        var d = document.getElementById("d"), e = document.getElementById("e");
        getComputedStyle(d).width;
        d.classList.add("wide");
        e.style.animation = "anim 40ms 10ms 3";
        log.push("after " + getComputedStyle(d).transitionDuration + " " + getComputedStyle(e).animationName + " " + getComputedStyle(e).animationDuration + " " + getComputedStyle(e).animationIterationCount + " " + getComputedStyle(d).transitionProperty);
        </script></body></html>
        """)
        XCTAssertEqual(records, [])
        _ = engine.advance(by: 800)
        XCTAssertEqual(page.evaluate("log.join('|')"), .value(.string([
            "after 0.05s, 0.03s anim 0.04s 3 width, color",
            "transitionrun d color 0 true false true 0", "transitionstart d color 0 true false true 0",
            "transitionrun d width 0 true false true 0", "animationstart e anim 0 true false true 10",
            "transitionstart d width 0 true false true 20", "transitionend d color 0.03 true false true 30",
            "animationiteration e anim 0.04 true false true 50", "transitionend d width 0.05 true false true 70",
            "animationiteration e anim 0.08 true false true 90", "animationend e anim 0.12 true false true 130",
        ].joined(separator: "|"))))
    }

    /// A style attribute that declares the transition after changing the value (WPT's
    /// EventListener-invoke-legacy): the style before is what `getComputedStyle` read. A trusted
    /// `transitionend` reaches `webkitTransitionEnd` listeners only where no `transitionend`
    /// listener is, under the legacy type (DOM §2.10 "invoke" step 8); a page's own event does not.
    func testInlineTransitionsAndTheLegacyTypes() throws {
        let (page, records, engine) = try load("""
        <!DOCTYPE html><body><div id=p><div id=a></div></div><div id=b></div><script>
        var log = [];
        function rec(e) { log.push(e.type + " " + this.id + " " + e.target.id + " " + e.propertyName + " " + e.elapsedTime); }
        var p = document.getElementById("p"), a = document.getElementById("a"), b = document.getElementById("b");
        p.addEventListener("transitionend", rec); a.onwebkittransitionend = rec; b.addEventListener("webkitTransitionEnd", rec);
        [a, b].forEach(function (el) { getComputedStyle(el).color; el.style.color = "green"; el.style.transition = "color 30ms"; });
        b.dispatchEvent(new TransitionEvent("transitionend", { propertyName: "x" }));
        log.push("set");
        </script></body>
        """)
        XCTAssertEqual(records, [])
        _ = engine.advance(by: 100)
        XCTAssertEqual(page.evaluate("log.join('|')"), .value(.string(
            "set|webkitTransitionEnd a a color 0.03|transitionend p a color 0.03|webkitTransitionEnd b b color 0.03")))
    }

    /// Elements the parser made start their animations when the document is parsed; a name
    /// without a `@keyframes` rule starts none (WebKitGTK 2.50 logs the same).
    func testParsedElementsStartTheirAnimations() throws {
        let (page, records, engine) = try load("""
        <!DOCTYPE html><html><head><style>
        @keyframes pulse { from { opacity: 0 } to { opacity: 1 } }
        .p { animation: pulse 60ms 2; }
        .q { animation-name: nothing; animation-duration: 10ms; }
        </style></head><body><div id=a class=p></div><div id=b class=q></div><span id=c class=p>x</span><script>
        var log = [];
        ["animationstart","animationiteration","animationend"].forEach(function (t) { document.addEventListener(t, function (e) { log.push(e.type + " " + e.target.id + " " + e.animationName + " " + e.elapsedTime); }); });
        </script></body></html>
        """)
        XCTAssertEqual(records, [])
        _ = engine.advance(by: 500)
        XCTAssertEqual(page.evaluate("log.join('|')"), .value(.string(
            "animationstart a pulse 0|animationstart c pulse 0|animationiteration a pulse 0.06|animationiteration c pulse 0.06|animationend a pulse 0.12|animationend c pulse 0.12")))
    }
}
