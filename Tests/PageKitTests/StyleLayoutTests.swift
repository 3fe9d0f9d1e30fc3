import Foundation
import TestSupport
import XCTest
import PageKit

/// What the page's style hides, as whole line arrays.
final class StyleLayoutTests: XCTestCase {
    func styledLines(_ html: String, width: Int = 40, scripts: Bool = false, state: DocumentState = DocumentState()) -> [String] {
        PageLayoutEngine.layout(HTMLParser.parse(html), baseURL: URL(string: "file:///site/page.html"),
                                options: LayoutOptions(width: width, scriptsEnabled: scripts), state: state).lines.map(\.text)
    }

    func testInlineStyles() {
        assertLines(styledLines("""
            <p>one</p><p style="display:none">two</p><p style="display: none !important">three</p>
            <p style="DISPLAY:NONE">four</p><p style="display: block">five</p><p style="color: red; display: bogus">six</p>
            <p>a <span style="display:none">hidden</span>b</p>
            """), ["one", "", "five", "", "six", "", "a b"])
    }

    func testStyleRulesWithSpecificityAndOrder() {
        assertLines(styledLines("""
            <style>
              .note { display: none }
              p.note.keep { display: block }
              #lead { display: none } p { display: block }
              .gone { display: block } .gone { display: none }
              .mobile { display: none }
              @media (min-width: 1024px) { .desktop { display: none } }
              @media (max-width: 767px) { .desktop { display: none } .mobile { display: block } }
            </style>
            <p class=note>a note</p><p class="note keep">a kept note</p><p id=lead>the lead</p>
            <p class=gone>gone</p><p class=desktop>desktop menu</p><p class=mobile>mobile menu</p>
            """), ["a kept note", "", "mobile menu"])
    }

    func testImportantRules() {
        assertLines(styledLines("""
            <style>.x { display: none !important } #y { display: block } .z { display: block !important }</style>
            <p class=x id=y style="display: block">x</p><p class=z style="display: none">z</p>
            <p class=z style="display: none !important">inline important</p>
            """), ["z"])
    }

    func testHiddenAttributeOverriddenByAnAuthorRule() {
        assertLines(styledLines("""
            <style>.shown { display: block }</style>
            <p hidden>hidden</p><p hidden class=shown>shown anyway</p><p>visible</p>
            """), ["shown anyway", "", "visible"])
    }

    func testVisibilityHiddenKeepsTheSpaceAndShowsNothing() {
        let html = """
            <style>.h { visibility: hidden } .v { visibility: visible }</style>
            <p>before</p>
            <p class=h>secret words <a href=x.html>secret link</a> <span class=v>shown again</span> end</p>
            <ul class=h><li>hidden item</li></ul>
            <hr class=h>
            <p>after</p>
            """
        let layout = PageLayoutEngine.layout(HTMLParser.parse(html), baseURL: URL(string: "file:///site/page.html"),
                                             options: LayoutOptions(width: 40))
        assertLines(layout.lines.map(\.text), [
            "before",
            "",
            "                         shown again",
            "",
            "",
            "",
            "",
            "",
            "after",
        ])
        XCTAssertEqual(layout.items, [], "a hidden link is no item")
        XCTAssertEqual(layout.lines[2].runs, [])
    }

    func testVisibilityIsInheritedAndVisibleInsideHiddenShows() {
        assertLines(styledLines("""
            <p>start</p><div style="visibility: hidden"><p>gone <b>too</b></p><p style="visibility: visible">back</p></div><p>end</p>
            """), ["start", "", "", "", "back", "", "end"])
        assertLines(styledLines("<p style='visibility: hidden'>top</p><p>text</p><p style='visibility: hidden'>bottom</p>"),
                    ["text"], "blank space at either end of a page is dropped")
    }

    func testHiddenButtonsAndFieldsKeepTheirWidth() {
        let layout = PageLayoutEngine.layout(HTMLParser.parse("""
            <form action=go.html><input name=q value=x style="visibility:hidden"> <button style="visibility:hidden">Go</button>\
             <input type=submit value=Send></form>
            """), baseURL: URL(string: "file:///site/page.html"), options: LayoutOptions(width: 40))
        XCTAssertEqual(layout.lines.map(\.text), ["                    [Send]"])
        XCTAssertEqual(layout.items.map(\.text), ["Send"])
    }

    func testDisplayNoneRemovesItems() {
        let layout = PageLayoutEngine.layout(HTMLParser.parse("""
            <style>nav.menu { display: none }</style><nav class=menu><a href=a.html>A</a></nav><a href=b.html>B</a>
            <div style="display:none"><button>Hidden</button></div>
            """), baseURL: URL(string: "file:///site/page.html"), options: LayoutOptions(width: 40))
        XCTAssertEqual(layout.items.map(\.text), ["B"])
        XCTAssertEqual(layout.items.map(\.number), [1])
    }

