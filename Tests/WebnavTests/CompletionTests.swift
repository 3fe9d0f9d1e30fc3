import Foundation
import XCTest

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
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
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
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(shell) rejects its script: \(message)")
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
        process.waitUntilExit()
        XCTAssertEqual(text, "")
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
