import XCTest
@testable import PageKit

/// Whole trees for the tokenizer's states and the tree builder's rules (html5lib's test format:
/// `|<p>`, attributes and children two spaces deeper). These need no oracle.
final class HTMLTreeConstructionTests: XCTestCase {
    private func assertTree(_ html: String, _ expected: String, scripting: Bool = false,
                            file: StaticString = #filePath, line: UInt = #line) {
        let tree = HTMLParser.parse(html, options: HTMLParser.Options(scriptingEnabled: scripting)).treeDump()
        XCTAssertEqual(tree, expected, "\n--- expected\n\(expected)\n--- actual\n\(tree)", file: file, line: line)
    }

    /// The body's part of the tree, for inputs whose head is empty.
    private func assertBody(_ html: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        let body = expected.split(separator: "\n", omittingEmptySubsequences: false).map { "|    " + $0.dropFirst() }
        assertTree(html, (["|<html>", "|  <head>", "|  <body>"] + body).joined(separator: "\n"), file: file, line: line)
    }

    // MARK: - Tokenizer

    func testNamedReferencesWithAndWithoutSemicolons() {
        assertBody("&amp;&AMP;&lt;&copy&copy;&notit;&notin;&noti;x&Aacute&bogus;&;&", """
            |"&&<©©¬it;∉¬i;x\u{C1}&bogus;&;&"
            """)
    }

    func testLegacyReferencesInAttributesStayLiteralBeforeAlphanumericsAndEquals() {
        assertBody("<a href='?a=1&copy=2&copyx&copy;&amp=&not'>", """
            |<a>
            |  href="?a=1&copy=2&copyx©&amp=¬"
            """)
    }

    func testNumericReferencesUseTheReplacementTable() {
        assertBody("&#65;&#x42;&#X43;&#0;&#x80;&#x9F;&#x81;&#xD800;&#x110000;&#99999999999;&#;&#x;&#x41x&#65", """
            |"ABC\u{FFFD}€Ÿ\u{81}\u{FFFD}\u{FFFD}\u{FFFD}&#;&#x;AxA"
            """)
    }

    func testCommentsIncludingAbruptAndBogusOnes() {
        assertBody("_<!---->a<!-->b<!--->c<!-- -- -->d<!--x--!>e<!--<!-- -->f<?php x ?>g</ y>h<!x>i", """
            |"_"
            |<!--  -->
            |"a"
            |<!--  -->
            |"b"
            |<!--  -->
            |"c"
            |<!--  --  -->
            |"d"
            |<!-- x -->
            |"e"
            |<!-- <!--  -->
            |"f"
            |<!-- ?php x ? -->
            |"g"
            |<!--  y -->
            |"h"
            |<!-- x -->
            |"i"
            """)
    }

    func testCommentAtTheEndOfInput() {
        assertBody("x<!--abc-", """
            |"x"
            |<!-- abc -->
            """)
    }

    func testDoctypeDecidesQuirksMode() {
        XCTAssertEqual(HTMLParser.parse("<!DOCTYPE html>").quirksMode, .noQuirks)
        XCTAssertEqual(HTMLParser.parse("<!doctype HTML SYSTEM 'about:legacy-compat'>").quirksMode, .noQuirks)
        XCTAssertEqual(HTMLParser.parse("x").quirksMode, .quirks)
        XCTAssertEqual(HTMLParser.parse("<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\">").quirksMode, .quirks)
        XCTAssertEqual(HTMLParser.parse(
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\" \"http://www.w3.org/TR/html4/loose.dtd\">").quirksMode,
                       .limitedQuirks)
        XCTAssertEqual(HTMLParser.parse("<!DOCTYPE svg>").quirksMode, .quirks)
        // In quirks mode a table does not close an open paragraph.
        assertBody("<p><table></table>", """
            |<p>
            |  <table>
            """)
        assertTree("<!DOCTYPE html><p><table></table>", """
            |<html>
            |  <head>
            |  <body>
            |    <p>
            |    <table>
            """)
    }

