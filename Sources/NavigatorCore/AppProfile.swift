#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import URLKit

/// The simulated app: everything `webnav.json` can say about it, with the specifications' defaults.
///
/// Paths the profile names (`scriptFile`, `file`, `infoPlist`) are relative to the profile's
/// folder as decoded; `resolvingFiles(in:fileExists:)` makes them absolute and checks they exist.
public struct AppProfile: Equatable, Sendable {
    // MARK: Navigation (semantics.md)

    /// App schemes whose URLs are deeplinks (compared case-insensitively).
    public var schemes: [String]
    /// Host → action; hosts are compared case-sensitively, as the app's `enum(rawValue:)` does.
    public var routes: [String: RouteAction]
    /// Schemes the system opens outside the app (`tel`, `mailto`, …).
    public var externalSchemes: [String]
    /// The first screen: its page and, when given, a title (which gives it a bar).
    public var root: RootPage
    /// The folder that scheme-less `url` values resolve against, relative to the profile's folder.
    public var pagesFolder: String

    // MARK: Page scripts (scripts.md)

    /// Whether pages run scripts (`false` also shows `<noscript>` content).
    public var javaScriptEnabled = true
    /// Whether the app implements WKUIDelegate's panels; without it `alert` returns at once, `confirm` is false, `prompt` null.
    public var uiDelegate = true
    /// How long one script task may run before it is stopped, in milliseconds.
    public var scriptTimeLimitMs = 2000
    /// WKWebView's `allowFileAccessFromFileURLs` preference (off unless the app turns it on):
    /// a `file:` page's `fetch` and `XMLHttpRequest` may read other files, and its origin is
    /// `file://` rather than opaque.
    public var allowFileAccessFromFileURLs = false
    /// A PEM file of certificates the app's authentication challenge handler trusts for server
    /// trust (`webView(_:didReceive:completionHandler:)` answering `.useCredential`), beside the
    /// system's: a development server's self-signed certificate.
    public var trustedCertificates: FileReference?

    // MARK: The bridge (bridge.md)

    /// Native handlers of `window.webkit.messageHandlers.NAME.postMessage`, in the profile's order.
    public var messageHandlers: [MessageHandler] = []
    /// Navigations the app cancels and handles natively, in the profile's order.
    public var intercepts: [Intercept] = []
    /// Scripts injected into every page load, in the order WebKit runs them.
    public var userScripts: [UserScript] = []
    /// The device's push token (`app.pushToken`); nil for an app that has none.
    public var pushToken: String?

    // MARK: The app shell (shell.md)

    /// Extra headers on every http(s) request a web view makes, in order.
    public var headers: [HTTPHeader] = []
    /// The whole `User-Agent`; nil for WKWebView's own iPhone user agent.
    public var userAgent: String?
    /// Appended to WKWebView's user agent (`applicationNameForUserAgent`); ignored when `userAgent` is set.
    public var applicationNameForUserAgent: String?
    /// Cookies set before the first load.
    public var cookies: [Cookie] = []
    /// Whether screens share one website data store.
    public var dataStore: DataStore = .shared
    /// The app's `NSAppTransportSecurity` dictionary; nil when the app declares none.
    public var ats: AppTransportSecurity?
    /// An Info.plist whose values lie under the profile's (`DecodedProfile.merging`).
    public var infoPlist: FileReference?
    /// The app's bundle identifier.
    public var bundleId = AppProfile.defaultBundleId
    /// The simulated iOS version.
    public var platformVersion = PlatformVersion(major: 17, minor: 0)
    /// A liveness check that holds the launch screen until the server answers; nil to start at once.
    public var launch: Launch?
    /// The launch screen's title; nil for the bundle id (`launchScreenTitle`).
    public var launchTitle: String?
    /// How notifications are presented and routed.
    public var notifications = Notifications()
    /// The cover shown while the app is inactive; nil for none.
    public var privacyGuard: PrivacyGuard?
    /// How long a request may take before it fails with NSURLErrorTimedOut, in seconds.
    public var timeoutSeconds: Double = 30
    /// The largest page loaded, in megabytes (`pageSizeLimitMB`): a larger one becomes an error page.
    public var pageSizeLimitMB = AppProfile.defaultPageSizeLimitMB

    /// The default page size limit: 1 GB, above what lynx handles on this machine's pages.
    public static let defaultPageSizeLimitMB = 1024
    /// The largest page size limit: 2 GB less a byte is what a document's 32-bit offsets address.
    public static let maximumPageSizeLimitMB = 2047
    /// `pageSizeLimitMB` in bytes.
    public var pageSizeLimit: Int { pageSizeLimitMB << 20 }
    /// `LSApplicationQueriesSchemes` from the Info.plist; nil when no plist declared them.
    public var queriesSchemes: [String]?

