@testable import AppShell
import NavigatorCore
import Foundation
import TestSupport
import XCTest

/// The loader against a real HTTP server on 127.0.0.1 (Scripts/demo-server.py).
final class ResourceLoaderTests: XCTestCase {
    nonisolated(unsafe) static var server: DemoServer?

    override class func setUp() {
        server = try? DemoServer()
    }

    override class func tearDown() {
        server?.stop()
        server = nil
    }

    var server: DemoServer {
        get throws {
            guard let server = Self.server else { throw DemoServer.Failure(description: "the demo server did not start") }
            return server
        }
    }

    static let userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"

    func loader(
        timeout: Double = 30, sizeLimit: Int = LoaderConfiguration.defaultSizeLimit, ats: ATSPolicy = ATSPolicy(settings: ATSSettings(allowsArbitraryLoads: true)),
        headers: HTTPHeaders = [], cookies: (any CookieAccess)? = nil, folder: String? = nil
    ) -> ResourceLoader {
        ResourceLoader(
            configuration: LoaderConfiguration(
                identity: WebViewIdentity(profileUserAgent: nil, applicationNameForUserAgent: nil, platformVersion: "17.0", headers: headers),
                timeoutSeconds: timeout, sizeLimit: sizeLimit, readAccessFolder: folder, ats: ats),
            cookies: cookies)
    }

    /// The echo route's answer: method, headers in order (without Host), body.
    struct Echo: Decodable, Equatable {
        var method: String
        var path: String
        var headers: [[String]]
        var body: String
    }

    func echo(_ response: LoadResponse?) throws -> Echo {
        let body = try XCTUnwrap(response?.body)
        var echo = try JSONDecoder().decode(Echo.self, from: Data(body))
        echo.headers.removeAll { $0.first == "Host" }
        return echo
    }

    /// A response with the parts that vary between runs (dates, timings) cleared.
    func stable(_ result: LoadResult) -> LoadResult {
        switch result {
        case .response(var response):
            response.milliseconds = 0
            response.headers.remove("Date")
            response.headers.remove("Server")
            return .response(response)
        default:
            return result
        }
    }

