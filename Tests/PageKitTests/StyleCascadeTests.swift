import Foundation
import XCTest
import PageKit

/// Computed `display` and `visibility` of every element with an `id`, as `getComputedStyle`
/// reports them, for each rule of the cascade.
final class StyleCascadeTests: XCTestCase {
    /// `id: display/visibility` for every element with an `id`, in tree order.
    func styles(_ html: String, linked: LinkedStyleSheets = LinkedStyleSheets(), scripting: Bool = true,
                state: DocumentState = DocumentState()) -> [String] {
        let document = HTMLParser.parse(html)
        let resolver = StyleResolver(document: document, styleSheets: linked, baseURL: "file:///site/page.html", state: state,
                                     media: .phone(scripting: scripting))
        return (try? document.querySelectorAll("[id]", under: document.root))?.map { element in
            let style = resolver.computedStyle(of: element)
            return "\(document.attribute("id", of: element) ?? "?"): \(style?.display.rawValue ?? "-")/\(style?.visibility.rawValue ?? "-")"
        } ?? []
    }

    func testUserAgentDefaults() {
        XCTAssertEqual(styles("""
            <html id=html><head id=head><title id=title>T</title><style id=style></style></head>
            <body id=body><div id=div><span id=span>s</span><p id=p>p</p><ul id=ul><li id=li>l</li></ul>
            <table id=table><caption id=caption>c</caption><colgroup id=colgroup><col id=col></colgroup>
            <thead id=thead><tr id=tr><th id=th>h</th></tr></thead><tbody id=tbody><tr><td id=td>d</td></tr></tbody>
            <tfoot id=tfoot></tfoot></table>
            <input id=input><input id=hiddeninput type=HIDDEN><button id=button>b</button><select id=select></select>
            <textarea id=textarea></textarea><img id=img><a id=a href=x>a</a><template id=template></template>
            <dialog id=dialog>closed</dialog><dialog id=open open>open</dialog><details id=details></details>
            <audio id=audio></audio><audio id=controls controls></audio><noscript id=noscript>n</noscript>
            <custom-element id=custom></custom-element><div id=hidden hidden></div><embed id=embed hidden>
            <ruby id=ruby>r<rp id=rp>(</rp><rt id=rt>t</rt></ruby><slot id=slot></slot></div></body></html>
            """), [
            "html: block/visible", "head: none/visible", "title: none/visible", "style: none/visible", "body: block/visible",
            "div: block/visible", "span: inline/visible", "p: block/visible", "ul: block/visible", "li: list-item/visible",
            "table: table/visible", "caption: table-caption/visible", "colgroup: table-column-group/visible",
            "col: table-column/visible", "thead: table-header-group/visible", "tr: table-row/visible", "th: table-cell/visible",
            "tbody: table-row-group/visible", "td: table-cell/visible", "tfoot: table-footer-group/visible",
            "input: inline-block/visible", "hiddeninput: none/visible", "button: inline-block/visible",
            "select: inline-block/visible", "textarea: inline-block/visible", "img: inline/visible", "a: inline/visible",
            "template: none/visible", "dialog: none/visible", "open: block/visible", "details: block/visible",
            "audio: none/visible", "controls: inline/visible", "noscript: none/visible", "custom: inline/visible",
            "hidden: none/visible", "embed: inline/visible", "ruby: inline/visible", "rp: none/visible", "rt: block/visible",
            "slot: contents/visible",
        ])
        XCTAssertEqual(styles("<noscript id=n>x</noscript>", scripting: false), ["n: inline/visible"])
    }

    func testInlineStyleSpecificityOrderAndImportance() {
        XCTAssertEqual(styles("""
            <style>
              #a { display: none }  div { display: block }
              .b { display: none } .b { display: flex }
              div.c { display: none } .c { display: grid }
              .d { display: none !important }
              .e { display: inline !important } .e { display: none !important }
              .f { display: block !important }
            </style>
            <div id=a style="display: inline-block">inline beats an id</div>
            <div id=b class=b>the later rule</div>
            <div id=c class=c>the more specific rule</div>
            <div id=d class=d style="display: block">important beats inline</div>
            <div id=e class=e>the later important rule</div>
            <div id=f class=f style="display: none !important">inline important beats important</div>
            <div id=g style="display: none; display: table">the last inline declaration</div>
            <div id=h style="display: table !important; display: none">an important one stays</div>
            """), [
            "a: inline-block/visible", "b: flex/visible", "c: none/visible", "d: none/visible", "e: none/visible",
            "f: none/visible", "g: table/visible", "h: table/visible",
        ])
    }