    func testRawTextElementsAndScriptEscapes() {
        assertTree("<title>a <b>&amp;</title><style>p>a{}</style><script><!--<script>x</script>--></script>", """
            |<html>
            |  <head>
            |    <title>
            |      "a <b>&"
            |    <style>
            |      "p>a{}"
            |    <script>
            |      "<!--<script>x</script>-->"
            |  <body>
            """)
        assertBody("<textarea></textareax>&lt;</textarea><xmp>&lt;</xmp><plaintext></plaintext>&lt;", """
            |<textarea>
            |  "</textareax><"
            |<xmp>
            |  "&lt;"
            |<plaintext>
            |  "</plaintext>&lt;"
            """)
    }

    func testCDATAOnlyInForeignContent() {
        assertBody("<p><![CDATA[x]]><svg><![CDATA[a<b]]]></svg>", """
            |<p>
            |  <!-- [CDATA[x]] -->
            |  <svg svg>
            |    "a<b]"
            """)
    }

    func testDuplicateAttributesKeepTheFirst() {
        assertBody("<p id=a ID=b class=c id=d x x=1 y=&amp;>", """
            |<p>
            |  class="c"
            |  id="a"
            |  x=""
            |  y="&"
            """)
    }

    func testLineBreaksAreNormalizedAndNulsHandled() {
        assertTree("a\r\nb\rc\n\rd<p title='x\r\ny'>\u{0}<svg>\u{0}</svg>",
                   "|<html>\n|  <head>\n|  <body>\n|    \"a\nb\nc\n\nd\"\n|    <p>\n|      title=\"x\ny\"\n"
                   + "|      <svg svg>\n|        \"\u{FFFD}\"")
    }

    // MARK: - Tree builder

    func testImpliedParagraphEndsAndHeadings() {
        assertBody("<p>a<p>b<div>c<h1>d<h2>e</h1>f</div></p>", """
            |<p>
            |  "a"
            |<p>
            |  "b"
            |<div>
            |  "c"
            |  <h1>
            |    "d"
            |  <h2>
            |    "e"
            |  "f"
            |<p>
            """)
    }

    func testListItemsAndDefinitions() {
        assertBody("<ul><li>a<li>b<ul><li>c</ul><li>d</ul><dl><dt>t<dd>d<dt>u</dl>", """
            |<ul>
            |  <li>
            |    "a"
            |  <li>
            |    "b"
            |    <ul>
            |      <li>
            |        "c"
            |  <li>
            |    "d"
            |<dl>
            |  <dt>
            |    "t"
            |  <dd>
            |    "d"
            |  <dt>
            |    "u"
            """)
    }

    func testAdoptionAgencyMovesMisnestedFormatting() {
        assertBody("<a href=x>1<div>2</a>3</div><b>4<p>5</b>6", """
            |<a>
            |  href="x"
            |  "1"
            |<div>
            |  <a>
            |    href="x"
            |    "2"
            |  "3"
            |<b>
            |  "4"
            |<p>
            |  <b>
            |    "5"
            |  "6"
            """)
    }

    func testNoahsArkKeepsThreeEqualFormattingElements() {
        assertBody("<p><b class=x><b class=x><b class=x><b class=x>x<p>y", """
            |<p>
            |  <b>
            |    class="x"
            |    <b>
            |      class="x"
            |      <b>
            |        class="x"
            |        <b>
            |          class="x"
            |          "x"
            |<p>
            |  <b>
            |    class="x"
            |    <b>
            |      class="x"
            |      <b>
            |        class="x"
            |        "y"
            """)
    }

    func testTablesImplyTbodyAndFosterParentText() {
        assertBody("<table>x<tr><td>1<td>2<tr><th>3</table>", """
            |"x"
            |<table>
            |  <tbody>
            |    <tr>
            |      <td>
            |        "1"
            |      <td>
            |        "2"
            |    <tr>
            |      <th>
            |        "3"
            """)
        assertBody("<table><b>bold<tr><td>c</table>", """
            |<b>
            |  "bold"
            |<table>
            |  <tbody>
            |    <tr>
            |      <td>
            |        "c"
            """)
    }

