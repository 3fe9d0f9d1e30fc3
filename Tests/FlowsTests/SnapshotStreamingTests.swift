import Foundation
@testable import Flows
import NavigatorCore
import PageKit
import Simulator
import TestSupport
import XCTest

/// Snapshots leave memory as they are taken and come back one at a time for the reports.
final class SnapshotStreamingTests: XCTestCase {
    func testTheSpoolGivesBackWhatWasPutIn() {
        let spool = SnapshotSpool()
        let frames = [["a", "", "é ✕"], [], [""], ["last line"]]
        for frame in frames { spool.append(frame) }
        XCTAssertEqual(spool.count, 4)
        XCTAssertEqual((0..<spool.count).map(spool.snapshot(at:)), [["a", "", "é ✕"], [""], [""], ["last line"]],
                       "an empty frame reads back as one empty line, as it prints")
    }

    func testReportsComeInOnePiecePerSnapshot() throws {
        let pages = InMemoryPages(files: ["/app/Pages/index.html": "<title>Home</title><p>Hello</p>"])
        let runner = FlowRunner(profile: .builtIn, pagesBase: URL(fileURLWithPath: "/app/Pages/", isDirectory: true), store: PageStore(reader: pages))
        let flow = Flow(path: "s.flow", steps: try FlowParser { _ in Data() }.parse(text: "size 20x6\nsnapshot\nsnapshot\nsnapshot\n",
                                                                                      path: "s.flow", folder: URL(fileURLWithPath: "/f/")))
        let result = runner.run(flow)
        XCTAssertEqual(result.snapshots.count, 3)
        var pieces: [String] = []
        FlowReport.text(result) { pieces.append($0) }
        XCTAssertEqual(pieces.count, 4, "the PASS line, then one piece per snapshot")
        XCTAssertEqual(pieces[0], "PASS s.flow (4 steps)")
        XCTAssertTrue(pieces[1].hasPrefix("\n  snapshot 1:\n  ┌"), pieces[1])
        XCTAssertTrue(pieces[3].contains("snapshot 3:"))
        XCTAssertEqual(pieces.joined(), FlowReport.text(result))
        var json: [String] = []
        FlowReport.json(result) { json.append($0) }
        XCTAssertEqual(json.count, 5, "the object's start, three snapshots, the end")
        let object = try JSONSerialization.jsonObject(with: Data(json.joined().utf8)) as? [String: Any]
        XCTAssertEqual((object?["snapshots"] as? [String])?.count, 3)
        XCTAssertEqual(result.withoutSnapshots.snapshots.count, 0)
    }
}
