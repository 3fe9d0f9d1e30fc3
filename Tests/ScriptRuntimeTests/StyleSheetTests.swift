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