    func testNoscriptFollowsWhetherScriptsRun() {
        let html = "<p>start</p><noscript><p>Please enable JavaScript.</p></noscript><p>end</p>"
        assertLines(styledLines(html, scripts: false), ["start", "", "Please enable JavaScript.", "", "end"])
        assertLines(styledLines(html, scripts: true), ["start", "", "end"])
        assertLines(styledLines("<style>@media (scripting: none) { .js { display: none } }</style><p class=js>needs JS</p>",
                                scripts: false), [])
    }

    func testTemplateContentNeverShows() {
        assertLines(styledLines("""
            <template><p>template text</p></template><template style="display:block"><p>still not</p></template><p>shown</p>
            """), ["shown"])
    }

    func testUserAgentRulesFromHTML() {
        assertLines(styledLines("""
            <dialog>closed dialog</dialog><dialog open>open dialog</dialog><noframes>no frames</noframes>
            <p>a<input type=HIDDEN value=x>b</p><audio>no controls</audio>
            """), ["open dialog", "", "ab"])
    }

    func testAuthorRulesCanShowWhatTheUserAgentHides() {
        assertLines(styledLines("<style>head, title { display: block }</style><title>Shown title</title><p>body</p>"),
                    ["Shown title", "", "body"])
    }

    func testTablesSkipHiddenRowsAndCells() {
        assertLines(styledLines("""
            <style>.secret { display: none }</style>
            <table><tr><td>a</td><td class=secret>s</td><td>b</td></tr><tr class=secret><td>gone</td></tr><tr><td>c</td><td>d</td></tr></table>
            """), ["a  b", "c  d"])
    }

    func testCSSOnlyTogglesFollowFormState() throws {
        let html = """
            <style>.panel { display: none } #more:checked ~ .panel { display: block }</style>
            <div><input id=more type=checkbox> more<p class=panel>The panel.</p></div>
            """
        assertLines(styledLines(html), ["[ ] more"])
        let document = HTMLParser.parse(html)
        var state = DocumentState()
        state.checkedness[try XCTUnwrap(document.element(withID: "more"))] = true
        assertLines(styledLines(html, state: state), ["[x] more", "", "The panel."])
    }

    func testLinkedStyleSheetsLoadThroughTheReader() {
        let pages = InMemoryPages(files: [
            "/site/page.html": """
                <link rel=stylesheet href="css/app.css"><link rel=stylesheet href="https://cdn.example/remote.css">
                <p class=remote>remote</p><p class=ad>advert</p><p class=text>text</p><p>end</p>
                """,
            "/site/css/app.css": "@import 'more.css'; .ad { display: none }",
            "/site/css/more.css": ".text { visibility: hidden }",
        ])
        let page = PageLoader.load(URL(fileURLWithPath: "/site/page.html"), reader: pages)
        XCTAssertEqual(page.styleSheets.urls, ["file:///site/css/app.css", "file:///site/css/more.css"])
        let layout = PageLayoutEngine.layout(page.document, baseURL: page.url, options: LayoutOptions(width: 40),
                                             styleSheets: page.styleSheets)
        assertLines(layout.lines.map(\.text), ["remote", "", "", "", "end"])
        XCTAssertEqual(pages.reads["/site/css/app.css"], 1)
        XCTAssertNil(pages.reads["/remote.css"], "http style sheets are not read yet")
    }

    func testStyleChangesMadeInPlaceShowAtTheNextLayout() throws {
        var document = HTMLParser.parse("<style id=s>.a { display: none }</style><p>top</p><p class=a id=p>A</p><p>B</p>")
        func text() -> [String] {
            PageLayoutEngine.layout(document, baseURL: nil, options: LayoutOptions(width: 40)).lines.map(\.text)
        }
        XCTAssertEqual(text(), ["top", "", "B"])
        let sheet = try XCTUnwrap(document.element(withID: "s"))
        document.setText(".a { display: block }", of: sheet)
        XCTAssertEqual(text(), ["top", "", "A", "", "B"])
        document.setAttribute("class", "b", of: try XCTUnwrap(document.element(withID: "p")))
        document.setText(".b { visibility: hidden }", of: sheet)
        XCTAssertEqual(text(), ["top", "", "", "", "B"])
        document.remove(sheet)
        XCTAssertEqual(text(), ["top", "", "A", "", "B"])
    }
}