    func testHiddenAttributeYieldsToAuthorRules() {
        XCTAssertEqual(styles("""
            <style>.shown { display: block } [hidden].flex { display: flex } #x { visibility: hidden }</style>
            <div id=a hidden>hidden</div><div id=b hidden class=shown>shown</div><span id=c hidden class=flex>flex</span>
            <p id=x hidden>still none</p>
            """), ["a: none/visible", "b: block/visible", "c: flex/visible", "x: none/hidden"])
    }

    func testVisibilityIsInherited() {
        XCTAssertEqual(styles("""
            <style>.h { visibility: hidden } .v { visibility: visible } .c { visibility: collapse }</style>
            <div id=outer class=h><p id=inner>x<span id=back class=v>y<em id=deep>z</em></span></p></div>
            <table><tr id=row class=c><td id=cell>c</td></tr></table>
            <div id=initial class=h><b id=b style="visibility: initial">i</b><i id=i style="visibility: inherit">j</i></div>
            """), [
            "outer: block/hidden", "inner: block/hidden", "back: inline/visible", "deep: inline/visible",
            "row: table-row/collapse", "cell: table-cell/collapse", "initial: block/hidden", "b: inline/visible",
            "i: inline/hidden",
        ])
    }

    func testDisplayValuesAndKeywords() {
        XCTAssertEqual(styles("""
            <style>
              #a { display: inline flow-root } #b { display: block flow } #c { display: -webkit-flex }
              #d { display: list-item inline } #e { display: inline-grid } #f { display: -webkit-box }
              #g { display: flex grid } #h { display: bogus } #i { display: 3 } #j { display: var(--x) }
              #k { display: none; display: inherit } #l { display: initial } #m { display: unset }
              #n { display: contents }
            </style>
            <div id=a></div><div id=b></div><div id=c></div><div id=d></div><div id=e></div><div id=f></div>
            <div id=g></div><div id=h></div><div id=i></div><div id=j></div><span id=k></span><div id=l></div>
            <div id=m></div><div id=n></div>
            """), [
            "a: inline-block/visible", "b: block/visible", "c: flex/visible", "d: inline list-item/visible",
            "e: inline-grid/visible", "f: -webkit-box/visible", "g: block/visible", "h: block/visible", "i: block/visible",
            "j: block/visible", "k: block/visible", "l: inline/visible", "m: inline/visible", "n: contents/visible",
        ])
    }

    func testBlockification() {
        XCTAssertEqual(styles("""
            <html id=root style="display: inline-flex"><body id=body style="display: flex">
            <span id=item>blockified</span><table id=table style="display: inline-table"></table>
            <b id=none style="display: none"></b><i id=contents style="display: contents"><u id=inner>u</u></i>
            </body></html>
            """), [
            "root: flex/visible", "body: flex/visible", "item: block/visible", "table: table/visible",
            "none: none/visible", "contents: contents/visible", "inner: inline/visible",
        ])
    }

    func testMediaQueriesSeeAPhone() {
        XCTAssertEqual(styles("""
            <style>
              .desktop { display: block }
              @media (max-width: 767px) { #a { display: none } }
              @media (min-width: 768px) { #b { display: none } }
              @media screen and (orientation: portrait) { #c { display: none } }
              @media print { #d { display: none } }
              @media not print { #e { display: none } }
              @media (width < 400px) and (hover: none) { #f { display: none } }
              @media (400px <= width <= 1000px) { #g { display: none } }
              @media (prefers-color-scheme: dark), (pointer: fine) { #h { display: none } }
              @media (unknown-feature: 1) { #i { display: none } }
              @media (min-resolution: 2dppx) and (-webkit-min-device-pixel-ratio: 3) { #j { display: none } }
              @media only screen and (max-width: 24em) { #k { display: none } }
              @media screen, junk junk junk { #l { display: none } }
            </style>
            <div id=a></div><div id=b></div><div id=c></div><div id=d></div><div id=e></div><div id=f></div>
            <div id=g></div><div id=h></div><div id=i></div><div id=j></div><div id=k></div><div id=l></div>
            <style media="print">#m { display: none }</style><style media="(max-width: 500px)">#n { display: none }</style>
            <div id=m></div><div id=n></div>
            """), [
            "a: none/visible", "b: block/visible", "c: none/visible", "d: block/visible", "e: none/visible", "f: none/visible",
            "g: block/visible", "h: block/visible", "i: block/visible", "j: none/visible", "k: block/visible",
            "l: none/visible", "m: block/visible", "n: none/visible",
        ])
        let phone = MediaEnvironment.phone(scripting: true)
        XCTAssertTrue(phone.matches(""))
        XCTAssertTrue(phone.matches("(scripting: enabled)"))
        XCTAssertFalse(MediaEnvironment.phone(scripting: false).matches("(scripting)"))
        XCTAssertTrue(phone.matches("(aspect-ratio < 1/1)"))
        XCTAssertTrue(phone.matches("not all and (monochrome)"))
        XCTAssertFalse(phone.matches("not (unknown)"))
        XCTAssertTrue(phone.matches("(max-width: 100vw)"))
    }

