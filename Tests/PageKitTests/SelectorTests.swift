import TestSupport
import XCTest
@testable import PageKit

/// Every selector form against one page, each result the whole list of matching IDs.
final class SelectorTests: XCTestCase {
    static let page = """
        <!DOCTYPE html>
        <html id=html lang=en>
        <head id=head><title id=title>T</title></head>
        <body id=body>
         <div id=d1 class="a b" data-x="Hello World" title="en-US">
           <p id=p1 class=a>one</p>
           <p id=p2 class="b c" lang=fr-CA>two</p>
           <span id=s1></span>
           <p id=p3 dir=rtl>three <em id=e1>em</em></p>
           <!-- a comment -->
         </div>
         <ul id=list>
           <li id=l1>1</li><li id=l2>2</li><li id=l3 class=x>3</li><li id=l4>4</li><li id=l5 class=x>5</li><li id=l6>6</li>
         </ul>
         <form id=f>
           <input id=i1 type=checkbox checked>
           <input id=i2 type=TEXT required placeholder=p>
           <input id=i3 type=radio name=r>
           <input id=i4 disabled value=v>
           <fieldset id=fs disabled><legend id=lg><input id=i5></legend><input id=i6></fieldset>
           <select id=sel><option id=o1>a</option><option id=o2 disabled>b</option></select>
           <textarea id=ta readonly></textarea>
           <button id=b1>Go</button>
           <a id=a1 href="#x">link</a><a id=a2>no href</a><a id=a3 name="target">named</a>
         </form>
         <div id=empty></div><div id=ws> </div><div id=cm><!-- only a comment --></div>
         <template id=tpl><p id=tp>in template</p></template>
        </body></html>
        """

    static let document = HTMLParser.parse(page)

