import Foundation
import XCTest
@testable import Flows
import NavigatorCore
import PageKit
import Simulator
import TestSupport

/// Flows fail where the device would fail: a script that never ends hangs the web view there.
final class DeviceFidelityStepTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/app/Pages/")

    private static let pages: [String: String] = [
        "/app/Pages/index.html": """
            <title>Home</title><p id=out>-</p>
            <button id=spin onclick="while (true) {}">Spin</button>
            <button id=ok onclick="document.getElementById('out').textContent = 'fine'">Fine</button>
            <a href="hang.html">Hang</a>
            """,
        "/app/Pages/hang.html": "<title>Hang</title><script>while (true) {}</script><p>after</p>",
    ]

    private func run(_ text: String) throws -> FlowResult {
        var profile = AppProfile.builtIn
        profile.scriptTimeLimitMs = 100
        let runner = FlowRunner(profile: profile, pagesBase: folder, store: PageStore(reader: InMemoryPages(files: Self.pages)))
        let flow = Flow(path: "t.flow", steps: try FlowParser { _ in Data() }.parse(text: text, path: "t.flow", folder: folder))
        return runner.run(flow)
    }

    func testAStepWhoseScriptNeverEndsFailsAsTheDeviceWouldHang() throws {
        let tapped = try run("tap \"Fine\"\nexpect text \"fine\"\ntap \"Spin\"\nexpect text \"fine\"")
        XCTAssertEqual(tapped.failure?.location.line, 3)
        XCTAssertEqual(tapped.failure?.message, "a script never ended (script timeout: index.html: a script ran longer than 100 ms "
                       + "and was stopped; on a device the web view would hang), so nothing after it would run")
        let loaded = try run("tap \"Hang\"\nexpect title \"Hang\"")
        XCTAssertEqual(loaded.failure?.location.line, 1)
        XCTAssertEqual(loaded.failure?.message, "a script never ended (script timeout: hang.html: a script ran longer than 100 ms "
                       + "and was stopped; on a device the web view would hang), so nothing after it would run")
        let evaluated = try run("eval \"for (;;) {}\"")
        XCTAssertEqual(evaluated.failure?.message, "a script never ended (script timeout: index.html: a script ran longer than 100 ms "
                       + "and was stopped; on a device the web view would hang), so nothing after it would run")
    }
}
