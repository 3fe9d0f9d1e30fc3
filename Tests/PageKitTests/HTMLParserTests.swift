import Dispatch
import Foundation
import XCTest
import PageKit

final class HTMLParserTests: XCTestCase {
    /// The text of the first `p` of a page given as bytes.
    private func paragraphText(_ bytes: [UInt8]) -> String {
        let document = HTMLParser.parse(Data(bytes))
        guard let paragraph = document.elements(named: "p").first else { return "<no p>" }
        return document.textContent(of: paragraph)
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testEntitiesAreDecoded() {
        let document = HTMLParser.parse("<p title='a &amp; b'>&amp; &lt; &gt; &quot; &nbsp; &eacute; &#233; &#x1F600; &copy;</p>")
        let paragraph = document.elements(named: "p")[0]
        XCTAssertEqual(document.textContent(of: paragraph), "& < > \" \u{A0} é é 😀 ©")
        XCTAssertEqual(document.attribute("title", of: paragraph), "a & b")
    }

    func testUTF8WithoutADeclarationIsUTF8() {
        XCTAssertEqual(paragraphText(bytes("<p>한국어 café 😀</p>")), "한국어 café 😀")
    }

    func testMetaCharsetEUCKR() {
        let page = bytes("<html><head><meta charset=\"euc-kr\"><title>t</title></head><body><p>") + [0xC7, 0xD1, 0xB1, 0xB9, 0xBE, 0xEE]
            + bytes("</p></body></html>")
        XCTAssertEqual(paragraphText(page), "한국어")
    }

    func testHTTPEquivLatin1DecodesAsWindows1252() {
        let page = bytes("<meta http-equiv='Content-Type' content='text/html; charset=ISO-8859-1'><p>caf") + [0xE9, 0x20, 0x93]
            + bytes("quoted") + [0x94] + bytes("</p>")
        XCTAssertEqual(paragraphText(page), "café “quoted”")
    }

    func testShiftJIS() {
        XCTAssertEqual(paragraphText(bytes("<meta charset=shift_jis><p>") + [0x93, 0xFA, 0x96, 0x7B] + bytes("</p>")), "日本")
    }

    func testContentWithoutHTTPEquivIsNotADeclaration() {
        let page = bytes("<meta content='text/html; charset=iso-8859-1'><p>") + [0xC3, 0xA9] + bytes("</p>")
        XCTAssertEqual(paragraphText(page), "é")
    }

    func testByteOrderMarks() {
        XCTAssertEqual(paragraphText([0xEF, 0xBB, 0xBF] + bytes("<p>é</p>")), "é")
        let utf16 = "<p>한국</p>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        XCTAssertEqual(paragraphText([0xFF, 0xFE] + utf16), "한국")
        let utf16BigEndian = "<p>é</p>".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        XCTAssertEqual(paragraphText([0xFE, 0xFF] + utf16BigEndian), "é")
    }

    func testBOMWinsOverMeta() {
        XCTAssertEqual(paragraphText([0xEF, 0xBB, 0xBF] + bytes("<meta charset=latin1><p>é</p>")), "é")
    }

    func testMetaAfterTheFirst1024BytesIsIgnored() {
        let padding = "<!--" + String(repeating: "x", count: 1100) + "-->"
        let page = bytes(padding + "<meta charset=latin1><p>") + [0xC3, 0xA9] + bytes("</p>")
        XCTAssertEqual(paragraphText(page), "é")
    }

    func testUnknownOrUTF16MetaLabelsMeanUTF8() {
        XCTAssertEqual(paragraphText(bytes("<meta charset=no-such-encoding><p>é</p>")), "é")
        XCTAssertEqual(paragraphText(bytes("<meta charset=utf-16><p>é</p>")), "é")
    }

    func testInvalidUTF8IsRepairedWithoutSwitchingEncoding() {
        let page = bytes("<p>a") + [0xFF] + bytes("b é 한</p><p title='x") + [0xC3] + bytes("'>2</p>")
        XCTAssertEqual(paragraphText(page), "a\u{FFFD}b é 한")
        let document = HTMLParser.parse(Data(page))
        XCTAssertEqual(document.attribute("title", of: document.elements(named: "p")[1]), "x\u{FFFD}")
    }

    func testNulBytesDoNotEndTheDocument() {
        let document = HTMLParser.parse(Data(bytes("<p>ab") + [0] + bytes("cd</p><p>after</p>")))
        XCTAssertEqual(document.elements(named: "p").count, 2)
        XCTAssertEqual(document.textContent(of: document.elements(named: "p")[1]), "after")
    }

    func testScriptAndStyleTextIsKeptVerbatim() {
        let document = HTMLParser.parse("<script>if (a < b && c) { x = '</p>'; }</script><style>p > a {}</style>")
        XCTAssertEqual(document.textContent(of: document.elements(named: "script")[0]), "if (a < b && c) { x = '</p>'; }")
        XCTAssertEqual(document.textContent(of: document.elements(named: "style")[0]), "p > a {}")
    }

    func testRecoversFromBrokenMarkup() {
        let document = HTMLParser.parse("<p>one<p>two <b>bold <i>both</b> after</i><div><span>unclosed")
        XCTAssertEqual(document.elements(named: "p").map { document.textContent(of: $0) }, ["one", "two bold both after"])
        XCTAssertEqual(document.textContent(of: document.elements(named: "div")[0]), "unclosed")
    }

    func testExternalEntitiesAndDTDsAreNotLoaded() {
        let document = HTMLParser.parse(
            "<!DOCTYPE html SYSTEM \"file:///etc/passwd\"><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><p>&e;</p>")
        XCTAssertFalse(document.textContent(of: document.root).contains("root:"))
    }

    func testDeepNestingParses() {
        let depth = 10_000
        let document = HTMLParser.parse(String(repeating: "<div>", count: depth) + "deep")
        XCTAssertEqual(document.elements(named: "div").count, depth)
        XCTAssertEqual(document.textContent(of: document.root), "deep")
    }

    func testParsingOnTwoThreadsAtOnce() {
        let pages = (0..<8).map { index in
            "<meta charset=\(index % 2 == 0 ? "utf-8" : "euc-kr")><title>Page \(index)</title>"
                + String(repeating: "<p>Paragraph \(index) with <a href='x\(index).html'>a link</a> &amp; text</p>", count: 300)
        }
        let expected = pages.map { page -> String in
            let document = HTMLParser.parse(Data(page.utf8))
            return document.textContent(of: document.root)
        }
        let results = ResultBox(count: pages.count)
        DispatchQueue.concurrentPerform(iterations: pages.count * 4) { iteration in
            let index = iteration % pages.count
            let document = HTMLParser.parse(Data(pages[index].utf8))
            results.record(index, document.textContent(of: document.root), title: document.title)
        }
        for index in pages.indices {
            XCTAssertEqual(results.texts[index], [expected[index]])
            XCTAssertEqual(results.titles[index], ["Page \(index)"])
        }
    }
}

/// Collects what the threads of `testParsingOnTwoThreadsAtOnce` saw.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var texts: [Set<String>]
    private(set) var titles: [Set<String>]

    init(count: Int) {
        texts = Array(repeating: [], count: count)
        titles = Array(repeating: [], count: count)
    }

    func record(_ index: Int, _ text: String, title: String?) {
        lock.lock()
        defer { lock.unlock() }
        texts[index].insert(text)
        titles[index].insert(title ?? "nil")
    }
}

extension HTMLParserTests {
    func testBadBytesInLegacyEncodingsDoNotStopThePage() {
        let page = bytes("<meta charset=euc-kr><p>") + [0xC7, 0xD1, 0x20, 0xFF, 0xFF] + bytes(" bad ") + [0xB1, 0xB9]
            + bytes("</p><p>after</p>")
        let document = HTMLParser.parse(Data(page))
        XCTAssertEqual(document.elements(named: "p").map { document.textContent(of: $0) }, ["한 \u{FFFD}\u{FFFD} bad 국", "after"])
    }

    func testWindows1252UndefinedBytesMapToC1() {
        XCTAssertEqual(paragraphText(bytes("<meta charset=windows-1252><p>") + [0x80, 0x81, 0xFF] + bytes("</p>")), "€\u{81}ÿ")
    }
}
