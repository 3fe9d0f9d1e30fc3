import Flows
import NavigatorCore
import XCTest

/// `run --shard I/N`: disjoint, complete, stable and even slices.
final class FlowShardTests: XCTestCase {
    private let paths = (0..<1000).map { "suite/\($0 % 7)/flow-\(($0 * 7919) % 1000).flow" }.shuffled()

    func testSlicesAreDisjointAndCoverEveryFlowOnce() throws {
        for count in 1...9 {
            let slices = try (1...count).map { try FlowShard(parsing: "\($0)/\(count)").slice(of: paths) }
            let all = slices.flatMap { $0 }
            XCTAssertEqual(all.count, paths.count, "\(count) shards")
            XCTAssertEqual(Set(all), Set(paths), "\(count) shards")
            XCTAssertLessThanOrEqual(slices.map(\.count).max()! - slices.map(\.count).min()!, 1, "even slices for \(count)")
        }
    }

    func testASliceIsTheSameWhateverOrderThePathsCameIn() throws {
        let shard = try FlowShard(parsing: "2/3")
        XCTAssertEqual(shard.slice(of: paths), shard.slice(of: paths.shuffled()))
        XCTAssertEqual(shard.slice(of: ["c.flow", "a.flow", "b.flow", "d.flow"]), ["b.flow"])
        XCTAssertEqual(try FlowShard(parsing: "1/3").slice(of: ["c.flow", "a.flow", "b.flow", "d.flow"]), ["a.flow", "d.flow"])
    }

    func testMalformedShards() {
        for (text, message) in [
            ("0/3", "--shard I/N needs I from 1 to N, got \"0/3\""),
            ("4/3", "--shard I/N needs I from 1 to N, got \"4/3\""),
            ("1/0", "--shard I/N needs N of 1 or more, got \"1/0\""),
            ("1", "--shard takes I/N, such as 2/3, got \"1\""),
            ("a/b", "--shard takes I/N, such as 2/3, got \"a/b\""),
            ("1/2/3", "--shard takes I/N, such as 2/3, got \"1/2/3\""),
        ] {
            XCTAssertThrowsError(try FlowShard(parsing: text)) { error in
                XCTAssertEqual((error as? UserError)?.message, message)
            }
        }
    }
}
