import XCTest
@testable import ScriptRuntime

/// Box sizes scripts read (`offsetWidth`/`clientWidth`, declared heights) from the computed
/// style, against the numbers WebKitGTK 2.50 prints for the same page (Scripts/webkit-oracle.py;
/// the widths do not depend on the oracle's taller window). DECISIONS.md, "Layout numbers".
final class LayoutNumbersTests: XCTestCase {
    func testBlockBoxWidthsAndDeclaredHeightsAsInWebKit() throws {
        let (page, records, _) = try load("""
        <div id=a>x</div><div id=b style="padding:3px;border:2px solid;margin:5px">y</div><div id=c style="width:100px;height:40px;padding:10px;border:1px solid"></div><div id=d style="box-sizing:border-box;width:100px;height:40px;padding:10px;border:1px solid"></div><div id=e style="margin:0 20px;padding:0 4px"><p id=f style="height:30px">z</p></div><div id=g style="display:none;width:50px"></div>
        """)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("""
        ["a","b","c","d","e","f","g"].map(function (i) { var n = document.getElementById(i); return i + ":" + [n.offsetWidth, n.clientWidth, n.clientHeight >= 0 && /height/.test(n.getAttribute("style") || "") ? n.offsetHeight : "-", /height/.test(n.getAttribute("style") || "") ? n.clientHeight : "-"].join(","); }).join(" ")
        """), .value(.string("a:374,374,-,- b:364,360,-,- c:122,120,62,60 d:100,98,40,38 e:334,334,-,- f:326,326,30,30 g:0,0,-,-")))
    }
}
