import Foundation
import XCTest

/// `webnav run` as a team's suite runs it (issue 19): a malformed flow fails alone, the trace in
/// text, JSON and JUnit, shards merged back to the single run's reports, timings, a fresh
/// artifacts folder, `--env`, and the HTML report loaded in a real browser.
final class FlowSuiteTests: XCTestCase {
    private static let files = [
        "Pages/index.html": "<title>Home</title><p>Welcome</p><a href=\"detail.html\">Detail</a><script>console.log('list built')</script>",
        "Pages/detail.html": "<title>Detail</title><p>Detail text</p>",
        "flows/a-pass.flow": "expect console \"list built\"\ntap \"Detail\"\nexpect page \"Detail\"\n",
        "flows/b-bad.flow": "expect depth 1\nexpect dept 1\n",
        "flows/c-fail.flow": "set who \"${WHO}\"\nexpect text \"${who}\"\n",
        "flows/d-pass.flow": "if text \"Welcome\"\n  eval \"1 + 2\"\nend\n",
        "flows/e-pass.flow": "expect depth 1\n",
    ]

    private func folder() throws -> URL {
        try WebnavProcess.folder(Self.files)
    }

    /// The text with every real time (`time="…"`, `"seconds":…`, `… s ·`) replaced by `T`.
    private func timeless(_ text: String) -> String {
        var text = text
        for pattern in ["time=\"[0-9.]+\"", "\"seconds\":[0-9.]+", "[0-9]+\\.[0-9]{3} s"] {
            text = text.replacingOccurrences(of: pattern, with: pattern.hasPrefix("time") ? "time=\"T\"" : pattern.hasPrefix("\"seconds") ? "\"seconds\":T" : "T s",
                                             options: .regularExpression)
        }
        return text
    }

    private func read(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    func testAMalformedFlowFailsItselfAndEveryOtherFlowRuns() throws {
        let folder = try folder()
        let output = try WebnavProcess.run(["run", "flows", "--env", "WHO=Ada", "--artifacts", "art"], in: folder)
        XCTAssertEqual(output.status, 2, "a malformed flow gives the exit status of a usage error")
        XCTAssertEqual(output.stderr, "")
        XCTAssertEqual(output.stdout.split(separator: "\n").filter { !$0.hasPrefix("  ") }, [
            "PASS flows/a-pass.flow (3 steps)",
            "FAIL flows/b-bad.flow:2:8: error: unknown expectation \"dept\" (did you mean \"depth\"?); webnav help flows lists them",
            "FAIL flows/c-fail.flow:2: expected text \"Ada\", got a page without it",
            "PASS flows/d-pass.flow (2 steps)",
            "PASS flows/e-pass.flow (1 step)",
            "3 passed, 2 failed",
        ])
    }

    func testTheTraceSaysWhatEachStepDid() throws {
        let folder = try folder()
        let output = try WebnavProcess.run(["run", "flows/a-pass.flow", "flows/d-pass.flow", "--trace"], in: folder)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, """
        PASS flows/a-pass.flow (3 steps)
          ▸ launch  [0s]
              launch: index.html
              console.log: list built
          ✓ 1 expect console "list built"  [0s]
          ✓ 2 tap "Detail"  [0s]
              load: detail.html
          ✓ 3 expect page "Detail"  [0s]
        PASS flows/d-pass.flow (2 steps)
          ▸ launch  [0s]
              launch: index.html
              console.log: list built
          ✓ 1 if text "Welcome"  [0s]
              true: the steps under it run
          ✓ 2 eval "1 + 2"  [0s]
              eval: 3
        2 passed, 0 failed

        """)
    }

