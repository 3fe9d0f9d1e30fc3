import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PageKit

/// Reads `file:` pages from disk and fetches `http(s):` pages (15 s timeout).
struct LocalAndRemotePageReader: PageReader {
    private let files = FilePageReader()

    struct FetchError: LocalizedError {
        var errorDescription: String?
    }

    func read(_ url: URL) throws -> Data {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return try files.read(url)
        }
        var request = URLRequest(url: url, timeoutInterval: 15)
        request.setValue("webnav (hybrid app simulator)", forHTTPHeaderField: "User-Agent")
        let box = FetchBox()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            box.set(data: data, response: response, error: error)
            done.signal()
        }.resume()
        done.wait()
        let (data, response, error) = box.get()
        if let error { throw FetchError(errorDescription: "Cannot fetch \(url.absoluteString): \(error.localizedDescription)") }
        if let http = response as? HTTPURLResponse, !(200..<400).contains(http.statusCode) {
            throw FetchError(errorDescription: "HTTP \(http.statusCode) for \(url.absoluteString)")
        }
        return data ?? Data()
    }
}

/// Carries a fetch's outcome from URLSession's queue to the waiting thread.
private final class FetchBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    private var response: URLResponse?
    private var error: Error?

    func set(data: Data?, response: URLResponse?, error: Error?) {
        lock.lock()
        (self.data, self.response, self.error) = (data, response, error)
        lock.unlock()
    }

    func get() -> (Data?, URLResponse?, Error?) {
        lock.lock()
        defer { lock.unlock() }
        return (data, response, error)
    }
}