    func testFosterParentedTextGrowsOneNodeAroundTableMarkup() {
        let document = HTMLParser.parse("<table>" + String(repeating: "ab<tr class=r>", count: 300) + "</table>after")
        let body = document.elements(named: "body")[0]
        let children = Array(document.children(of: body))
        XCTAssertEqual(children.map { document.name(of: $0) ?? "#text" }, ["#text", "table", "#text"])
        XCTAssertEqual(document.text(of: children[0]), String(repeating: "ab", count: 300))
        XCTAssertEqual(document.elements(named: "tr").count, 300)
        XCTAssertEqual(document.text(of: children[2]), "after")
    }

    func testCaptionColumnsAndHiddenInputs() {
        assertBody("<table><caption>c<col><input type=hidden><tr><td>x</table>", """
            |<table>
            |  <caption>
            |    "c"
            |  <colgroup>
            |    <col>
            |  <input>
            |    type="hidden"
            |  <tbody>
            |    <tr>
            |      <td>
            |        "x"
            """)
    }

    func testSelectAndSelectInTable() {
        assertBody("<select><option>a<option>b<optgroup><option>c</select><table><tr><td><select><option>d<td>e</table>", """
            |<select>
            |  <option>
            |    "a"
            |  <option>
            |    "b"
            |  <optgroup>
            |    <option>
            |      "c"
            |<table>
            |  <tbody>
            |    <tr>
            |      <td>
            |        <select>
            |          <option>
            |            "d"
            |      <td>
            |        "e"
            """)
    }

    // MARK: - The customizable select (HTML's 2025 parser change: no "in select" modes)

    func testSelectHoldsAnyContent() {
        assertBody("<select><div>a</div><b>b</b><svg><g>c</g></svg><math><mi>d</mi></math><button>e</button>"
                   + "<datalist><option>f</option></datalist><img><keygen></select>g", """
            |<select>
            |  <div>
            |    "a"
            |  <b>
            |    "b"
            |  <svg svg>
            |    <svg g>
            |      "c"
            |  <math math>
            |    <math mi>
            |      "d"
            |  <button>
            |    "e"
            |  <datalist>
            |    <option>
            |      "f"
            |  <img>
            |  <keygen>
            |"g"
            """)
    }

    func testOptionAndOptgroupCloseAsFarAsTheirEndTagsAreImpliedInsideASelect() {
        // optgroup closes an open optgroup, option does not; hr closes both; an option behind a
        // span stays open (a parse error only), so the next option goes inside the span.
        assertBody("<select><optgroup><option>a<optgroup><option>b<hr><option><span>c<option>d</select>", """
            |<select>
            |  <optgroup>
            |    <option>
            |      "a"
            |  <optgroup>
            |    <option>
            |      "b"
            |  <hr>
            |  <option>
            |    <span>
            |      "c"
            |      <option>
            |        "d"
            """)
        // Outside a select only an option that is the current node closes.
        assertBody("<option>1<p>2<option>3</p><option>4<option>5", """
            |<option>
            |  "1"
            |  <p>
            |    "2"
            |    <option>
            |      "3"
            |<option>
            |  "4"
            |<option>
            |  "5"
            """)
    }

    func testSelectAndInputStartTagsCloseAnOpenSelectButTextareaDoesNot() {
        assertBody("<select><button><select>x", """
            |<select>
            |  <button>
            |"x"
            """)
        assertBody("<select><option>a<input>b", """
            |<select>
            |  <option>
            |    "a"
            |<input>
            |"b"
            """)
        assertBody("<select><textarea><option></textarea></select>", """
            |<select>
            |  <textarea>
            |    "<option>"
            """)
    }

