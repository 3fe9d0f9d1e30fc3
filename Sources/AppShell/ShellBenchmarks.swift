import URLKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Measurements `make bench` prints (the integrator runs them; never asserted in tests).
public enum ShellBenchmarks {
    /// Loading a loopback page through the loader against the same request on a bare socket.
    public struct LoopbackOverhead: Sendable, CustomStringConvertible {
        /// Median milliseconds of one `ResourceLoader.load`.
        public var loaderMilliseconds: Double
        /// Median milliseconds of one HTTP/1.0 GET over a plain socket: the server's own time
        /// plus the least a client can do.
        public var socketMilliseconds: Double

        public var overheadMilliseconds: Double { loaderMilliseconds - socketMilliseconds }

        public var description: String {
            func format(_ value: Double) -> String { String(Int((value * 1000).rounded())) + " µs" }
            return "loopback page load: loader \(format(loaderMilliseconds)), bare socket \(format(socketMilliseconds)), "
                + "overhead \(format(overheadMilliseconds)) (goal ≤ 3 ms)   \(overheadMilliseconds <= 3 ? "ok" : "MISSED")"
        }
    }

    /// Loads `url` (an `http://127.0.0.1:PORT/PATH` page) `iterations` times each way.
    public static func loopbackOverhead(url: String, iterations: Int = 200) -> LoopbackOverhead? {
        let loader = ResourceLoader(
            configuration: LoaderConfiguration(
                identity: WebViewIdentity(profileUserAgent: nil, applicationNameForUserAgent: nil, platformVersion: "17.0"),
                readAccessFolder: nil, ats: ATSPolicy(settings: ATSSettings(allowsArbitraryLoads: true))),
            cookies: CookieStore())
        guard loader.load(LoadRequest(url: url)).response != nil else { return nil }
        let parsed = WebURL(url)
        guard let port = parsed.port, let path = url.dropFirst(8).firstIndex(of: "/") else { return nil }
        let target = String(url[path...])
        guard socketGet(port: port, path: target) else { return nil }
        let clock = ContinuousClock()
        var loaderTimes: [Double] = []
        var socketTimes: [Double] = []
        for _ in 0..<max(1, iterations) {
            let start = clock.now
            _ = loader.load(LoadRequest(url: url))
            loaderTimes.append(ResourceLoader.milliseconds(start.duration(to: clock.now)))
            let socketStart = clock.now
            _ = socketGet(port: port, path: target)
            socketTimes.append(ResourceLoader.milliseconds(socketStart.duration(to: clock.now)))
        }
        return LoopbackOverhead(loaderMilliseconds: median(loaderTimes), socketMilliseconds: median(socketTimes))
    }

    /// Milliseconds to open libcurl the first time in this process (0 after).
    public static func libraryLoadMilliseconds() -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        _ = CurlTransport.loadLibrary()
        return ResourceLoader.milliseconds(start.duration(to: clock.now))
    }

    /// Matching a request against a jar of 1,000 cookies.
    public struct CookieMatching: Sendable, CustomStringConvertible {
        /// 1,000 cookies on 20 sites (50 each, RFC 6265's per-domain minimum): one site's 50 match.
        public var spreadMicroseconds: Double
        /// 1,000 cookies all matching one request (a jar allowing 1,000 per domain).
        public var allMatchingMicroseconds: Double

        public var description: String {
            func format(_ value: Double) -> String { String(Int(value.rounded())) + " µs" }
            return "1,000 cookies matched per request: \(format(spreadMicroseconds)) spread over 20 sites, "
                + "\(format(allMatchingMicroseconds)) all matching (goal ≤ 100 µs)   \(allMatchingMicroseconds <= 100 ? "ok" : "MISSED")"
        }
    }

    public static func cookieMatching(iterations: Int = 2000) -> CookieMatching {
        let now = 1_800_000_000.0
        let suffixes = PublicSuffixList(text: "com")
        var spread = CookieJar(publicSuffixes: suffixes)
        for site in 0..<20 {
            for index in 0..<50 {
                spread.receive(setCookie: ["c\(index)=value\(index); Path=/\(index % 5 == 0 ? "" : "app")"],
                               from: "https://www.site\(site).com/app/page", now: now)
            }
        }
        var all = CookieJar(policy: CookiePolicy(maximumCookiesPerDomain: 1000), publicSuffixes: suffixes)
        for index in 0..<1000 {
            all.receive(setCookie: ["c\(index)=value\(index); Domain=example.com; Path=/\(index % 2 == 0 ? "" : "app")"],
                        from: "https://www.example.com/app/page", now: now)
        }
        func measure(_ jar: inout CookieJar, _ url: String) -> Double {
            let clock = ContinuousClock()
            var times: [Double] = []
            for _ in 0..<max(1, iterations) {
                let start = clock.now
                _ = jar.cookieHeader(for: url, now: now)
                times.append(ResourceLoader.milliseconds(start.duration(to: clock.now)) * 1000)
            }
            return median(times)
        }
        return CookieMatching(
            spreadMicroseconds: measure(&spread, "https://www.site7.com/app/index.html"),
            allMatchingMicroseconds: measure(&all, "https://www.example.com/app/index.html"))
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// An HTTP/1.0 GET on 127.0.0.1, reading until the server closes.
    private static func socketGet(port: Int, path: String) -> Bool {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return false }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == request.count else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            total += count
        }
        return total > 0
    }
}
