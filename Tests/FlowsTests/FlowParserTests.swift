import Foundation
import XCTest
@testable import Flows
import NavigatorCore
import TestSupport

/// The flow file format: every command and expectation, quoting, comments, includes and located errors.
final class FlowParserTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/flows/")

    /// A parser over an in-memory set of files.
    private func parser(_ files: [String: String]) -> FlowParser {
        FlowParser { url in
            guard let text = files[url.path] else { throw CocoaError(.fileReadNoSuchFile) }
            return Data(text.utf8)
        }
    }

    private func commands(_ text: String) throws -> [FlowCommand] {
        try parser([:]).parse(text: text, path: "t.flow", folder: folder).map(\.command)
    }

    private func error(_ text: String, files: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try parser(files.merging(["/flows/t.flow": text]) { $1 }).parse(path: "/flows/t.flow")
            XCTFail("expected a parse error", file: file, line: line)
            return ""
        } catch {
            return error.description
        }
    }

    func testEveryCommand() throws {
        XCTAssertEqual(try commands("""
        open mkwebview://webview?url=a.html&title=A
        open "detail page.html"
        tap "Products"
        tap Products
        tap #3
        tap left
        tap right
        tap "left"
        back
        close
        reload
        size 100x30
        snapshot
        """), [
            .open("mkwebview://webview?url=a.html&title=A"), .open("detail page.html"),
            .tap(.text("Products")), .tap(.text("Products")), .tap(.number(3)), .tap(.leftButton), .tap(.rightButton),
            .tap(.text("left")), .back, .close, .reload, .size(columns: 100, rows: 30), .snapshot(name: nil),
        ])
    }

    func testEveryExpectation() throws {
        XCTAssertEqual(try commands("""
        expect depth 2
        expect title "Detail"
        expect title ""
        expect bar visible
        expect bar hidden
        expect left visible
        expect right hidden
        expect color nav "#FF0000"
        expect color tint "#292f33"
        expect color status "#FFFFFF"
        expect url "detail.html"
        expect url ~ "detail"
        expect page "Detail page"
        expect text "Hello"
        expect no text "Goodbye"
        expect stack "Home" "Detail"
        expect event "opened externally: tel:010"
        expect warning plus-in-value
        """), [
            .expect(.depth(2)), .expect(.title("Detail")), .expect(.title("")), .expect(.bar(.visible)), .expect(.bar(.hidden)),
            .expect(.leftButton(.visible)), .expect(.rightButton(.hidden)),
            .expect(.color(.nav, RGBColor(red: 255, green: 0, blue: 0))), .expect(.color(.tint, .defaultTint)),
            .expect(.color(.status, .white)), .expect(.url("detail.html")), .expect(.urlContains("detail")),
            .expect(.page("Detail page")), .expect(.text("Hello")), .expect(.noText("Goodbye")),
            .expect(.stack(["Home", "Detail"])), .expect(.event("opened externally: tel:010")), .expect(.warning(.plusInValue)),
        ])
    }

    func testCommentsBlankLinesAndQuoting() throws {
        XCTAssertEqual(try commands("""
        # a comment

          back   # trailing comment
        open page.html#top
        expect text "a # not a comment"
        expect title "say \\"hi\\" \\\\ bye"
        \t reload\r
        """), [.back, .open("page.html#top"), .expect(.text("a # not a comment")), .expect(.title("say \"hi\" \\ bye")), .reload])
    }

    func testStepsKeepTheirLocationAndSource() throws {
        let steps = try parser([:]).parse(text: "\n  back\nexpect depth 1 # x", path: "t.flow", folder: folder)
        XCTAssertEqual(steps.map(\.location), [SourceLocation(path: "t.flow", line: 2, column: 3), SourceLocation(path: "t.flow", line: 3, column: 1)])
        XCTAssertEqual(steps.map(\.source), ["back", "expect depth 1 # x"])
    }

    func testErrorsNameFileLineAndColumn() {
        XCTAssertEqual(error("back\n  tapp \"x\""), "/flows/t.flow:2:3: error: unknown command \"tapp\" (did you mean \"tap\"?); webnav help flows lists the steps")
        XCTAssertEqual(error("open"), "/flows/t.flow:1:1: error: open URL: expected 1 argument, got 0")
        XCTAssertEqual(error("open a b"), "/flows/t.flow:1:8: error: open URL: expected 1 argument, got 2")
        XCTAssertEqual(error("back now"), "/flows/t.flow:1:6: error: back: expected 0 arguments, got 1")
        XCTAssertEqual(error("expect title \"Detail"), "/flows/t.flow:1:14: error: unterminated string")
        XCTAssertEqual(error("expect title \"a\\nb\""), "/flows/t.flow:1:16: error: unknown escape \\n in a string (only \\\" and \\\\)")
        XCTAssertEqual(error("expect title \"a\"b"), "/flows/t.flow:1:17: error: expected a space after the closing quote")
        XCTAssertEqual(error("expect depth two"), "/flows/t.flow:1:14: error: expect depth takes a number of screens, got \"two\"")
        XCTAssertEqual(error("expect bar shown"), "/flows/t.flow:1:12: error: expect bar takes visible or hidden, got \"shown\"")
        XCTAssertEqual(error("expect color bar \"#FFFFFF\""), "/flows/t.flow:1:14: error: expect color takes nav, tint or status, got \"bar\"")
        XCTAssertEqual(error("expect color nav \"#FFG\""), "/flows/t.flow:1:18: error: expect color takes a colour as \"#RGB\", \"#RRGGBB\" or \"#AARRGGBB\", got \"#FFG\"")
        XCTAssertEqual(error("expect warning plus-in-valeu"), "/flows/t.flow:1:16: error: unknown warning code \"plus-in-valeu\" (did you mean \"plus-in-value\"?)")
        XCTAssertEqual(error("expect colour nav \"#FFFFFF\""), "/flows/t.flow:1:8: error: unknown expectation \"colour\" (did you mean \"color\"?); webnav help flows lists them")
        XCTAssertEqual(error("expect"), "/flows/t.flow:1:1: error: expect needs what to check, such as depth or text; webnav help flows lists them")
        XCTAssertEqual(error("expect no title \"x\""), "/flows/t.flow:1:11: error: expect no takes text, dialog or script errors: expect no text \"S\"")
        XCTAssertEqual(error("expect stack"), "/flows/t.flow:1:8: error: expect stack needs the labels, bottom to top")
        XCTAssertEqual(error("size 80*24"), "/flows/t.flow:1:6: error: size takes COLSxROWS, such as 80x24, got \"80*24\"")
        XCTAssertEqual(error("size 10x5"), "/flows/t.flow:1:6: error: size must be between 20x6 and 1000x1000, got 10x5")
        XCTAssertEqual(error("\"open\" x"), "/flows/t.flow:1:1: error: a step starts with a command word, not a string")
    }

    func testIncludeExpandsStepsWithTheirOwnLocations() throws {
        let flow = try parser([
            "/flows/main.flow": "back\ninclude parts/_common.flow\nreload",
            "/flows/parts/_common.flow": "# shared\nopen next.html\n",
        ]).parse(path: "/flows/main.flow")
        XCTAssertEqual(flow.steps.map(\.command), [.back, .open("next.html"), .reload])
        XCTAssertEqual(flow.steps[1].location, SourceLocation(path: "/flows/parts/_common.flow", line: 2, column: 1))
        XCTAssertEqual(flow.steps[1].folder.path, "/flows/parts", "relative URLs in an included flow resolve against its own folder")
    }

    func testIncludesExpandInTheirPlacesFirstLastTogetherNestedAndTwice() throws {
        let flow = try parser([
            "/flows/main.flow": "include _a.flow\nback\ninclude _a.flow\ninclude _b.flow\nreload\ninclude _b.flow",
            "/flows/_a.flow": "open a.html",
            "/flows/_b.flow": "include _a.flow\nclose\ninclude _empty.flow",
            "/flows/_empty.flow": "# nothing\n",
        ]).parse(path: "/flows/main.flow")
        XCTAssertEqual(flow.steps.map(\.command), [.open("a.html"), .back, .open("a.html"), .open("a.html"), .close, .reload, .open("a.html"), .close])
        XCTAssertEqual(flow.steps.map(\.location.line), [1, 2, 1, 1, 2, 5, 1, 2])
    }

    func testIncludeErrors() {
        XCTAssertEqual(error("include missing.flow"), "/flows/t.flow:1:9: error: cannot include \"missing.flow\": No such file")
        XCTAssertEqual(error("include"), "/flows/t.flow:1:1: error: include takes a flow file path, then NAME=\"value\" for the fragment's parameters")
        XCTAssertEqual(error("include a.flow", files: ["/flows/a.flow": "include t.flow"]),
                       "/flows/a.flow:1:9: error: include cycle: t.flow → a.flow → t.flow")
        XCTAssertEqual(error("include bad.flow", files: ["/flows/bad.flow": "back\nfly"]),
                       "/flows/bad.flow:2:1: error: unknown command \"fly\"; webnav help flows lists the steps")
    }

    func testUnreadableAndNonUTF8Files() {
        do {
            _ = try FlowParser { _ in Data([0xFF, 0xFE, 0x00]) }.parse(path: "x.flow")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.description, "webnav: error: x.flow: the flow is not valid UTF-8 text")
        }
        do {
            _ = try parser([:]).parse(path: "/flows/none.flow")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.description, "webnav: error: /flows/none.flow: cannot read flow: No such file")
        }
    }

    func testNeverCrashesOnGeneratedInput() {
        var seeded = SeededGenerator(seed: 42)
        let alphabet = ["open", "tap", "expect", "depth", "title", "\"", "\\", "#", "#3", " ", "\n", "x", "1", "color", "nav",
                        "\"#FFFFFF\"", "stack", "no", "text", "url", "~", "include", "size", "80x24", "é", "\u{0}", "\t", "\r"]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...20, using: &seeded)).map { _ in alphabet.randomElement(using: &seeded)! }.joined(separator: Bool.random(using: &seeded) ? " " : "")
            do { _ = try parser([:]).parse(text: text, path: "f.flow", folder: folder) } catch {
                XCTAssertNotNil(error.location, error.description)
            }
        }
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...80, using: &seeded)).map { _ in UInt8.random(in: 0...255, using: &seeded) }
            do { _ = try FlowParser { _ in Data(bytes) }.parse(path: "r.flow") } catch {
                XCTAssertTrue(error.description.contains("r.flow"), error.description)
            }
        }
    }
}