    func testSelectBoundsTheDefaultScope() {
        // `</div>` and `</p>` do not see past the select; `</font>` is not in scope either, so
        // the adoption agency leaves the select where it is.
        assertBody("<div><select></div><option>x</select></div>y", """
            |<div>
            |  <select>
            |    <option>
            |      "x"
            |"y"
            """)
        assertBody("<p><select></p></select>", """
            |<p>
            |  <select>
            |    <p>
            """)
        assertBody("<font><select><option>a</option></font></select>", """
            |<font>
            |  <select>
            |    <option>
            |      "a"
            """)
    }

    func testTableMarkupInsideASelectFollowsTheTableModes() {
        // The mode stays "in cell": a td closes the cell and the select with it; in "in table"
        // a select is foster parented and takes what follows until a table tag.
        assertBody("<table><tr><td><select><div>a<td>b</table><table><select><i>c</i><tr><td>d</table>", """
            |<table>
            |  <tbody>
            |    <tr>
            |      <td>
            |        <select>
            |          <div>
            |            "a"
            |      <td>
            |        "b"
            |<select>
            |  <i>
            |    "c"
            |<table>
            |  <tbody>
            |    <tr>
            |      <td>
            |        "d"
            """)
    }

    func testTheSelectedOptionIsClonedIntoSelectedcontent() {
        // Cloned whenever an option leaves the stack: at the next option and at the end of the input.
        assertBody("<select><button><selectedcontent></button><option>x<i>i<b>ib</i>b", """
            |<select>
            |  <button>
            |    <selectedcontent>
            |      "x"
            |      <i>
            |        "i"
            |        <b>
            |          "ib"
            |      <b>
            |        "b"
            |  <option>
            |    "x"
            |    <i>
            |      "i"
            |      <b>
            |        "ib"
            |    <b>
            |      "b"
            """)
        // The last option with `selected` wins over the first one.
        assertBody("<select><button><selectedcontent></button><option>X<option selected>Y<option>Z</select>", """
            |<select>
            |  <button>
            |    <selectedcontent>
            |      "Y"
            |  <option>
            |    "X"
            |  <option>
            |    selected=""
            |    "Y"
            |  <option>
            |    "Z"
            """)
        // A disabled first option is skipped; an option inside a div still belongs to the select.
        assertBody("<select><selectedcontent></selectedcontent><option disabled>A</option><div><option>B</option></div></select>", """
            |<select>
            |  <selectedcontent>
            |    "B"
            |  <option>
            |    disabled=""
            |    "A"
            |  <div>
            |    <option>
            |      "B"
            """)
    }

    func testAnOptionTheAdoptionAgencyTakesOffTheStackIsClonedThen() {
        // `</b>` removes the option from the stack (it lies between `b` and the furthest block
        // `p`) while the `p` is still its child; the `p` then moves to the select.
        assertBody("<select><button><selectedcontent></button><b><option>X<p>y</b>", """
            |<select>
            |  <button>
            |    <selectedcontent>
            |      "X"
            |      <p>
            |        "y"
            |  <b>
            |    <option>
            |      "X"
            |  <p>
            |    <b>
            |      "y"
            """)
    }

    func testNothingIsClonedForMultipleOrListBoxSelectsOrOptionsInADatalist() {
        assertBody("<select multiple><selectedcontent></selectedcontent><option selected>A</select>"
                   + "<select size=3><selectedcontent></selectedcontent><option>B</select>"
                   + "<select><selectedcontent></selectedcontent><datalist><option>C</datalist></select>", """
            |<select>
            |  multiple=""
            |  <selectedcontent>
            |  <option>
            |    selected=""
            |    "A"
            |<select>
            |  size="3"
            |  <selectedcontent>
            |  <option>
            |    "B"
            |<select>
            |  <selectedcontent>
            |  <datalist>
            |    <option>
            |      "C"
            """)
    }

    func testFormPointerIgnoresNestedForms() {
        assertBody("<form id=a><form id=b><input></form><input>", """
            |<form>
            |  id="a"
            |  <input>
            |<input>
            """)
    }

