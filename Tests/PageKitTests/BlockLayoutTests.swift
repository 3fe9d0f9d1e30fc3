import XCTest
import PageKit

final class BlockLayoutTests: XCTestCase {
    func testHeadingsAndParagraphsAreSeparatedByOneBlankLine() {
        assertLines(lines("<h1>Welcome</h1><p>First paragraph.</p><p>Second.</p><h2>Part</h2><p>Text</p>"), [
            "Welcome",
            "",
            "First paragraph.",
            "",
            "Second.",
            "",
            "Part",
            "",
            "Text",
        ])
    }

    func testNoBlankLinesAtTheTopOrBottomAndNeverTwoInARow() {
        assertLines(lines("<p></p><div><p><p>  </p></div><h3>Top</h3><p></p><p></p><div><p>Next</p></div><p></p>"), [
            "Top",
            "",
            "Next",
        ])
    }

    func testBlockElementsBreakLines() {
        assertLines(lines("""
            <div>one</div><section>two</section><article>three</article><header>four</header>\
            <footer>five</footer><nav>six</nav><main>seven</main><figure>eight<figcaption>nine</figcaption></figure>\
            <form>ten</form>inline <span>span</span>
            """), [
            "one", "two", "three", "four", "five", "six", "seven", "", "eight", "nine", "", "ten", "inline span",
        ])
    }

    func testInlineWhitespaceCollapses() {
        assertLines(lines("<p>  Hello,\n\t  <b> big </b>\n  <i>world</i> ! </p>"), ["Hello, big world !"])
        assertLines(lines("<p>a<b>b</b>c <span> </span> d</p>"), ["abc d"])
    }

    func testLineBreaks() {
        assertLines(lines("<p>one<br>two<br><br>three<br></p><p>four</p>"), ["one", "two", "", "three", "", "four"])
        assertLines(lines("<br><br>start"), ["start"], "no blank lines at the top")
        assertLines(lines("<p>a</p><br><br><br><p>b</p>"), ["a", "", "b"], "never two blank lines")
    }

    func testWordWrapAtSpaces() {
        assertLines(lines("<p>The quick brown fox jumps over the lazy dog.</p>", width: 16), [
            "The quick brown",
            "fox jumps over",
            "the lazy dog.",
        ])
    }

    func testWordsFillTheWidthExactly() {
        assertLines(lines("<p>aaaa bbbb cccc</p>", width: 9), ["aaaa bbbb", "cccc"])
        assertLines(lines("<p>aaaa bbbb cccc</p>", width: 8), ["aaaa", "bbbb", "cccc"])
    }

    func testWordLongerThanTheWidthIsHardBroken() {
        assertLines(lines("<p>go https://example.com/very/long/path ok</p>", width: 10), [
            "go",
            "https://ex",
            "ample.com/",
            "very/long/",
            "path ok",
        ])
    }

    func testStyledPiecesOfAWordStayTogether() {
        assertLines(lines("<p>aaaa bb<b>cc</b><i>dd</i></p>", width: 8), ["aaaa", "bbccdd"])
    }

    func testNonBreakingSpacesNeverBreak() {
        assertLines(lines("<p>aa bb&nbsp;cc&nbsp;dd</p>", width: 9), ["aa", "bb cc dd"])
        assertLines(lines("<p>x&nbsp;&nbsp;y</p>"), ["x  y"], "non-breaking spaces do not collapse")
    }

    func testHorizontalRuleSpansTheWidth() {
        assertLines(lines("<p>above</p><hr><p>below</p>", width: 12), ["above", "", "────────────", "", "below"])
        assertLines(lines("<blockquote><hr></blockquote>", width: 12), ["  ──────────"])
    }

    func testBlockquoteAndDefinitionListsAreIndented() {
        assertLines(lines("<p>Before</p><blockquote><p>Quoted text that wraps here</p></blockquote><dl><dt>Term<dd>Meaning of it</dl>",
                          width: 16), [
            "Before",
            "",
            "  Quoted text",
            "  that wraps",
            "  here",
            "",
            "Term",
            "  Meaning of it",
        ])
    }

    func testPreformattedTextIsKeptExactly() {
        let layout = PageKitTests.layout("<p>Code:</p><pre>\nfn main() {\n\tlet x = 1;  // two  spaces\n\n}\nab\tc\tdone</pre><p>after</p>",
                                         width: 20)
        assertLines(layout.lines.map(\.text), [
            "Code:",
            "",
            "fn main() {",
            "        let x = 1;  // two  spaces",
            "",
            "}",
            "ab      c       done",
            "",
            "after",
        ])
        XCTAssertEqual(layout.lines.map(\.isPreformatted), [false, false, true, true, true, true, true, false, false])
        XCTAssertEqual(layout.lines[3].runs, [StyledRun(columns: 0..<34, style: TextStyle(isCode: true))])
    }

    func testPreformattedLinesAreNotWrappedButIndented() {
        assertLines(lines("<blockquote><pre>\tx\n0123456789012345</pre></blockquote>", width: 10), ["          x", "  0123456789012345"])
    }

    func testPreDropsOnlyTheNewlineRightAfterItsStartTag() {
        assertLines(lines("<pre>\nfirst</pre>"), ["first"])
        assertLines(lines("<pre>\n\nsecond</pre>"), ["", "second"])
        assertLines(lines("<pre><code>\nx</code></pre>"), ["", "x"], "only a newline directly in pre is dropped")
    }

    func testPreKeepsItsOwnBlankLinesAndMarginsMergeIntoThem() {
        assertLines(lines("<p>x</p><pre>\n\n\nb\n\n</pre><p>y</p>"), ["x", "", "", "", "b", "", "y"])
    }

    func testHiddenContentIsSkipped() {
        assertLines(lines("""
            <head><title>T</title><style>p{}</style><script>var x</script></head>
            <p>shown</p><p hidden>hidden attribute</p><div style="color: red; display:none">inline none</div>
            <div style="DISPLAY : NONE !important">spaced</div><template><p>template</p></template>
            <script>document.write('x')</script><p style="display: block">block</p>
            """), ["shown", "", "block"])
    }

    func testNoscriptContentIsShown() {
        assertLines(lines("<noscript><p>Please enable JavaScript.</p></noscript>"), ["Please enable JavaScript."])
    }

    func testImagesShowTheirAltText() {
        assertLines(lines("<p>Logo: <img src=logo.png alt='ACME Corp'> <img src=spacer.gif> <img src=x alt=''>end</p>"),
                    ["Logo: ACME Corp [spacer.gif] end"])
    }

    func testEntitiesInLayout() {
        assertLines(lines("<p>Fish &amp; chips &lt;3 caf&eacute; &#x1F600; &copy;</p>"), ["Fish & chips <3 café 😀 ©"])
    }

    func testControlCharactersAreDropped() {
        assertLines(lines("<p>a\u{1B}[31mred\u{7}</p>"), ["a[31mred"])
    }

    func testWidthOneStillProducesValidLines() {
        let layout = PageKitTests.layout("<ul><li><blockquote>ab 한</blockquote></ul>", width: 1)
        XCTAssertEqual(layout.lines.map(\.text), ["a", "b", "\u{FFFD}"], "a wide character cannot fit a 1-cell line")
    }
}