    /// The `id` of each element a selector finds under the document (or under `scope`).
    func ids(_ selector: String, scope: String? = nil, state: DocumentState = DocumentState(),
             in document: HTMLDocument = SelectorTests.document, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            let root = scope.map { document.element(withID: $0)! } ?? document.root
            return try document.querySelectorAll(selector, under: root, state: state).map { document.attribute("id", of: $0) ?? "?" }
        } catch {
            XCTFail("\(selector): \(error)", file: file, line: line)
            return []
        }
    }

    func check(_ cases: [(String, [String])], state: DocumentState = DocumentState(), file: StaticString = #filePath, line: UInt = #line) {
        for (selector, expected) in cases {
            XCTAssertEqual(ids(selector, state: state, file: file, line: line), expected, selector, file: file, line: line)
        }
    }

    func testTypeUniversalIDAndClass() {
        check([
            ("p", ["p1", "p2", "p3"]),
            ("P", ["p1", "p2", "p3"]),
            ("*|p", ["p1", "p2", "p3"]),
            ("|p", []),
            ("li.x", ["l3", "l5"]),
            (".a", ["d1", "p1"]),
            (".a.b", ["d1"]),
            (".A", []),
            ("#p2", ["p2"]),
            ("#P2", []),
            ("p#p2.c", ["p2"]),
            ("#d1 > *", ["p1", "p2", "s1", "p3"]),
            ("em, title, #nothing", ["title", "e1"]),
        ])
    }

    func testAttributes() {
        check([
            ("[lang]", ["html", "p2"]),
            ("[LANG]", ["html", "p2"]),
            ("[data-x='Hello World']", ["d1"]),
            ("[data-x='hello world']", []),
            ("[data-x='hello world' i]", ["d1"]),
            ("[data-x='hello world' I]", ["d1"]),
            ("[data-x~=World]", ["d1"]),
            ("[data-x~='o W']", []),
            ("[data-x~='']", []),
            ("[data-x^=Hell]", ["d1"]),
            ("[data-x^='']", []),
            ("[data-x$=orld]", ["d1"]),
            ("[data-x*='o W']", ["d1"]),
            ("[data-x*='']", []),
            ("[lang|=fr]", ["p2"]),
            ("[lang|=fr-ca]", ["p2"]),
            ("[title|=en-us]", []),
            ("[title|=en]", ["d1"]),
            ("[title|=EN]", []),
            ("[type=text]", ["i2"]),
            ("[type=checkbox]", ["i1"]),
            ("[class~=c]", ["p2"]),
            ("[ id = p1 ]", ["p1"]),
            ("[*|id=p1]", ["p1"]),
            ("[|id=p1]", ["p1"]),
            ("a[href='#x']", ["a1"]),
        ])
    }

    func testCombinators() {
        check([
            ("div p", ["p1", "p2", "p3"]),
            ("body > p", []),
            ("#d1 > p", ["p1", "p2", "p3"]),
            ("p + p", ["p2"]),
            ("p ~ p", ["p2", "p3"]),
            ("#p1 ~ *", ["p2", "s1", "p3"]),
            ("span + p em", ["e1"]),
            ("html body div > p ~ span + p > em", ["e1"]),
            ("li.x ~ li.x", ["l5"]),
            ("#l2 + li, #l5 ~ li", ["l3", "l6"]),
            ("div\n\tp.a", ["p1"]),
            ("ul>li+li+li+li+li+li", ["l6"]),
        ])
    }

    func testStructuralPseudoClasses() {
        check([
            (":root", ["html"]),
            ("li:first-child", ["l1"]),
            ("li:last-child", ["l6"]),
            ("p:only-child, em:only-child", ["e1"]),
            ("p:first-of-type", ["p1"]),
            ("p:last-of-type", ["p3"]),
            ("#d1 > :only-of-type", ["s1"]),
            (":empty", ["s1", "i1", "i2", "i3", "i4", "i5", "i6", "ta", "empty", "cm"]),
            ("li:nth-child(2n+1)", ["l1", "l3", "l5"]),
            ("li:nth-child(odd)", ["l1", "l3", "l5"]),
            ("li:nth-child(even)", ["l2", "l4", "l6"]),
            ("li:nth-child(3)", ["l3"]),
            ("li:nth-child(-n+2)", ["l1", "l2"]),
            ("li:nth-child(n+5)", ["l5", "l6"]),
            ("li:nth-child(0n+0)", []),
            ("li:nth-last-child(2)", ["l5"]),
            ("li:nth-last-child(-n + 2)", ["l5", "l6"]),
            ("p:nth-of-type(2)", ["p2"]),
            ("#d1 > :nth-of-type(1)", ["p1", "s1"]),
            ("p:nth-last-of-type(1)", ["p3"]),
            ("li:nth-child(2 of .x)", ["l5"]),
            ("li:nth-last-child(1 of .x)", ["l5"]),
            ("li:nth-child(odd of :not(.x))", ["l1", "l4"]),
        ])
    }

    func testLogicalPseudoClasses() {
        check([
            ("p:not(.a)", ["p2", "p3"]),
            ("p:not(.a, #p3)", ["p2"]),
            ("li:not(:nth-child(odd))", ["l2", "l4", "l6"]),
            ("#d1 :not(p)", ["s1", "e1"]),
            (":is(p, span).a", ["p1"]),
            (":is(#d1 p, li.x) ", ["p1", "p2", "p3", "l3", "l5"]),
            (":where(ul, div) > .x", ["l3", "l5"]),
            (":is(:unknown, p.c)", ["p2"]),
            (":is()", []),
            (":matches(em)", ["e1"]),
            (":-webkit-any(em, span)", ["s1", "e1"]),
            ("div:has(em)", ["d1"]),
            ("div:has(> em)", []),
            ("p:has(> em)", ["p3"]),
            ("p:has(+ span)", ["p2"]),
            ("p:has(~ p)", ["p1", "p2"]),
            ("li:has(+ .x)", ["l2", "l4"]),
            ("span:has(+ p > em)", ["s1"]),
            (":has(> li.x):not(div)", ["list"]),
        ])
    }

    func testLinksTargetFocusAndLanguage() {
        check([
            (":link", ["a1"]),
            (":any-link", ["a1"]),
            (":visited", []),
            (":hover, :active", []),
            (":target", []),
            (":focus", []),
            (":lang(fr)", ["p2"]),
            (":lang(en)", ["html", "head", "title", "body", "d1", "p1", "s1", "p3", "e1", "list", "l1", "l2", "l3", "l4", "l5", "l6",
                          "f", "i1", "i2", "i3", "i4", "fs", "lg", "i5", "i6", "sel", "o1", "o2", "ta", "b1", "a1", "a2", "a3",
                          "empty", "ws", "cm", "tpl"]),
            ("p:lang(\"*-CA\")", ["p2"]),
            ("p:lang(fr-ca, de)", ["p2"]),
            ("p:lang(fr-FR)", []),
            ("em:dir(rtl)", ["e1"]),
            ("p:dir(ltr)", ["p1", "p2"]),
        ])
        let document = SelectorTests.document
        let focused = DocumentState(focused: document.element(withID: "e1"), fragment: "target")
        check([
            (":target", ["a3"]),
            (":focus", ["e1"]),
            (":focus-visible", ["e1"]),
            ("div:focus-within, li:focus-within", ["d1"]),
        ], state: focused)
        check([(":target", ["p2"])], state: DocumentState(fragment: "p2"))
        check([(":target", ["p2"])], state: DocumentState(fragment: "p%32"))
    }

    func testFormPseudoClasses() {
        check([
            (":checked", ["i1", "o1"]),
            (":indeterminate", ["i3"]),
            (":default", ["i1", "b1"]),
            (":disabled", ["i4", "fs", "i6", "o2"]),
            (":enabled", ["i1", "i2", "i3", "i5", "sel", "o1", "ta", "b1"]),
            (":required", ["i2"]),
            ("input:optional", ["i1", "i3", "i4", "i5", "i6"]),
            (":read-write", ["i2", "i5"]),
            ("input:read-only", ["i1", "i3", "i4", "i6"]),
            (":placeholder-shown", ["i2"]),
            ("input:invalid, form:invalid", ["f", "i2"]),
            (":defined", ["html", "head", "title", "body", "d1", "p1", "p2", "s1", "p3", "e1", "list", "l1", "l2", "l3", "l4", "l5",
                          "l6", "f", "i1", "i2", "i3", "i4", "fs", "lg", "i5", "i6", "sel", "o1", "o2", "ta", "b1", "a1", "a2", "a3",
                          "empty", "ws", "cm", "tpl"]),
        ])
        let document = SelectorTests.document
        var state = DocumentState()
        state.checkedness[document.element(withID: "i1")!] = false
        state.checkedness[document.element(withID: "o2")!] = true
        state.values[document.element(withID: "i2")!] = "typed"
        check([
            (":checked", ["o2"]),
            (":placeholder-shown", []),
            ("input:invalid, form:invalid", []),
            ("input:valid", ["i1", "i2", "i3", "i5"]),
        ], state: state)
    }

    func testPseudoElementsParseButNeverMatch() {
        check([
            ("p::before", []),
            ("p:after", []),
            ("p::first-line, p::first-letter, ::marker, ::placeholder, ::selection", []),
            ("li::-webkit-scrollbar-thumb:window-inactive", []),
            ("p::part(label)", []),
            ("p::before, em", ["e1"]),
            ("a:hover::before", []),
        ])
    }

    func testScope() {
        XCTAssertEqual(ids(":scope > p", scope: "d1"), ["p1", "p2", "p3"])
        XCTAssertEqual(ids(":scope", scope: "d1"), [], "querySelectorAll finds descendants only")
        XCTAssertEqual(ids(":scope"), ["html"], "without a scope element, :scope is the root")
        XCTAssertEqual(ids("& > li.x", scope: "list"), ["l3", "l5"], "a bare & is :scope")
        XCTAssertEqual(ids("body p", scope: "d1"), ["p1", "p2", "p3"], "ancestors outside the scope count")
        XCTAssertEqual(ids("#head ~ body li + .x", scope: "list"), ["l3", "l5"])
        XCTAssertEqual(ids("li", scope: "d1"), [])
    }

    /// WebKitGTK 2.50 on the same selectors: the end closes the blocks, so these find what
    /// they would find closed.
    func testTheEndOfTheSelectorClosesItsBlocks() {
        check([("#d1 [class=\"b c", ["p2"]), ("#d1 p:not(.a", ["p2", "p3"]), ("li:nth-child(2", ["l2"]), ("#d1 :is(em", ["e1"])])
    }

    /// `|E` and `|*`: elements in no namespace, which only scripts make in an HTML document.
    func testNoNamespaceSelectorsMatchElementsInNoNamespace() throws {
        var document = HTMLParser.parse("<div id=d></div>")
        let parent = try XCTUnwrap(document.element(withID: "d"))
        let plain = document.createElement(localName: "div", namespaceURI: nil, prefix: nil)
        let html = document.createElement(localName: "div", namespaceURI: "http://www.w3.org/1999/xhtml", prefix: nil)
        try document.appendChild(plain, to: parent)
        try document.appendChild(html, to: parent)
        let found = { (selector: String) in try document.querySelectorAll(selector, under: document.root) }
        XCTAssertEqual(try found("#d |div"), [plain])
        XCTAssertEqual(try found("#d |*"), [plain])
        XCTAssertEqual(try found("#d *|div"), [plain, html])
        XCTAssertEqual(try found("#d div"), [plain, html])
        XCTAssertEqual(try found("|span"), [])
    }

    func testTemplateContentsAreOutsideTheTree() {
        XCTAssertEqual(ids("#tp"), [])
        XCTAssertEqual(ids("p", scope: "tpl"), ["tp"], "a query scoped to the template searches its contents")
    }

    func testForeignElementsKeepTheCaseOfTheirNames() throws {
        let document = HTMLParser.parse("""
            <p id=html>x</p><svg id=svg viewBox="0 0 1 1"><foreignObject id=fo><p id=inside CLASS=a>y</p></foreignObject>\
            <circle id=c r=1 TYPE=A></circle></svg>
            """)
        func found(_ selector: String) throws -> [String] {
            try document.querySelectorAll(selector, under: document.root).map { document.attribute("id", of: $0) ?? "?" }
        }
        XCTAssertEqual(try found("foreignObject"), ["fo"])
        XCTAssertEqual(try found("foreignobject, FOREIGNOBJECT"), [])
        XCTAssertEqual(try found("svg"), ["svg"])
        XCTAssertEqual(try found("SVG"), [], "a type selector keeps its case for foreign elements")
        XCTAssertEqual(try found("P"), ["html", "inside"], "and is lowercased for HTML ones")
        XCTAssertEqual(try found("[viewBox]"), ["svg"])
        XCTAssertEqual(try found("[viewbox], [VIEWBOX]"), [])
        XCTAssertEqual(try found("[class=a]"), ["inside"])
        XCTAssertEqual(try found("circle[type=a]"), [], "HTML's case-insensitive values are for HTML elements")
        XCTAssertEqual(try found("circle[type=a i]"), ["c"])
    }

    func testQuerySelectorMatchesAndClosest() throws {
        let document = SelectorTests.document
        let em = document.element(withID: "e1")!
        XCTAssertEqual(try document.querySelector("p", under: document.root), document.element(withID: "p1"))
        XCTAssertEqual(try document.querySelector("li:nth-child(4) ~ .x", under: document.root), document.element(withID: "l5"))
        XCTAssertNil(try document.querySelector("video", under: document.root))
        XCTAssertTrue(document.matches(em, try SelectorList("div em")))
        XCTAssertTrue(document.matches(em, try SelectorList(":scope")))
        XCTAssertFalse(document.matches(em, try SelectorList("p > p em")))
        XCTAssertFalse(document.matches(document.root, try SelectorList("*")), "the document is no element")
        XCTAssertEqual(document.closest(em, try SelectorList("div")), document.element(withID: "d1"))
        XCTAssertEqual(document.closest(em, try SelectorList("em")), em)
        XCTAssertEqual(document.closest(em, try SelectorList("[lang]")), document.element(withID: "html"))
        XCTAssertNil(document.closest(em, try SelectorList("ul")))
    }

    func testSpecificity() throws {
        let cases: [(String, [Specificity])] = [
            ("*", [Specificity()]),
            ("li", [Specificity(types: 1)]),
            ("ul li", [Specificity(types: 2)]),
            ("ul ol+li", [Specificity(types: 3)]),
            ("h1 + *[rel=up]", [Specificity(classes: 1, types: 1)]),
            ("ul ol li.red", [Specificity(classes: 1, types: 3)]),
            ("li.red.level", [Specificity(classes: 2, types: 1)]),
            ("#x34y", [Specificity(ids: 1)]),
            ("#s12:not(FOO)", [Specificity(ids: 1, types: 1)]),
            (".foo :is(.bar, #baz)", [Specificity(ids: 1, classes: 1)]),
            (".foo :where(.bar, #baz)", [Specificity(classes: 1)]),
            ("p::before", [Specificity(types: 2)]),
            ("p:before", [Specificity(types: 2)]),
            (":nth-child(2n of .a, #b)", [Specificity(ids: 1, classes: 1)]),
            (":has(> a, #b)", [Specificity(ids: 1)]),
            (":-webkit-any(#a, b)", [Specificity(classes: 1)]),
            ("a, #b.c", [Specificity(types: 1), Specificity(ids: 1, classes: 1)]),
            ("&", [Specificity()]),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try SelectorList(text).specificities, expected, text)
        }
    }

    func testEscapesAndStrings() throws {
        let document = HTMLParser.parse(#"<p id="123" class="a:b ☃ x.y">one</p><p id="q&quot;">two</p>"#)
        func found(_ selector: String) throws -> [NodeID] { try document.querySelectorAll(selector, under: document.root) }
        let first = document.element(withID: "123")!
        let second = document.element(withID: "q\"")!
        XCTAssertEqual(try found(#"#\31 23"#), [first])
        XCTAssertEqual(try found(#"#\0000312\33"#), [first])
        XCTAssertEqual(try found(#".a\:b"#), [first])
        XCTAssertEqual(try found(#".\2603"#), [first])
        XCTAssertEqual(try found(".☃"), [first])
        XCTAssertEqual(try found(#".x\.y"#), [first])
        XCTAssertEqual(try found(#"[id="q\""]"#), [second])
        XCTAssertEqual(try found(#"[id='q"']"#), [second])
        XCTAssertEqual(try found(#"[id=q\"]"#), [second])
        XCTAssertEqual(try found("p/* a comment */+p"), [second])
    }

    func testErrorsAndTheirPositions() {
        let cases: [(String, String, Int)] = [
            ("", "expected a selector", 0),
            ("   ", "expected a selector", 3),
            ("div[", "expected an attribute name", 4),
            ("a:visible", "unknown pseudo-class \":visible\"", 1),
            ("li:eq(1)", "unknown pseudo-class \":eq()\"", 2),
            ("div:first", "unknown pseudo-class \":first\"", 3),
            ("*,:x", "unknown pseudo-class \":x\"", 2),
            ("a,,b", "expected a selector", 2),
            ("a,", "expected a selector", 2),
            ("a >", "expected a selector after a combinator", 3),
            ("> a", "unexpected \">\"", 0),
            ("a > > b", "unexpected \">\"", 4),
            ("#1a", "an ID selector must be a name", 0),
            ("a.", "expected a class name after \".\"", 2),
            ("a. b", "expected a class name after \".\"", 2),
            ("[a=b s]", "unexpected \"s\" in an attribute selector", 5),
            ("[a b]", "unexpected \"b\" in an attribute selector", 3),
            ("[a=]", "expected a value in an attribute selector", 3),
            ("[a=1]", "expected a value in an attribute selector", 3),
            ("[s!='']:x", "unexpected \"!\" in an attribute selector", 2),
            ("[]", "expected an attribute name", 1),
            ("::before div", "a pseudo-element must come last", 9),
            ("::before.a", "a pseudo-element must come last", 8),
            ("p::before::after", "a pseudo-element must come last", 9),
            ("p::before:first-child", "\":first-child\" cannot follow a pseudo-element", 9),
            ("::nope", "unknown pseudo-element \"::nope\"", 0),
            (":not(::before)", "a pseudo-element is not allowed here", 5),
            (":not(a,)", "expected a selector", 7),
            (":not()", "expected a selector", 5),
            (":has(:has(a))", "\":has()\" cannot be nested", 5),
            (":has()", "expected a selector", 5),
            ("a|b", "undeclared namespace prefix \"a\"", 0),
            ("[a|b]", "undeclared namespace prefix \"a\"", 1),
            ("\\\u{0C}", "unexpected \"\\\"", 0),
            ("a:nth-child(2n+)", "expected an integer in An+B", 15),
            ("a:nth-child(foo)", "invalid An+B", 12),
            ("a:nth-child()", "expected An+B", 12),
            ("a:nth-of-type(1 of p)", "unexpected \"of\" in \":nth-of-type()\"", 16),
            ("a:nth-child(1 of)", "unexpected \"of\" in \":nth-child()\"", 14),
            (":lang()", "\":lang()\" takes language ranges", 6),
            ("a b)", "unexpected \")\"", 3),
            ("a || b", "expected a name after \"|\"", 3),
            ("é:éé", "unknown pseudo-class \":éé\"", 1),
        ]
        for (text, message, offset) in cases {
            XCTAssertThrowsError(try SelectorList(text), text) { error in
                XCTAssertEqual(error as? SelectorSyntaxError, SelectorSyntaxError(message: message, offset: offset), text)
            }
        }
    }

    func testWhatWebKitAcceptsParses() {
        for text in [
            "a:hover", ":focus-visible", ":modal", ":fullscreen", ":-webkit-full-screen", ":autofill", ":playing",
            ":state(open)", ":host", ":host(.a)", "::-webkit-input-placeholder", "::-webkit-anything-at-all",
            "::part(a b)", "::slotted(p)", "::highlight(x)", "::cue", "::cue(b)", "::view-transition-group(*)",
            "div:dir(foo)", ":lang('')", "[a=b i]", "a\t>\nb", ":nth-child( -N - 3 )", "A:NTH-CHILD(EVEN)",
            ":IS(P)", ":where()", "::BEFORE", ":not(a, b)", ":is(::before, a)",
            // The end of the input closes what is open (CSS Syntax §5.4.8), a string too (§4.3.5).
            "a:not(b", "[a=b", "[a=\"b", "[a='b", "p:nth-child(1", ":where(p", "::slotted(foo", "#x [align=\"center\"", "p:is(",
        ] {
            XCTAssertNoThrow(try SelectorList(text), text)
        }
    }

    func testNthPatternsTable() throws {
        let valid: [(String, Int, Int)] = [
            ("even", 2, 0), ("odd", 2, 1), ("ODD", 2, 1), ("0", 0, 0), ("5", 0, 5), ("-5", 0, -5), ("+5", 0, 5),
            ("n", 1, 0), ("+n", 1, 0), ("-n", -1, 0), ("N", 1, 0), ("2n", 2, 0), ("-2n", -2, 0), ("+2n", 2, 0), ("0n", 0, 0),
            ("2n+1", 2, 1), ("2n-1", 2, -1), ("2N-1", 2, -1), ("2n + 1", 2, 1), ("2n - 1", 2, -1), ("2n -1", 2, -1),
            ("2n +1", 2, 1), ("2n- 1", 2, -1), ("-n+3", -1, 3), ("-n-3", -1, -3), ("n-3", 1, -3), ("+n-3", 1, -3),
            ("n- 3", 1, -3), ("-n- 3", -1, -3), ("+n+ 3", 1, 3), (" 3n + 0 ", 3, 0), ("-0n-0", 0, 0), ("10n-10", 10, -10),
            ("99999999999n+1", 1_000_000_000, 1),
        ]
        for (text, a, b) in valid {
            let selectors = try SelectorList(":nth-child(\(text))")
            guard case .pseudoClass(.nthChild(let pattern, nil))? = selectors.selectors.first?.subject.simples.first else {
                XCTFail(text)
                continue
            }
            XCTAssertEqual(pattern, NthPattern(a: a, b: b), text)
        }
        for text in ["+ n", "2 n", "n - -1", "2n+-1", "2n + +1", "--n", "n-", "+-n", "1.5n", "1.5", "2n+1.5", "n+", "odd 1",
                     "- n", "n -", "2n - ", "+ 2n", "n +1 2", "e", "-", "+", "n--1", "3n-+1", "2n+ -1"] {
            XCTAssertThrowsError(try SelectorList(":nth-child(\(text))"), text)
        }
    }

    /// Generated An+B texts in every spelling the grammar allows, parsed and then matched
    /// against positions worked out by brute force.
    func testNthPatternsAgainstBruteForce() throws {
        var random = SeededGenerator(seed: 42)
        for _ in 0..<400 {
            let a = Int.random(in: -6...6, using: &random)
            let b = Int.random(in: -12...12, using: &random)
            let spaced = Bool.random(using: &random)
            var text: String
            switch a {
            case 1: text = ["n", "+n", "1n", "+1n"].randomElement(using: &random)!
            case -1: text = ["-n", "-1n"].randomElement(using: &random)!
            default: text = (a > 0 && Bool.random(using: &random) ? "+" : "") + "\(a)n"
            }
            if b != 0 || Bool.random(using: &random) {
                if spaced {
                    text += (b < 0 ? " - " : " + ") + "\(abs(b))"
                } else if b < 0 {
                    text += "\(b)"
                } else {
                    text += "+\(b)"
                }
            }
            let list = try SelectorList("li:nth-child(\(text))")
            guard case .pseudoClass(.nthChild(let pattern, nil))? = list.selectors[0].subject.simples.first else {
                XCTFail(text)
                continue
            }
            XCTAssertEqual(pattern, NthPattern(a: a, b: b), text)
            for position in 1...40 {
                let expected = (0...60).contains { a * $0 + b == position }
                XCTAssertEqual(pattern.matches(position), expected, "\(text) at \(position)")
            }
        }
    }

    /// A long selector over a deep tree: the work per element is bounded by the selector,
    /// not by the depth, so ten times the nodes is about ten times the work.
    func testQueriesAreLinearInTheTree() throws {
        func deepDocument(_ depth: Int) throws -> HTMLDocument {
            var document = HTMLDocument()
            var parent = document.root
            for index in 0..<depth {
                let element = document.createElement(index % 3 == 0 ? "section" : "div")
                try document.appendChild(element, to: parent)
                let paragraph = document.createElement("p")
                try document.appendChild(paragraph, to: element)
                parent = element
            }
            return document
        }
        let selectors = try SelectorList("article section div p, nav > div ~ p, aside div + p span, "
                                         + String(repeating: "section div ", count: 15) + "aside")
        func work(_ depth: Int) throws -> (Int, Int) {
            let document = try deepDocument(depth)
            let query = SelectorQuery(document: document, program: selectors.program, scope: 0, state: DocumentState())
            var found = 0
            query.run { _ in
                found += 1
                return true
            }
            return (query.matcher.memo.compoundTests, found)
        }
        let (small, smallFound) = try work(500)
        let (large, largeFound) = try work(5000)
        XCTAssertEqual(smallFound, 0)
        XCTAssertEqual(largeFound, 0)
        XCTAssertLessThanOrEqual(large, small * 12, "\(small) tests for 500 levels, \(large) for 5000")

        let matching = try SelectorList("section div p")
        let document = try deepDocument(3000)
        XCTAssertEqual(document.querySelectorAll(matching, under: document.root).count, 2999)
    }
}