    // MARK: Flows and the test double (flows.md)

    /// `env`: values for the `${NAME}` of flow steps (a run's `--env NAME=VALUE` wins).
    public var env: [String: String] = [:]
    /// `networkRoutes`: requests answered without the network in every run of the app (flows'
    /// `route` steps come after them, so they win), the terminal UI's too.
    public var networkRoutes: [NetworkRouteSetting] = []

    /// One of `networkRoutes`: a URL pattern and its answer.
    public struct NetworkRouteSetting: Equatable, Sendable {
        public enum Answer: Equatable, Sendable {
            /// A file's bytes (`body`, read when the profile is loaded) with a status, header fields and a delay.
            case file(FileReference, status: Int, headers: [HTTPHeader], delayMs: Int)
            case abort
        }

        /// The glob the URL must match (`**`, `*`).
        public var url: String
        public var answer: Answer
        /// The file's bytes once read; nil before.
        public var body: [UInt8]?
        /// Where the route is in the profile.
        public var location: SourceLocation

        public init(url: String, answer: Answer, body: [UInt8]? = nil, location: SourceLocation) {
            self.url = url
            self.answer = answer
            self.body = body
            self.location = location
        }
    }

    public struct RootPage: Equatable, Sendable {
        public var url: String
        public var title: String?

        public init(url: String, title: String? = nil) {
            self.url = url
            self.title = title
        }
    }

    public init(
        schemes: [String] = ["mkwebview"],
        routes: [String: RouteAction] = RouteAction.defaultRoutes,
        externalSchemes: [String] = AppProfile.defaultExternalSchemes,
        root: RootPage = RootPage(url: "index.html"),
        pagesFolder: String = "Pages"
    ) {
        self.schemes = schemes
        self.routes = routes
        self.externalSchemes = externalSchemes
        self.root = root
        self.pagesFolder = pagesFolder
    }

    /// The defaults of semantics.md, scripts.md, bridge.md and shell.md.
    public static let builtIn = AppProfile()

    /// The system schemes of semantics.md section 1.
    public static let defaultExternalSchemes = [
        "tel", "telprompt", "sms", "mailto", "facetime", "message", "shareddocuments", "app-settings",
    ]

    /// The bundle id of an app that names none: under `example.com`, a domain reserved for examples (RFC 2606).
    public static let defaultBundleId = "com.example.webnav"

    /// The action for a host, matched exactly.
    public func action(forHost host: String) -> RouteAction {
        routes[host] ?? .unhandled
    }

    /// A route whose host equals `host` when case is ignored, for the `host-case` warning.
    func caseInsensitiveRoute(forHost host: String) -> String? {
        routes.keys.sorted().first { $0.lowercased() == host.lowercased() }
    }

    func isAppScheme(_ scheme: String) -> Bool {
        schemes.contains { $0.lowercased() == scheme.lowercased() }
    }

    func isExternalScheme(_ scheme: String) -> Bool {
        externalSchemes.contains { $0.lowercased() == scheme.lowercased() }
    }

    /// The launch screen's title: `launchTitle`, else the bundle id.
    public var launchScreenTitle: String { launchTitle ?? bundleId }
}

// MARK: - Files and scripts

extension AppProfile {
    /// A file the profile names, and where it names it.
    public struct FileReference: Equatable, Sendable {
        /// Relative to the profile's folder as written; absolute after `resolvingFiles`.
        public var path: String
        /// The path string in the profile.
        public var location: SourceLocation

        public init(path: String, location: SourceLocation) {
            self.path = path
            self.location = location
        }
    }

    /// JavaScript the profile holds: written inline, or in a file beside the profile.
    public enum ScriptSource: Equatable, Sendable {
        /// The source text; `location` is its string's opening quote in the profile, so the script's
        /// line 1, column C is at that column + C when no escape comes before it.
        case inline(String, location: SourceLocation)
        case file(FileReference)

        /// Where the script is named in the profile.
        public var location: SourceLocation {
            switch self {
            case .inline(_, let location): return location
            case .file(let file): return file.location
            }
        }
    }

    /// A script of the profile, with the key path an error about it names.
    public struct ProfileScript: Equatable, Sendable {
        /// `messageHandlers.NAME.script`, `intercepts.PREFIX.scriptFile`, `userScripts[N].source`, …
        public var keyPath: String
        public var source: ScriptSource
        /// Handlers and intercepts must evaluate to a function; user scripts run as programs.
        public var mustBeFunction: Bool
    }

