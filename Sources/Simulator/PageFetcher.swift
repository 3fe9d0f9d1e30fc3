import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import ScriptRuntime
import URLKit

/// A page as the host fetched it: what the web view shows, and what happened on the way.
struct FetchedPage {
    var content: PageContent
    /// Redirects, the load over the network, a failure or an ATS block.
    var events: [AppEvent]
    /// A redirect left the web view (to a deeplink or another app's scheme): the host routes
    /// this URL as a tapped link instead of showing a page.
    var handOff: String?
    /// How long the page takes to arrive on the app's clock (a route's `delay`).
    var delay: Duration = .zero
}

/// Fetches pages for one app run: local files through the shared page store, and http(s)
/// through the app shell's loader with the app's identity, headers, timeout, ATS and each
/// screen's cookie store.
///
/// Lives on the host's thread. `file:` pages are read only inside the folders the app gave
/// read access to (WKWebView's `loadFileURL(_:allowingReadAccessTo:)`): the pages folder,
/// and the folder of any file URL opened from outside the app (`open`, a flow's page).
final class PageFetcher {
    private let store: PageStore
    private var loader: ResourceLoader
    /// The web view's user agent (`navigator.userAgent` says the same as the requests).
    var userAgent: String { loader.configuration.identity.userAgent }
    private let profile: AppProfile
    private let pagesBase: String
    /// Every screen's cookies and storage.
    let dataStores: WebsiteDataStores
    /// How the web views parse pages: with scripting as the profile says, the engine taking
    /// over where scripts (or, when the app has user scripts, `<html>` itself) begin.
    var parseMode: ParseMode {
        ParseMode(scriptingEnabled: profile.javaScriptEnabled, runsUserScripts: !profile.userScripts.isEmpty)
    }
    /// The folders `file:` pages and their resources are read from.
    private var access = FileReadAccess()
    /// Every http(s) request made so far (the recent ones).
    private(set) var requests = RequestLog()

    /// The routes in force and whether the device is offline; every load sees them.
    var network: NetworkConditions {
        get { loader.configuration.network }
        set { loader.configuration.network = newValue }
    }

    init(profile: AppProfile, pagesBase: String, store: PageStore, dataStores: WebsiteDataStores) {
        self.store = store
        self.profile = profile
        self.pagesBase = pagesBase
        self.dataStores = dataStores
        if let folder = URL(string: pagesBase) { store.grant(folder: folder, to: &access) }
        let identity = WebViewIdentity(
            profileUserAgent: profile.userAgent, applicationNameForUserAgent: profile.applicationNameForUserAgent,
            platformVersion: profile.platformVersion.description,
            headers: HTTPHeaders(profile.headers.map { HTTPHeaders.Field($0.name, $0.value) }))
        let ats = ATSPolicy(dictionary: profile.ats.flatMap { PropertyValue(json: $0.dictionary) }, platformVersion: profile.platformVersion)
        loader = ResourceLoader(
            configuration: LoaderConfiguration(identity: identity, timeoutSeconds: profile.timeoutSeconds,
                                               sizeLimit: profile.pageSizeLimit, readAccessFolder: nil, ats: ats),
            cookies: nil)
        loader.configuration.network.routes = profile.networkRoutes.map(\.route)
        loader.configuration.trustedCertificates = profile.trustedCertificates?.path
    }

    /// The cookie store a screen's web view uses.
    func cookies(for screen: ScreenID) -> CookieStore {
        dataStores.data(for: screen).cookies
    }

    /// A new screen: with `perScreen` data stores it gets a fresh, non-persistent one.
    func screenAppeared(_ screen: ScreenID, isRoot: Bool) {
        dataStores.screenAppeared(screen, isRoot: isRoot)
    }

    func screensLeft(_ screens: [ScreenID]) {
        dataStores.screensLeft(screens)
    }

    /// A URL opened from outside the app: a file there is loaded with read access to its folder.
    func grantReadAccess(toFolderOf url: String) {
        guard let parsed = URL(string: WebURL(url).withoutFragment), parsed.isFileURL else { return }
        store.grant(folder: parsed.deletingLastPathComponent(), to: &access)
    }

