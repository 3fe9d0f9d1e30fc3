import Foundation
import XCTest
@testable import PageKit

/// The incremental interface a script runtime drives: pauses, `document.write`, streaming,
/// fragments and serialization.
final class HTMLParserPauseTests: XCTestCase {
    private func parser(_ html: String, scripting: Bool = true) -> HTMLParser {
        HTMLParser(bytes: Data(html.utf8), options: HTMLParser.Options(scriptingEnabled: scripting))
    }

    func testPausesAfterTheDocumentElementAndEveryScript() throws {
        var parser = parser("<p>a<script>one</script><p>b<script type=module>two</script><svg><script>three</script></svg>c")
        guard case .documentElementCreated(let html) = parser.resume() else { return XCTFail("no document element pause") }
        XCTAssertEqual(parser.document.name(of: html), "html")
        XCTAssertEqual(parser.document.treeDump(), "|<html>")
        guard case .script(let first) = parser.resume() else { return XCTFail("no first script") }
        XCTAssertEqual(parser.document.textContent(of: first), "one")
        XCTAssertTrue(parser.document.isParserInsertedScript(first))
        XCTAssertFalse(parser.document.isScriptAlreadyStarted(first))
        // Only what came before the script is parsed.
        XCTAssertEqual(parser.document.treeDump(), """
            |<html>
            |  <head>
            |  <body>
            |    <p>
            |      "a"
            |      <script>
            |        "one"
            """)
        guard case .script(let second) = parser.resume() else { return XCTFail("no module script") }
        XCTAssertEqual(parser.document.attribute("type", of: second), "module")
        guard case .script(let third) = parser.resume() else { return XCTFail("no SVG script") }
        XCTAssertEqual(parser.document.namespace(of: third), .svg)
        XCTAssertEqual(parser.resume(), .finished)
        XCTAssertEqual(parser.resume(), .finished)
        XCTAssertEqual(parser.document.textContent(of: parser.document.root), "aonebtwothreec")
    }

    func testWriteInsertsTextRightAfterTheScript() {
        var parser = parser("<p>before<script>w</script>after</p>")
        XCTAssertEqual(parser.resume(), .documentElementCreated(NodeID(1)))
        guard case .script = parser.resume() else { return XCTFail("no script") }
        parser.write("<b>wr")
        parser.write("itten</b> ")
        // document.write parses at once: the written element exists before the script returns.
        XCTAssertEqual(parser.document.elements(named: "b").map { parser.document.textContent(of: $0) }, ["written"])
        XCTAssertEqual(parser.resume(), .finished)
        XCTAssertEqual(parser.document.treeDump(), """
            |<html>
            |  <head>
            |  <body>
            |    <p>
            |      "before"
            |      <script>
            |        "w"
            |      <b>
            |        "written"
            |      " after"
            """)
    }

    func testWrittenTextCanEndMidTagAndTheRestCompletesIt() {
        var parser = parser("<script>w</script>ld>text")
        _ = parser.resume()
        guard case .script = parser.resume() else { return XCTFail("no script") }
        parser.write("<b")
        parser.write("o")
        XCTAssertEqual(parser.resume(), .finished)
        XCTAssertEqual(parser.document.elements(named: "bold").count, 1)
        XCTAssertEqual(parser.document.textContent(of: parser.document.elements(named: "bold")[0]), "text")
    }

    func testAScriptWrittenByAScriptPausesNext() {
        var parser = parser("<script>outer</script><p>rest")
        _ = parser.resume()
        guard case .script = parser.resume() else { return XCTFail("no outer script") }
        parser.write("<script>inner</script><i>after inner</i>")
        // The inner script stops the written text's parse; the next resume reports it.
        XCTAssertTrue(parser.document.elements(named: "i").isEmpty)
        guard case .script(let inner) = parser.resume() else { return XCTFail("no inner script") }
        XCTAssertEqual(parser.document.textContent(of: inner), "inner")
        parser.write("<u>from inner</u>")
        XCTAssertEqual(parser.resume(), .finished)
        XCTAssertEqual(parser.document.treeDump(), """
            |<html>
            |  <head>
            |    <script>
            |      "outer"
            |    <script>
            |      "inner"
            |  <body>
            |    <u>
            |      "from inner"
            |    <i>
            |      "after inner"
            |    <p>
            |      "rest"
            """)
    }

