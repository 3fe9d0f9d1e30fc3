import Foundation
import XCTest

/// http(s) pages, fetched by AppShell's loader inside webnav, from a local server.
final class RemotePageTests: XCTestCase {
    private var server: Process?
    private var port = 0

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            throw XCTSkip("python3 is needed for the local HTTP server")
        }
        let folder = try WebnavProcess.folder([
            "a.html": "<title>Served</title><p>Over <a href=\"b.html\">HTTP</a></p>",
            "b.html": "<title>B</title><p>Second page</p>",
            "styled.html": "<title>Styled</title><link rel=stylesheet href=site.css><p>Shown</p><p class=secret>Hidden by the sheet</p>",
            "site.css": ".secret { display: none }",
        ])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1"]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        server = process
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let range = line.range(of: "port "), let number = Int(line[range.upperBound...].prefix { $0.isNumber }) else {
            throw XCTSkip("the local HTTP server did not start: \(line)")
        }
        port = number
    }

    override func tearDown() {
        server?.terminate()
        server?.waitUntilExit()
    }

    func testDumpFetchesAnHTTPPage() throws {
        let output = try WebnavProcess.run(["dump", "http://127.0.0.1:\(port)/a.html"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "Over [1]HTTP\n\nReferences\n\n   1. http://127.0.0.1:\(port)/b.html\n")
    }

    func testAMissingRemotePageShowsTheServersBody() throws {
        let url = "http://127.0.0.1:\(port)/none.html"
        let output = try WebnavProcess.run(["dump", url])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, """
            # Error response

            Error code: 404

            Message: File not found.

            Error code explanation: 404 - Nothing matches the given URI.

            """)
    }

    /// Issue 8's known bug: `preview` of a 404 showed `FetchError(errorDescription: …)`. It shows
    /// the server's body, as WebKit does; a server that is not there gives WebKit's error page.
    func testPreviewShowsTheServersBodyForA404AndTheErrorPageWithoutAServer() throws {
        let folder = try WebnavProcess.folder([
            "webnav.json": #"{"ats": {"NSAllowsLocalNetworking": true}}"#, "Pages/index.html": "<title>Home</title>",
        ])
        func preview(_ url: String) throws -> [String] {
            let output = try WebnavProcess.run(["preview", url, "--size", "60x16", "--color", "never"], in: folder)
            XCTAssertEqual(output.status, 0, output.stderr)
            XCTAssertEqual(output.stderr, "")
            return output.stdout.components(separatedBy: "\n").map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        }
        let missing = "http://127.0.0.1:\(port)/none.html"
        let served = try preview(missing)
        XCTAssertEqual(Array(served.dropLast(2)), [
            " 9:41                                               depth 1", " Error response", "", " Error code: 404", "",
            " Message: File not found.", "", " Error code explanation: 404 - Nothing matches the given", " URI.",
            "", "", "", "", "", " \(missing)",
        ])
        XCTAssertTrue(served[served.count - 2].hasPrefix(" load: \(missing) (404, "), served[served.count - 2])
        let unreachable = "http://127.0.0.1:9/none.html"
        XCTAssertEqual(try preview(unreachable), [
            " 9:41                                               depth 1", " Cannot Open Page", "", " Could not connect to the server.", "",
            " libcurl: Couldn't connect to server", "", " \(unreachable)", "", " NSURLErrorDomain error -1004",
            " (NSURLErrorCannotConnectToHost)", "", "", "", " \(unreachable)",
            " load failed: http://127.0.0.1:9/none.html (error -1004: Co…", "",
        ])
    }

    func testAnUnreachableServerIsAnErrorWithTheURLErrorCode() throws {
        let url = "http://127.0.0.1:9/none.html"
        let output = try WebnavProcess.run(["dump", url])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "webnav: error: \(url): cannot read page: error -1004: Could not connect to the server. (libcurl: Couldn't connect to server)\n")
    }

    func testAFlowFollowsLinksOnARemotePage() throws {
        let folder = try WebnavProcess.folder([
            "Pages/index.html": "<title>Home</title>",
            // iOS 17's ATS refuses IP addresses over http unless the app allows local networking.
            "webnav.json": "{\"ats\": {\"NSAllowsLocalNetworking\": true}}",
            "remote.flow": "open http://127.0.0.1:\(port)/a.html\nexpect page \"Served\"\ntap HTTP\nexpect text \"Second page\"\nback\nexpect page \"Served\"\n",
        ])
        let output = try WebnavProcess.run(["run", "remote.flow"], in: folder)
        XCTAssertEqual(output.stdout, "PASS remote.flow (6 steps)\n1 passed, 0 failed\n")
    }

    func testATSBlocksAnIPAddressOverHTTPOnIOS17() throws {
        let folder = try WebnavProcess.folder([
            "Pages/index.html": "<title>Home</title>",
            "ats.flow": "open http://127.0.0.1:\(port)/a.html\nexpect page \"Cannot Open Page\"\n"
                + "expect text \"NSURLErrorDomain error -1022\"\nexpect event \"blocked by ATS: http://127.0.0.1:\(port)/a.html\"\n",
        ])
        let output = try WebnavProcess.run(["run", "ats.flow"], in: folder)
        XCTAssertEqual(output.stdout, "PASS ats.flow (4 steps)\n1 passed, 0 failed\n", output.stderr)
    }

    func testAnHTTPPagesStyleSheetComesThroughTheLoader() throws {
        let folder = try WebnavProcess.folder([
            "Pages/index.html": "<title>Home</title>",
            "webnav.json": "{\"ats\": {\"NSAllowsLocalNetworking\": true}}",
            "style.flow": "open http://127.0.0.1:\(port)/styled.html\nexpect text \"Shown\"\nexpect no text \"Hidden\"\n",
        ])
        let output = try WebnavProcess.run(["run", "style.flow"], in: folder)
        XCTAssertEqual(output.stdout, "PASS style.flow (3 steps)\n1 passed, 0 failed\n", output.stderr)
    }
}
