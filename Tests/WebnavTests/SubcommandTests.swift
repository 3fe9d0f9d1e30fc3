import Foundation
import XCTest

/// `resolve`, `dump`, `run` and `preview` end to end, through the real binary.
final class SubcommandTests: XCTestCase {
    func testResolveJSONGivesOneObjectPerInputInOrder() throws {
        let output = try WebnavProcess.run(["resolve", "--json",
            "mkwebview://webview?url=detail.html&title=Hi&leftBtn=true&navigationColor=%23F00",
            "mkwebview:webview", "tel:010", "https://apps.apple.com/app/id1", "detail.html", "ftp://x"])
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.stderr, "")
        XCTAssertEqual(output.stdout.split(separator: "\n").map(String.init), [
            ##"{"input":"mkwebview://webview?url=detail.html&title=Hi&leftBtn=true&navigationColor=%23F00","url":"mkwebview://webview?url=detail.html&title=Hi&leftBtn=true&navigationColor=%23F00","kind":"deeplink","action":"push","reason":null,"config":{"host":"webview","url":"detail.html","title":"Hi","leftBtn":true,"rightBtn":null,"navigationColor":"#F00","statusBarColor":null,"tintColor":null,"removeStack":null,"navigationBarIsEnable":true},"appearance":{"barVisible":true,"title":"Hi","leftButton":true,"rightButton":false,"navigationColor":"#FF0000","tintColor":"#292F33","statusBarColor":"#FFFFFF"},"warnings":[]}"##,
            ##"{"input":"mkwebview:webview","url":"mkwebview:webview","kind":"invalid","action":null,"reason":"no host","config":null,"appearance":null,"warnings":[]}"##,
            ##"{"input":"tel:010","url":"tel:010","kind":"external","action":null,"reason":null,"config":null,"appearance":null,"warnings":[]}"##,
            ##"{"input":"https://apps.apple.com/app/id1","url":"https://apps.apple.com/app/id1","kind":"store","action":null,"reason":null,"config":null,"appearance":null,"warnings":[]}"##,
            ##"{"input":"detail.html","url":"detail.html","kind":"page","action":null,"reason":null,"config":null,"appearance":null,"warnings":[]}"##,
            ##"{"input":"ftp://x","url":"ftp://x","kind":"invalid","action":null,"reason":"unsupported scheme \"ftp\"","config":null,"appearance":null,"warnings":[]}"##,
        ])
    }

    func testResolveJSONWarnings() throws {
        let output = try WebnavProcess.run(["resolve", "--json", "mkwebview://webview?url=a&title=a+b"])
        XCTAssertTrue(output.stdout.contains(#""warnings":[{"code":"plus-in-value","message":"title \"a+b\" contains \"+\": Foundation does not turn it into a space; use %20"}]"#), output.stdout)
    }

    func testResolveText() throws {
        let output = try WebnavProcess.run(["resolve", "mkwebview://WebView?url=a"])
        XCTAssertEqual(output.stdout, """
        mkwebview://WebView?url=a
          kind: deeplink, host "WebView" → unhandled
          url: "a"  title: absent  leftBtn: absent  rightBtn: absent  removeStack: absent
          navigationColor: absent  statusBarColor: absent  tintColor: absent
          bar: hidden (no bar parameter present); status #FFFFFF
          warnings:
            host-case: host "WebView" matches the route "webview" only when case is ignored; the app compares hosts exactly, so this deeplink is unhandled

        """)
    }

    func testDumpNumbersLinksAndListsReferences() throws {
        let folder = try WebnavProcess.folder(["page.html": """
        <title>T</title><h1>Shop</h1><p>See <a href="a.html">Products</a> and <a href="https://x.org/">X</a>.</p>
        <button>Buy</button>
        """])
        let output = try WebnavProcess.run(["dump", "page.html", "--width", "40"], in: folder)
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.stdout, """
        # Shop

        See [1]Products and [2]X.

        [Buy]

        References

           1. \(folder.appendingPathComponent("a.html").absoluteString)
           2. https://x.org/

        """)
    }

    func testDumpOfAMissingPageIsAUserError() throws {
        let output = try WebnavProcess.run(["dump", "no-such-page.html"])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "webnav: error: no-such-page.html: cannot read page: No such file\n")
    }

    func testDumpRefusesAPageOverTheProfilesPageSizeLimit() throws {
        let paragraph = "<p>" + String(repeating: "x", count: 1020) + "</p>\n"
        let folder = try WebnavProcess.folder([
            "webnav.json": #"{"pageSizeLimitMB": 1}"#,
            "big.html": String(repeating: paragraph, count: 1100),
            "small.html": String(repeating: paragraph, count: 1000),
        ])
        let refused = try WebnavProcess.run(["dump", "big.html"], in: folder)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(refused.stderr, "webnav: error: big.html: cannot read page: too large, 1130800 bytes, limit 1 MB "
                       + "(the profile's pageSizeLimitMB sets it)\n")
        let dumped = try WebnavProcess.run(["dump", "small.html", "--width", "2000"], in: folder)
        XCTAssertEqual(dumped.status, 0)
        XCTAssertEqual(dumped.stderr, "")
        XCTAssertEqual(dumped.stdout, String(repeating: String(repeating: "x", count: 1020) + "\n\n", count: 1000).dropLast() + "")
    }

    private func flowFolder() throws -> URL {
        try WebnavProcess.folder([
            "Pages/index.html": "<title>Home</title><a href='mkwebview://webview?url=b.html&title=B&leftBtn=true'>Go</a>",
            "Pages/b.html": "<title>B page</title><p>Hello there</p>",
            "flows/a-pass.flow": "tap Go\nexpect title \"B\"\n",
            "flows/b-fail.flow": "tap Go\n\nexpect depth 3\nexpect title \"never\"\n",
            "flows/_fragment.flow": "back\n",
            "bad.flow": "tap Go\nexpect dept 2\n",
        ])
    }

    func testRunReportsPassAndFailWithPictureAndStack() throws {
        let folder = try flowFolder()
        let output = try WebnavProcess.run(["run", "flows"], in: folder)
        XCTAssertEqual(output.status, 1)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "PASS flows/a-pass.flow (2 steps)")
        XCTAssertEqual(lines[1], "FAIL flows/b-fail.flow:3: expected depth 3, got 2")
        XCTAssertEqual(Array(lines[2...6]), [
            "  ┌──────────────────────────────────────────────────────────────────────────────────┐",
            "  │  9:41                                                                   depth 2  │",
            "  │                                                                                  │",
            "  │  ‹                                     B                                         │",
            "  │ ──────────────────────────────────────────────────────────────────────────────── │",
        ])
        XCTAssertEqual(lines[7], "  │  Hello there                                                                     │")
        XCTAssertTrue(lines.contains("  │  push: b.html                                                                    │"))
        XCTAssertEqual(Array(lines.suffix(6)), [
            "  stack (bottom to top):",
            "    1. Home  index.html  no bar (status #FFFFFF)",
            "    2. B  b.html  bar: title \"B\", ‹, nav #FFFFFF, tint #292F33, status #FFFFFF",
            "  pictures: webnav-artifacts/flows-b-fail.failure.txt, webnav-artifacts/flows-b-fail.failure.svg",
            "1 passed, 1 failed",
            "",
        ])
    }

    func testRunJSONAndJUnit() throws {
        let folder = try flowFolder()
        let output = try WebnavProcess.run(["run", "--json", "--junit", "report.xml", "--jobs", "2", "flows/b-fail.flow", "flows/a-pass.flow"], in: folder)
        XCTAssertEqual(output.status, 1)
        let seconds = #/"seconds":[0-9]+\.[0-9]{3}/#
        XCTAssertEqual(output.stdout.replacing(seconds, with: "\"seconds\":T"), """
        {"flow":"flows/b-fail.flow","passed":false,"malformed":false,"stepsRun":2,"failure":{"path":"flows/b-fail.flow","line":3,"column":1,"message":"expected depth 3, got 2"},"stack":["Home","B"],"artifacts":["webnav-artifacts/flows-b-fail.failure.txt","webnav-artifacts/flows-b-fail.failure.svg"],"seconds":T,"virtualTime":0,"launch":{"path":"flows/b-fail.flow","line":0,"step":"launch","resolved":null,"outcome":"passed","message":null,"virtualTime":0,"notes":["launch: index.html"],"snapshot":null},"steps":[{"path":"flows/b-fail.flow","line":1,"step":"tap Go","resolved":null,"outcome":"passed","message":null,"virtualTime":0,"notes":["deeplink: mkwebview://webview?url=b.html&title=B&leftBtn=true → push","push: b.html"],"snapshot":null},{"path":"flows/b-fail.flow","line":3,"step":"expect depth 3","resolved":null,"outcome":"failed","message":"expected depth 3, got 2","virtualTime":0,"notes":[],"snapshot":null}],"stepsOmitted":0}
        {"flow":"flows/a-pass.flow","passed":true,"malformed":false,"stepsRun":2,"failure":null,"stack":["Home","B"],"artifacts":[],"seconds":T,"virtualTime":0,"launch":{"path":"flows/a-pass.flow","line":0,"step":"launch","resolved":null,"outcome":"passed","message":null,"virtualTime":0,"notes":["launch: index.html"],"snapshot":null},"steps":[{"path":"flows/a-pass.flow","line":1,"step":"tap Go","resolved":null,"outcome":"passed","message":null,"virtualTime":0,"notes":["deeplink: mkwebview://webview?url=b.html&title=B&leftBtn=true → push","push: b.html"],"snapshot":null},{"path":"flows/a-pass.flow","line":2,"step":"expect title \\"B\\"","resolved":null,"outcome":"passed","message":null,"virtualTime":0,"notes":[],"snapshot":null}],"stepsOmitted":0}

        """)
        XCTAssertEqual(output.stderr, "1 passed, 1 failed\n")
        let xml = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8).replacing(#/time="[0-9.]+"/#, with: "time=\"T\"")
        XCTAssertTrue(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"webnav\" tests=\"2\" failures=\"1\" time=\"T\">"), xml)
        XCTAssertTrue(xml.contains("<testcase classname=\"webnav.flows\" name=\"flows/b-fail.flow\" file=\"flows/b-fail.flow\" time=\"T\">\n      <failure message=\"flows/b-fail.flow:3: expected depth 3, got 2\" type=\"FlowFailure\">"), xml)
        XCTAssertTrue(xml.contains("""
            <testcase classname="webnav.flows" name="flows/a-pass.flow" file="flows/a-pass.flow" time="T">
              <system-out>  ▸ launch  [0s]
              launch: index.html
          ✓ 1 tap Go  [0s]
              deeplink: mkwebview://webview?url=b.html&amp;title=B&amp;leftBtn=true → push
              push: b.html
          ✓ 2 expect title &quot;B&quot;  [0s]</system-out>
            </testcase>
        """), xml)
    }

    func testAParseErrorFailsThatFlowAndTheOthersRun() throws {
        let folder = try flowFolder()
        let output = try WebnavProcess.run(["run", "flows/a-pass.flow", "bad.flow"], in: folder)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stdout, """
        PASS flows/a-pass.flow (2 steps)
        FAIL bad.flow:2:8: error: unknown expectation "dept" (did you mean "depth"?); webnav help flows lists them
        1 passed, 1 failed

        """)
        XCTAssertEqual(output.stderr, "")
    }

    func testPreviewPrintsTheFrameInPlainTextOrColour() throws {
        let url = "mkwebview://webview?url=detail.html&title=Red&leftBtn=true&rightBtn=true&navigationColor=%23FF0000&tintColor=%23FFFFFF"
        let plain = try WebnavProcess.run(["preview", url, "--size", "40x10", "--color", "never"], in: WebnavProcess.packageRoot)
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), [
            " 9:41                           depth 2",
            "",
            " ‹                Red                 ✕",
            "────────────────────────────────────────",
            " Detail                                ┃",
            "                                       │",
            " This page was pushed by a deeplink.   │",
            " Its bar (title, buttons, colours)     │",
            " detail.html",
            " push: detail.html",
            "",
        ])
        let colour = try WebnavProcess.run(["preview", url, "--size", "40x10", "--color", "always"], in: WebnavProcess.packageRoot)
        XCTAssertTrue(colour.stdout.contains("48;2;255;0;0"), "a red bar in 24-bit colour")
        XCTAssertTrue(colour.stdout.contains("38;2;255;255;255"), "a white tint")
        XCTAssertLessThanOrEqual(colour.stdout.split(separator: "\n").count, 10)
        // An explicit --color always wins over NO_COLOR (no-color.org); NO_COLOR rules auto.
        let always = try WebnavProcess.run(["preview", url, "--size", "40x10", "--color", "always"], in: WebnavProcess.packageRoot, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(always.stdout, colour.stdout)
        let auto = try WebnavProcess.run(["preview", url, "--size", "40x10"], in: WebnavProcess.packageRoot, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(auto.stdout, plain.stdout)
    }

    func testPreviewReportsTheLinterOnStderr() throws {
        let output = try WebnavProcess.run(["preview", "mkwebview://webview?url=detail.html&titel=x", "--color", "never"], in: WebnavProcess.packageRoot)
        XCTAssertEqual(output.stderr, "mkwebview://webview?url=detail.html&titel=x: warning unknown-parameter: unknown parameter \"titel\": the app ignores it (did you mean \"title\"?)\n")
        XCTAssertEqual(output.stdout.split(separator: "\n", omittingEmptySubsequences: false).count, 25, "24 rows, then the final newline")
    }
}

