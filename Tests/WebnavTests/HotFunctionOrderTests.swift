import Foundation
import XCTest

/// The release link's hot-function order (Sources/webnav/hot-functions.txt, read by lld): a
/// missing or damaged file breaks `make run`'s build or scatters the hot code again.
final class HotFunctionOrderTests: XCTestCase {
    func testTheOrderListsEachHotFunctionOnceWithTheEntryPointAmongTheFirst() throws {
        let file = WebnavProcess.packageRoot.appendingPathComponent("Sources/webnav/hot-functions.txt")
        let names = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(names.last, "", "the file ends with a newline")
        let listed = names.dropLast()
        XCTAssertEqual(Set(listed).count, listed.count, "each name once")
        XCTAssertEqual(listed.filter { $0.isEmpty || $0.contains(" ") }, [], "one symbol name per line")
        XCTAssertNotNil(listed.prefix(2_000).firstIndex(of: "webnav_main"),
                        "the entry point is among the functions of a tiny page's dump, which come first")
        for module in ["PageKit", "NavigatorCore", "TerminalUI"] {
            let mangled = "$s\(module.count)\(module)"
            XCTAssertTrue(listed.contains { $0.hasPrefix(mangled) }, "\(module)'s hot code is listed")
        }
    }
}