    func testGetSendsTheWebViewFieldsAndTheProfileHeaders() throws {
        let url = try server.url("/echo")
        let result = loader(headers: ["X-App-Token": "seed-003", "Accept-Language": "ko-KR"]).load(LoadRequest(url: url))
        let response = try XCTUnwrap(result.response)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.finalURL, url)
        XCTAssertEqual(response.hops, [])
        XCTAssertEqual(try echo(response), Echo(method: "GET", path: "/echo", headers: [
            ["Accept-Encoding", "gzip, deflate, br"],
            ["Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"],
            ["Accept-Language", "ko-KR"],
            ["User-Agent", Self.userAgent],
            ["X-App-Token", "seed-003"],
        ], body: ""))
        XCTAssertEqual(response.requestHeaders, [
            ("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"),
            ("Accept-Language", "ko-KR"),
            ("Accept-Encoding", "gzip, deflate, br"),
            ("User-Agent", Self.userAgent),
            ("X-App-Token", "seed-003"),
        ])
    }

    func testSubresourceAcceptsAnything() throws {
        let result = loader().load(LoadRequest(url: try server.url("/echo"), purpose: .subresource(document: try server.url("/pages/index.html"))))
        XCTAssertEqual(try echo(result.response).headers.filter { $0[0] == "Accept" }, [["Accept", "*/*"]])
    }

    func testPostSendsTheFormBodyAndA303BecomesGet() throws {
        let body = Array("name=A+B&x=%26".utf8)
        let request = LoadRequest(
            url: try server.url("/redirect?status=303&to=/echo"), method: "POST",
            headers: ["Content-Type": "application/x-www-form-urlencoded"], body: body)
        let response = try XCTUnwrap(loader().load(request).response)
        XCTAssertEqual(response.hops, [RedirectHop(from: request.url, to: try server.url("/echo"), status: 303, method: "GET")])
        let echo = try echo(response)
        XCTAssertEqual(echo.method, "GET")
        XCTAssertEqual(echo.body, "")
        XCTAssertFalse(echo.headers.contains { $0.first == "Content-Type" })

        let direct = try XCTUnwrap(loader().load(LoadRequest(url: try server.url("/echo"), method: "POST",
                                                            headers: ["Content-Type": "application/x-www-form-urlencoded"], body: body)).response)
        let directEcho = try self.echo(direct)
        XCTAssertEqual(directEcho.method, "POST")
        XCTAssertEqual(directEcho.body, "name=A+B&x=%26")
        XCTAssertEqual(directEcho.headers.filter { ["Content-Type", "Content-Length", "Expect"].contains($0[0]) },
                       [["Content-Type", "application/x-www-form-urlencoded"], ["Content-Length", "14"]])
    }

    func testRedirectMethodsFollowFetch() throws {
        for (status, method) in [(301, "GET"), (302, "GET"), (307, "POST"), (308, "POST")] {
            let request = LoadRequest(url: try server.url("/redirect?status=\(status)&to=/echo"), method: "POST", body: Array("a=1".utf8))
            let response = try XCTUnwrap(loader().load(request).response, "\(status)")
            XCTAssertEqual(response.hops.map(\.method), [method], "\(status)")
            XCTAssertEqual(try echo(response).method, method, "\(status)")
            XCTAssertEqual(try echo(response).body, method == "POST" ? "a=1" : "", "\(status)")
        }
    }

    func testAChainOfTwentyRedirectsIsFollowed() throws {
        let response = try XCTUnwrap(loader().load(LoadRequest(url: try server.url("/chain/20"))).response)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body, Array("<p>end of chain</p>".utf8))
        XCTAssertEqual(response.hops.count, 20)
        XCTAssertEqual(response.hops.first, RedirectHop(from: try server.url("/chain/20"), to: try server.url("/chain/19"), status: 302, method: "GET"))
        XCTAssertEqual(response.finalURL, try server.url("/chain/0"))
    }

    func testTheTwentyFirstRedirectFailsAndALoopToo() throws {
        let chain = loader().load(LoadRequest(url: try server.url("/chain/21")))
        let failure = try XCTUnwrap(chain.failure)
        XCTAssertEqual(failure.code, .httpTooManyRedirects)
        XCTAssertEqual(failure.url, try server.url("/chain/0"))
        XCTAssertEqual(failure.detail, "Load cannot follow more than 20 redirections")
        XCTAssertEqual(failure.hops.count, 21)

        let loop = try XCTUnwrap(loader().load(LoadRequest(url: try server.url("/loop"))).failure)
        XCTAssertEqual(loop.code, .httpTooManyRedirects)
        XCTAssertEqual(loop.hops.count, 21)
        XCTAssertEqual(Set(loop.hops.map(\.to)), [try server.url("/loop")])
        XCTAssertEqual(loop.description, "error -1007: too many HTTP redirects (Load cannot follow more than 20 redirections)")
    }

    func testErrorStatusesAreResponsesWithTheServersBody() throws {
        for code in [404, 500] {
            let result = stable(loader().load(LoadRequest(url: try server.url("/status/\(code)"))))
            let body = Array("<h1>\(code)</h1><p>the server says \(code)</p>".utf8)
            XCTAssertEqual(result, .response(LoadResponse(
                url: try server.url("/status/\(code)"), finalURL: try server.url("/status/\(code)"), status: code,
                headers: ["Content-Type": "text/html; charset=utf-8", "Content-Length": String(body.count), "Connection": "close"],
                body: body, requestHeaders: loader().configuration.identity.fields(for: LoadRequest(url: ""))
            )))
        }
    }

    func testHeadLivenessCheckReadsTheStatusOnly() throws {
        let response = try XCTUnwrap(loader().load(LoadRequest(url: try server.url("/alive?status=503"), method: "HEAD")).response)
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(response.body, [])
        XCTAssertEqual(response.headers["Content-Length"], "6")
    }

    func testGzipAndDeflateAreDecoded() throws {
        let page = Array(("<h1>compressed</h1>" + String(repeating: "<p>webnav</p>", count: 1000)).utf8)
        for route in ["/gzip", "/deflate"] {
            let response = try XCTUnwrap(loader().load(LoadRequest(url: try server.url(route))).response, route)
            XCTAssertEqual(response.body, page, route)
            XCTAssertEqual(response.headers["Content-Encoding"], String(route.dropFirst()))
        }
    }

    func testACorruptGzipBodyIsAFailureNotAnEmptyPage() throws {
        let failure = try XCTUnwrap(loader().load(LoadRequest(url: try server.url("/corrupt-gzip"))).failure)
        XCTAssertEqual(failure.code, .cannotDecodeRawData)
        XCTAssertEqual(failure.localizedDescription, "cannot decode raw data")
    }

    func testAGzipBombStopsAtTheLimitOfItsInflatedSize() throws {
        let failure = try XCTUnwrap(loader(sizeLimit: 8 << 20).load(LoadRequest(url: try server.url("/gzip-bomb?mb=100"))).failure)
        XCTAssertEqual(failure, LoadFailure(url: try server.url("/gzip-bomb?mb=100"), code: .dataLengthExceedsMaximum, detail: "too large, limit 8 MB"))
    }

    func testAHundredMegabyteResponseStopsAtSixtyFourMegabytes() throws {
        let failure = try XCTUnwrap(loader().load(LoadRequest(url: try server.url("/large?mb=100"))).failure)
        XCTAssertEqual(failure, LoadFailure(url: try server.url("/large?mb=100"), code: .dataLengthExceedsMaximum, detail: "too large, limit 64 MB"))
    }

    func testALongURLAndABodyOver64KB() throws {
        let query = String(repeating: "a", count: 70_000)
        let response = try XCTUnwrap(loader().load(LoadRequest(url: try server.url("/echo?q=\(query)"))).response)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(try echo(response).path, "/echo?q=\(query)")
        XCTAssertGreaterThan(response.body.count, 70_000)
    }

    func testASilentServerTimesOutAtTheDeadline() throws {
        let start = Date()
        let failure = try XCTUnwrap(loader(timeout: 1).load(LoadRequest(url: try server.url("/hang"))).failure)
        XCTAssertEqual(failure.code, .timedOut)
        XCTAssertEqual(failure.localizedDescription, "The request timed out.")
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testATricklingServerStillTimesOut() throws {
        let failure = try XCTUnwrap(loader(timeout: 1.5).load(LoadRequest(url: try server.url("/trickle?every=0.5&chunks=100"))).failure)
        XCTAssertEqual(failure.code, .timedOut)
    }

    func testCancellingFromAnotherThreadEndsTheLoadAtOnce() throws {
        let cancellation = LoadCancellation()
        let url = try server.url("/hang")
        let loader = loader()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { cancellation.cancel() }
        let start = Date()
        let failure = try XCTUnwrap(loader.load(LoadRequest(url: url), cancellation: cancellation).failure)
        XCTAssertEqual(failure, LoadFailure(url: url, code: .cancelled))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    /// Without libcurl an http(s) load fails with a sentence that says what to install: webnav
    /// has no helper program to look for any more (issue 11, item 14).
    func testWithoutLibcurlTheFailureSaysWhatToInstall() {
        guard case .failure(let failure) = CurlTransport.open("libwebnav-no-such-curl.so.4") else {
            return XCTFail("opened a library that does not exist")
        }
        XCTAssertEqual(failure.code, .unknown)
        XCTAssertEqual(failure.detail, "cannot load libcurl: libwebnav-no-such-curl.so.4: cannot open shared object file: No such file or directory; "
                           + "http(s) pages need it: install libcurl4 (apt-get install libcurl4 on Debian)")
    }

    func testConnectionRefusedAndUnknownHost() throws {
        let refused = try XCTUnwrap(loader().load(LoadRequest(url: "http://127.0.0.1:9/")).failure)
        XCTAssertEqual(refused.code, .cannotConnectToHost)
        XCTAssertEqual(refused.localizedDescription, "Could not connect to the server.")
        let unknown = try XCTUnwrap(loader(timeout: 10).load(LoadRequest(url: "http://no-such-host.invalid/")).failure)
        XCTAssertEqual(unknown.code, .cannotFindHost)
    }

    func testATSBlocksBeforeAnythingIsSent() throws {
        let url = try server.url("/echo")
        let result = loader(ats: ATSPolicy(dictionary: nil, platformVersion: AppProfile.PlatformVersion(major: 17))).load(LoadRequest(url: url))
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(failure.code, .appTransportSecurityRequiresSecureConnection)
        XCTAssertEqual(failure.detail, "iOS 17.0 no longer allows IP addresses by default: add NSAllowsLocalNetworking or an exception for the address")
        XCTAssertEqual(LoadEvent.events(for: result, request: LoadRequest(url: url)).map { $0.text() }, [
            "blocked by ATS: \(url) (iOS 17.0 no longer allows IP addresses by default: add NSAllowsLocalNetworking or an exception for the address)",
        ])
    }

    func testUnsupportedSchemesAndRedirectsOutOfTheWeb() throws {
        XCTAssertEqual(loader().load(LoadRequest(url: "ftp://example.com/x")).failure?.code, .unsupportedURL)
        let deeplink = "mkwebview://webview?url=detail.html"
        let url = try server.url("/redirect?to=\(deeplink.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
        XCTAssertEqual(loader().load(LoadRequest(url: url)),
                       .handOff(url: deeplink, hops: [RedirectHop(from: url, to: deeplink, status: 302, method: "GET")]))
    }

    /// Issue 23, item 12: a redirect from http to `data:` (or `file:`) loaded; WebKit's network
    /// process fails it ("Redirection to URL with a scheme that is not HTTP(S)").
    func testARedirectToDataOrFileFails() throws {
        for target in ["data:text/html;base64,PHA+aW5qZWN0ZWQ8L3A+", "file:///etc/passwd"] {
            let url = try server.url("/redirect?to=\(target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
            XCTAssertEqual(loader().load(LoadRequest(url: url)), .failure(LoadFailure(
                url: target, code: .unsupportedURL, detail: "Redirection to URL with a scheme that is not HTTP(S)",
                hops: [RedirectHop(from: url, to: target, status: 302, method: "GET")])), target)
        }
        XCTAssertEqual(loader().load(LoadRequest(url: "data:text/plain,direct")).response?.body, Array("direct".utf8))
    }

    func testEventsAndTheErrorPage() throws {
        let url = try server.url("/chain/1")
        let request = LoadRequest(url: url)
        var result = loader().load(request)
        if case .response(var response) = result {
            response.milliseconds = 35
            result = .response(response)
        }
        XCTAssertEqual(LoadEvent.events(for: result, request: request).map { $0.text() }, [
            "redirect: \(url) → \(try server.url("/chain/0")) (302)",
            "load: \(try server.url("/chain/0")) (200, 19 B, 35 ms)",
        ])
        let failure = LoadFailure(url: "http://example.com/", code: .timedOut)
        XCTAssertEqual(LoadEvent.failed(url: failure.url, failure: failure).text(), "load failed: http://example.com/ (error -1001: The request timed out.)")
        XCTAssertEqual(LoadErrorPage.html(for: failure), """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>Cannot Open Page</title></head>
            <body>
            <h1>Cannot Open Page</h1>
            <p>The request timed out.</p>
            <p>http://example.com/</p>
            <p>NSURLErrorDomain error -1001 (NSURLErrorTimedOut)</p>
            </body></html>

            """)
    }

    func testSizesInEvents() {
        XCTAssertEqual([0, 1023, 1024, 12 * 1024 + 100, 1024 * 1024 - 1, 3_565_158, 64 << 20].map(LoadEvent.formatSize),
                       ["0 B", "1023 B", "1 KB", "12 KB", "1024 KB", "3.4 MB", "64 MB"])
    }
}

/// Cookies through the loader: `Set-Cookie` of every hop stored, the `Cookie` field sent back.
final class LoaderCookieTests: XCTestCase {
    func testCookiesGoBackToTheServerAndThroughRedirects() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let store = CookieStore(jar: CookieJar(publicSuffixes: PublicSuffixList(text: "com")), clock: { 1_800_000_000 })
        store.update { jar, now in
            jar.set(AppProfile.Cookie(name: "profile", value: "p1", domain: "127.0.0.1").cookie(now: now), now: now)
        }
        let loader = ResourceLoader(
            configuration: LoaderConfiguration(identity: WebViewIdentity(userAgent: "ua"), readAccessFolder: nil,
                                               ats: ATSPolicy(settings: ATSSettings(allowsLocalNetworking: true))),
            cookies: store)
        let set = try XCTUnwrap(loader.load(LoadRequest(url: server.url("/cookies/set"))).response)
        XCTAssertEqual(set.requestHeaders["Cookie"], "profile=p1")
        XCTAssertEqual(store.jar.cookies.map { "\($0.name)=\($0.value) \($0.path)\($0.isHTTPOnly ? " HttpOnly" : "")\($0.isSecure ? " Secure" : "")" }, [
            "profile=p1 /", "session=abc123 / HttpOnly", "theme=dark /", "secure_token=s3cr3t / Secure", "strict=1 /", "lang=en /pages",
        ])

        let echoURL = server.url("/redirect?to=/pages/index.html")
        let page = try XCTUnwrap(loader.load(LoadRequest(url: echoURL)).response)
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.requestHeaders["Cookie"], "lang=en; profile=p1; session=abc123; theme=dark; strict=1")
        XCTAssertEqual(store.documentCookie(for: server.url("/pages/index.html")), "lang=en; profile=p1; theme=dark; strict=1")

        let bad = try XCTUnwrap(loader.load(LoadRequest(url: server.url("/cookies/bad"))).response)
        XCTAssertEqual(bad.headers.values("Set-Cookie"), ["=novalue; Path=/", "good=yes; Path=/"])
        XCTAssertEqual(store.jar.cookies.filter { $0.name == "good" || $0.value == "novalue" }.map(\.name), ["good"])

        let fromFile = loader.load(LoadRequest(url: server.url("/echo"), purpose: .subresource(document: "file:///app/index.html")))
        XCTAssertEqual(try XCTUnwrap(fromFile.response).requestHeaders["Cookie"], nil)
    }
}

/// https against a self-signed certificate, and the CPU a waiting load uses.
final class LoaderTLSAndWaitingTests: XCTestCase {
    func testASelfSignedCertificateIsUntrusted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                             "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem"]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw XCTSkip("openssl cannot make a certificate") }
        let server = try DemoServer(certificate: (folder + "/cert.pem", folder + "/key.pem"))
        defer { server.stop() }
        let url = "https://127.0.0.1:\(server.port)/echo"
        let loader = ResourceLoader(configuration: LoaderConfiguration(identity: WebViewIdentity(userAgent: "ua"), readAccessFolder: nil, ats: ATSPolicy(
            settings: ATSSettings(allowsLocalNetworking: true))), cookies: nil)
        let failure = try XCTUnwrap(loader.load(LoadRequest(url: url)).failure)
        XCTAssertEqual(failure.code, .serverCertificateUntrusted)
        XCTAssertEqual(failure.localizedDescription,
                       "The certificate for this server is invalid. You might be connecting to a server that is pretending to be “127.0.0.1” which could put your confidential information at risk.")
    }

    func testAWaitingLoadSleepsInsteadOfSpinning() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let loader = ResourceLoader(configuration: LoaderConfiguration(identity: WebViewIdentity(userAgent: "ua"), timeoutSeconds: 1.5, readAccessFolder: nil,
                                                                       ats: ATSPolicy(settings: ATSSettings(allowsLocalNetworking: true))), cookies: nil)
        _ = loader.load(LoadRequest(url: server.url("/alive")))
        var before = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &before)
        XCTAssertEqual(loader.load(LoadRequest(url: server.url("/hang"))).failure?.code, .timedOut)
        var after = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &after)
        let cpu = Double(after.tv_sec - before.tv_sec) + Double(after.tv_nsec - before.tv_nsec) / 1e9
        XCTAssertLessThan(cpu, 0.3, "a 1.5 s wait used \(cpu) s of CPU")
    }
}
