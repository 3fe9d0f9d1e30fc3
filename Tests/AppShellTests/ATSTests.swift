import AppShell
import NavigatorCore
import XCTest

final class ATSTests: XCTestCase {
    /// Seed 000's dictionary: an exception keyed with a port, which never matches.
    static let seed000: PropertyValue = .dictionary([
        "NSExceptionDomains": .dictionary([
            "192.168.1.87:8080": .dictionary(["NSExceptionAllowsInsecureHTTPLoads": .bool(true)]),
        ]),
    ])

    func verdicts(_ dictionary: PropertyValue?, _ version: String, _ urls: [String]) -> [String] {
        let policy = ATSPolicy(dictionary: dictionary, platformVersion: AppProfile.PlatformVersion(version)!)
        return urls.map { url in
            let verdict = policy.evaluate(url)
            return "\(verdict.isAllowed ? "allowed" : "blocked") \(url): \(verdict.reason)\(verdict.requiresTLS12 ? " [TLS 1.2]" : "")"
        }
    }

    func testDefaultsByVersion() {
        let urls = ["http://example.com/", "https://example.com/", "http://printer.local/", "http://intranet/",
                    "http://192.168.1.87:8080/", "http://[::1]/", "file:///index.html"]
        XCTAssertEqual(verdicts(nil, "17.0", urls), [
            "blocked http://example.com/: plain http needs an exception in NSAppTransportSecurity",
            "allowed https://example.com/: https [TLS 1.2]",
            "allowed http://printer.local/: iOS 10 and later allow .local host names by default",
            "allowed http://intranet/: iOS 10 and later allow unqualified host names by default",
            "blocked http://192.168.1.87:8080/: iOS 17.0 no longer allows IP addresses by default: add NSAllowsLocalNetworking or an exception for the address",
            "blocked http://[::1]/: iOS 17.0 no longer allows IP addresses by default: add NSAllowsLocalNetworking or an exception for the address",
            "allowed file:///index.html: not http",
        ])
        XCTAssertEqual(verdicts(nil, "16.4", urls).map { $0.prefix(7) }, ["blocked", "allowed", "allowed", "allowed", "allowed", "allowed", "allowed"])
        XCTAssertEqual(verdicts(nil, "9.3", urls), [
            "blocked http://example.com/: plain http needs an exception in NSAppTransportSecurity",
            "allowed https://example.com/: https [TLS 1.2]",
            "blocked http://printer.local/: iOS 9.3 does not allow .local host names without an exception",
            "blocked http://intranet/: iOS 9.3 does not allow unqualified host names without an exception",
            "blocked http://192.168.1.87:8080/: iOS 9.3 does not allow IP addresses without an exception",
            "blocked http://[::1]/: iOS 9.3 does not allow IP addresses without an exception",
            "allowed file:///index.html: not http",
        ])
        XCTAssertEqual(verdicts(nil, "8.4", ["http://example.com/"]), ["allowed http://example.com/: no ATS before iOS 9"])
    }

    func testSeed000sPortKeyNeverMatches() {
        XCTAssertEqual(verdicts(Self.seed000, "17.0", ["http://192.168.1.87:8080/index.html"]), [
            "blocked http://192.168.1.87:8080/index.html: iOS 17.0 no longer allows IP addresses by default: add NSAllowsLocalNetworking or an exception for the address; NSExceptionDomains key \"192.168.1.87:8080\" never matches (it has a port)",
        ])
        let fixed: PropertyValue = .dictionary(["NSExceptionDomains": .dictionary([
            "192.168.1.87": .dictionary(["NSExceptionAllowsInsecureHTTPLoads": .bool(true)]),
            "10.0.0.0/8": .dictionary(["NSTemporaryExceptionAllowsInsecureHTTPLoads": .bool(true)]),
        ])])
        XCTAssertEqual(verdicts(fixed, "17.0", ["http://192.168.1.87:8080/", "http://10.1.2.3/", "http://11.0.0.1/"]), [
            "allowed http://192.168.1.87:8080/: NSExceptionDomains \"192.168.1.87\" allows insecure HTTP loads",
            "allowed http://10.1.2.3/: NSExceptionDomains \"10.0.0.0/8\" allows insecure HTTP loads",
            "blocked http://11.0.0.1/: iOS 17.0 no longer allows IP addresses by default: add NSAllowsLocalNetworking or an exception for the address",
        ])
        XCTAssertEqual(verdicts(fixed, "16.0", ["http://11.0.0.1/"]), ["allowed http://11.0.0.1/: iOS 10 to 16 allow IP addresses by default"])
    }

