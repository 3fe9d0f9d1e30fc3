@testable import ScriptRuntime
import XCTest

/// Where JavaScriptCore's syntax errors lie, by the shortest prefix that fails as the whole
/// source does (its C API gives the line alone).
final class SyntaxErrorPlaceTests: XCTestCase {
    private func place(_ source: String) throws -> SyntaxErrorPlace? {
        let machine = try JavaScriptMachine()
        let error = try XCTUnwrap(machine.syntaxError(of: source, url: "t.js"), "\(source) parses")
        return SyntaxErrorPlace.locate(error, in: source) { machine.syntaxError(of: $0, url: "t.js") }
    }

    func testTheOffendingTokenOfEachKind() throws {
        // A punctuator, a keyword, a name, a number and a string where none may stand.
        XCTAssertEqual(try place("var a = b +;"), SyntaxErrorPlace(line: 1, column: 12, offset: 11))
        XCTAssertEqual(try place("function f(x) {\n  return null null\n}"), SyntaxErrorPlace(line: 2, column: 15, offset: 30))
        XCTAssertEqual(try place("if (x) {\n  return 1\n}"), SyntaxErrorPlace(line: 2, column: 3, offset: 11))
        XCTAssertEqual(try place("let x = y z"), SyntaxErrorPlace(line: 1, column: 11, offset: 10))
        XCTAssertEqual(try place("f(1 2345)"), SyntaxErrorPlace(line: 1, column: 5, offset: 4))
        XCTAssertEqual(try place("f('a' 'b\\'c')"), SyntaxErrorPlace(line: 1, column: 7, offset: 6))
    }

    func testLinesEndAsECMAScriptsDoAndColumnsCountCodePoints() throws {
        // CR LF is one line end, CR and U+2028 are one each; "é" and "😀" are one column each.
        XCTAssertEqual(try place("var é = 1;\r\nvar 😀x = 2;"), SyntaxErrorPlace(line: 2, column: 5, offset: 16))
        XCTAssertEqual(try place("1;\r2;\u{2028}3 +;"), SyntaxErrorPlace(line: 3, column: 4, offset: 9))
    }

    func testAnEarlyErrorIsPlacedAtItsName() throws {
        XCTAssertEqual(try place("let a = 1;\nlet a = 2;"), SyntaxErrorPlace(line: 2, column: 5, offset: 15))
    }
}
