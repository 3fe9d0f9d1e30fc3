import Foundation
@testable import Flows
import XCTest

/// The README's table of flow steps is `webnav help flows`' table: every step, in the same words.
final class FlowHelpDocsTests: XCTestCase {
    func testTheReadmeTableIsTheHelp() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "\n### Flow files\n").dropFirst().first)
        let lines = section.split(separator: "\n", omittingEmptySubsequences: false)
        let table = lines.drop { !$0.hasPrefix("| step | meaning |") }.prefix { $0.hasPrefix("|") }.joined(separator: "\n")
        XCTAssertEqual(table, FlowHelp.markdownTable, "README.md's table under \"### Flow files\" must be FlowHelp.markdownTable:\n\(FlowHelp.markdownTable)")
    }

    func testEveryRowOfTheHelpIsOneOfTheTable() {
        let rows = FlowHelp.markdownTable.split(separator: "\n").dropFirst(2)
        XCTAssertEqual(rows.count, FlowHelp.steps.count)
        for (row, step) in zip(rows, FlowHelp.steps) {
            XCTAssertTrue(row.hasSuffix(" \(step.meaning.replacing("|", with: "\\|")) |"), String(row))
            XCTAssertTrue(FlowHelp.text.contains("  \(step.syntax)  ") || FlowHelp.text.contains("  \(step.syntax)\n"), step.syntax)
            XCTAssertTrue(FlowHelp.text.contains("  \(step.meaning)\n") || FlowHelp.text.hasSuffix("  \(step.meaning)"), step.meaning)
        }
    }
}
