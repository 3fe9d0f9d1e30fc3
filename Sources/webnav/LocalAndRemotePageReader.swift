import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit

/// Reads `file:` pages from disk, and http(s) pages through AppShell's loader (libcurl, opened
/// on the first http load). An HTTP error status is a page like any other: its body shows.
///
/// The profile's headers, cookies and ATS are not wired here yet: every http(s) load is allowed,
/// with the default WKWebView user agent.
struct LocalAndRemotePageReader: PageReader {
    private let files: FilePageReader

    /// A reader of pages of at most `sizeLimit` bytes (the profile's `pageSizeLimitMB`).
    init(sizeLimit: Int = PageLoader.sizeLimit) {
        files = FilePageReader(sizeLimit: sizeLimit)
    }

    /// A load that produced no page: the `NSURLErrorDomain` code and WebKit's text.
    struct RemoteLoadError: LocalizedError, CustomStringConvertible {
        var failure: LoadFailure
        var errorDescription: String? { failure.description }
        var description: String { failure.description }
    }

    private static let loader = ResourceLoader(
        configuration: LoaderConfiguration(
            identity: WebViewIdentity(profileUserAgent: nil, applicationNameForUserAgent: nil, platformVersion: "17.0"),
            sizeLimit: AppProfile.maximumPageSizeLimitMB << 20, readAccessFolder: nil,
            ats: ATSPolicy(settings: ATSSettings(allowsArbitraryLoads: true))),
        cookies: CookieStore())

    func canonicalPath(_ url: URL) -> String? {
        files.canonicalPath(url)
    }

    func read(_ url: URL) throws -> Data {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return try files.read(url)
        }
        switch Self.loader.load(LoadRequest(url: url.absoluteString)) {
        case .response(let response):
            guard response.body.count <= files.sizeLimit else {
                throw PageReadError.tooLarge(path: url.absoluteString, size: response.body.count, limit: files.sizeLimit)
            }
            return Data(response.body)
        case .failure(let failure):
            throw RemoteLoadError(failure: failure)
        case .handOff(let target, _):
            throw RemoteLoadError(failure: LoadFailure(url: target, code: .unsupportedURL, detail: "a redirect out of the web view"))
        }
    }
}