    func testSupportsConditions() {
        XCTAssertEqual(styles("""
            <style>
              @supports (display: grid) { #a { display: none } }
              @supports not (display: grid) { #b { display: none } }
              @supports (display: grid) and (not (display: bogus)) { #c { display: none } }
              @supports (-moz-appearance: none) { #d { display: none } }
              @supports (-webkit-touch-callout: none) { #e { display: none } }
              @supports selector(:has(a)) { #f { display: none } }
              @supports selector(:visible) { #g { display: none } }
              @supports (display: flex) or (bogus) { #h { display: none } }
              @supports junk { #i { display: none } }
            </style>
            <div id=a></div><div id=b></div><div id=c></div><div id=d></div><div id=e></div><div id=f></div>
            <div id=g></div><div id=h></div><div id=i></div>
            """), [
            "a: none/visible", "b: block/visible", "c: none/visible", "d: block/visible", "e: none/visible",
            "f: none/visible", "g: block/visible", "h: none/visible", "i: block/visible",
        ])
    }

    func testCascadeLayers() {
        XCTAssertEqual(styles("""
            <style>
              @layer base, components;
              @layer components { .a { display: none } .b { display: none !important } }
              @layer base { #a { display: flex } #b { display: flex !important } .c { display: none } }
              .c { display: grid }
              @layer { #d { display: none } }
              @layer base.inner { #e { display: none } }
              @layer base { #e { display: table } }
              .f { display: none !important }
              @layer components { #f { display: table !important } }
            </style>
            <div id=a class=a></div><div id=b class=b></div><div id=c class=c></div><div id=d></div><div id=e></div>
            <div id=f class=f></div>
            """), [
            "a: none/visible", "b: flex/visible", "c: grid/visible", "d: none/visible", "e: table/visible",
            "f: table/visible",
        ])
    }

    func testRevertAndRevertLayer() {
        XCTAssertEqual(styles("""
            <style>
              div { display: none } #a { display: revert }
              @layer one { #b { display: flex } } @layer two { #b { display: revert-layer } }
              span { visibility: hidden } #c { visibility: revert }
            </style>
            <div id=a></div><section id=b></section><p><span id=c></span></p>
            """), ["a: block/visible", "b: flex/visible", "c: inline/visible"])
    }

    func testNesting() {
        XCTAssertEqual(styles("""
            <style>
              .card {
                color: red;
                .title { display: none }
                > .body { display: flex }
                &.wide { display: grid }
                .x & { display: table }
                @media (max-width: 600px) { display: inline-block; .foot { display: none } }
                visibility: hidden;
              }
            </style>
            <div id=card class=card><h2 id=title class=title>T</h2><div id=body class=body><p id=deep class=body>p</p></div>
            <div id=foot class=foot></div></div>
            <div id=wide class="card wide"></div><section class=x><div id=inx class=card></div></section>
            """), [
            "card: inline-block/hidden", "title: none/hidden", "body: flex/hidden", "deep: block/hidden",
            "foot: none/hidden", "wide: grid/hidden", "inx: table/hidden",
        ])
    }

