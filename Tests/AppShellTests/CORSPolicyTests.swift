@testable import AppShell
import XCTest

/// The Fetch standard's CORS rules as values: which requests need a preflight, what a
/// response must say, which headers a script sees.
final class CORSPolicyTests: XCTestCase {
    func testWhatNeedsAPreflight() {
        XCTAssertFalse(CORSPolicy.needsPreflight(method: "GET", headers: []))
        XCTAssertFalse(CORSPolicy.needsPreflight(method: "POST", headers: [("Content-Type", "text/plain;charset=UTF-8"), ("Accept", "*/*")]))
        XCTAssertTrue(CORSPolicy.needsPreflight(method: "POST", headers: [("content-type", "application/json")]))
        XCTAssertTrue(CORSPolicy.needsPreflight(method: "PUT", headers: []))
        XCTAssertTrue(CORSPolicy.needsPreflight(method: "GET", headers: [("Accept", "a\"b")]), "a quote is not safelisted")
        XCTAssertTrue(CORSPolicy.needsPreflight(method: "GET", headers: [("Accept", String(repeating: "a", count: 129))]))
        XCTAssertEqual(CORSPolicy.unsafeHeaderNames([("X-B", "1"), ("x-a", "2"), ("X-B", "3"), ("Accept", "x")]), ["x-a", "x-b"])
        XCTAssertTrue(CORSPolicy.isForbidden("Cookie"))
        XCTAssertTrue(CORSPolicy.isForbidden("Sec-Fetch-Mode"))
        XCTAssertTrue(CORSPolicy.isForbidden("proxy-authorization"))
        XCTAssertFalse(CORSPolicy.isForbidden("X-Custom"))
    }

    func testResponseChecks() {
        let origin = "http://127.0.0.1:8766"
        XCTAssertNil(CORSPolicy.checkResponse(["Access-Control-Allow-Origin": "*"], status: 200, origin: origin, credentials: false))
        XCTAssertNil(CORSPolicy.checkResponse(["Access-Control-Allow-Origin": origin], status: 200, origin: origin, credentials: false))
        XCTAssertEqual(CORSPolicy.checkResponse([:], status: 404, origin: origin, credentials: false),
                       "Origin http://127.0.0.1:8766 is not allowed by Access-Control-Allow-Origin. Status code: 404")
        XCTAssertEqual(CORSPolicy.checkResponse(HTTPHeaders([.init("Access-Control-Allow-Origin", "a"), .init("Access-Control-Allow-Origin", "b")]),
                                                status: 200, origin: origin, credentials: false),
                       "Access-Control-Allow-Origin cannot contain more than one origin.")
        XCTAssertEqual(CORSPolicy.checkResponse(["Access-Control-Allow-Origin": "*"], status: 200, origin: origin, credentials: true),
                       "Cannot use wildcard in Access-Control-Allow-Origin when credentials flag is true.")
        XCTAssertNil(CORSPolicy.checkResponse(["Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true"],
                                              status: 200, origin: origin, credentials: true))
    }

    func testPreflightChecks() {
        let origin = "http://a.test"
        func check(_ headers: HTTPHeaders, status: Int = 204, credentials: Bool = false, method: String = "PUT", unsafe: [String] = []) -> String? {
            CORSPolicy.checkPreflight(headers, status: status, origin: origin, credentials: credentials, method: method, unsafeHeaders: unsafe)
        }
        XCTAssertEqual(check(["Access-Control-Allow-Origin": "*"], status: 500), "Preflight response is not successful. Status code: 500")
        XCTAssertEqual(check(["Access-Control-Allow-Origin": "*"]), "Method PUT is not allowed by Access-Control-Allow-Methods.")
        XCTAssertNil(check(["Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "GET, put"]))
        XCTAssertNil(check(["Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "*"]))
        XCTAssertEqual(check(["Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true", "Access-Control-Allow-Methods": "*"],
                             credentials: true), "Method PUT is not allowed by Access-Control-Allow-Methods.", "* is no wildcard with credentials")
        XCTAssertEqual(check(["Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "PUT"], unsafe: ["x-one"]),
                       "Request header field X-One is not allowed by Access-Control-Allow-Headers.")
        XCTAssertNil(check(["Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "PUT", "Access-Control-Allow-Headers": "X-One"],
                           unsafe: ["x-one"]))
        XCTAssertEqual(check(["Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "PUT", "Access-Control-Allow-Headers": "*"],
                             unsafe: ["authorization"]),
                       "Request header field Authorization is not allowed by Access-Control-Allow-Headers.", "* never covers Authorization")
    }

    func testExposedHeaders() {
        let headers = HTTPHeaders([.init("Content-Type", "a"), .init("X-Secret", "s"), .init("Set-Cookie", "c=1"), .init("Cache-Control", "no")])
        XCTAssertEqual(CORSPolicy.exposedHeaders(headers, credentials: false).fields.map(\.name), ["Content-Type", "Cache-Control"])
        var exposing = headers
        exposing.fields.append(.init("Access-Control-Expose-Headers", "x-secret"))
        XCTAssertEqual(CORSPolicy.exposedHeaders(exposing, credentials: false).fields.map(\.name), ["Content-Type", "X-Secret", "Cache-Control"])
        var all = headers
        all.fields.append(.init("Access-Control-Expose-Headers", "*"))
        XCTAssertEqual(CORSPolicy.exposedHeaders(all, credentials: false).fields.map(\.name),
                       ["Content-Type", "X-Secret", "Cache-Control", "Access-Control-Expose-Headers"])
        XCTAssertEqual(CORSPolicy.exposedHeaders(all, credentials: true).fields.map(\.name), ["Content-Type", "Cache-Control"])
    }
}
