import Foundation
import XCTest

/// `run --watch`: reruns exactly the flows that use a changed file, and stops on a deleted folder.
final class WatchTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Pages/flows"), withIntermediateDirectories: true)
        try write("Pages/index.html", "<title>Home</title><a href='other.html'>Other</a>")
        try write("Pages/other.html", "<title>Other</title><p>Other page</p>")
        try write("Pages/flows/home.flow", "expect page \"Home\"\n")
        try write("Pages/flows/other.flow", "tap \"Other\"\nexpect text \"Other page\"\n")
    }

    private func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(path))
    }

    /// The watching process, and everything it printed so far.
    private final class Watcher: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var text = ""

        init(arguments: [String], in folder: URL) throws {
            process.executableURL = WebnavProcess.executable
            process.arguments = arguments
            process.currentDirectoryURL = folder
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            pipe.fileHandleForReading.readabilityHandler = { [self] handle in
                let data = handle.availableData
                lock.lock()
                text += String(decoding: data, as: UTF8.self)
                lock.unlock()
            }
            try process.run()
        }

        var output: String {
            lock.lock()
            defer { lock.unlock() }
            return text
        }

        /// Waits until the output has `count` lines containing `marker`; false after 10 s.
        func wait(for marker: String, count: Int = 1) -> Bool {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if output.components(separatedBy: "\n").filter({ $0.contains(marker) }).count >= count { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return false
        }
    }

    func testAChangedPageRerunsOnlyTheFlowsThatLoadedIt() throws {
        let watcher = try Watcher(arguments: ["run", "--watch", "Pages/flows"], in: folder)
        defer { watcher.process.terminate() }
        XCTAssertTrue(watcher.wait(for: "2 passed, 0 failed"), watcher.output)
        try write("Pages/other.html", "<title>Other</title><p>Changed</p>")
        XCTAssertTrue(watcher.wait(for: "0 passed, 1 failed"), watcher.output)
        let rerun = watcher.output.components(separatedBy: "== changed: ").last ?? ""
        XCTAssertTrue(rerun.hasPrefix("\(folder.path)/Pages/other.html; running 1 flow\n"), rerun)
        XCTAssertTrue(rerun.contains("FAIL Pages/flows/other.flow:2: expected text \"Other page\", got a page without it"), rerun)
        XCTAssertFalse(rerun.contains("home.flow"), "home.flow never loaded other.html")

        try write("Pages/flows/new.flow", "expect depth 1\n")
        XCTAssertTrue(watcher.wait(for: "PASS Pages/flows/new.flow (1 step)"), watcher.output)
    }

    func testADeletedWatchFolderIsAnError() throws {
        let watcher = try Watcher(arguments: ["run", "--watch", "Pages/flows"], in: folder)
        XCTAssertTrue(watcher.wait(for: "2 passed, 0 failed"), watcher.output)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Pages/flows"))
        watcher.process.waitUntilExit()
        XCTAssertEqual(watcher.process.terminationStatus, 2)
        XCTAssertTrue(watcher.output.hasSuffix("webnav: error: Pages/flows: the watched folder was deleted\n"), watcher.output)
    }
}
