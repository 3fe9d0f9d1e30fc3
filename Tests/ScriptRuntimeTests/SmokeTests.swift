import XCTest
@testable import ScriptRuntime

final class SmokeTests: XCTestCase {
    func testJQueryLoads() throws {
        let jquery = try String(contentsOfFile: "/usr/share/javascript/jquery/jquery.js", encoding: .utf8)
        let (page, records, engine) = try load("""
        <html><head><title>T</title><script src="jquery.js"></script></head><body><p id=a class="x y">hi</p><ul id=list></ul>
        <script>
        $(function () { console.log('ready', $('#a').text(), $('.x').length, $('p').length); $('#list').append('<li>one</li><li>two</li>'); $('#a').addClass('z').hide(); });
        $('#a').on('click', function () { console.log('clicked'); });
        </script></body></html>
        """, files: ["jquery.js": jquery])
        print(records)
        print(bodyHTML(page))
        print(describe(engine.runUntilIdle()))
    }
}
