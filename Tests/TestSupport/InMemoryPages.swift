import Foundation
import PageKit

/// Serves pages from memory by path, and counts the reads (to check that pages are parsed once).
public final class InMemoryPages: PageReader, @unchecked Sendable {
    private let lock = NSLock()
    private let files: [String: String]
    private var readCounts: [String: Int] = [:]

    public init(files: [String: String]) {
        self.files = files
    }

    /// How many times each path was read.
    public var reads: [String: Int] {
        lock.lock()
        defer { lock.unlock() }
        return readCounts
    }

    /// The path with dot segments applied, when a page or a folder of pages is there (memory
    /// has no symbolic links).
    public func canonicalPath(_ url: URL) -> String? {
        guard url.isFileURL else { return nil }
        let path = FileReadAccess.lexicalPath(url.path)
        return files.keys.contains { $0 == path || $0.hasPrefix(path == "/" ? "/" : path + "/") } ? path : nil
    }

    public func read(_ url: URL) throws -> Data {
        lock.lock()
        readCounts[url.path, default: 0] += 1
        lock.unlock()
        guard let text = files[url.path] else { throw PageReadError.notFound(path: url.path) }
        return Data(text.utf8)
    }
}