    /// Every script the profile names, in order: for the runtime to check that each compiles
    /// (and that handlers are functions) and to report a failure at the script's place.
    public var scripts: [ProfileScript] {
        var scripts: [ProfileScript] = []
        for handler in messageHandlers {
            if case .script(let source, _) = handler.behaviour {
                scripts.append(ProfileScript(keyPath: "messageHandlers.\(handler.name).\(source.keyName)", source: source, mustBeFunction: true))
            }
        }
        for intercept in intercepts {
            scripts.append(ProfileScript(keyPath: "intercepts.\(intercept.prefix).\(intercept.script.keyName)", source: intercept.script, mustBeFunction: true))
        }
        for (index, userScript) in userScripts.enumerated() {
            let key = if case .file = userScript.source { "file" } else { "source" }
            scripts.append(ProfileScript(keyPath: "userScripts[\(index)].\(key)", source: userScript.source, mustBeFunction: false))
        }
        return scripts
    }
}

extension AppProfile.ScriptSource {
    /// The handler key that holds this source (`script` or `scriptFile`).
    public var keyName: String {
        if case .file = self { return "scriptFile" }
        return "script"
    }
}

// MARK: - The bridge (bridge.md)

extension AppProfile {
    /// A content world (WKContentWorld): the page's own, the app's default client world, or a named one.
    public enum ContentWorld: Hashable, Sendable, CustomStringConvertible {
        case page
        case defaultClient
        case named(String)

        /// `page`, `defaultClient`, or any other (non-empty) name as a named world.
        public init(name: String) {
            switch name {
            case "page": self = .page
            case "defaultClient": self = .defaultClient
            default: self = .named(name)
            }
        }

        public var description: String {
            switch self {
            case .page: return "page"
            case .defaultClient: return "defaultClient"
            case .named(let name): return name
            }
        }
    }

    /// A native message handler (`window.webkit.messageHandlers.NAME`), bridge.md section 1.
    public struct MessageHandler: Equatable, Sendable {
        public var name: String
        /// The world whose pages see the handler.
        public var world: ContentWorld
        public var behaviour: Behaviour
        /// Where the handler's name is written in the profile.
        public var location: SourceLocation

        public init(name: String, world: ContentWorld = .page, behaviour: Behaviour, location: SourceLocation) {
            self.name = name
            self.world = world
            self.behaviour = behaviour
            self.location = location
        }

        /// What the native side does with a message.
        public enum Behaviour: Equatable, Sendable {
            /// A script called as `f(body, app, message)`; with `replies` (WKScriptMessageHandlerWithReply)
            /// its result answers the page's Promise, else the Promise resolves with `undefined`.
            case script(ScriptSource, replies: Bool)
            /// A fixed reply; JSON `null` is NSNull, which the page receives as `null`.
            case reply(JSONValue)
            /// A fixed error: the page's Promise rejects with an `Error` whose message is this string.
            case error(String)
        }

        /// Whether the handler answers (WKScriptMessageHandlerWithReply) rather than resolving with `undefined`.
        public var replies: Bool {
            switch behaviour {
            case .script(_, let replies): return replies
            case .reply, .error: return true
            }
        }
    }

    /// A navigation the app cancels and handles natively, as the seed app's `decidePolicyFor` does.
    public struct Intercept: Equatable, Sendable {
        /// The URL prefix (`app://home`) a navigation is matched against.
        public var prefix: String
        /// Called as `f(url, app)`.
        public var script: ScriptSource

        public init(prefix: String, script: ScriptSource) {
            self.prefix = prefix
            self.script = script
        }
    }

    /// A script injected into every page load (WKUserScript).
    public struct UserScript: Equatable, Sendable {
        public var source: ScriptSource
        public var injectionTime: InjectionTime
        /// Whether it runs only in the top frame (`InjectInTopFrameOnly`).
        public var forMainFrameOnly: Bool
        public var world: ContentWorld

        public init(source: ScriptSource, injectionTime: InjectionTime = .documentEnd, forMainFrameOnly: Bool = true, world: ContentWorld = .page) {
            self.source = source
            self.injectionTime = injectionTime
            self.forMainFrameOnly = forMainFrameOnly
            self.world = world
        }
    }

    /// When a user script runs (WKUserScriptInjectionTime).
    public enum InjectionTime: String, CaseIterable, Sendable {
        /// Right after `<html>` is created, before any page script.
        case documentStart
        /// When parsing finishes: after `DOMContentLoaded` listeners, before `load`.
        case documentEnd
    }
}

// MARK: - The app shell (shell.md)

extension AppProfile {
    /// One request header.
    public struct HTTPHeader: Equatable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A cookie set before the first load, as the app's `WKHTTPCookieStore` setup does.
    public struct Cookie: Equatable, Sendable {
        public var name: String
        public var value: String
        public var domain: String
        /// HTTPCookie's default when none is given.
        public var path = "/"
        public var secure = false
        public var httpOnly = false
        /// Nil for a session cookie.
        public var expires: Date?