    func testHostMayRemoveNodesTheParserStillHolds() {
        var parser = parser("<div id=a><p>one<script>s</script>two</p>three</div>four")
        _ = parser.resume()
        guard case .script = parser.resume() else { return XCTFail("no script") }
        let div = parser.document.element(withID: "a")!
        parser.document.remove(div)
        XCTAssertEqual(parser.resume(), .finished)
        // The detached div keeps receiving what the stack of open elements puts in it.
        XCTAssertEqual(parser.document.textContent(of: div), "onestwothree")
        XCTAssertEqual(parser.document.textContent(of: parser.document.root), "four")
    }

    func testStreamingInputFromWritesOnly() {
        var parser = HTMLParser(streamingWith: HTMLParser.Options())
        parser.write("<title>T</title><p>a")
        XCTAssertEqual(parser.resume(), .documentElementCreated(NodeID(1)))
        XCTAssertEqual(parser.resume(), .needsInput)
        parser.write("b</p><p>c")
        XCTAssertEqual(parser.resume(), .needsInput)
        parser.finish()
        XCTAssertEqual(parser.resume(), .finished)
        XCTAssertEqual(parser.document.title, "T")
        XCTAssertEqual(parser.document.elements(named: "p").map { parser.document.textContent(of: $0) }, ["ab", "c"])
    }

    func testOneCallParsingNeverPausesAndWarnsAboutCharsets() {
        let document = HTMLParser.parse("<script>a</script><p>x")
        XCTAssertEqual(document.textContent(of: document.root), "ax")
        var parser = HTMLParser(bytes: Data("<meta charset=utf-7><p>x".utf8))
        while parser.resume() != .finished {}
        XCTAssertEqual(parser.warnings, ["unknown charset \"utf-7\" in <meta>: read as UTF-8"])
    }

    // MARK: - Fragments

    func testFragmentInABodyElement() {
        var document = HTMLParser.parse("<div id=d></div>")
        let div = document.element(withID: "d")!
        let nodes = HTMLParser.parseFragment("a<b>b</b><script>x</script><p>c", context: div, into: &document)
        XCTAssertEqual(nodes.map { document.name(of: $0) ?? "#text" }, ["#text", "b", "script", "p"])
        XCTAssertTrue(nodes.allSatisfy { document.parent(of: $0) == nil })
        XCTAssertTrue(document.isScriptAlreadyStarted(nodes[2]))
        XCTAssertFalse(document.isParserInsertedScript(nodes[2]))
    }

    func testFragmentsParseAlikeInAFreshAndInAReusedArena() {
        // Mis-nested markup exercises the stack lookups (adoption agency, scopes); in the second
        // document the fragment's nodes reuse freed slots below a large arena.
        let markup = "<b>1<i>2</b>3</i><table><td>x<p>y</table><p><a>z<p>w</a><select><option>o"
        var fresh = HTMLParser.parse("<div id=d></div>")
        let freshNodes = HTMLParser.parseFragment(markup, context: fresh.element(withID: "d")!, into: &fresh)
        var reused = HTMLParser.parse("<div id=d></div>" + String(repeating: "<span>s</span>", count: 3000))
        let spans = reused.elements(named: "span")
        for span in spans.prefix(1500) { reused.remove(span); reused.free(span) }
        let reusedNodes = HTMLParser.parseFragment(markup, context: reused.element(withID: "d")!, into: &reused)
        XCTAssertEqual(reusedNodes.map { reused.serialize($0, scriptingEnabled: true) }.joined(),
                       freshNodes.map { fresh.serialize($0, scriptingEnabled: true) }.joined())
        XCTAssertEqual(freshNodes.map { fresh.serialize($0, scriptingEnabled: true) }.joined(),
                       "<b>1<i>2</i></b><i>3</i><table><tbody><tr><td>x<p>y</p></td></tr></tbody></table>"
                       + "<p><a>z</a></p><p><a>w</a><select><option>o</option></select></p>")
        XCTAssertLessThan(reusedNodes.map(\.rawValue).min()!, spans[1499].rawValue + 1)
    }