    /// Fetches a page for a screen; `reload` fetches again what could have been shared. A
    /// posted form's body goes with an http(s) request (never shared); a `file:` or `data:`
    /// URL is read as for a GET, as WebKit's loaders for them ignore the method and body.
    func fetch(_ requested: String, for screen: ScreenID, reload: Bool, post: FormBody? = nil, from initiator: String? = nil) -> FetchedPage {
        let url = WebURL(requested).withoutFragment
        var fetched = fetchPage(url, for: screen, reload: reload, post: post, from: initiator)
        if post != nil, fetched.content.method != "POST", WebURL(url).normalizedScheme.map({ $0 != "http" && $0 != "https" }) ?? true {
            fetched.content.method = "POST"
        }
        return fetched
    }

    private func fetchPage(_ url: String, for screen: ScreenID, reload: Bool, post: FormBody?, from initiator: String?) -> FetchedPage {
        switch WebURL(url).normalizedScheme {
        case "http"?, "https"?:
            return fetchRemote(url, for: screen, reload: reload, post: post, from: initiator)
        default:
            switch store.page(at: url, access: access, mode: parseMode) {
            case .success(let content):
                if content.isErrorPage, WebURL(url).normalizedScheme == "file" {
                    // A local page that cannot be read fails where it is loaded, in the log too.
                    let reason = content.errorReason ?? "cannot be read"
                    return FetchedPage(content: content, events: [AppEvent(.loadFailed, "load failed: \(display(url)) (\(reason))")])
                }
                return FetchedPage(content: content, events: [])
            case .failure(let refusal):
                let failure = LoadFailure(url: url, code: .noPermissionsToReadFile, detail: refusal.message)
                return FetchedPage(content: errorPage(for: failure),
                                   events: [AppEvent(.loadFailed, "load refused: \(display(url)) (outside the pages folder)")])
            }
        }
    }

    private func fetchRemote(_ url: String, for screen: ScreenID, reload: Bool, post: FormBody?, from initiator: String?) -> FetchedPage {
        // A routed (or offline) answer belongs to this app alone: never shared with the run's other apps.
        let answeredHere = network.isOffline || network.route(for: url) != nil
        guard store.loadsRemotePages || answeredHere else {
            let failure = LoadFailure(url: url, code: .cannotConnectToHost, detail: "not loaded: this run does not reach the network")
            return FetchedPage(content: errorPage(for: failure), events: [event(.failed(url: url, failure: failure))])
        }
        var loader = self.loader
        let cookies = cookies(for: screen)
        loader.cookies = cookies
        var request = LoadRequest(url: url)
        if let post {
            request = LoadRequest(url: url, method: "POST", headers: ["Content-Type": post.contentType, "Origin": Self.origin(of: initiator)],
                                  body: post.bytes, purpose: .navigation(initiator: initiator))
        }
        var result: LoadResult?
        var sheetRequests: [RequestRecord] = []
        func load() -> (PageContent, reusable: Bool) {
            let loaded = loader.load(request)
            result = loaded
            switch loaded {
            case .response(let response):
                // The page's style sheets come through the same loader: its cookies, headers and ATS.
                let content = PageContent.parsing(Data(response.body), url: response.finalURL, mode: parseMode,
                                                response: PageResponse(status: response.status ?? 200,
                                                                       contentSecurityPolicy: response.headers.values("Content-Security-Policy"))) { sheet in
                    guard !MixedContent.isMixed(page: response.finalURL, resource: sheet.absoluteString) else { return nil }
                    let sheetRequest = LoadRequest(url: sheet.absoluteString, purpose: .subresource(document: response.finalURL))
                    let sheetResult = loader.load(sheetRequest)
                    if WebURL(sheetRequest.url).normalizedScheme?.hasPrefix("http") ?? false {
                        sheetRequests.append(RequestRecord(kind: .styleSheet, request: sheetRequest, result: sheetResult))
                    }
                    guard case .response(let css) = sheetResult,
                          (css.status ?? 200) < 400, css.body.count <= PageLoader.styleSheetSizeLimit else { return nil }
                    return Data(css.body)
                }
                let shareable = response.mayBeReused && response.requestHeaders["Cookie"] == nil
                    && response.headers.values("Set-Cookie").isEmpty && response.hops.isEmpty
                return (content, shareable)
            case .failure(let failure):
                return (errorPage(for: failure), false)
            case .handOff:
                return (.blank(url: url), false)
            }
        }
        // A page is shared with the run's other apps only when cookies have no part in it: a
        // request that would carry cookies is always loaded for this app, and a response that
        // sets cookies (or came through redirects, which may) is never shared, or the other
        // apps' jars would miss its Set-Cookie fields. A form's POST is never shared, nor
        // answered with a page another load shared.
        var content: PageContent
        if post == nil, !answeredHere {
            let carriesCookies = !cookies.cookies(for: url).isEmpty
            content = store.sharedPage(for: url, reload: reload || carriesCookies, load: load)
        } else if post == nil {
            content = load().0
        } else {
            content = load().0
            content.method = result?.response?.method ?? "POST"
        }
        // A scripted page's images and frames are checked by its script page as the parser reaches them.
        let warnings = content.pausedParse == nil ? Self.mixedContentWarnings(in: content) : []
        guard let result else { return FetchedPage(content: content, events: warnings) }
        requests.append(RequestRecord(kind: .page, request: request, result: result))
        for sheet in sheetRequests { requests.append(sheet) }
        let events = LoadEvent.events(for: result, request: request).map(event) + warnings
        if case .handOff(let target, _) = result {
            return FetchedPage(content: content, events: events, handOff: target)
        }
        return FetchedPage(content: content, events: events, delay: result.response?.delay ?? .zero)
    }

