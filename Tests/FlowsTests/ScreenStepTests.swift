import Foundation
@testable import Flows
import NavigatorCore
import PageKit
import Simulator
import TestSupport
import XCTest

/// What the user sees (issue 19): `expect visible` against the rows on the screen, `scroll to`,
/// `expect focus`, and `open` of a page that does not exist.
final class ScreenStepTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)
    private static let pages = [
        "/app/Pages/index.html": "<title>Home</title>" + (1...40).map { "<p>Paragraph \($0)</p>" }.joined() + "<p>The end</p>",
        "/app/Pages/form.html": """
            <title>Form</title><label for="n">Your name</label><input id="n"> <input placeholder="City">
            <a href="index.html">Home link</a>
            """,
        "/app/Pages/scripted.html": """
            <title>Scripted</title><input name="email"><button id="b">Go</button><p>Under the box</p>
            <script>document.querySelector("[name=email]").focus();
            document.getElementById("b").onclick = () => { document.getElementById("b").focus(); alert("Sent"); };</script>
            """,
    ]

    private func run(_ text: String, profile: AppProfile = .builtIn) throws -> FlowResult {
        var runner = FlowRunner(profile: profile, pagesBase: folder, store: PageStore(reader: InMemoryPages(files: Self.pages)))
        runner.parser = FlowParser { _ in Data() }
        return runner.run(Flow(path: "t.flow", steps: try runner.parser.parse(text: text, path: "t.flow", folder: folder)))
    }

    func testVisibleMeansInTheRowsShown() throws {
        XCTAssertNil(try run("size 40x12\nexpect visible \"Paragraph 1\"\nexpect text \"The end\"").failure?.message)
        let below = try run("size 40x12\nexpect visible \"The end\"")
        XCTAssertEqual(below.failure?.message, "expected visible \"The end\", got it is on the page but not in the rows shown (scroll to it)")
        // The last line cannot come to the top: the page scrolls as far as it goes (9 rows at 40x12).
        let scrolled = try run("size 40x12\nscroll to \"The end\"\nexpect visible \"The end\"\nexpect visible \"Paragraph 37\"\nexpect visible \"Paragraph 36\"")
        XCTAssertEqual(scrolled.failure?.message, "expected visible \"Paragraph 36\", got it is on the page but not in the rows shown (scroll to it)")
        XCTAssertEqual(scrolled.failure?.picture[1...2], [" Paragraph 37                          │", "                                       │"],
                       "the failure picture shows the web view as it was scrolled")
        let back = try run("size 40x12\nscroll to \"Paragraph 20\"\nexpect visible \"Paragraph 24\"\nscroll to \"Paragraph 22\"\nexpect visible \"Paragraph 20\"")
        XCTAssertNil(back.failure?.message, "a line already shown does not scroll")
        let absent = try run("scroll to \"Paragraph 99\"")
        XCTAssertEqual(absent.failure?.message, "scroll to \"Paragraph 99\": the page has no such text")
        XCTAssertEqual(try run("expect visible \"Nowhere\"").failure?.message, "expected visible \"Nowhere\", got a page without it")
    }

    func testADialogOrThePrivacyGuardCoversTheText() throws {
        let dialog = try run("size 40x12\nopen scripted.html\ntap \"Go\"\nexpect dialog alert \"Sent\"\nexpect visible \"Go\"\nexpect visible \"Under the box\"")
        XCTAssertEqual(dialog.failure?.message, "expected visible \"Under the box\", got it is on the page but under the dialog (alert \"Sent\")")
        XCTAssertEqual(dialog.failure?.location.line, 6, "the button above the box is visible")
        var profile = AppProfile.builtIn
        profile.privacyGuard = AppProfile.PrivacyGuard(title: "Private")
        let guarded = try run("background\nexpect text \"Paragraph 1\"\nexpect visible \"Paragraph 1\"", profile: profile)
        XCTAssertEqual(guarded.failure?.message, "expected visible \"Paragraph 1\", got the privacy guard covers the app")
    }

    func testFocusIsTheFieldTypedIntoOrTheOneAScriptFocused() throws {
        XCTAssertEqual(try run("open form.html\nexpect focus \"Your name\"").failure?.message, "expected focus \"Your name\", got no focused element")
        XCTAssertNil(try run("open form.html\nfill \"City\" \"Oslo\"\nexpect focus \"city\"").failure?.message)
        XCTAssertEqual(try run("open form.html\nfill \"City\" \"Oslo\"\nexpect focus \"Your name\"").failure?.message,
                       "expected focus \"Your name\", got <input> \"City\"")
        XCTAssertNil(try run("open scripted.html\nexpect focus \"email\"").failure?.message)
        let tapped = try run("open scripted.html\ntap \"Go\"\naccept\nexpect focus \"Go\"\nexpect focus \"email\"")
        XCTAssertEqual(tapped.failure?.message, "expected focus \"email\", got <button> \"Go\"")
    }

    func testOpenOfAMissingPageFailsAtItsLine() throws {
        let result = try run("expect depth 1\nopen nothere.html\nexpect page \"Error\"")
        XCTAssertEqual(result.failure?.message, "open nothere.html: the page cannot be opened: No such file: /app/Pages/nothere.html")
        XCTAssertEqual(result.failure?.location.line, 2)
        let deeplink = try run("open \"mkwebview://webview?url=gone.html\"")
        XCTAssertEqual(deeplink.failure?.message,
                       "open mkwebview://webview?url=gone.html: the page cannot be opened: No such file: /app/Pages/gone.html")
    }
}