    func testTheStackIndexTableAnswersAlikeSparseAndDense() {
        var dense = StackIndexTable(), sparse = StackIndexTable.sparse
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let node = Int32.random(in: 0..<4000, using: &generator)
            let value = Int32.random(in: -1..<64, using: &generator)
            dense[node] = value
            sparse[node] = value
            let probe = Int32.random(in: -2..<4100, using: &generator)
            XCTAssertEqual(sparse[probe], dense[probe], "node \(probe)")
        }
        XCTAssertEqual(StackIndexTable.sparse[12], -1)
    }

    func testFragmentContextsSetTheTokenizerAndInsertionMode() {
        var document = HTMLParser.parse("<table><tr id=r><td>x</table><textarea id=t></textarea><svg id=s></svg>")
        let row = document.element(withID: "r")!
        let cells = HTMLParser.parseFragment("<td>1<td>2", context: row, into: &document)
        XCTAssertEqual(cells.map { document.name(of: $0) }, ["td", "td"])
        let text = HTMLParser.parseFragment("<b>not a tag</b>", context: document.element(withID: "t")!, into: &document)
        XCTAssertEqual(text.map { document.text(of: $0) }, ["<b>not a tag</b>"])
        let svg = HTMLParser.parseFragment("<circle/><p>out", context: document.element(withID: "s")!, into: &document)
        XCTAssertEqual(svg.map { document.namespace(of: $0) }, [.svg, .html])
    }

    func testFragmentsHaveNoAppropriateEndTag() {
        // The fragment's tokenizer has emitted no start tag, so `</script>` in a script's
        // innerHTML is text (as WebKit gives it: "a</script>b<i>c</i>").
        var document = HTMLParser.parse("<script id=s></script><title id=t></title>")
        let script = HTMLParser.parseFragment("a</script>b<i>c</i>", context: document.element(withID: "s")!, into: &document)
        XCTAssertEqual(script.map { document.text(of: $0) }, ["a</script>b<i>c</i>"])
        let title = HTMLParser.parseFragment("a</title>b", context: document.element(withID: "t")!, into: &document)
        XCTAssertEqual(title.map { document.text(of: $0) }, ["a</title>b"])
    }

    func testASelectContextIgnoresSelectAndInputButKeepsKeygenAndTextarea() {
        var document = HTMLParser.parse("<select id=s></select>")
        let select = document.element(withID: "s")!
        let nodes = HTMLParser.parseFragment("<select><input><keygen><option>a<optgroup>b<textarea><option>", context: select, into: &document)
        XCTAssertEqual(nodes.map { document.name(of: $0) }, ["keygen", "option", "optgroup"])
        let optgroup = nodes[2]
        XCTAssertEqual(document.children(of: optgroup).map { document.name(of: $0) ?? document.text(of: $0) ?? "" }, ["b", "textarea"])
        XCTAssertEqual(document.textContent(of: document.lastChild(of: optgroup)!), "<option>")
    }

    // MARK: - Serialization

    func testSerializationEscapesAndVoidElements() {
        let document = HTMLParser.parse("""
            <div id=d title='a"b&c<>'>x &amp; &lt;y&gt;&nbsp;<br><img src=i.png><!--c--><script>if (a<b && c) {}</script>\
            <svg viewBox="0 0 1 1"><foreignObject><p>in</p></foreignObject></svg><template><p>t</template></div>
            """)
        let div = document.element(withID: "d")!
        XCTAssertEqual(document.serializeChildren(of: div), """
            x &amp; &lt;y&gt;&nbsp;<br><img src="i.png"><!--c--><script>if (a<b && c) {}</script>\
            <svg viewBox="0 0 1 1"><foreignObject><p>in</p></foreignObject></svg><template><p>t</p></template>
            """)
        XCTAssertEqual(document.serialize(document.elements(named: "img")[0]), "<img src=\"i.png\">")
        XCTAssertTrue(document.serialize(div).hasPrefix("<div id=\"d\" title=\"a&quot;b&amp;c&lt;&gt;\">x &amp;"))
        XCTAssertEqual(document.serializeChildren(of: document.elements(named: "br")[0]), "")
    }

    func testNoscriptSerializesByTheScriptingFlag() {
        let scripted = HTMLParser.parse("<body><noscript><b>&amp;</b></noscript>", options: HTMLParser.Options(scriptingEnabled: true))
        XCTAssertEqual(scripted.serializeChildren(of: scripted.elements(named: "noscript")[0], scriptingEnabled: true), "<b>&amp;</b>")
        let plain = HTMLParser.parse("<body><noscript><b>&amp;</b></noscript>")
        XCTAssertEqual(plain.serializeChildren(of: plain.elements(named: "noscript")[0]), "<b>&amp;</b>")
    }

    func testSerializingThenParsingGivesTheSameTree() {
        let source = "<p class=a>1<b>2<i>3</b>4</i><table><tr><td>x</table><ul><li>y</ul><pre>z</pre>"
        let document = HTMLParser.parse(source)
        let body = document.elements(named: "body")[0]
        var again = HTMLParser.parse("<div id=x></div>")
        let nodes = HTMLParser.parseFragment(document.serializeChildren(of: body), context: again.element(withID: "x")!, into: &again)
        for node in nodes { try? again.appendChild(node, to: again.element(withID: "x")!) }
        XCTAssertEqual(again.serializeChildren(of: again.element(withID: "x")!), document.serializeChildren(of: body))
    }
}
