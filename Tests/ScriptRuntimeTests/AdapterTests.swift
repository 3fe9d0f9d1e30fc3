import XCTest
@testable import ScriptRuntime

final class AdapterTests: XCTestCase {
    func testEvaluates() throws {
        let machine = try JavaScriptMachine()
        let context = machine.makeContext(name: "t")
        XCTAssertEqual(try context.evaluate("1 + 2", sourceURL: "t.js").get(), .number(3))
    }
}
