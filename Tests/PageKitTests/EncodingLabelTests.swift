import Foundation
import XCTest
@testable import PageKit

/// Encoding sniffing by the WHATWG Encoding Standard's label table.
final class EncodingLabelTests: XCTestCase {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func parse(_ bytes: [UInt8]) -> (text: String, links: Int, warnings: [String]) {
        var parser = HTMLParser(bytes: Data(bytes))
        while parser.resume() != .finished {}
        let document = parser.document
        return (document.textContent(of: document.elements(named: "body")[0]), document.elements(named: "a").count, parser.warnings)
    }

    func testUTF7IsNotAnEncodingAPageMayAskFor() {
        let page = parse(bytes("<meta charset=utf-7><p>+ADw-a href=x+AD4-link+ADw-/a+AD4-</p>"))
        XCTAssertEqual(page.text, "+ADw-a href=x+AD4-link+ADw-/a+AD4-")
        XCTAssertEqual(page.links, 0)
        XCTAssertEqual(page.warnings, ["unknown charset \"utf-7\" in <meta>: read as UTF-8"])
    }

    func testLabelsOutsideTheTableFallBackToUTF8WithAWarning() {
        for label in ["utf-32", "IBM037", "BRF", "cp949", "no-such-encoding"] {
            let page = parse(bytes("<meta charset=\"\(label)\"><p>é 한</p>"))
            XCTAssertEqual(page.text, "é 한", label)
            XCTAssertEqual(page.warnings, ["unknown charset \"\(label)\" in <meta>: read as UTF-8"], label)
        }
    }

    func testAnUnknownLabelLetsALaterMetaDecide() {
        let page = parse(bytes("<meta charset=bogus><meta charset=windows-1252><p>caf") + [0xE9])
        XCTAssertEqual(page.text, "café")
        XCTAssertEqual(page.warnings, ["unknown charset \"bogus\" in <meta>: read as windows-1252"])
    }

    func testUTF16LabelsInAMetaMeanUTF8AndXUserDefinedMeansWindows1252() {
        XCTAssertEqual(parse(bytes("<meta charset=utf-16le><p>é")).text, "é")
        XCTAssertEqual(parse(bytes("<meta charset=UNICODE><p>é")).text, "é")
        XCTAssertEqual(parse(bytes("<meta charset=x-user-defined><p>") + [0x80]).text, "€")
    }

    func testLabelsAreTrimmedAndCaseInsensitive() {
        XCTAssertEqual(TextEncoding(label: " \tLATIN1\n"), .windows1252)
        XCTAssertEqual(TextEncoding(label: "Shift_JIS"), .shiftJIS)
        XCTAssertEqual(TextEncoding(label: "ks_c_5601-1987"), .eucKR)
        XCTAssertNil(TextEncoding(label: "utf-7"))
        XCTAssertNil(TextEncoding(label: "ebcdic-cp-us"))
        XCTAssertEqual(TextEncoding.labels.count, 228)
    }

    func testIconvOnlyEverSeesFixedNames() {
        let names = Set(TextEncoding.allCases.compactMap(\.iconvName))
        XCTAssertEqual(names, ["IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6", "ISO-8859-7",
                               "ISO-8859-8", "ISO-8859-10", "ISO-8859-13", "ISO-8859-14", "ISO-8859-15", "ISO-8859-16", "KOI8-R",
                               "KOI8-U", "MACINTOSH", "WINDOWS-874", "WINDOWS-1250", "WINDOWS-1251", "WINDOWS-1253",
                               "WINDOWS-1254", "WINDOWS-1255", "WINDOWS-1256", "WINDOWS-1257", "WINDOWS-1258", "MAC-CYRILLIC",
                               "GB18030", "BIG5-HKSCS", "EUC-JP", "ISO-2022-JP", "CP932", "CP949"])
    }

    func testEveryEncodingDecodesASCII() {
        for encoding in TextEncoding.allCases where encoding != .replacement && encoding != .utf16BE && encoding != .utf16LE {
            let decoded = bytes("<p>plain</p>").withUnsafeBufferPointer { CharsetDecoder.utf8(from: $0, encoding: encoding) }
            XCTAssertEqual(String(decoding: decoded, as: UTF8.self), "<p>plain</p>", encoding.rawValue)
        }
        XCTAssertEqual(parse(bytes("<meta charset=iso-2022-kr><p>x")).text, "\u{FFFD}")
        XCTAssertEqual(parse(bytes("<meta charset=koi8-r><p>") + [0xC1]).text, "а")
    }

    func testLoadedPagesCarryTheWarnings() throws {
        struct Reader: PageReader {
            func read(_ url: URL) throws -> Data { Data("<meta charset=foo><title>T</title>".utf8) }
            func canonicalPath(_ url: URL) -> String? { nil }
        }
        let page = PageLoader.load(URL(string: "file:///x.html")!, reader: Reader())
        XCTAssertEqual(page.warnings, ["unknown charset \"foo\" in <meta>: read as UTF-8"])
        XCTAssertEqual(page.title, "T")
    }
}
