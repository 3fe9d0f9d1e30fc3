import Foundation
import XCTest

/// `webnav run` on pages with scripts: the same report every run, `--strict` and `--seed`.
final class ScriptRunTests: XCTestCase {
    private let files = [
        "Pages/index.html": """
            <title>Home</title><p id=luck></p><button id=b>Break</button>
            <script>
            document.getElementById("luck").textContent = "luck " + Math.floor(Math.random() * 1e6) + " at " + new Date().toISOString();
            document.getElementById("b").onclick = () => { undefined.x };
            </script>
            """,
        "t.flow": "snapshot\ntap \"Break\"\nexpect page \"Home\"\n",
    ]

    func testTheScriptDemoFlowsGiveTheSameReportEveryRun() throws {
        let arguments = ["run", "--json", "--strict", "--jobs", "2", "Pages/flows/scripts-clicks.flow", "Pages/flows/scripts-dialogs.flow",
                         "Pages/flows/scripts-timer.flow", "Pages/flows/scripts-jquery.flow", "Pages/flows/scripts-vue.flow"]
        let first = try WebnavProcess.run(arguments)
        let second = try WebnavProcess.run(arguments)
        XCTAssertEqual(first.status, 0, first.stdout)
        XCTAssertEqual(first.stderr, "5 passed, 0 failed\n")
        XCTAssertEqual(Self.withoutSeconds(first.stdout), Self.withoutSeconds(second.stdout), "the same report but for the real time taken")
    }

    /// A report with each flow's real time taken out (the one field that changes between runs).
    static func withoutSeconds(_ json: String) -> String {
        json.replacing(#/"seconds":[0-9]+\.[0-9]{3}/#, with: "\"seconds\":T")
    }

    func testSeedAndStrict() throws {
        let folder = try WebnavProcess.folder(files)
        let first = try WebnavProcess.run(["run", "--json", "t.flow"], in: folder)
        XCTAssertEqual(first.status, 0, first.stdout)
        XCTAssertTrue(first.stdout.contains("luck "), first.stdout)
        XCTAssertTrue(first.stdout.contains(" at 2026-01-01T09:41:00.000Z"), first.stdout)
        XCTAssertEqual(Self.withoutSeconds(try WebnavProcess.run(["run", "--json", "t.flow"], in: folder).stdout), Self.withoutSeconds(first.stdout))
        XCTAssertNotEqual(Self.withoutSeconds(try WebnavProcess.run(["run", "--json", "--seed", "42", "t.flow"], in: folder).stdout),
                          Self.withoutSeconds(first.stdout))
        let strict = try WebnavProcess.run(["run", "--strict", "t.flow"], in: folder)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stdout.hasPrefix("FAIL t.flow:2: --strict: script error: index.html:4:57: TypeError: undefined is not an object (evaluating 'undefined.x')\n"),
                      strict.stdout)
        let badSeed = try WebnavProcess.run(["run", "--seed", "-1", "t.flow"], in: folder)
        XCTAssertEqual(badSeed.status, 2)
        XCTAssertEqual(badSeed.stderr, "webnav: error: --seed takes a whole number from 0 to \(Int.max), got \"-1\"\n")
    }
}