    func testErrorRecovery() {
        XCTAssertEqual(styles(#"""
            <style>
              /* a comment { display: none } */
              div { color: red; display: none; background: url(x.png) }
              p { display: flex flex; display: grid } junk { ; }
              #q::before { content: "} #b { display: none }"; display: table }
              #c { disp\lay: none } #d { DISPLAY: NONE }
              @foo bar { #e { display: none } } #f { display: none }
              #g { display: none
              #h { display: table-row } ; #i { display: flex } #j { display: none; } } #k { display: none }
              #k2 { display: none } } #k3 { display: none }
              @import url(late.css);
            </style>
            <style>[ { display: none } #l { display: none }</style>
            <style>#m, 3 { display: none } #n, #z { display: none } #n2 { display: none; ; ; display: ; }</style>
            <style>@media screen { #o { display: none }</style>
            <div id=a></div><p id=p></p><section id=q></section><section id=b></section><section id=c></section>
            <section id=d></section><section id=e></section><section id=f></section><section id=g></section>
            <section id=h></section><section id=i></section><section id=j></section><section id=k></section>
            <section id=k2></section><section id=k3></section><section id=l></section><section id=m></section>
            <section id=n></section><section id=n2></section><section id=o></section>
            """#), [
            "a: none/visible", "p: grid/visible", "q: block/visible", "b: block/visible", "c: none/visible",
            "d: none/visible", "e: block/visible", "f: none/visible", "g: block/visible", "h: block/visible",
            "i: block/visible", "j: block/visible", "k: none/visible", "k2: none/visible", "k3: block/visible",
            "l: block/visible", "m: block/visible", "n: none/visible", "n2: none/visible", "o: none/visible",
        ], "an unclosed block takes what follows as nested rules; a stray } starts a bad selector; [ eats the rest")
    }

    func testLinkedAndImportedStyleSheets() {
        let page = """
            <link rel=stylesheet href="css/site.css"><link rel="alternate stylesheet" href="alt.css">
            <link rel=stylesheet href="print.css" media=print><link rel=stylesheet href=missing.css>
            <style>@import "css/imported.css"; #c { display: flex }</style>
            <div id=a></div><div id=b></div><div id=c></div><div id=d></div><div id=e></div>
            """
        let files: [String: String] = [
            "file:///site/css/site.css": "@import url(deeper.css) screen; #a { display: none }",
            "file:///site/css/deeper.css": "#b { display: none } #e { display: grid }",
            "file:///site/alt.css": "#d { display: none }",
            "file:///site/print.css": "#d { display: none }",
            "file:///site/css/imported.css": "#c { display: none } #e { display: none }",
        ]
        let document = HTMLParser.parse(page)
        var read: [String] = []
        let linked = LinkedStyleSheets(document: document, pageURL: "file:///site/page.html") { url in
            read.append(url.absoluteString)
            return files[url.absoluteString].map { Data($0.utf8) }
        }
        XCTAssertEqual(read, ["file:///site/css/site.css", "file:///site/print.css", "file:///site/missing.css",
                              "file:///site/css/imported.css", "file:///site/css/deeper.css"])
        XCTAssertEqual(linked.urls, ["file:///site/css/deeper.css", "file:///site/css/imported.css", "file:///site/css/site.css",
                                     "file:///site/print.css"])
        XCTAssertEqual(styles(page, linked: linked), [
            "a: none/visible", "b: none/visible", "c: flex/visible", "d: block/visible", "e: none/visible",
        ])
    }

    func testImportCyclesAndLimitsEnd() {
        let document = HTMLParser.parse("<link rel=stylesheet href=a.css><div id=x></div>")
        var reads = 0
        let linked = LinkedStyleSheets(document: document, pageURL: "file:///site/page.html") { url in
            reads += 1
            let name = url.lastPathComponent
            let next = name == "a.css" ? "b.css" : "a.css"
            return Data("@import '\(next)'; @import 'n\(reads).css'; #x { display: none }".utf8)
        }
        XCTAssertLessThanOrEqual(reads, LinkedStyleSheets.maximumCount)
        XCTAssertEqual(styles("<link rel=stylesheet href=a.css><div id=x></div>", linked: linked), ["x: none/visible"])
    }

    func testFormStateAndPseudoClassesInRules() {
        let html = """
            <style>#t:checked ~ .panel { display: block } .panel { display: none } :focus + span { visibility: hidden }</style>
            <div><input id=t type=checkbox><div id=p class=panel></div><input id=f><span id=s></span></div>
            """
        let document = HTMLParser.parse(html)
        XCTAssertEqual(styles(html), ["t: inline-block/visible", "p: none/visible", "f: inline-block/visible", "s: inline/visible"])
        var state = DocumentState(focused: document.querySelector(try! SelectorList("#f"), under: document.root))
        state.checkedness[document.querySelector(try! SelectorList("#t"), under: document.root)!] = true
        XCTAssertEqual(styles(html, state: state), ["t: inline-block/visible", "p: block/visible", "f: inline-block/visible",
                                                   "s: inline/hidden"])
    }

    func testDetachedElementsHaveNoComputedStyle() throws {
        var document = HTMLParser.parse("<p id=p>x</p>")
        let orphan = document.createElement("div")
        let resolver = StyleResolver(document: document)
        XCTAssertNil(resolver.computedStyle(of: orphan))
        XCTAssertNil(resolver.computedStyle(of: document.root))
        XCTAssertEqual(resolver.computedStyle(of: document.element(withID: "p")!), ComputedStyle(display: .block, visibility: .visible))
    }

    /// CSS Syntax 3 "consume a list of rules": `<!--` and `-->` are skipped at the top level only;
    /// inside a block they start a qualified rule, whose prelude is then no valid selector.
    func testCommentMarkersAreSkippedOnlyAtTheTopLevel() {
        XCTAssertEqual(styles("""
            <style><!-- #a { display: none } --> @media all { <!-- #b { display: none } } @media all { --> #c { display: none } }</style>
            <p id=a>a</p><p id=b>b</p><p id=c>c</p>
            """), ["a: none/visible", "b: block/visible", "c: block/visible"])
    }
}
