import Foundation
@testable import Flows
import NavigatorCore
import PageKit
import Simulator
import TestSupport
import XCTest

/// Variables, `if`/`repeat`/`retry`, fragments with parameters (issue 19): the parser's errors
/// with their columns, and flows run on an app with each rule's exact outcome.
final class FlowLanguageTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)
    private static let pages = [
        "/app/Pages/index.html": """
            <title>Home</title><p>Welcome</p><a href="detail.html">Detail</a> <a href="list.html">List</a>
            """,
        "/app/Pages/detail.html": "<title>Detail</title><p>Detail text</p>",
        "/app/Pages/list.html": """
            <title>List</title><p id="count">0 items</p><button id="more">More</button>
            <script>
            let count = 0;
            document.getElementById("more").onclick = () => {
              count += 1;
              document.getElementById("count").textContent = count + " items";
            };
            setTimeout(() => document.body.insertAdjacentHTML("beforeend", "<p>late</p>"), 2000);
            </script>
            """,
    ]
    private static let files = [
        "/app/Pages/_open.flow": "param page \"detail.html\"\nparam title\nopen ${page}\nexpect page \"${title}\"\n",
        "/app/Pages/_plain.flow": "expect depth 1\n",
    ]

    private var parser: FlowParser {
        FlowParser(environment: ["WHO"]) { url in
            guard let text = Self.files[url.path] else { throw PageReadError.notFound(path: url.path) }
            return Data(text.utf8)
        }
    }

    private func error(_ text: String) -> String {
        do {
            _ = try parser.parse(text: text, path: "t.flow", folder: folder)
            return "no error"
        } catch {
            return error.description
        }
    }

    private func run(_ text: String, variables: [String: String] = ["WHO": "Ada"]) throws -> FlowResult {
        var runner = FlowRunner(profile: .builtIn, pagesBase: folder, store: PageStore(reader: InMemoryPages(files: Self.pages)))
        runner.parser = parser
        runner.variables = variables
        runner.keepsTrace = true
        return runner.run(Flow(path: "t.flow", steps: try parser.parse(text: text, path: "t.flow", folder: folder)))
    }

    /// The trace's step lines (mark, line, step), without the notes under them.
    private func steps(_ result: FlowResult) -> [String] {
        FlowReport.traceLines(result).filter { !$0.hasPrefix("      ") }
    }

    // MARK: - Reading

    func testVariablesAreCheckedWhereTheyAreWritten() {
        XCTAssertEqual(error("tap \"${NOBODY}\""),
                       "t.flow:1:6: error: undefined variable \"NOBODY\" (give it with --env, the profile's env, set or param)")
        XCTAssertEqual(error("set A \"1\"\nexpect text \"${A} and ${B}\""),
                       "t.flow:2:23: error: undefined variable \"B\" (give it with --env, the profile's env, set or param)")
        XCTAssertEqual(error("tap \"${WHO}\""), "no error", "--env names are known")
        XCTAssertEqual(error("tap \"${1x}\""),
                       "t.flow:1:6: error: a variable is written ${NAME}: a letter or _, then letters, digits or _ (write $${ for a literal ${)")
        XCTAssertEqual(error("eval \"`${x}`\""),
                       "t.flow:1:8: error: undefined variable \"x\" (give it with --env, the profile's env, set or param)")
        XCTAssertEqual(error("${WHO} \"x\""), "t.flow:1:1: error: a step starts with a command word, not a variable")
        XCTAssertEqual(error("include ${WHO}.flow"), "t.flow:1:9: error: include's path cannot hold a variable (it is read before the flow runs)")
        XCTAssertEqual(error("set ${WHO} \"1\""), "t.flow:1:5: error: set NAME: the name cannot be a variable")
        XCTAssertEqual(error("set 9 \"1\""), "t.flow:1:5: error: set NAME \"value\" (or set NAME js \"EXPR\" [in WORLD]): a variable's name is a letter or _, then letters, digits or _, got \"9\"")
    }

    func testADollarBeforeTwoBracesIsALiteralOne() throws {
        let steps = try parser.parse(text: "eval \"`$${a}` + $b\"", path: "t.flow", folder: folder)
        XCTAssertEqual(steps.map(\.command), [.evaluate("`${a}` + $b", world: "page")])
        XCTAssertNil(steps[0].template)
    }

    func testBlocksMustCloseInTheirOwnFile() {
        XCTAssertEqual(error("else"), "t.flow:1:1: error: else without if (else belongs to an if of the same file)")
        XCTAssertEqual(error("end"), "t.flow:1:1: error: end without if, repeat or retry")
        XCTAssertEqual(error("back\nif depth 1\nback"),
                       "t.flow:2:1: error: if has no end (each if, repeat and retry ends with end in its own file)")
        XCTAssertEqual(error("repeat 2\nelse\nend"), "t.flow:2:1: error: else without if (else belongs to an if of the same file)")
        XCTAssertEqual(error("if depth 1\nelse\nelse\nend"), "t.flow:3:1: error: a second else for the if of line 1")
        XCTAssertEqual(error("repeat 10001\nend"), "t.flow:1:8: error: repeat takes how many times, 0 to 10000, got \"10001\"")
        XCTAssertEqual(error("repeat while text \"x\" max 0\nend"), "t.flow:1:27: error: repeat while takes a max of 1 to 10000 times, got \"0\"")
        XCTAssertEqual(error("retry 0\nend"), "t.flow:1:7: error: retry takes how many times to try again, 1 to 100, got \"0\"")
        XCTAssertEqual(error("if\nend"), "t.flow:1:1: error: if CONDITION: expected a condition, such as text \"S\", visible \"S\", js \"EXPR\", dialog or depth N")
        XCTAssertEqual(error("if txt \"a\"\nend"),
                       "t.flow:1:4: error: unknown condition \"txt\" (did you mean \"text\"?); a condition is an expectation without expect, js \"EXPR\", dialog or not …")
        XCTAssertEqual(error("if depth x\nend"), "t.flow:1:10: error: expect depth takes a number of screens, got \"x\"")
        XCTAssertEqual(error("if depth 1\nend ${WHO}"), "t.flow:2:5: error: end: expected 0 arguments, got 1")
    }

    func testBlocksKnowWhereTheyEnd() throws {
        let steps = try parser.parse(text: "if not dialog\nback\nelse\nreload\nend\nrepeat while js \"go\" max 3\nback\nend",
                                     path: "t.flow", folder: folder)
        XCTAssertEqual(steps.map(\.command), [
            .block(FlowBlock(kind: .ifCondition(.not(.dialog)), elseIndex: 2, endIndex: 4)), .back, .elseBranch(end: 4), .reload,
            .end(start: 0), .block(FlowBlock(kind: .repeatWhile(.js("go", world: "page"), maximum: 3), endIndex: 7)), .back, .end(start: 5),
        ])
    }

    func testIncludeParametersAreChecked() {
        XCTAssertEqual(error("include _open.flow title=\"Detail\" titel=\"x\""),
                       "t.flow:1:35: error: include _open.flow: titel is not a parameter of the fragment, which takes page, title")
        XCTAssertEqual(error("include _open.flow"),
                       "t.flow:1:9: error: include _open.flow: the fragment's parameter title has no default; pass title=\"…\"")
        XCTAssertEqual(error("include _plain.flow depth=\"1\""),
                       "t.flow:1:21: error: include _plain.flow: depth is not a parameter of the fragment, which declares no parameters (a fragment names them with param NAME [\"DEFAULT\"])")
        XCTAssertEqual(error("include _open.flow title=\"${NOBODY}\""), "t.flow:1:27: error: undefined variable \"NOBODY\"")
        XCTAssertEqual(error("include _open.flow title=\"A\" title=\"B\""), "t.flow:1:30: error: include passes title twice")
        XCTAssertEqual(error("include _open.flow title"), "t.flow:1:20: error: include passes parameters as NAME=\"value\", got \"title\"")
    }

    // MARK: - Running

    func testVariablesComeFromTheEnvironmentSetAndTheTopPage() throws {
        let result = try run("""
        set page "detail.html"
        open "${page}"
        expect text "${WHO}"
        """)
        XCTAssertEqual(result.failure?.message, "expected text \"${WHO}\", got a page without it".replacingOccurrences(of: "${WHO}", with: "Ada"))
        XCTAssertEqual(steps(result), [
            "  ▸ launch  [0s]",
            "  ✓ 1 set page \"detail.html\"  [0s]",
            "  ✓ 2 open \"${page}\" → open \"detail.html\"  [0s]",
            "  ✗ 3 expect text \"${WHO}\" → expect text \"Ada\"  [0s]",
        ])
        let counted = try run("""
        open list.html
        tap "More"
        set shown js "document.getElementById('count').textContent"
        expect text "${shown}"
        set n js "1 + 1"
        expect js "count + 1" ${n}
        """)
        XCTAssertNil(counted.failure?.message)
        XCTAssertEqual(counted.records.map(\.notes).filter { $0.first?.contains(" = ") ?? false }.map { $0[0] },
                       ["shown = \"1 items\"", "n = \"2\""])
    }

    func testAVariableWithoutAValueFailsAtItsColumn() throws {
        let result = try run("""
        if depth 2
          set late "x"
        end
        expect text "${late}"
        """)
        XCTAssertEqual(result.failure?.message,
                       "undefined variable \"late\" (no --env, env or set gave it a value before this step) (column 14)")
        XCTAssertEqual(result.failure?.location, SourceLocation(path: "t.flow", line: 4, column: 14))
    }

    func testIfTakesOneBranch() throws {
        let result = try run("""
        if text "Welcome"
          tap "Detail"
        else
          tap "List"
        end
        expect page "Detail"
        back
        if not visible "Welcome"
          expect depth 9
        end
        expect depth 1
        """)
        XCTAssertNil(result.failure?.message)
        XCTAssertEqual(steps(result), [
            "  ▸ launch  [0s]", "  ✓ 1 if text \"Welcome\"  [0s]", "  ✓ 2 tap \"Detail\"  [0s]", "  ✓ 6 expect page \"Detail\"  [0s]",
            "  ✓ 7 back  [0s]", "  ✓ 8 if not visible \"Welcome\"  [0s]", "  ✓ 11 expect depth 1  [0s]",
        ])
        XCTAssertEqual(result.records[0].notes.first, "true: the steps under it run")
        XCTAssertEqual(result.records[4].notes.first, "false: skipped to line 10")
        XCTAssertEqual(result.stepsRun, 6)
    }

    func testRepeatAndRepeatWhileAreBounded() throws {
        let result = try run("""
        open list.html
        repeat 3
          tap "More"
        end
        expect text "3 items"
        repeat while not text "5 items" max 10
          tap "More"
        end
        expect text "5 items"
        repeat 0
          expect depth 9
        end
        repeat while text "items" max 2
          tap "More"
        end
        """)
        XCTAssertEqual(result.failure?.message, "repeat while text \"items\" max 2: still true after 2 times (its max)")
        XCTAssertEqual(result.failure?.location, SourceLocation(path: "t.flow", line: 13, column: 1))
        XCTAssertEqual(steps(result), [
            "  ▸ launch  [0s]", "  ✓ 1 open list.html  [0s]", "  ✓ 2 repeat 3  [0s]", "  ✓ 3 tap \"More\"  [0s]", "  ✓ 3 tap \"More\"  [0s]",
            "  ✓ 3 tap \"More\"  [0s]", "  ✓ 5 expect text \"3 items\"  [0s]",
            "  ✓ 6 repeat while not text \"5 items\" max 10  [0s]", "  ✓ 7 tap \"More\"  [0s]",
            "  ✓ 6 repeat while not text \"5 items\" max 10  [0s]", "  ✓ 7 tap \"More\"  [0s]",
            "  ✓ 6 repeat while not text \"5 items\" max 10  [0s]", "  ✓ 9 expect text \"5 items\"  [0s]", "  ✓ 10 repeat 0  [0s]",
            "  ✓ 13 repeat while text \"items\" max 2  [0s]", "  ✓ 14 tap \"More\"  [0s]",
            "  ✓ 13 repeat while text \"items\" max 2  [0s]", "  ✓ 14 tap \"More\"  [0s]",
            "  ✗ 13 repeat while text \"items\" max 2  [0s]",
        ])
        XCTAssertEqual(result.records[10].notes.first, "false after 2 times")
    }

    func testALoopThatNeverEndsStopsAtTheStepLimit() throws {
        let steps = try parser.parse(text: "repeat 10000\nrepeat 10000\nexpect depth 1\nend\nend", path: "t.flow", folder: folder)
        let host = AppHost(profile: .builtIn, pagesBase: folder, store: PageStore(reader: InMemoryPages(files: Self.pages)))
        host.perform(.launch)
        var context = FlowContext()
        var execution = FlowExecution(flow: Flow(path: "t.flow", steps: steps), parser: parser)
        // The limit of 1,000,000 steps is reached the same way, a thousand times later.
        execution.stepLimit = 1_000
        var last: FlowExecution.StepRun?
        while let run = execution.runNext(host: host, context: &context) { last = run }
        XCTAssertEqual(last.map { "\($0.outcome)" }, "\(StepOutcome.failed("the flow ran 1000 steps, the most one flow runs (a loop that never ends?)"))")
        XCTAssertEqual(execution.stepsRun, 1_000)
        XCTAssertTrue(execution.isFinished)
        XCTAssertEqual(FlowExecution.maximumStepsRun, 1_000_000)
    }

    func testRetryRunsItsStepsAgainUntilTheyPass() throws {
        let result = try run("""
        open list.html
        retry 3
          wait 1s
          expect text "late"
        end
        expect depth 1
        """)
        XCTAssertNil(result.failure?.message)
        XCTAssertEqual(steps(result), [
            "  ▸ launch  [0s]", "  ✓ 1 open list.html  [0s]", "  ✓ 2 retry 3  [0s]", "  ✓ 3 wait 1s  [1s]", "  ↻ 4 expect text \"late\"  [1s]",
            "  ✓ 3 wait 1s  [2s]", "  ✓ 4 expect text \"late\"  [2s]", "  ✓ 6 expect depth 1  [2s]",
        ])
        XCTAssertEqual(result.records[3].message, "expected text \"late\", got a page without it")
        XCTAssertEqual(result.records[3].notes, ["retry 1 of 3: the steps from line 2 run again"])
        let given = try run("retry 1\nexpect depth 2\nend")
        XCTAssertEqual(given.failure?.message, "expected depth 2, got 1")
        XCTAssertEqual(steps(given), ["  ▸ launch  [0s]", "  ✓ 1 retry 1  [0s]", "  ↻ 2 expect depth 2  [0s]", "  ✗ 2 expect depth 2  [0s]"])
    }

    func testAFragmentGetsItsParametersAndGivesBackTheCallersValues() throws {
        let result = try run("""
        set title "caller's"
        include _open.flow title="Detail"
        expect text "${title}"
        """)
        XCTAssertEqual(result.failure?.message, "expected text \"caller's\", got a page without it",
                       "the fragment's title went back to the caller's after it")
        XCTAssertEqual(steps(result), [
            "  ▸ launch  [0s]", "  ✓ 1 set title \"caller's\"  [0s]", "  ✓ _open.flow:3 open ${page} → open detail.html  [0s]",
            "  ✓ _open.flow:4 expect page \"${title}\" → expect page \"Detail\"  [0s]",
            "  ✗ 3 expect text \"${title}\" → expect text \"caller's\"  [0s]",
        ])
        let other = try run("include _open.flow page=\"list.html\" title=\"List\"")
        XCTAssertNil(other.failure?.message)
        XCTAssertEqual(other.stepsRun, 2, "param lines are not steps")
    }

    func testTheLaunchIsTheFirstAction() throws {
        let pages = ["/app/Pages/index.html": "<title>Home</title><script>console.log('list built')</script>"]
        var runner = FlowRunner(profile: .builtIn, pagesBase: folder, store: PageStore(reader: InMemoryPages(files: pages)))
        runner.parser = parser
        let result = runner.run(Flow(path: "t.flow", steps: try parser.parse(text: "expect console \"list built\"\nexpect event \"launch: index.html\"\nreload\nexpect no text \"x\"\nexpect event \"launch\"",
                                                                            path: "t.flow", folder: folder)))
        XCTAssertEqual(result.failure?.message, "expected event \"launch\", got \"reload: index.html\", \"console.log: list built\"")
        XCTAssertEqual(result.failure?.location.line, 5, "a reload is an action: the launch's events are gone")
    }
}
