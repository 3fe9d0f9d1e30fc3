import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `webnav-fetch URL`: writes the body of an http(s) page to stdout, or one line on stderr and exit 1.
///
/// A separate program so that `webnav` itself does not load FoundationNetworking (libcurl and its
/// TLS and Kerberos libraries cost about 12 ms at every start); `webnav` runs it only when a
/// page is an http(s) URL.
enum PageFetch {
    static let timeout: TimeInterval = 15

    static func main(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let url = URL(string: arguments[0]),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            FileHandle.standardError.write(Data("usage: webnav-fetch http(s)://URL\n".utf8))
            return 2
        }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("webnav (hybrid app simulator)", forHTTPHeaderField: "User-Agent")
        let outcome = FetchOutcome()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            outcome.set(data: data, response: response, error: error)
            done.signal()
        }.resume()
        done.wait()
        let (data, response, error) = outcome.get()
        if let error {
            FileHandle.standardError.write(Data("Cannot fetch \(url.absoluteString): \(error.localizedDescription)\n".utf8))
            return 1
        }
        if let http = response as? HTTPURLResponse, !(200..<400).contains(http.statusCode) {
            FileHandle.standardError.write(Data("HTTP \(http.statusCode) for \(url.absoluteString)\n".utf8))
            return 1
        }
        FileHandle.standardOutput.write(data ?? Data())
        return 0
    }
}

/// Carries a fetch's outcome from URLSession's queue to the waiting thread.
private final class FetchOutcome: @unchecked Sendable {
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

exit(PageFetch.main(Array(CommandLine.arguments.dropFirst())))
