import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `snapshot "name"` and failing flows leave .txt and .svg pictures in the artifacts folder, and
/// the JUnit report links them.
final class ArtifactTests: XCTestCase {
    private func folder() throws -> URL {
        try WebnavProcess.folder([
            "Pages/index.html": "<title>Home</title><a href='mkwebview://webview?url=detail.html&amp;title=Detail&amp;navigationColor=%23D32F2F'>Detail</a>",
            "Pages/detail.html": "<title>Detail</title><p>Details here</p>",
            "flows/detail.flow": "tap \"Detail\"\nsnapshot \"detail\"\nsnapshot \"shared\"\n",
            "flows/other.flow": "snapshot \"shared\"\nexpect depth 3\n",
        ])
    }

    func testPicturesAndTheirLinks() throws {
        let folder = try folder()
        let output = try WebnavProcess.run(["run", "flows", "--artifacts", "art", "--junit", "report.xml", "--jobs", "2"], in: folder)
        XCTAssertEqual(output.status, 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("art").path).sorted()
        XCTAssertEqual(files, [
            ".webnav-artifacts", "detail.svg", "detail.txt", "flows-detail-shared.svg", "flows-detail-shared.txt", "flows-other-shared.svg",
            "flows-other-shared.txt", "flows-other.failure.svg", "flows-other.failure.txt",
        ], "a name two flows use is prefixed with each flow's name")
        let text = try String(contentsOf: folder.appendingPathComponent("art/detail.txt"), encoding: .utf8)
        XCTAssertTrue(text.hasPrefix(" 9:41"), text)
        XCTAssertTrue(text.contains("Details here"), text)
        for svg in files where svg.hasSuffix(".svg") {
            let parser = XMLParser(data: try Data(contentsOf: folder.appendingPathComponent("art/\(svg)")))
            XCTAssertTrue(parser.parse(), "\(svg) is well-formed")
        }
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("art/detail.svg"), encoding: .utf8).contains("fill=\"#D32F2F\""),
                      "the bar's real colour")
        let failure = try String(contentsOf: folder.appendingPathComponent("art/flows-other.failure.txt"), encoding: .utf8)
        XCTAssertTrue(failure.hasSuffix("stack (bottom to top):\n  1. Home  index.html  no bar (status #FFFFFF)\n"), failure)
        let junit = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("<system-out>  ▸ launch  [0s]\n"), "the trace comes first")
        XCTAssertTrue(junit.contains("\n[[ATTACHMENT|art/detail.txt]]\n[[ATTACHMENT|art/detail.svg]]\n[[ATTACHMENT|art/flows-detail-shared.txt]]\n[[ATTACHMENT|art/flows-detail-shared.svg]]</system-out>"), junit)
        XCTAssertTrue(junit.contains("[[ATTACHMENT|art/flows-other.failure.svg]]"), junit)
        XCTAssertTrue(output.stdout.contains("  pictures: art/flows-other-shared.txt, art/flows-other-shared.svg, art/flows-other.failure.txt, art/flows-other.failure.svg\n"), output.stdout)
    }

    /// Issue 23, item 11: a page title's ESC, BEL, U+202E, C1 U+009B and C0 U+0001 reach the failure
    /// picture and the JUnit report as the escapes standard output shows, never raw, never dropped.
    func testControlsAndBidiOverridesInAPageTitleAreEscapedInEveryReport() throws {
        let folder = try WebnavProcess.folder([
            "Pages/index.html": "<title>a\u{1B}[31mred\u{7}\u{202E}txt\u{9B}1m\u{1}</title><p>x</p>",
            "t.flow": "expect depth 3\n",
        ])
        let output = try WebnavProcess.run(["run", "t.flow", "--artifacts", "art", "--junit", "report.xml"], in: folder)
        XCTAssertEqual(output.status, 1)
        let shown = "a\\e[31mred\\u{7}\\u{202E}txt\\u{9B}1m\\u{1}"
        let failure = try String(contentsOf: folder.appendingPathComponent("art/t.failure.txt"), encoding: .utf8)
        XCTAssertTrue(failure.hasSuffix("stack (bottom to top):\n  1. \(shown)  index.html  no bar (status #FFFFFF)\n"), failure)
        let junit = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("  1. \(shown)  index.html  no bar (status #FFFFFF)"), junit)
        for (name, text) in [("failure picture", failure), ("JUnit", junit),
                             ("SVG", try String(contentsOf: folder.appendingPathComponent("art/t.failure.svg"), encoding: .utf8))] {
            XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 7 || $0.value == 1 || $0.value == 0x9B || $0.value == 0x202E },
                           "\(name) holds a raw control or override")
        }
    }

    func testAnUnwritableArtifactsFolderStopsBeforeAnyFlowRuns() throws {
        let folder = try folder()
        try Data().write(to: folder.appendingPathComponent("art"))
        let output = try WebnavProcess.run(["run", "flows", "--artifacts", "art"], in: folder)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stdout, "")
        XCTAssertEqual(output.stderr, "webnav: error: cannot write pictures to art: not a folder\n")
    }

    func testSnapshotNamesMustBeFileNames() throws {
        let folder = try WebnavProcess.folder(["Pages/index.html": "", "a.flow": "snapshot \"../escape\"\n"])
        let output = try WebnavProcess.run(["run", "a.flow"], in: folder)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "")
        XCTAssertEqual(output.stdout, "FAIL a.flow:1:10: error: snapshot \"../escape\": a snapshot name cannot start with a dot\n0 passed, 1 failed\n")
    }
}