/// `wait DURATION`: the units flows write, and located errors for anything else.
final class WaitStepTests: XCTestCase {
    func testDurations() {
        XCTAssertEqual(FlowDuration.parse("500ms"), .milliseconds(500))
        XCTAssertEqual(FlowDuration.parse("2s"), .seconds(2))
        XCTAssertEqual(FlowDuration.parse("1.5s"), .milliseconds(1500))
        XCTAssertEqual(FlowDuration.parse("1m"), .seconds(60))
        for bad in ["", "s", "2", "2h", "-1s", "1e3ms", "nanms", "1..2s", "99999999999999s"] {
            XCTAssertNil(FlowDuration.parse(bad), bad)
        }
        XCTAssertEqual(FlowDuration.text(.milliseconds(2000)), "2s")
        XCTAssertEqual(FlowDuration.text(.milliseconds(250)), "250ms")
    }

    func testParsedAndMalformed() throws {
        let parser = FlowParser { _ in Data() }
        XCTAssertEqual(try parser.parse(text: "wait 2s", path: "w.flow", folder: URL(fileURLWithPath: "/")).map(\.command), [.wait(.seconds(2))])
        XCTAssertThrowsError(try parser.parse(text: "wait soon", path: "w.flow", folder: URL(fileURLWithPath: "/"))) { error in
            XCTAssertEqual((error as? UserError)?.description, "w.flow:1:6: error: wait takes a duration such as 500ms, 2s or 1m, got \"soon\"")
        }
    }
}
