@testable import AppShell
import Foundation
import XCTest

/// The loader asks the network conditions before any request goes out (issue 19): a route's
/// answer, `abort`, offline, only for the first request of a load, after ATS. Nothing here
/// reaches a server: the hosts do not exist.
final class NetworkRouteLoaderTests: XCTestCase {
    private func loader(_ network: NetworkConditions, ats: ATSPolicy = ATSPolicy(settings: ATSSettings(allowsArbitraryLoads: true)),
                        cookies: CookieStore? = nil) -> ResourceLoader {
        var configuration = LoaderConfiguration(identity: WebViewIdentity(userAgent: "ua"), readAccessFolder: nil, ats: ats)
        configuration.network = network
        return ResourceLoader(configuration: configuration, cookies: cookies)
    }

    private let items = NetworkRoute(pattern: RoutePattern("https://api.example.invalid/*"),
                                     answer: .response(body: Array("[1]".utf8), status: 201,
                                                       headers: ["Content-Type": "application/json", "Set-Cookie": "seen=1; Path=/"],
                                                       delay: .milliseconds(250)),
                                     source: "items.json")

    func testARouteAnswersWithItsFileStatusHeadersAndDelay() {
        let cookies = CookieStore(clock: { 1_800_000_000 })
        let result = loader(NetworkConditions(routes: [items]), cookies: cookies).load(LoadRequest(url: "https://api.example.invalid/items"))
        guard case .response(let response) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.body, Array("[1]".utf8))
        XCTAssertEqual(response.headers["Content-Type"], "application/json")
        XCTAssertEqual(response.delay, .milliseconds(250))
        XCTAssertEqual(response.route, "https://api.example.invalid/*")
        XCTAssertEqual(response.requestHeaders["User-Agent"], "ua", "the request as it would have gone out")
        XCTAssertEqual(cookies.cookies(for: "https://api.example.invalid/other").map(\.name), ["seen"], "a routed Set-Cookie is kept as a server's")
    }

    func testTheLastRouteThatMatchesAnswersAndOfflineWins() {
        let abort = NetworkRoute(pattern: RoutePattern("**/items"), answer: .abort)
        let request = LoadRequest(url: "https://api.example.invalid/items")
        XCTAssertEqual(loader(NetworkConditions(routes: [items, abort])).load(request),
                       .failure({ var failure = LoadFailure(url: request.url, code: .networkConnectionLost, detail: "aborted by route \"**/items\"")
                           failure.route = "**/items"; return failure }()))
        XCTAssertEqual(loader(NetworkConditions(routes: [abort, items])).load(request).response?.status, 201)
        XCTAssertEqual(loader(NetworkConditions(routes: [items], isOffline: true)).load(request),
                       .failure(LoadFailure(url: request.url, code: .notConnectedToInternet, detail: "the device is offline")))
        XCTAssertEqual(LoadFailure(url: request.url, code: .notConnectedToInternet).description,
                       "error -1009: The Internet connection appears to be offline.")
    }

    func testATSStillComesFirstAndOtherSchemesAreNotRouted() {
        let everything = NetworkRoute(pattern: RoutePattern("**"), answer: .abort)
        let blocked = loader(NetworkConditions(routes: [everything]), ats: ATSPolicy(settings: ATSSettings()))
            .load(LoadRequest(url: "http://api.example.invalid/items"))
        XCTAssertEqual(blocked.failure?.code, .appTransportSecurityRequiresSecureConnection)
        let data = loader(NetworkConditions(routes: [everything])).load(LoadRequest(url: "data:text/plain,hi"))
        XCTAssertEqual(data.response?.body, Array("hi".utf8))
    }
}
