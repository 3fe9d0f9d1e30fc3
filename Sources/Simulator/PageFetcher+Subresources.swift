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

/// The web's rules for what a page's scripts load (`<script src>`, `fetch`, `XMLHttpRequest`),
/// as WKWebView applies them: `file:` access, the same-origin policy and CORS (with preflights,
/// credentials modes and exposed headers), each refusal with WebKit's console messages (checked
/// against WebKitGTK: DECISIONS.md, "The web's security rules").
extension PageFetcher {
    /// What an https page's markup asks for over plain http, as WebKit's console reports it:
    /// images upgraded (or, from the local host, loaded as they are), frames blocked.
    static func mixedContentWarnings(in content: PageContent) -> [AppEvent] {
        guard WebURL(content.url).normalizedScheme == "https" else { return [] }
        var events: [AppEvent] = []
        for source in content.resourceURLs(element: "img", attribute: "src") where MixedContent.isMixed(page: content.url, resource: source) {
            events.append(AppEvent(.console, "console.warn: " + MixedContent.image(page: content.url, resource: source).warning))
        }
        for source in content.resourceURLs(element: "iframe", attribute: "src") where MixedContent.isMixed(page: content.url, resource: source) {
            events.append(AppEvent(.console, "console.warn: " + MixedContent.blocked(page: content.url, resource: source)))
        }
        return events
    }

    /// An image or frame a scripted page's markup names, as the parser reaches it: nothing is
    /// loaded; on an https page an http one gets WebKit's mixed content line.
    static func markupResource(_ request: ScriptResourceRequest, url: String, pageURL: String)
        -> Result<ScriptResourceResponse, ScriptResourceError> {
        guard MixedContent.isMixed(page: pageURL, resource: url) else {
            return .failure(ScriptResourceError("not loaded: webnav loads no images or frames"))
        }
        let line = request.kind == .image ? MixedContent.image(page: pageURL, resource: url).warning : MixedContent.blocked(page: pageURL, resource: url)
        return .failure(ScriptResourceError("insecure content on an https page", lines: [ConsoleLine(.warn, line)]))
    }

    /// The origin a page's requests carry: `scheme://host[:port]` for http(s); a `file:` page's
    /// is opaque (`null`) unless the app allows file access from file URLs (then WebKit sends
    /// `file://`); any other page's is opaque.
    func requestOrigin(ofPage pageURL: String) -> String {
        switch WebURL(pageURL).normalizedScheme {
        case "http"?, "https"?: return WebURL(pageURL).origin
        case "file"?: return allowsFileAccessFromFileURLs ? "file://" : "null"
        default: return "null"
        }
    }

    /// What a `file:` page needs to fetch another file, in the app and in webnav's profile.
    static let fileAccessRemedy = "a file: page may fetch or XHR other files only when the app turns on WKPreferences' "
        + "allowFileAccessFromFileURLs (setValue(true, forKey: \"allowFileAccessFromFileURLs\")); "
        + "in webnav, \"allowFileAccessFromFileURLs\": true in the profile"

    /// The API a refusal names in the console: `Fetch API cannot load …`.
    private static func api(_ kind: ScriptResourceRequest.Kind) -> String {
        switch kind {
        case .fetch: return "Fetch API"
        case .xhr: return "XMLHttpRequest"
        case .script, .styleSheet, .image, .frame, .frameDocument: return "Resource"
        }
    }

    /// A refusal of the access checks: the reason WebKit logs, then `… cannot load URL due to
    /// access control checks.`; the script sees a network error (`TypeError: Load failed`).
    private static func accessControlFailure(_ reason: String, _ request: ScriptResourceRequest, url: String) -> ScriptResourceError {
        ScriptResourceError(reason, console: [reason, "\(api(request.kind)) cannot load \(url) due to access control checks."])
    }

    /// A resource a page's script asks for, through the rules above: `file:` only from a `file:`
    /// page, inside the folders with read access, and for `fetch`/XHR only with the profile's
    /// `allowFileAccessFromFileURLs`; http(s) through the loader with the screen's cookies when
    /// the credentials mode sends them, checked by CORS when it goes to another origin.
    func subresource(_ request: ScriptResourceRequest, for screen: ScreenID, pageURL: String)
        -> Result<ScriptResourceResponse, ScriptResourceError> {
        let url = WebURL(request.url).withoutFragment
        if request.kind == .image || request.kind == .frame { return Self.markupResource(request, url: url, pageURL: pageURL) }
        let pageScheme = WebURL(pageURL).normalizedScheme
        switch WebURL(url).normalizedScheme {
        case "file"?:
            guard pageScheme == "file" else {
                let message = "Not allowed to load local resource: \(url)"
                return .failure(ScriptResourceError(message, console: [message]))
            }
            if request.kind == .fetch || request.kind == .xhr, !allowsFileAccessFromFileURLs {
                var failure = Self.accessControlFailure("Cross origin requests are only supported for HTTP.", request, url: url)
                failure.url = url
                failure.remedy = Self.fileAccessRemedy
                return .failure(failure)
            }
            return localFile(url)
        case "http"?, "https"?, "data"?:
            if MixedContent.isMixed(page: pageURL, resource: url) {
                var lines = [ConsoleLine(.warn, MixedContent.blocked(page: pageURL, resource: url))]
                if request.kind == .fetch || request.kind == .xhr {
                    lines += [ConsoleLine(.error, "Not allowed to request resource"),
                              ConsoleLine(.error, "\(Self.api(request.kind)) cannot load \(url) due to access control checks.")]
                }
                return .failure(ScriptResourceError("blocked: insecure content on an https page", lines: lines))
            }
            if WebURL(url).normalizedScheme != "data", !answersRemote(url) {
                return .failure(ScriptResourceError("not loaded: this run does not reach the network"))
            }
            return remote(request, url: url, for: screen, pageURL: pageURL)
        default:
            return .failure(ScriptResourceError("unsupported URL: \(url)"))
        }
    }