/// `run --shard` on the real binary: three machines together run the demo's flows exactly once.
final class ShardedRunTests: XCTestCase {
    func testThreeShardsRunEveryDemoFlowOnce() throws {
        var ran: [String] = []
        for index in 1...3 {
            let output = try WebnavProcess.run(["run", "Pages/flows", "--profile", "Pages/webnav.json", "--shard", "\(index)/3"])
            XCTAssertEqual(output.status, 0, output.stdout + output.stderr)
            ran += output.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.map { String($0.split(separator: " ")[1]) }
        }
        let all = try WebnavProcess.run(["run", "Pages/flows", "--profile", "Pages/webnav.json"]).stdout.split(separator: "\n")
            .filter { $0.hasPrefix("PASS ") }.map { String($0.split(separator: " ")[1]) }
        XCTAssertEqual(ran.sorted(), all.sorted())
        XCTAssertEqual(Set(ran).count, ran.count, "no flow ran twice")
    }

    func testOutOfRangeShardsAreUsageErrors() throws {
        for shard in ["0/3", "4/3"] {
            let output = try WebnavProcess.run(["run", "Pages/flows", "--shard", shard])
            XCTAssertEqual(output.status, 2)
            XCTAssertEqual(output.stderr, "webnav: error: --shard I/N needs I from 1 to N, got \"\(shard)\"\n")
        }
    }
}
