import Foundation
import XCTest
import TestSupport

/// `webnav completion`: scripts each shell accepts, and bash's answers for real command lines.
final class CompletionTests: XCTestCase {
    private func script(_ shell: String) throws -> URL {
        let output = try WebnavProcess.run(["completion", shell])
        XCTAssertEqual(output.status, 0, output.stderr)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-completion-\(UUID().uuidString).\(shell)")
        try Data(output.stdout.utf8).write(to: file)
        return file
    }

    /// What bash's completion function offers for a command line (the cursor at its end).
    private func bashCompletions(_ line: String, script: URL, in folder: URL) throws -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
        source '\(script.path)'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
        _webnav
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", program]
        process.currentDirectoryURL = folder
        process.environment = withWebnavOnThePath
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        _ = ProcessExit.status(of: process)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    func testBashCompletesCommandsOptionsAndFlowFiles() throws {
        let script = try script("bash")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("flows"), withIntermediateDirectories: true)
        for file in ["flows/a.flow", "flows/b.flow", "flows/notes.txt", "page.html"] {
            try Data().write(to: folder.appendingPathComponent(file))
        }
        XCTAssertEqual(try bashCompletions("webnav re", script: script, in: folder), ["record", "report", "resolve"])
        XCTAssertEqual(try bashCompletions("webnav co", script: script, in: folder), ["completion"])
        XCTAssertEqual(try bashCompletions("webnav run --j", script: script, in: folder), ["--jobs", "--json", "--junit"])
        XCTAssertEqual(try bashCompletions("webnav run flows/", script: script, in: folder), ["flows/a.flow", "flows/b.flow"])
        XCTAssertEqual(try bashCompletions("webnav dump p", script: script, in: folder), ["page.html"])
        XCTAssertEqual(try bashCompletions("webnav completion ", script: script, in: folder), ["bash", "fish", "zsh"])
        XCTAssertEqual(try bashCompletions("webnav --pages flows ru", script: script, in: folder), ["run"])
    }

    /// The scripts run `webnav __pages`: the built binary comes first on the PATH.
    private var withWebnavOnThePath: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = WebnavProcess.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return environment
    }

    /// A folder with pages in `Pages/` and `site/`, flows and other files.
    private func appFolder(_ extra: [String: String] = [:]) throws -> URL {
        var files = ["Pages/index.html": "", "Pages/sub/b.htm": "", "Pages/notes.txt": "", "Pages/.hidden/h.html": "", "site/s.html": "",
                     "flows/a.flow": "", "report.xml": ""]
        files.merge(extra) { $1 }
        return try WebnavProcess.folder(files)
    }

    /// Issue 24: option values are completed as what they are, and `open` and `preview` offer
    /// the pages of the pages folder (`--pages`, the profile's, else Pages) as paths from here.
    func testBashCompletesOptionValuesAndThePagesFolder() throws {
        let script = try script("bash")
        let folder = try appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertEqual(try bashCompletions("webnav preview --color ", script: script, in: folder), ["always", "auto", "never"])
        XCTAssertEqual(try bashCompletions("webnav preview --color a", script: script, in: folder), ["always", "auto"])
        XCTAssertEqual(try bashCompletions("webnav run --artifacts ", script: script, in: folder), ["Pages", "flows", "site"])
        XCTAssertEqual(try bashCompletions("webnav --pages ", script: script, in: folder), ["Pages", "flows", "site"])
        XCTAssertEqual(try bashCompletions("webnav run --junit r", script: script, in: folder), ["report.xml"])
        XCTAssertEqual(try bashCompletions("webnav run --jobs ", script: script, in: folder), [])
        XCTAssertEqual(try bashCompletions("webnav preview --size ", script: script, in: folder), [])
        XCTAssertEqual(try bashCompletions("webnav open ", script: script, in: folder), ["Pages/index.html", "Pages/sub/b.htm"])
        XCTAssertEqual(try bashCompletions("webnav preview Pages/s", script: script, in: folder), ["Pages/sub/b.htm"])
        XCTAssertEqual(try bashCompletions("webnav open --pages site ", script: script, in: folder), ["site/s.html"])
        XCTAssertEqual(try bashCompletions("webnav --pages=site preview ", script: script, in: folder), ["site/s.html"])
        XCTAssertEqual(try bashCompletions("webnav open --color ", script: script, in: folder), ["Pages/index.html", "Pages/sub/b.htm"],
                       "open has no --color: its words are not offered")
        let profiled = try appFolder(["webnav.json": #"{"pages": "site", "messageHandlers": {"a": {"script": "function (b) { return b }"}}}"#])
        defer { try? FileManager.default.removeItem(at: profiled) }
        XCTAssertEqual(try bashCompletions("webnav open ", script: script, in: profiled), ["site/s.html"], "the profile's pages folder")
    }

    func testWebnavPagesListsThePagesFolder() throws {
        let folder = try appFolder(["app/webnav.json": #"{"pages": "../site"}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertEqual(try WebnavProcess.run(["__pages"], in: folder).stdout, "Pages/index.html\nPages/sub/b.htm\n")
        XCTAssertEqual(try WebnavProcess.run(["__pages", "open", "--profile", "app/webnav.json"], in: folder).stdout, "site/s.html\n")
        let outside = try WebnavProcess.run(["__pages", "--pages", folder.appendingPathComponent("site").path],
                                            in: folder.appendingPathComponent("flows"))
        XCTAssertEqual(outside.stdout, folder.standardizedFileURL.appendingPathComponent("site/s.html").path + "\n")
    }

    func testFishCompletesOptionValuesAndThePagesFolder() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else {
            return XCTFail("fish is missing: Scripts/install-deps.sh installs it")
        }
        let file = try script("fish")
        let folder = try appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func complete(_ line: String) throws -> [String] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/fish")
            process.arguments = ["--no-config", "-c", "source '\(file.path)'; complete -C '\(line)'"]
            process.currentDirectoryURL = folder
            process.environment = withWebnavOnThePath
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            _ = ProcessExit.status(of: process)
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
        }
        XCTAssertEqual(try complete("webnav preview --color "), ["always", "auto", "never"])
        XCTAssertEqual(try complete("webnav run --artifacts "), ["Pages/", "flows/", "site/"])
        XCTAssertEqual(try complete("webnav run --jobs "), [])
        XCTAssertEqual(try complete("webnav open "), ["Pages/index.html", "Pages/sub/b.htm"])
        XCTAssertEqual(try complete("webnav preview --pages site "), ["site/s.html"])
    }

    func testZshAndFishAcceptTheirScripts() throws {
        for (shell, check) in [("zsh", ["-n"]), ("fish", ["--no-execute"])] {
            let path = "/usr/bin/\(shell)"
            guard FileManager.default.isExecutableFile(atPath: path) else {
                return XCTFail("\(shell) is missing: Scripts/install-deps.sh installs it")
            }
            let file = try script(shell)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = check + [file.path]
            let err = Pipe()
            process.standardError = err
            try process.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(ProcessExit.status(of: process), 0, "\(shell) rejects its script: \(message)")
        }
    }

    func testAnUnknownShellIsAUsageError() throws {
        let output = try WebnavProcess.run(["completion", "tcsh"])
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "webnav: error: completion takes bash, zsh or fish, got \"tcsh\"\n")
    }
}