    private func remote(_ request: ScriptResourceRequest, url: String, for screen: ScreenID, pageURL: String)
        -> Result<ScriptResourceResponse, ScriptResourceError> {
        let origin = requestOrigin(ofPage: pageURL)
        let targetOrigin = WebURL(url).normalizedScheme == "data" ? "null" : WebURL(url).origin
        let sameOrigin = origin != "null" && origin == targetOrigin
        let scripted = request.kind == .fetch || request.kind == .xhr
        if scripted, request.mode == .sameOrigin, !sameOrigin {
            let message = "\(Self.api(request.kind)) cannot load \(url)."
            return .failure(ScriptResourceError(message, console: [message]))
        }
        let checksCORS = scripted && request.mode == .cors && !sameOrigin && WebURL(url).normalizedScheme != "data"
        let credentials: Bool
        switch request.credentials {
        case .omit: credentials = false
        case .sameOrigin: credentials = sameOrigin
        case .include: credentials = true
        }
        var headers = HTTPHeaders(request.headers.filter { !CORSPolicy.isForbidden($0.name) }.map { HTTPHeaders.Field($0.name, $0.value) })
        if checksCORS || (scripted && request.method != "GET" && request.method != "HEAD") { headers.set("Origin", origin) }
        if checksCORS, CORSPolicy.needsPreflight(method: request.method, headers: request.headers) {
            let unsafe = CORSPolicy.unsafeHeaderNames(request.headers.filter { !CORSPolicy.isForbidden($0.name) })
            var preflight: HTTPHeaders = ["Origin": origin, "Access-Control-Request-Method": request.method]
            if !unsafe.isEmpty { preflight.set("Access-Control-Request-Headers", unsafe.joined(separator: ",")) }
            var loader = self.scriptLoader
            loader.cookies = nil
            let preflightLoad = LoadRequest(url: url, method: "OPTIONS", headers: preflight, purpose: .subresource(document: pageURL))
            let preflightResult = loader.load(preflightLoad)
            recordScriptRequest(request, load: preflightLoad, result: preflightResult)
            switch preflightResult {
            case .response(let answer):
                if let failure = CORSPolicy.checkPreflight(answer.headers, status: answer.status ?? 0, origin: origin, credentials: credentials,
                                                           method: request.method, unsafeHeaders: unsafe) {
                    return .failure(Self.accessControlFailure(failure, request, url: url))
                }
            case .failure(let failure):
                return .failure(ScriptResourceError(failure.description))
            case .handOff(let target, _):
                return .failure(ScriptResourceError("redirected out of http to \(target)"))
            }
        }
        var loader = self.scriptLoader
        loader.cookies = credentials ? cookies(for: screen) : nil
        let load = LoadRequest(url: url, method: request.method, headers: headers, body: request.body.map { Array($0) },
                               purpose: .subresource(document: pageURL))
        let result = loader.load(load)
        if WebURL(url).normalizedScheme != "data" { recordScriptRequest(request, load: load, result: result) }
        switch result {
        case .response(let response):
            let status = response.status ?? 200
            var answer = ScriptResourceResponse(status: status, statusText: status == 200 ? "OK" : "", url: response.finalURL,
                                                headers: response.headers.fields.map { ($0.name, $0.value) }, body: Data(response.body))
            answer.delayMilliseconds = Double(response.delay.components.seconds) * 1000
                + Double(response.delay.components.attoseconds) / 1e15
            if scripted, !sameOrigin || WebURL(response.finalURL).origin != origin {
                if request.mode == .noCORS {
                    let delay = answer.delayMilliseconds
                    answer = ScriptResourceResponse(status: 0, statusText: "", url: "", body: Data(), kind: .opaque)
                    answer.delayMilliseconds = delay
                } else if WebURL(url).normalizedScheme != "data" {
                    // A redirect from another origin to a third one makes the origin opaque (Fetch, "tainted origin").
                    let tainted = response.hops.contains { WebURL($0.from).origin != WebURL($0.to).origin && WebURL($0.from).origin != origin }
                    if let failure = CORSPolicy.checkResponse(response.headers, status: status, origin: tainted ? "null" : origin,
                                                              credentials: credentials) {
                        return .failure(Self.accessControlFailure(failure, request, url: url))
                    }
                    answer.headers = CORSPolicy.exposedHeaders(response.headers, credentials: credentials).fields.map { ($0.name, $0.value) }
                    answer.kind = .cors
                }
            }
            return .success(answer)
        case .failure(let failure):
            return .failure(ScriptResourceError(failure.description))
        case .handOff(let target, _):
            return .failure(ScriptResourceError("redirected out of http to \(target)"))
        }
    }
}