    func testArbitraryLoadsWebContentAndLocalNetworking() {
        let arbitrary: PropertyValue = .dictionary(["NSAllowsArbitraryLoads": .bool(true), "NSExceptionDomains": .dictionary([
            "secure.example.com": .dictionary(["NSIncludesSubdomains": .bool(true)]),
        ])])
        XCTAssertEqual(verdicts(arbitrary, "17.0", ["http://example.com/", "http://api.secure.example.com/", "https://example.com/"]), [
            "allowed http://example.com/: NSAllowsArbitraryLoads",
            "blocked http://api.secure.example.com/: NSExceptionDomains \"secure.example.com\" does not allow insecure HTTP loads",
            "allowed https://example.com/: NSAllowsArbitraryLoads",
        ])
        let ignored: PropertyValue = .dictionary(["NSAllowsArbitraryLoads": .bool(true), "NSAllowsLocalNetworking": .bool(true)])
        XCTAssertEqual(verdicts(ignored, "17.0", ["http://example.com/", "http://192.168.0.2/"]), [
            "blocked http://example.com/: plain http needs an exception in NSAppTransportSecurity; NSAllowsArbitraryLoads is ignored because NSAllowsLocalNetworking is present",
            "allowed http://192.168.0.2/: NSAllowsLocalNetworking",
        ])
        XCTAssertEqual(verdicts(ignored, "9.0", ["http://example.com/"]), ["allowed http://example.com/: NSAllowsArbitraryLoads"])
        let webContent: PropertyValue = .dictionary(["NSAllowsArbitraryLoads": .bool(false), "NSAllowsArbitraryLoadsInWebContent": .bool(true)])
        XCTAssertEqual(verdicts(webContent, "17.0", ["http://example.com/", "http://10.0.0.1/"]), [
            "allowed http://example.com/: NSAllowsArbitraryLoadsInWebContent",
            "allowed http://10.0.0.1/: NSAllowsArbitraryLoadsInWebContent",
        ])
        XCTAssertEqual(verdicts(webContent, "9.3", ["http://example.com/"]), ["blocked http://example.com/: plain http needs an exception in NSAppTransportSecurity"])
    }

    func testExceptionDomainMatching() {
        let dictionary: PropertyValue = .dictionary(["NSExceptionDomains": .dictionary([
            "example.com": .dictionary(["NSIncludesSubdomains": .bool(true), "NSExceptionAllowsInsecureHTTPLoads": .bool(true)]),
            "api.example.com": .dictionary(["NSExceptionMinimumTLSVersion": .string("TLSv1.0")]),
            "Upper.com": .dictionary(["NSExceptionAllowsInsecureHTTPLoads": .bool(true)]),
            "dot.com.": .dictionary(["NSExceptionAllowsInsecureHTTPLoads": .bool(true)]),
            "exact.org": .dictionary(["NSExceptionAllowsInsecureHTTPLoads": .bool(true)]),
        ])])
        XCTAssertEqual(verdicts(dictionary, "17.0", [
            "http://www.example.com/", "http://api.example.com/", "https://api.example.com/", "http://upper.com/",
            "http://dot.com/", "http://dot.com./", "http://exact.org/", "http://www.exact.org/",
        ]), [
            "allowed http://www.example.com/: NSExceptionDomains \"example.com\" allows insecure HTTP loads",
            "blocked http://api.example.com/: NSExceptionDomains \"api.example.com\" does not allow insecure HTTP loads",
            "allowed https://api.example.com/: https",
            "blocked http://upper.com/: plain http needs an exception in NSAppTransportSecurity; NSExceptionDomains key \"Upper.com\" never matches (it is not lower case)",
            "blocked http://dot.com/: plain http needs an exception in NSAppTransportSecurity",
            "allowed http://dot.com./: NSExceptionDomains \"dot.com.\" allows insecure HTTP loads",
            "allowed http://exact.org/: NSExceptionDomains \"exact.org\" allows insecure HTTP loads",
            "blocked http://www.exact.org/: plain http needs an exception in NSAppTransportSecurity",
        ])
    }