        public init(name: String, value: String, domain: String, path: String = "/", secure: Bool = false, httpOnly: Bool = false, expires: Date? = nil) {
            self.name = name
            self.value = value
            self.domain = domain
            self.path = path
            self.secure = secure
            self.httpOnly = httpOnly
            self.expires = expires
        }
    }

    /// Whether screens share one website data store.
    public enum DataStore: String, CaseIterable, Sendable {
        /// One store for every screen, as MKWebviewBridge's shared process pool gives.
        case shared
        /// A fresh non-persistent store for each pushed screen.
        case perScreen
    }

    /// The `NSAppTransportSecurity` dictionary as written, evaluated elsewhere (shell.md section 3).
    public struct AppTransportSecurity: Equatable, Sendable {
        /// Always an object; its keys and values carry their lines and columns in `location.path`.
        public var dictionary: JSONValue
        /// Where the dictionary starts: the profile's `ats` value, or the Info.plist it came from.
        public var location: SourceLocation

        public init(dictionary: JSONValue, location: SourceLocation) {
            self.dictionary = dictionary
            self.location = location
        }
    }

    /// An iOS version such as 17.0 or 17.4.1; versions compare numerically and `17` equals `17.0`.
    public struct PlatformVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
        public var major: Int
        public var minor: Int
        public var patch: Int

        public init(major: Int, minor: Int = 0, patch: Int = 0) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }

        /// Reads `MAJOR[.MINOR[.PATCH]]`, each part at most four digits; nil for anything else.
        public init?(_ text: String) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count) else { return nil }
            var numbers: [Int] = []
            for part in parts {
                guard (1...4).contains(part.utf8.count), part.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(part) else { return nil }
                numbers.append(number)
            }
            self.init(major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0, patch: numbers.count > 2 ? numbers[2] : 0)
        }

        public static func < (lhs: PlatformVersion, rhs: PlatformVersion) -> Bool {
            (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }

        /// `17.0`, `17.4.1`: the patch only when it is not zero.
        public var description: String {
            patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
        }
    }

    /// The launch screen's liveness check (seed 000).
    public struct Launch: Equatable, Sendable {
        /// The http(s) URL asked before the root screen loads.
        public var checkAlive: WebURL
        /// The request method.
        public var method = "HEAD"
        /// The status the answer must have.
        public var expect = 200
        /// How long the launch screen stays after a good answer, in milliseconds.
        public var delayMs = 0

        public init(checkAlive: WebURL, method: String = "HEAD", expect: Int = 200, delayMs: Int = 0) {
            self.checkAlive = checkAlive
            self.method = method
            self.expect = expect
            self.delayMs = delayMs
        }
    }

    /// How notifications are presented and routed (shell.md section 6).
    public struct Notifications: Equatable, Sendable {
        /// How a notification shows while the app is in the foreground (`willPresent`'s options).
        public var foreground: Set<PresentationOption> = Set(PresentationOption.allCases)
        /// Registered categories and their actions, in the profile's order.
        public var categories: [NotificationCategory] = []
        /// The payload key holding a URL to open when the notification is tapped.
        public var linkKey = "link"
        /// The payload key naming a rich notification's image.
        public var imageKey = "image"
        /// Whether the app has a notification service extension (`mutable-content` needs one).
        public var contentExtension = false

        public init() {}
    }

    /// A foreground presentation option (UNNotificationPresentationOptions).
    public enum PresentationOption: String, CaseIterable, Sendable {
        case banner, list, sound, badge
    }

    /// A notification category (UNNotificationCategory) and its actions.
    public struct NotificationCategory: Equatable, Sendable {
        public var name: String
        public var actions: [NotificationAction]

        public init(name: String, actions: [NotificationAction]) {
            self.name = name
            self.actions = actions
        }
    }

    /// A button of an expanded notification (UNNotificationAction).
    public struct NotificationAction: Equatable, Sendable {
        public var id: String
        public var title: String
        /// UNNotificationActionOptions: `foreground` brings the app to the foreground.
        public var options: Set<ActionOption>

        public init(id: String, title: String, options: Set<ActionOption> = []) {
            self.id = id
            self.title = title
            self.options = options
        }
    }

    /// An option of a notification action (UNNotificationActionOptions).
    public enum ActionOption: String, CaseIterable, Sendable {
        case foreground, destructive, authenticationRequired
    }

    /// The cover shown over the whole device while the app is inactive.
    public struct PrivacyGuard: Equatable, Sendable {
        /// Text on the cover; nil for a plain cover.
        public var title: String?

        public init(title: String? = nil) {
            self.title = title
        }
    }
}
