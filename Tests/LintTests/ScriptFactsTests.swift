import NavigatorCore
import XCTest
@testable import Lint

/// What the linter reads from a script, and the small pieces around it.
final class ScriptFactsTests: XCTestCase {
    private func facts(_ source: String) -> ScriptFacts { ScriptFacts(source: Array(source.utf8)) }

    func testNavigationsAreWholeStringsAssignedOrPassed() {
        let source = """
        location = "a.html"; location.href = 'b.html'; window.location.href = `c.html`;
        document.location = "d.html"; location.assign("e.html"); window.location.replace('f.html', x);
        window.open("g.html", "_self"); window?.open('h.html');
        location.href = "i.html" + query; location.href == "j.html"; open("k.html"); a.href = "l.html";
        location.hash = "m"; x = location; location.href = `n${x}.html`;
        """
        let found = facts(source)
        XCTAssertEqual(found.navigations.map(\.value), ["a.html", "b.html", "c.html", "d.html", "e.html", "f.html", "g.html", "h.html"])
        // Offsets point at the first character after the quote.
        let bytes = Array(source.utf8)
        for text in found.navigations {
            XCTAssertEqual(String(decoding: bytes[text.offset..<(text.offset + text.value.utf8.count)], as: UTF8.self), text.value)
        }
        XCTAssertEqual(found.schemeLiterals.map(\.value), [])
    }

    func testSchemeLiteralsAreWholeStringsWithAScheme() {
        let found = facts("""
        var a = "mkwebview://webview?url=x.html", b = 'tel:010', c = "not a url", d = 'x.html';
        var e = 'mkwebview://webview?url=' + page, f = prefix + "sms:1", g = `mkwebview://pop`, h = "1x:no", i = ":x";
        """)
        XCTAssertEqual(found.schemeLiterals.map(\.value), ["mkwebview://webview?url=x.html", "tel:010", "mkwebview://pop"])
    }

    func testHandlerUsesByDotAndByBracket() {
        let source = """
        window.webkit.messageHandlers.track.postMessage(1);
        webkit.messageHandlers["save it"].postMessage(2);
        window.webkit?.messageHandlers?.other.postMessage(3);
        messageHandlers[name].postMessage(4); var messageHandlers = 5;
        """
        let found = facts(source)
        XCTAssertEqual(found.handlerUses.map(\.value), ["track", "save it", "other"])
        let bytes = Array(source.utf8)
        XCTAssertEqual(found.handlerUses.map { String(decoding: bytes[$0.offset..<($0.offset + $0.value.utf8.count)], as: UTF8.self) },
                       ["track", "save it", "other"])
    }

    func testDirectivesKnowWhetherCodeStandsBeforeThem() {
        let found = facts("a() // webnav-lint: ignore x\n  // webnav-lint: ignore y\n/* webnav-lint: ignore z */ b()\n// other comment\n")
        XCTAssertEqual(found.directives.map(\.text), [" webnav-lint: ignore x", " webnav-lint: ignore y", " webnav-lint: ignore z "])
        XCTAssertEqual(found.directives.map(\.followsCode), [true, false, false])
    }

    func testIgnoreDirectives() {
        XCTAssertEqual(IgnoreDirective.parse("ignore plus-in-value: shows the + on purpose"),
                       .success(IgnoreDirective(codes: ["plus-in-value"], reason: "shows the + on purpose")))
        XCTAssertEqual(IgnoreDirective.parse("  ignore fragment, invalid-color"),
                       .success(IgnoreDirective(codes: ["fragment", "invalid-color"], reason: "")))
        XCTAssertEqual(IgnoreDirective.parse("ignore ats-domain-port payload-link-type:why: because"),
                       .success(IgnoreDirective(codes: ["ats-domain-port", "payload-link-type"], reason: "why: because")))
        XCTAssertEqual(IgnoreDirective.parse("ignore"), .failure(.noCode))
        XCTAssertEqual(IgnoreDirective.parse("ignore: reason only"), .failure(.noCode))
        XCTAssertEqual(IgnoreDirective.parse("ignored plus-in-value"), .failure(.notIgnore))
        XCTAssertEqual(IgnoreDirective.parse("skip plus-in-value"), .failure(.notIgnore))
        XCTAssertEqual(IgnoreDirective.parse("ignore plus-in-valeu"), .failure(.unknownCode("plus-in-valeu", suggestion: "plus-in-value")))
        // The linter's own complaints about ignores cannot be silenced.
        XCTAssertEqual(IgnoreDirective.parse("ignore unused-ignore"), .failure(.unknownCode("unused-ignore", suggestion: nil)))
        XCTAssertEqual(IgnoreDirective.parseComment(" webnav-lint: ignore fragment"), .success(IgnoreDirective(codes: ["fragment"], reason: "")))
        XCTAssertNil(IgnoreDirective.parseComment(" a comment about webnav-lint"))
    }

    func testLineTablePlacesOffsetsInCodePoints() {
        let text = Array("ab\nçd✓e\r\nf\rg".utf8)
        var table = LineTable(text)
        let offsets = [0, 1, 3, 5, 6, 9, 10, 12, 13, 14, 100]
        XCTAssertEqual(offsets.map { "\(table.location(of: $0))" }, [
            "(line: 1, column: 1)", "(line: 1, column: 2)", "(line: 2, column: 1)", "(line: 2, column: 2)", "(line: 2, column: 3)",
            "(line: 2, column: 4)", "(line: 2, column: 5)", "(line: 3, column: 1)", "(line: 3, column: 2)", "(line: 4, column: 1)",
            "(line: 4, column: 2)",
        ])
        // Asked out of order, the answers are the same.
        XCTAssertEqual("\(table.location(of: 5))", "(line: 2, column: 2)")
    }

    func testEveryDeeplinkWarningHasARule() {
        let codes = Set(LintCode.rules.map(\.code))
        for code in DeeplinkWarning.Code.allCases.map(\.rawValue) { XCTAssertTrue(codes.contains(code), code) }
        XCTAssertEqual(LintCode.rules.count, codes.count, "a code is listed twice")
    }
}

/// The README's table of codes is the linter's: every rule, with its severity.
final class LintDocumentationTests: XCTestCase {
    func testTheReadmeListsEveryCode() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let rows = try String(contentsOf: readme, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("| `") && ($0.contains("| warning |") || $0.contains("| error |")) }
            .map { row in row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        XCTAssertEqual(rows.map { "\($0[0]) \($0[1])" }, LintCode.rules.map { "`\($0.code)` \($0.severity.rawValue)" })
    }
}