    func testFramesetReplacesABodyWithNoContent() {
        assertTree("<frameset><frame></frameset>", """
            |<html>
            |  <head>
            |  <frameset>
            |    <frame>
            """)
        assertBody("x<frameset>", """
            |"x"
            """)
    }

    func testTemplateContentIsItsChildren() {
        assertBody("<body><template><tr><td>x</td></tr></template><p>after", """
            |<template>
            |  <tr>
            |    <td>
            |      "x"
            |<p>
            |  "after"
            """)
    }

    func testSVGNamesAreAdjustedAndBreakoutsLeaveForeignContent() {
        assertBody("<svg viewbox='0 0 1 1'><clippath/><foreignobject><p>x</p></foreignobject><lineargradient/></svg>"
                   + "<svg><b>out</b><math definitionurl=u><mi>y</mi></math>", """
            |<svg svg>
            |  viewBox="0 0 1 1"
            |  <svg clipPath>
            |  <svg foreignObject>
            |    <p>
            |      "x"
            |  <svg linearGradient>
            |<svg svg>
            |<b>
            |  "out"
            |<math math>
            |  definitionURL="u"
            |  <math mi>
            |    "y"
            """)
    }

    func testMathMLAnnotationXMLHoldsHTMLOnlyWithAnHTMLEncoding() {
        assertBody("<math><annotation-xml encoding='TEXT/HTML'><div>x</div></annotation-xml>"
                   + "<annotation-xml><div>y</div></annotation-xml></math>", """
            |<math math>
            |  <math annotation-xml>
            |    encoding="TEXT/HTML"
            |    <div>
            |      "x"
            |  <math annotation-xml>
            |<div>
            |  "y"
            """)
    }

    func testFormattingElementOutOfScopeBehindMathMLIsNotClosed() {
        assertBody("<p><font color=red><math><mi><ruby></font><s>x", """
            |<p>
            |  <font>
            |    color="red"
            |    <math math>
            |      <math mi>
            |        <ruby>
            |          <s>
            |            "x"
            """)
    }

    func testRubyEndTagsAreImplied() {
        assertBody("<ruby>a<rb>b<rt>c<rtc>d<rp>e</ruby>", """
            |<ruby>
            |  "a"
            |  <rb>
            |    "b"
            |  <rt>
            |    "c"
            |  <rtc>
            |    "d"
            |    <rp>
            |      "e"
            """)
    }

    func testEndTagsPAndBrLeaveForeignContent() {
        assertBody("<svg></p>x</svg>", """
            |<svg svg>
            |<p>
            |"x"
            """)
    }

    func testNoscriptFollowsTheScriptingFlag() {
        assertBody("<body><noscript><b>x</b></noscript>", """
            |<noscript>
            |  <b>
            |    "x"
            """)
        assertTree("<body><noscript><b>x</b></noscript>", """
            |<html>
            |  <head>
            |  <body>
            |    <noscript>
            |      "<b>x</b>"
            """, scripting: true)
        assertTree("<head><noscript><link rel=a><p>x</noscript>", """
            |<html>
            |  <head>
            |    <noscript>
            |      <link>
            |        rel="a"
            |  <body>
            |    <p>
            |      "x"
            """)
    }

    func testTreeDepthStopsAt512LikeWebKit() {
        let document = HTMLParser.parse(String(repeating: "<div>", count: 2000) + "deep")
        var depth = 0
        var deepest = 0
        var node: NodeID? = document.root
        // Follow last children down to the deepest element.
        while let current = node {
            deepest = max(deepest, depth)
            node = document.lastChild(of: current)
            depth += 1
        }
        XCTAssertEqual(document.elements(named: "div").count, 2000)
        // html, body and 510 nested divs reach depth 512; the rest are siblings at the bottom.
        XCTAssertLessThanOrEqual(deepest, HTMLTreeBuilder.maximumTreeDepth + 2)
        XCTAssertEqual(document.textContent(of: document.root), "deep")
    }
}
