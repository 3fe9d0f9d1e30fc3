import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `Scripts/demo-server.py` running on 127.0.0.1 for the life of the value: a real HTTP server
/// for the loader's tests (never a mock of the loader).
public final class DemoServer: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    public let port: Int
    private let process: Process

    /// The repository's root folder (found from this file's path).
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Starts the server serving `pages` under `/pages/`; waits until it prints its port.
    public init(pages: String? = nil, certificate: (certificate: String, key: String)? = nil) throws {
        let root = Self.repositoryRoot
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", root.appendingPathComponent("Scripts/demo-server.py").path, "--port", "0",
            "--pages", pages ?? root.appendingPathComponent("Pages").path,
        ] + (certificate.map { ["--certificate", $0.certificate, "--key", $0.key] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line: [UInt8] = []
        let handle = output.fileHandleForReading
        while line.last != UInt8(ascii: "\n") {
            let byte = handle.readData(ofLength: 1)
            guard let first = byte.first else { break }
            line.append(first)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("port "), let port = Int(text.dropFirst(5)) else {
            process.terminate()
            throw Failure(description: "demo-server.py did not start (printed \(text.debugDescription))")
        }
        self.port = port
    }

    /// `http://127.0.0.1:PORT` followed by `path`.
    public func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// Stops the server (its own process only).
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit {
        stop()
    }
}