    /// The `Origin` WebKit sends with a form's POST: the origin of the page that submitted it
    /// (`null` for a `file:` page or none, an opaque origin to a server).
    static func origin(of page: String?) -> String {
        let page = page ?? ""
        switch WebURL(page).normalizedScheme {
        case "http"?, "https"?: return WebURL(page).origin
        default: return "null"
        }
    }

    /// A resource a page's script asks for (`<script src>`, a style sheet, `fetch`,
    /// `XMLHttpRequest`), through the web's rules (`subresource`, PageFetcher+Subresources).
    func scriptResource(_ request: ScriptResourceRequest, for screen: ScreenID, pageURL: String)
        -> Result<ScriptResourceResponse, ScriptResourceError> {
        subresource(request, for: screen, pageURL: pageURL)
    }

    /// The profile's `allowFileAccessFromFileURLs`.
    var allowsFileAccessFromFileURLs: Bool { profile.allowFileAccessFromFileURLs }
    /// Whether an http(s) resource is answered in this run: fetched from the network, or by a
    /// route or the offline switch (which answer without it).
    func answersRemote(_ url: String) -> Bool {
        store.loadsRemotePages || network.isOffline || network.route(for: url) != nil
    }
    /// The loader with the app's identity, headers, timeout, ATS and routes (no cookies set).
    var scriptLoader: ResourceLoader { loader }

    /// Keeps a script's request for `expect request` and the trace.
    func recordScriptRequest(_ request: ScriptResourceRequest, load: LoadRequest, result: LoadResult) {
        requests.append(RequestRecord(kind: Self.recordKind(request.kind), request: load, result: result))
    }

    /// A `file:` resource inside the folders with read access, read at its canonical path.
    func localFile(_ url: String) -> Result<ScriptResourceResponse, ScriptResourceError> {
        let file: PermittedFile
        switch URL(string: url).map({ store.permit($0, access: access) }) {
        case .success(let permitted)?:
            file = permitted
        case .failure(.notFound(_, let path))?:
            return .failure(ScriptResourceError(PageReadError.notFound(path: path).message))
        default:
            return .failure(ScriptResourceError("not allowed to read \(display(url)): outside the folder the app gave read access to"))
        }
        do {
            return .success(ScriptResourceResponse(url: url, body: try store.read(file)))
        } catch let error as PageReadError {
            return .failure(ScriptResourceError(error.message))
        } catch {
            return .failure(ScriptResourceError("cannot read \(display(url))"))
        }
    }