    func testTheLinterNamesEveryMistake() {
        let dictionary: PropertyValue = .dictionary([
            "NSAllowsArbitraryLoads": .bool(true),
            "NSAllowsArbitraryLoadsInWebContent": .string("YES"),
            "NSAlowsLocalNetworking": .bool(true),
            "NSExceptionDomains": .dictionary([
                "192.168.1.87:8080": .dictionary(["NSExceptionAllowsInsecureHTTPLoads": .bool(true)]),
                "Example.com": .dictionary(["NSIncludesSubdomains": .bool(true)]),
                "*.example.org": .dictionary([:]),
                "http://example.net": .dictionary([:]),
                "example.io/api": .dictionary([:]),
                "10.0.0.1": .dictionary([:]),
                "trailing.com.": .dictionary([:]),
                "ok.com": .dictionary(["NSIncludeSubdomains": .bool(true), "NSExceptionMinimumTLSVersion": .string("1.2"),
                                       "NSExceptionAllowsInsecureHTTPLoads": .integer(1)]),
                "list.com": .array([]),
            ]),
        ])
        XCTAssertEqual(ATSLinter.check(dictionary, platformVersion: AppProfile.PlatformVersion(major: 16)).map(\.description), [
            "ats-wrong-type: NSAppTransportSecurity.NSAllowsArbitraryLoadsInWebContent: must be a Boolean, found a string; ignored",
            "ats-unknown-key: NSAppTransportSecurity.NSAlowsLocalNetworking: unknown key, ATS ignores it (did you mean \"NSAllowsLocalNetworking\"?)",
            "ats-domain-wildcard: NSAppTransportSecurity.NSExceptionDomains.*.example.org: this exception never matches: wildcards are not supported: use the domain with NSIncludesSubdomains; write \"example.org\"",
            "ats-domain-ip: NSAppTransportSecurity.NSExceptionDomains.10.0.0.1: this exception never matches: iOS 16.0 does not accept IP addresses as exception domains (iOS 17 does)",
            "ats-domain-port: NSAppTransportSecurity.NSExceptionDomains.192.168.1.87:8080: this exception never matches: it has a port; write \"192.168.1.87\"",
            "ats-domain-uppercase: NSAppTransportSecurity.NSExceptionDomains.Example.com: this exception never matches: it is not lower case; write \"example.com\"",
            "ats-domain-path: NSAppTransportSecurity.NSExceptionDomains.example.io/api: this exception never matches: it has a path; write \"example.io\"",
            "ats-domain-scheme: NSAppTransportSecurity.NSExceptionDomains.http://example.net: this exception never matches: it has a scheme; write \"example.net\"",
            "ats-wrong-type: NSAppTransportSecurity.NSExceptionDomains.list.com: must be a dictionary, found an array; ignored",
            "ats-wrong-type: NSAppTransportSecurity.NSExceptionDomains.ok.com.NSExceptionAllowsInsecureHTTPLoads: must be a Boolean, found an integer; ignored",
            "ats-tls-version: NSAppTransportSecurity.NSExceptionDomains.ok.com.NSExceptionMinimumTLSVersion: \"1.2\" is not one of TLSv1.0, TLSv1.1, TLSv1.2, TLSv1.3",
            "ats-unknown-key: NSAppTransportSecurity.NSExceptionDomains.ok.com.NSIncludeSubdomains: unknown key, ATS ignores it (did you mean \"NSIncludesSubdomains\"?)",
            "ats-domain-trailing-dot: NSAppTransportSecurity.NSExceptionDomains.trailing.com.: matches only host names written with a trailing dot; write \"trailing.com\"",
        ])
        XCTAssertEqual(ATSLinter.check(Self.seed000).map(\.code), ["ats-domain-port"])
        XCTAssertEqual(ATSLinter.check(.dictionary(["NSAllowsArbitraryLoads": .bool(true), "NSAllowsLocalNetworking": .bool(false)])).map(\.description), [
            "ats-arbitrary-loads-ignored: NSAppTransportSecurity.NSAllowsArbitraryLoads: ignored on iOS 10 and later because NSAllowsLocalNetworking is present (it only serves iOS 9)",
        ])
        XCTAssertEqual(ATSLinter.check(.string("x")).map(\.code), ["ats-wrong-type"])
        XCTAssertEqual(ATSLinter.check(nil), [])
    }

    func testArbitraryLoadsInWebContentFreesWebViewsOnly() {
        var policy = ATSPolicy(dictionary: .dictionary(["NSAllowsArbitraryLoadsInWebContent": .bool(true), "NSAllowsArbitraryLoads": .bool(true)]))
        XCTAssertEqual(policy.evaluate("http://example.com/"), ATSVerdict(isAllowed: true, reason: "NSAllowsArbitraryLoadsInWebContent"))
        policy.isWebContent = false
        XCTAssertEqual(policy.evaluate("http://example.com/"), ATSVerdict(
            isAllowed: false,
            reason: "plain http needs an exception in NSAppTransportSecurity; NSAllowsArbitraryLoads is ignored because NSAllowsArbitraryLoadsInWebContent is present"))
    }
}
