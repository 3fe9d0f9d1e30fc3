import Foundation
import PageKit

/// Reads `file:` pages from disk, and http(s) pages through `webnav-fetch`, the program beside this one.
struct LocalAndRemotePageReader: PageReader {
    private let files = FilePageReader()

    struct FetchError: LocalizedError {
        var errorDescription: String?
    }

    func read(_ url: URL) throws -> Data {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return try files.read(url)
        }
        let fetcher = Self.fetcherPath
        guard FileManager.default.isExecutableFile(atPath: fetcher.path) else {
            throw FetchError(errorDescription: "Cannot fetch \(url.absoluteString): \(fetcher.path) is missing")
        }
        let process = Process()
        process.executableURL = fetcher
        process.arguments = [url.absoluteString]
        let body = Pipe(), problem = Pipe()
        process.standardOutput = body
        process.standardError = problem
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = body.fileHandleForReading.readDataToEndOfFile()
        let message = problem.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw FetchError(errorDescription: text.isEmpty ? "Cannot fetch \(url.absoluteString)" : text)
        }
        return data
    }

    /// `webnav-fetch` in the folder of the running `webnav` (links resolved).
    static var fetcherPath: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("webnav-fetch")
    }
}