/// `man/webnav.1` is what `webnav __man` makes from the program's own tables.
final class ManPageTests: XCTestCase {
    func testTheCommittedManualIsCurrent() throws {
        let output = try WebnavProcess.run(["__man"])
        XCTAssertEqual(output.status, 0, output.stderr)
        let file = WebnavProcess.packageRoot.appendingPathComponent("man/webnav.1")
        let committed = try String(contentsOf: file, encoding: .utf8)
        if committed != output.stdout, ProcessInfo.processInfo.environment["WEBNAV_RECORD"] != nil {
            try Data(output.stdout.utf8).write(to: file)
        }
        XCTAssertEqual(committed, output.stdout, "man/webnav.1 is stale: run .build/debug/webnav __man > man/webnav.1")
        for word in ["completion", "dump", "lint", "open", "preview", "push", "record", "resolve", "run", "wait DURATION", "\\-\\-shard"] {
            XCTAssertTrue(committed.contains(word), word)
        }
    }

    func testGroffReadsItWithoutWarnings() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { throw XCTSkip("groff is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        process.arguments = ["-k", "-man", "-Tutf8", "-ww", "-z", WebnavProcess.packageRoot.appendingPathComponent("man/webnav.1").path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let status = ProcessExit.status(of: process)
        XCTAssertEqual(text, "")
        XCTAssertEqual(status, 0)
    }
}
