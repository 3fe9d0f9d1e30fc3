import Foundation
import TestSupport
import XCTest
import PageKit
#if canImport(Glibc)
import Glibc
#endif

/// Thousands of generated pages, from a fixed seed so any failure reproduces.
final class FuzzTests: XCTestCase {
    private static let fragments: [String] = [
        "<table>", "<tr>", "<td>", "</td>", "<th colspan=3>", "</table>", "<caption>", "<ul>", "<ol start=-5>", "<ol reversed type=i>",
        "<li>", "</li>", "</ul>", "<pre>", "</pre>", "\t", "\n", "\r\n", " ", "  ", "<p>", "</p>", "<a href='x y.html'>", "<a href='#f'>",
        "<a href='mkwebview://webview?url=a b'>", "</a>", "<button>", "</button>", "<form action='mkwebview://w'>", "</form>",
        "<input name=a value='v w'>", "<input type=checkbox checked>", "<input type=submit>", "<input type=image>", "<select><option selected>o",
        "</select>", "<textarea>", "</textarea>", "<br>", "<hr>", "<blockquote>", "<dl><dt>", "<dd>", "<h1>", "<h6>", "<b>", "<i>",
        "<code>", "<img alt='alt text'>", "<img>", "<div hidden>", "<span style='display:none'>", "</div>", "</span>", "&nbsp;",
        "&amp;", "&#x1F600;", "&#0;", "&#xD800;", "&bogus;", "한국어", "日本語のテキスト", "😀👍🏽🇰🇷", "e\u{301}", "word", "short",
        "longwordlongwordlongwordlongword", "<!--", "-->", "<script>", "</script>", "<style>", "<base href='../'>", "<q>", "</q>",
        "<noscript>", "<wbr>", "\u{200B}", "\u{A0}", "<svg><title>t</title>", "<table><tr><td><table><tr><td>", "<meta charset=euc-kr>",
        "<meta charset=utf-16>", "<!DOCTYPE html>", "<html>", "<body>", "</body>", "<head>", "<title>", "<", ">", "</", "=", "\"", "'",
        "<a", "<div class=", "<p title=\"unterminated", "\u{1B}[31m", "\u{FEFF}", "🏳️‍🌈", "ｆｕｌｌ", "<details><summary>s",
        "<style>p{display:none}</style>", "<style>.a{visibility:hidden}li:nth-child(2n){display:none}</style>", "<style>",
        "div>p~span{display:block!important}", "@media (max-width:500px){", "}", "{", "<p class=a>", "<span style='visibility:hidden'>",
        "<div style='visibility:visible'>", "<b style='display:none'>", "<table style='visibility:collapse'>", "<sup>", "<sub>",
        "<h2 id=x>", "<a name=y>", "<img src='a b/c.png'>", "<dialog>", "<dialog open>", "<noframes>", "<template>",
    ]

    func testRandomPagesNeverBreakTheLayout() {
        var random = SeededGenerator(seed: 0x5EED_1234)
        var bytesChecked = 0
        for iteration in 0..<2400 {
            let bytes: [UInt8]
            switch iteration % 4 {
            case 0: bytes = randomBytes(&random, count: Int.random(in: 0...600, using: &random))
            case 1, 2: bytes = Array(tagSoup(&random, pieces: Int.random(in: 1...120, using: &random)).utf8)
            default: bytes = mutated(Array(tagSoup(&random, pieces: 60).utf8), &random)
            }
            bytesChecked += bytes.count
            let widths = [[1, 40], [2, 80], [3, 13], [7, 100]][iteration % 4]
            check(bytes, widths: widths, numbersItems: iteration % 3 == 0, label: "iteration \(iteration)")
        }
        XCTAssertGreaterThan(bytesChecked, 100_000)
    }

    func testDeepNestingDoesNotOverflowTheStack() {
        let depth = 10_000
        let nests = ["<div>", "<ul><li>", "<blockquote>", "<table><tr><td>", "<b><i>", "<a href=x>", "<ol><li><p>", "<pre>",
                     "<dl><dd>", "<form action=y><button>"]
        for (index, nest) in nests.enumerated() {
            let html = String(repeating: nest, count: depth) + "deep text 한국어 " + String(repeating: "x", count: 50)
            check(Array(html.utf8), widths: index.isMultiple(of: 2) ? [1, 80] : [2, 30], numbersItems: true, label: nest)
        }
    }

    func testHugeAttributesAndText() {
        let long = String(repeating: "a", count: 200_000)
        let pages = [
            "<a href='\(long)'>x</a>", "<input value='\(long)'>", "<img alt='\(long)'>", "<p>\(long)</p>", "<pre>\(long)</pre>",
            "<p " + (0..<3000).map { "a\($0)=\($0)" }.joined(separator: " ") + ">many attributes</p>",
            "<a href=x>" + String(repeating: "한", count: 50_000) + "</a>",
            "<td colspan=99999999>x</td><td colspan=-4>y", "<ol start=99999999999999999999><li>x</ol>",
        ]
        for page in pages { check(Array(page.utf8), widths: [1, 79], numbersItems: true, label: String(page.prefix(30))) }
    }

