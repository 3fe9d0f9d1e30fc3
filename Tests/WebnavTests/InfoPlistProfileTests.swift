import Foundation
import XCTest

/// `--profile Info.plist` and a JSON profile's `infoPlist`: schemes, bundle id and ATS from the plist.
final class InfoPlistProfileTests: XCTestCase {
    private let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>com.example.shop</string>
        <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>shopapp</string></array></dict></array>
        <key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>
        </dict></plist>
        """

    func testAPlistAloneGivesTheSchemes() throws {
        let folder = try WebnavProcess.folder(["Info.plist": plist, "Pages/index.html": "<title>Home</title>"])
        let output = try WebnavProcess.run(["resolve", "--json", "--profile", "Info.plist", "shopapp://webview?url=a.html", "mkwebview://webview"], in: folder)
        XCTAssertEqual(output.status, 0, output.stderr)
        let kinds = output.stdout.split(separator: "\n").map { line -> String in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["kind"] as? String ?? "?"
        }
        XCTAssertEqual(kinds, ["deeplink", "invalid"], "the plist's scheme replaces the built-in one")
    }

    func testJSONFieldsOverrideThePlist() throws {
        let folder = try WebnavProcess.folder([
            "app/Info.plist": plist,
            "webnav.json": "{\"infoPlist\": \"app/Info.plist\", \"schemes\": [\"mkwebview\"]}",
            "Pages/index.html": "<title>Home</title>",
            "a.flow": "open shopapp://webview?url=a.html\nexpect event \"invalid URL: shopapp://webview?url=a.html\"\n",
        ])
        let output = try WebnavProcess.run(["run", "a.flow"], in: folder)
        XCTAssertEqual(output.stdout, "PASS a.flow (2 steps)\n1 passed, 0 failed\n", output.stderr)
    }

    func testATruncatedPlistIsOneLineAndExitTwo() throws {
        let folder = try WebnavProcess.folder(["Info.plist": String(plist.prefix(120)), "Pages/index.html": ""])
        let output = try WebnavProcess.run(["resolve", "--profile", "Info.plist", "x://y"], in: folder)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "Info.plist:3:38: error: not a property list: <string> is not closed\n")
    }

    func testAMissingInfoPlistNamedByTheProfileIsAnError() throws {
        let folder = try WebnavProcess.folder(["webnav.json": "{\"infoPlist\": \"nowhere.plist\"}", "Pages/index.html": ""])
        let output = try WebnavProcess.run(["resolve", "x://y"], in: folder)
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.hasPrefix("webnav.json:1:15: error:"), output.stderr)
        XCTAssertEqual(output.stderr.split(separator: "\n").count, 1)
    }
}
