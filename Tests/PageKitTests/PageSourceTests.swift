import TestSupport
import XCTest
@testable import PageKit

/// `PageSource`: each tag as written, where its attribute values are, and which tag made each element.
final class PageSourceTests: XCTestCase {
    private func describe(_ source: PageSource) -> [String] {
        source.tags.map { tag in
            let attributes = tag.attributes.map { attribute in
                "\(attribute.name)=\(attribute.value)@\(attribute.valueRange.lowerBound)..<\(attribute.valueRange.upperBound)"
            }
            return "\(tag.isEndTag ? "/" : "")\(tag.name)@\(tag.range.lowerBound)..<\(tag.range.upperBound)"
                + (attributes.isEmpty ? "" : " " + attributes.joined(separator: " "))
        }
    }

    func testTagsAndAttributeValuesWhereTheyAreWritten() {
        let html = "<A HREF=\"x.html\" id=one class='c d' hidden data-x=>t</a><p title=\"a&amp;b\r\nc\" title=\"dup\"><BR/></p>"
        let source = PageSource(bytes: Data(html.utf8))
        XCTAssertEqual(describe(source), [
            "a@0..<51 href=x.html@9..<15 id=one@20..<23 class=c d@31..<34 hidden=@42..<42 data-x=@50..<50",
            "/a@52..<56",
            "p@56..<90 title=a&b\nc@66..<76",
            "br@90..<95",
            "/p@95..<99",
        ])
        // Values written without references or CRs read the same in the text.
        for attribute in source.tags.flatMap(\.attributes) where attribute.valueRange.count == attribute.value.utf8.count {
            XCTAssertEqual(String(decoding: source.text[attribute.valueRange], as: UTF8.self), attribute.value)
        }
    }

    func testElementsKnowTheirTags() {
        let html = "<table><td>cell</td></table><b><p>x</b>y</p><form action=go><input type=submit></form>"
        let source = PageSource(bytes: Data(html.utf8))
        var names: [String] = []
        func walk(_ node: NodeID) {
            for child in source.document.children(of: node) where source.document.kind(of: child) == .element {
                let tag = source.tagIndex(of: child).map { "\(source.tags[$0].name)@\(source.tags[$0].range.lowerBound)" } ?? "made up"
                names.append("\(source.document.name(of: child)!): \(tag)")
                walk(child)
            }
        }
        walk(source.document.root)
        // Implied elements have no tag, nor has the adoption agency's copy of the misnested <b>.
        XCTAssertEqual(names, [
            "html: made up", "head: made up", "body: made up", "table: table@0", "tbody: made up", "tr: made up", "td: td@7",
            "b: b@28", "p: p@31", "b: made up", "form: form@44", "input: input@60",
        ])
    }

    func testAPageInAnotherEncodingIsDecodedFirst() {
        // windows-1252: é is one byte in the file, two in the text the offsets count.
        let bytes = Array("<meta charset=windows-1252><p title=\"".utf8) + [0xE9] + Array("\"><a href=x>".utf8)
        let source = PageSource(bytes: Data(bytes))
        XCTAssertEqual(describe(source), ["meta@0..<27 charset=windows-1252@14..<26", "p@27..<41 title=é@37..<39", "a@41..<51 href=x@49..<50"])
    }

    /// Generated pages: every attribute value written plainly is found at its place.
    func testFuzzAttributeOffsets() {
        var random = SeededGenerator(seed: 12)
        let names = ["a", "p", "div", "span", "script", "table", "td", "svg", "path", "form", "input", "textarea", "title", "b"]
        let values = ["x", "", "mkwebview://webview?url=a.html", "a b", "é✓", "1", "<", ">"]
        for round in 0..<300 {
            var html = ""
            var written: [(name: String, value: String)] = []
            for _ in 0..<Int.random(in: 1...20, using: &random) {
                switch Int.random(in: 0..<5, using: &random) {
                case 0: html += "text \(Int.random(in: 0...9, using: &random)) "
                case 1: html += "</\(names.randomElement(using: &random)!)>"
                case 2: html += "<!-- \(values.randomElement(using: &random)!) -->"
                default:
                    let name = names.randomElement(using: &random)!
                    html += "<\(name)"
                    var used: Set<String> = []
                    for index in 0..<Int.random(in: 0...3, using: &random) {
                        let attribute = "at\(index)"
                        used.insert(attribute)
                        let value = values.randomElement(using: &random)!
                        switch Int.random(in: 0..<3, using: &random) {
                        case 0: html += " \(attribute)=\"\(value)\""
                        case 1: html += " \(attribute)='\(value)'"
                        default: html += value.isEmpty || value.contains(" ") || value.contains(">") ? " \(attribute)=\"\(value)\"" : " \(attribute)=\(value)"
                        }
                        written.append((attribute, value))
                    }
                    html += ">"
                }
            }
            let source = PageSource(bytes: Data(html.utf8))
            let found = source.tags.filter { !$0.isEndTag }.flatMap(\.attributes)
            for attribute in found {
                XCTAssertEqual(String(decoding: source.text[attribute.valueRange], as: UTF8.self), attribute.value, "round \(round): \(html)")
            }
            // Tags raw text (script, textarea, title) may swallow later tags; never more than were written.
            XCTAssertLessThanOrEqual(found.count, written.count, "round \(round): \(html)")
            for tag in source.tags {
                XCTAssertEqual(source.text[tag.range.lowerBound], UInt8(ascii: "<"), "round \(round): \(html)")
                XCTAssertEqual(source.text[tag.range.upperBound - 1], UInt8(ascii: ">"), "round \(round): \(html)")
            }
        }
    }

    func testKeepingTheSourceIsLinear() {
        assertGrowsLinearly("PageSource", size: 500, input: { count in
            Data(String(repeating: "<p class=a><a href='mkwebview://webview?url=x.html&amp;title=T' onclick=\"go()\">link</a></p>\n", count: count).utf8)
        }) { bytes in
            _ = PageSource(bytes: bytes)
        }
    }
}