    func testParsingPrintsNothingToStandardError() throws {
        var random = SeededGenerator(seed: 42)
        let output = try capturingStandardError {
            for _ in 0..<300 {
                _ = HTMLParser.parse(Data(randomBytes(&random, count: 400)))
                _ = HTMLParser.parse(Data((tagSoup(&random, pieces: 40) + "<meta charset=shift_jis>\u{85}\u{FF}").utf8))
            }
            _ = HTMLParser.parse(Data([0x3C, 0x6D, 0x65, 0x74, 0x61, 0x20, 0x63, 0x68, 0x61, 0x72, 0x73, 0x65, 0x74, 0x3D, 0x65, 0x75,
                                       0x63, 0x2D, 0x6B, 0x72, 0x3E, 0xFF, 0xFF, 0x80]))
        }
        XCTAssertEqual(output, "")
    }

    // MARK: - Checking

    /// Parses and lays out a page, and checks what must hold for any page.
    private func check(_ bytes: [UInt8], widths: [Int], numbersItems: Bool, label: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        let document = HTMLParser.parse(Data(bytes))
        for width in widths {
            let layout = PageLayoutEngine.layout(document, baseURL: URL(string: "file:///f/page.html"),
                                                 options: LayoutOptions(width: width, numbersItems: numbersItems))
            var failures: [String] = []
            for (index, laidOut) in layout.lines.enumerated() {
                let cells = TerminalText.width(of: laidOut.text)
                // Only preformatted text and aligned table rows (up to four widths) may be wider.
                if !laidOut.isPreformatted && cells > width * 4 { failures.append("line \(index) is \(cells) cells: \(laidOut.text)") }
                if laidOut.width != cells { failures.append("line \(index) says it is \(laidOut.width) cells, not \(cells)") }
                if laidOut.text.hasSuffix(" ") { failures.append("line \(index) ends with a space") }
                if laidOut.text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                    failures.append("line \(index) has a control character")
                }
                var previousEnd = 0
                for run in laidOut.runs {
                    if run.columns.lowerBound < previousEnd || run.columns.isEmpty || run.columns.upperBound > cells {
                        failures.append("line \(index) has a bad run \(run.columns) of \(cells) cells")
                    }
                    previousEnd = run.columns.upperBound
                }
            }
            if layout.lines.first?.text.isEmpty == true && layout.lines.first?.isPreformatted == false {
                failures.append("blank first line")
            }
            if layout.lines.last?.text.isEmpty == true { failures.append("blank last line") }
            for (index, item) in layout.items.enumerated() {
                if item.number != index + 1 { failures.append("item \(index) is numbered \(item.number)") }
                for region in item.regions where region.line >= layout.lines.count || region.columns.isEmpty {
                    failures.append("item \(item.number) has a bad region \(region)")
                }
            }
            let dump = PageDump.render(layout)
            if !dump.hasSuffix("\n") { failures.append("dump does not end with a newline") }
            if !failures.isEmpty {
                XCTFail("\(label), width \(width): \(failures.prefix(3).joined(separator: "; "))", file: file, line: line)
                return
            }
        }
    }

    // MARK: - Generating

    private func randomBytes(_ random: inout SeededGenerator, count: Int) -> [UInt8] {
        let favourites: [UInt8] = [0x3C, 0x3E, 0x26, 0x2F, 0x3D, 0x22, 0x00, 0x0A, 0x20, 0xC3, 0xA9, 0xED, 0xA0, 0x80, 0xF0, 0x9F, 0xFF]
        return (0..<count).map { _ in
            Bool.random(using: &random) ? favourites.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
        }
    }

    private func tagSoup(_ random: inout SeededGenerator, pieces: Int) -> String {
        (0..<pieces).map { _ in Self.fragments.randomElement(using: &random)! }.joined()
    }

    /// Cuts, duplicates and corrupts bytes of a page.
    private func mutated(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...8, using: &random) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.removeSubrange(index...)
            case 2: bytes.insert(contentsOf: bytes[index...].prefix(40), at: index)
            default: bytes.insert(contentsOf: [0xF0, 0x9F, 0x98], at: index)
            }
        }
        return bytes
    }

    /// Runs `body` with standard error going to a file, and returns what was written.
    private func capturingStandardError(_ body: () -> Void) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)").path
        let file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(file, 0)
        let saved = dup(2)
        dup2(file, 2)
        body()
        dup2(saved, 2)
        close(saved)
        close(file)
        defer { unlink(path) }
        return try String(contentsOfFile: path, encoding: .utf8)
    }
}