    private static func recordKind(_ kind: ScriptResourceRequest.Kind) -> RequestRecord.Kind {
        switch kind {
        case .script: return .script
        case .styleSheet: return .styleSheet
        case .fetch: return .fetch
        case .xhr: return .xhr
        case .image: return .image
        case .frame, .frameDocument: return .frame
        }
    }

    /// The profile's liveness check, as the app's own code makes it (seed 000: a URLSession
    /// request before the web view exists): through the loader with the profile's headers,
    /// timeout and ATS (where `NSAllowsArbitraryLoadsInWebContent` does not count), without the
    /// web views' cookies. Redirects are followed, as URLSession follows them.
    func checkAlive(_ check: AppProfile.Launch) -> (LaunchCheckOutcome, [AppEvent], delay: Duration) {
        var loader = self.loader
        loader.cookies = nil
        loader.configuration.ats.isWebContent = false
        let request = LoadRequest(url: check.checkAlive.string, method: check.method)
        let result = loader.load(request)
        requests.append(RequestRecord(kind: .launchCheck, request: request, result: result))
        let events = LoadEvent.events(for: result, request: request).map(event)
        switch result {
        case .response(let response):
            return (.status(response.status ?? 0), events, response.delay)
        case .failure(let failure):
            return (.failed(failure.description), events, .zero)
        case .handOff(let url, _):
            return (.failed("redirected out of http to \(url)"), events, .zero)
        }
    }

    private func event(_ load: LoadEvent) -> AppEvent {
        let text = load.text(display: display)
        switch load {
        case .loaded: return AppEvent(.load, text)
        case .redirected, .handedOff: return AppEvent(.redirect, text)
        case .blockedByATS: return AppEvent(.blocked, text)
        case .failed: return AppEvent(.loadFailed, text)
        }
    }

    /// WebKit's page for a failed load.
    private func errorPage(for failure: LoadFailure) -> PageContent {
        PageContent.errorPage(html: LoadErrorPage.html(for: failure), url: failure.url)
    }

    private func display(_ url: String) -> String {
        url.hasPrefix(pagesBase) && url.count > pagesBase.count ? String(url.dropFirst(pagesBase.count)) : url
    }
}

extension PropertyValue {
    /// A JSON value from the profile as a property-list value (JSON `null` has none).
    public init?(json value: JSONValue) {
        switch value {
        case .null: return nil
        case .bool(let bool): self = .bool(bool)
        case .number(let number):
            self = WholeNumber.exactly(number, in: -999_999_999_999_999...999_999_999_999_999).map(PropertyValue.integer) ?? .real(number)
        case .string(let string): self = .string(string)
        case .array(let elements): self = .array(elements.compactMap { PropertyValue(json: $0.value) })
        case .object(let members):
            var dictionary: [String: PropertyValue] = [:]
            for member in members {
                if let converted = PropertyValue(json: member.value.value) { dictionary[member.key.value] = converted }
            }
            self = .dictionary(dictionary)
        }
    }
}

extension AppProfile.NetworkRouteSetting {
    /// The route as the loader applies it (a file not read yet answers with an empty body).
    public var route: NetworkRoute {
        switch answer {
        case .abort:
            return NetworkRoute(pattern: RoutePattern(url), answer: .abort)
        case .file(let file, let status, let headers, let delay):
            var fields = HTTPHeaders(headers.map { HTTPHeaders.Field($0.name, $0.value) })
            if fields["Content-Type"] == nil { fields.set("Content-Type", NetworkRoute.contentType(forFile: file.path)) }
            return NetworkRoute(pattern: RoutePattern(url),
                                answer: .response(body: body ?? [], status: status, headers: fields, delay: .milliseconds(delay)),
                                source: LocalPath.lastComponent(file.path))
        }
    }
}
