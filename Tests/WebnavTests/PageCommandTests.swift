import Foundation
import XCTest

/// `dump` runs a page's scripts (issue 19), `--no-scripts` skips them; a missing page is exit 2
/// with its path for `dump` and `preview`; the profile's `networkRoutes` answer outside flows.
final class PageCommandTests: XCTestCase {
    private static let files = [
        "Pages/list.html": """
            <title>List</title><ul id="list"><li>loading…</li></ul>
            <script>
            fetch("https://api.example.invalid/items").then(r => r.json())
              .then(items => { document.getElementById("list").innerHTML = items.map(i => "<li>" + i + "</li>").join(""); })
              .catch(e => { document.getElementById("list").innerHTML = "<li>" + e.message + "</li>"; });
            document.title = "List (" + document.querySelectorAll("li").length + ")";
            null.crash;
            </script>
            """,
        "Pages/index.html": "<title>Home</title>",
        "items.json": "[\"apple\", \"pear\"]",
        "webnav.json": "{\"networkRoutes\": [{\"url\": \"**/items\", \"file\": \"items.json\"}]}",
    ]

    func testDumpRunsThePagesScriptsUnlessAskedNotTo() throws {
        let folder = try WebnavProcess.folder(Self.files)
        let dump = try WebnavProcess.run(["dump", "Pages/list.html"], in: folder)
        XCTAssertEqual(dump.status, 0, dump.stderr)
        XCTAssertEqual(dump.stdout, "• apple\n• pear\n", "the route of the profile answered the page's fetch")
        XCTAssertEqual(dump.stderr, "Pages/list.html: script error: list.html:7:5: TypeError: null is not an object (evaluating 'null.crash')\n")
        let plain = try WebnavProcess.run(["dump", "Pages/list.html", "--no-scripts"], in: folder)
        XCTAssertEqual(plain.stdout, "• loading…\n")
        XCTAssertEqual(plain.stderr, "")
    }

    func testAFramesDocumentIsDrawnInItsPlaceEvenOnAPageWithoutScripts() throws {
        let folder = try WebnavProcess.folder([
            "framed.html": "<h1>Page</h1><p>Before.</p><iframe srcdoc=\"<h2>Inside</h2><p>Frame text.</p>\">fallback</iframe>"
                + "<iframe src=other.html></iframe><p>After.</p>",
            "other.html": "<p id=x>other</p><script>document.getElementById('x').textContent += ' (scripted)';</script>",
        ])
        let dump = try WebnavProcess.run(["dump", "framed.html"], in: folder)
        XCTAssertEqual(dump.status, 0, dump.stderr)
        XCTAssertEqual(dump.stdout, "# Page\n\nBefore.\n\n## Inside\n\nFrame text.\n\nother (scripted)\n\nAfter.\n")
        XCTAssertEqual(dump.stderr, "")
    }

    func testTheProfilesRoutesAnswerInPreviewAsInTheTerminalUI() throws {
        let folder = try WebnavProcess.folder(Self.files)
        let preview = try WebnavProcess.run(["preview", "Pages/list.html", "--size", "30x8", "--color", "never"], in: folder)
        XCTAssertEqual(preview.status, 0, preview.stderr)
        XCTAssertEqual(preview.stdout.split(separator: "\n").map(String.init)[1...2], [" • apple", " • pear"])
    }

    func testAMissingPageIsExitTwoWithItsPath() throws {
        let folder = try WebnavProcess.folder(Self.files)
        let preview = try WebnavProcess.run(["preview", "Pages/nothere.html"], in: folder)
        XCTAssertEqual(preview.status, 2)
        XCTAssertEqual(preview.stdout, "")
        XCTAssertEqual(preview.stderr, "webnav: error: Pages/nothere.html: cannot open page: No such file: \(folder.path)/Pages/nothere.html\n")
        let deeplink = try WebnavProcess.run(["preview", "mkwebview://webview?url=gone.html"], in: folder)
        XCTAssertEqual(deeplink.stderr, "webnav: error: mkwebview://webview?url=gone.html: cannot open page: No such file: \(folder.path)/Pages/gone.html\n")
        let dump = try WebnavProcess.run(["dump", "Pages/nothere.html"], in: folder)
        XCTAssertEqual(dump.status, 2)
        XCTAssertEqual(dump.stderr, "webnav: error: Pages/nothere.html: cannot read page: No such file\n")
    }

    func testTheProfilesRoutesAndEnvAreChecked() throws {
        let folder = try WebnavProcess.folder(["webnav.json": """
            {"networkRoutes": [{"url": "**/items", "file": "none.json"}]}
            """, "Pages/index.html": ""])
        let missing = try WebnavProcess.run(["preview"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "webnav.json:1:48: error: \"networkRoutes[0].file\": no such file: \(folder.path)/none.json\n")
        try Data(#"{"networkRoutes": [{"file": "x.json", "abort": true}], "env": {"1x": "a"}}"#.utf8).write(to: folder.appendingPathComponent("webnav.json"))
        XCTAssertEqual(try WebnavProcess.run(["preview"], in: folder).stderr,
                       "webnav.json:1:20: error: \"networkRoutes[0]\" needs \"url\" (the pattern of the URLs it answers)\n")
        try Data(#"{"networkRoutes": [{"url": "**", "file": "x.json", "abort": true}]}"#.utf8).write(to: folder.appendingPathComponent("webnav.json"))
        XCTAssertEqual(try WebnavProcess.run(["preview"], in: folder).stderr,
                       "webnav.json:1:20: error: \"networkRoutes[0]\" has both \"file\" and \"abort\": a route answers with a file or aborts\n")
        try Data(#"{"env": {"1x": "a"}}"#.utf8).write(to: folder.appendingPathComponent("webnav.json"))
        XCTAssertEqual(try WebnavProcess.run(["preview"], in: folder).stderr,
                       "webnav.json:1:10: error: env name \"1x\" is not a variable name (a letter or _, then letters, digits or _)\n")
    }
}