    func testJSONAndJUnitCarryTheStepsTimesAndTrace() throws {
        let folder = try folder()
        let output = try WebnavProcess.run(["run", "flows/b-bad.flow", "flows/d-pass.flow", "--json", "--junit", "report.xml"], in: folder)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "1 passed, 1 failed\n")
        XCTAssertEqual(timeless(output.stdout), """
        {"flow":"flows/b-bad.flow","passed":false,"malformed":true,"stepsRun":0,"failure":{"path":"flows/b-bad.flow","line":2,"column":8,"message":"unknown expectation \\"dept\\" (did you mean \\"depth\\"?); webnav help flows lists them"},"stack":[],"artifacts":[],"seconds":T,"virtualTime":0,"launch":null,"steps":[],"stepsOmitted":0}
        {"flow":"flows/d-pass.flow","passed":true,"malformed":false,"stepsRun":2,"failure":null,"stack":["Home"],"artifacts":[],"seconds":T,"virtualTime":0,"launch":{"path":"flows/d-pass.flow","line":0,"step":"launch","resolved":null,"outcome":"passed","message":null,"virtualTime":0,"notes":["launch: index.html","console.log: list built"],"snapshot":null},"steps":[{"path":"flows/d-pass.flow","line":1,"step":"if text \\"Welcome\\"","resolved":null,"outcome":"passed","message":null,"virtualTime":0,"notes":["true: the steps under it run"],"snapshot":null},{"path":"flows/d-pass.flow","line":2,"step":"eval \\"1 + 2\\"","resolved":null,"outcome":"passed","message":null,"virtualTime":0,"notes":["eval: 3"],"snapshot":null}],"stepsOmitted":0}

        """)
        XCTAssertEqual(timeless(try read(folder, "report.xml")), """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="webnav" tests="2" failures="1" time="T">
          <testsuite name="webnav flows" tests="2" failures="1" errors="0" skipped="0" time="T">
            <testcase classname="webnav.flows" name="flows/b-bad.flow" file="flows/b-bad.flow" time="T">
              <failure message="flows/b-bad.flow:2:8: error: unknown expectation &quot;dept&quot; (did you mean &quot;depth&quot;?); webnav help flows lists them" type="FlowParseError">flows/b-bad.flow:2:8: error: unknown expectation &quot;dept&quot; (did you mean &quot;depth&quot;?); webnav help flows lists them</failure>
            </testcase>
            <testcase classname="webnav.flows" name="flows/d-pass.flow" file="flows/d-pass.flow" time="T">
              <system-out>  ▸ launch  [0s]
              launch: index.html
              console.log: list built
          ✓ 1 if text &quot;Welcome&quot;  [0s]
              true: the steps under it run
          ✓ 2 eval &quot;1 + 2&quot;  [0s]
              eval: 3</system-out>
            </testcase>
          </testsuite>
        </testsuites>

        """)
        let time = try read(folder, "report.xml").components(separatedBy: "name=\"flows/d-pass.flow\" file=\"flows/d-pass.flow\" time=\"")[1].prefix { $0 != "\"" }
        XCTAssertGreaterThan(Double(time) ?? 0, 0, "the testcase's time is the flow's real duration")
    }

    func testShardsMergedBackGiveTheSingleRunsReports() throws {
        let folder = try folder()
        let single = try WebnavProcess.run(["run", "flows", "--env", "WHO=Ada", "--json", "--junit", "all.xml", "--timings", "timings.json"], in: folder)
        XCTAssertEqual(single.status, 2)
        try Data(single.stdout.utf8).write(to: folder.appendingPathComponent("all.json"))
        var shardPaths: [[String]] = []
        for index in 1...3 {
            let shard = try WebnavProcess.run(["run", "flows", "--env", "WHO=Ada", "--shard", "\(index)/3", "--json", "--junit", "shard-\(index).xml"],
                                              in: folder)
            try Data(shard.stdout.utf8).write(to: folder.appendingPathComponent("shard-\(index).json"))
            shardPaths.append(shard.stdout.split(separator: "\n").compactMap { line in
                line.components(separatedBy: "\"flow\":\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
            })
        }
        XCTAssertEqual(shardPaths, [["flows/a-pass.flow", "flows/d-pass.flow"], ["flows/b-bad.flow", "flows/e-pass.flow"], ["flows/c-fail.flow"]])
        let merged = try WebnavProcess.run(["report", "merge", "shard-1.json", "shard-2.json", "shard-3.json", "shard-1.xml", "shard-2.xml", "shard-3.xml",
                                            "--json", "merged.json", "--junit", "merged.xml", "--timings", "merged-timings.json"], in: folder)
        XCTAssertEqual(merged.status, 2, "the exit status a single run gives: a flow is malformed")
        XCTAssertEqual(merged.stderr, "3 passed, 2 failed\n")
        XCTAssertEqual(timeless(try read(folder, "merged.json")), timeless(try read(folder, "all.json")))
        XCTAssertEqual(timeless(try read(folder, "merged.xml")), timeless(try read(folder, "all.xml")))
        XCTAssertEqual(try read(folder, "timings.json").split(separator: "\n").count, 9, "the single run wrote one line per flow that parsed")
        XCTAssertEqual(try read(folder, "merged-timings.json").split(separator: "\n").count, 9)

        let passing = try WebnavProcess.run(["report", "merge", "shard-1.json", "--json", "-"], in: folder)
        XCTAssertEqual(passing.status, 0, "a merge of passing flows passes")
        XCTAssertEqual(passing.stdout, try read(folder, "shard-1.json"))
        let twice = try WebnavProcess.run(["report", "merge", "shard-1.json", "shard-1.json", "--json", "-"], in: folder)
        XCTAssertEqual(twice.status, 2)
        XCTAssertEqual(twice.stderr, "webnav: error: the flow flows/a-pass.flow is in two reports, shard-1.json and shard-1.json: were the shards' slices the same run's?\n")
        try Data("{\"flow\": 3}\n".utf8).write(to: folder.appendingPathComponent("broken.json"))
        let broken = try WebnavProcess.run(["report", "merge", "broken.json", "--json", "-"], in: folder)
        XCTAssertEqual(broken.status, 2)
        XCTAssertEqual(broken.stderr, "broken.json:1:1: error: not a line of webnav run --json: an object with \"flow\" and \"passed\" was expected\n")
        let nowhere = try WebnavProcess.run(["report", "merge", "shard-1.json"], in: folder)
        XCTAssertEqual(nowhere.stderr, "webnav: error: 'webnav report merge' needs --json FILE, --junit FILE or --timings FILE: where the merged report goes\n")
    }

    func testTimingsBalanceTheShards() throws {
        let folder = try folder()
        try Data("""
        {"webnavTimings": 1, "seconds": {"flows/a-pass.flow": 9, "flows/b-bad.flow": 1, "flows/c-fail.flow": 1, "flows/d-pass.flow": 4, "flows/e-pass.flow": 4}}
        """.utf8).write(to: folder.appendingPathComponent("timings.json"))
        var slices: [[String]] = []
        for index in 1...2 {
            let shard = try WebnavProcess.run(["run", "flows", "--env", "WHO=Ada", "--shard", "\(index)/2", "--timings", "timings.json"], in: folder)
            slices.append(shard.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }.map {
                String($0.split(separator: " ")[1].split(separator: ":")[0])
            })
        }
        // Longest first, each onto the shard with the least so far: a (9) | d (4), e (4), b (1)… c (1) to the first.
        XCTAssertEqual(slices, [["flows/a-pass.flow", "flows/c-fail.flow"], ["flows/b-bad.flow", "flows/d-pass.flow", "flows/e-pass.flow"]])
        XCTAssertTrue(try read(folder, "timings.json").hasPrefix("{\"webnavTimings\": 1"), "a shard only reads the timings")
        let unsharded = try WebnavProcess.run(["run", "flows/e-pass.flow", "--timings", "timings.json"], in: folder)
        XCTAssertEqual(unsharded.status, 0)
        let written = try read(folder, "timings.json")
        XCTAssertTrue(written.hasPrefix("{\n  \"webnavTimings\": 1,\n  \"seconds\": {\n    \"flows/a-pass.flow\": 9.000,\n    \"flows/b-bad.flow\": 1.000,\n"),
                      "a run writes its flows' durations over the old ones, and keeps the others: \(written)")
        XCTAssertFalse(written.contains("\"flows/e-pass.flow\": 4.000"), written)
        try Data("{\"seconds\": {\"x\": -1}}".utf8).write(to: folder.appendingPathComponent("bad.json"))
        let bad = try WebnavProcess.run(["run", "flows", "--shard", "1/2", "--timings", "bad.json"], in: folder)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "bad.json:1:19: error: the seconds of \"x\" must be a number of 0 or more\n")
    }

    func testEachRunStartsWithAnEmptyArtifactsFolder() throws {
        let folder = try folder()
        let failing = try WebnavProcess.run(["run", "flows/c-fail.flow", "--env", "WHO=Ada"], in: folder)
        XCTAssertEqual(failing.status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("webnav-artifacts").path).sorted(),
                       [".webnav-artifacts", "flows-c-fail.failure.svg", "flows-c-fail.failure.txt"])
        let passing = try WebnavProcess.run(["run", "flows/c-fail.flow", "--env", "WHO=Welcome"], in: folder)
        XCTAssertEqual(passing.status, 0, passing.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("webnav-artifacts").path), [".webnav-artifacts"],
                       "the failure picture of the earlier run is gone")
        let foreign = try WebnavProcess.run(["run", "flows/e-pass.flow", "--artifacts", "Pages"], in: folder)
        XCTAssertEqual(foreign.status, 2)
        XCTAssertEqual(foreign.stderr, "webnav: error: Pages: --artifacts: the folder holds files webnav did not write; give an empty or new folder\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Pages/index.html").path))
    }

    func testEnvironmentValuesAndTheirErrors() throws {
        let folder = try WebnavProcess.folder(Self.files.merging(["webnav.json": "{\"env\": {\"WHO\": \"Welcome\"}}"]) { $1 })
        XCTAssertEqual(try WebnavProcess.run(["run", "flows/c-fail.flow"], in: folder).status, 0, "the profile's env")
        XCTAssertEqual(try WebnavProcess.run(["run", "flows/c-fail.flow", "--env", "WHO=Nobody"], in: folder).status, 1, "--env wins")
        let bad = try WebnavProcess.run(["run", "flows/c-fail.flow", "--env", "WHO"], in: folder)
        XCTAssertEqual(bad.stderr, "webnav: error: --env takes NAME=VALUE, got \"WHO\"\n")
        let unset = try WebnavProcess.run(["run", "flows/c-fail.flow"], in: try self.folder())
        XCTAssertEqual(unset.status, 2)
        XCTAssertEqual(unset.stdout.split(separator: "\n").first,
                       "FAIL flows/c-fail.flow:1:10: error: undefined variable \"WHO\" (give it with --env, the profile's env, set or param)")
    }

    func testTheHTMLReportShowsInABrowser() throws {
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("chromium is not installed (Scripts/install-deps.sh installs it)")
        }
        let folder = try WebnavProcess.folder(Self.files.merging(["flows/f-snap.flow": "tap \"Detail\"\nsnapshot\nexpect text \"Nope\"\n"]) { $1 })
        let output = try WebnavProcess.run(["run", "flows", "--env", "WHO=Ada", "--html", "report"], in: folder)
        XCTAssertEqual(output.status, 2)
        let page = try read(folder, "report/index.html")
        XCTAssertFalse(page.contains("src=") || page.contains("<link") || page.contains("<script"), "one page, nothing beside it")
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: chromium)
        browser.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--dump-dom",
                             folder.appendingPathComponent("report/index.html").absoluteString]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "disabled:"
        browser.environment = environment
        let out = Pipe()
        browser.standardOutput = out
        browser.standardError = FileHandle.nullDevice
        try browser.run()
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        browser.waitUntilExit()
        XCTAssertEqual(browser.terminationStatus, 0)
        XCTAssertTrue(dom.contains("<title>webnav run: 3 passed, 3 failed</title>"), dom)
        XCTAssertTrue(dom.contains("<li class=\"malformed\"><a href=\"#flow-1\">FAIL flows/b-bad.flow</a></li>"), dom)
        XCTAssertTrue(dom.contains("<p class=\"failure\">flows/b-bad.flow:2:8: error: unknown expectation \"dept\" (did you mean \"depth\"?); webnav help flows lists them</p>"), dom)
        XCTAssertTrue(dom.contains("<tr class=\"passed\"><td class=\"line\">2</td><td class=\"step\"><code>tap \"Detail\"</code></td><td class=\"outcome\">passed</td><td class=\"time\">0s</td><td class=\"notes\"><ul><li>load: detail.html</li></ul></td></tr>"), dom)
        XCTAssertTrue(dom.contains("<tr class=\"failed\"><td class=\"line\">2</td><td class=\"step\"><code>expect text \"${who}\"<br><span class=\"resolved\">→ expect text \"Ada\"</span></code></td><td class=\"outcome\">failed</td>"), dom)
        // The SVG pictures are parsed as SVG: the snapshot's and the failure's text are in their <text> elements.
        let sections = dom.components(separatedBy: "<section class=\"flow ")
        let snapshot = try XCTUnwrap(sections.first { $0.hasPrefix("failed\" id=\"flow-5\"") })
        XCTAssertTrue(snapshot.contains("<figure class=\"snapshot\"><svg xmlns=\"http://www.w3.org/2000/svg\""), snapshot)
        XCTAssertTrue(snapshot.contains("xml:space=\"preserve\"> Detail text</text>"), snapshot)
        XCTAssertTrue(snapshot.contains("<figcaption>snapshot 1</figcaption>"), snapshot)
        XCTAssertTrue(snapshot.contains("<figure class=\"failure-picture\"><svg"), snapshot)
        XCTAssertEqual(dom.components(separatedBy: "<svg").count - 1, 3, "the snapshot and the two failures' pictures (the malformed flow has none)")
    }
}
