#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The native side of the simulated app, as the profile describes it (bridge.md): message
/// handlers, navigation intercepts and the values its `app` object offers.
public struct ScriptBridge: Sendable {
    /// The longest a value may be, in UTF-16 units of its tagged JSON, to cross between a page
    /// and the app (a message, a reply, an evaluation's result): 64 MB. WebKit's IPC has no
    /// bound of its own short of the 32-bit size of an out-of-line Mach message body, and a
    /// send that fails crashes the web content process (DECISIONS.md, issue 23).
    public static let maximumMessageLength = 64 * 1_048_576

    /// A handler of `window.webkit.messageHandlers.NAME` in one content world.
    public struct MessageHandler: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            /// Always answers with this value (WKScriptMessageHandlerWithReply).
            case reply(ScriptResultValue)
            /// Always rejects with an `Error` whose message is this.
            case error(String)
            /// JavaScript whose value is a function, called as `f(body, app, message)` in the
            /// native context; with `replies` its result (or the value of its Promise) answers.
            case script(source: String, sourceURL: String, replies: Bool)
        }

        public var name: String
        /// `page`, `defaultClient` or a named world.
        public var world: String
        public var kind: Kind

        public init(name: String, world: String = "page", kind: Kind) {
            self.name = name
            self.world = world
            self.kind = kind
        }

        /// Whether the page's Promise gets the handler's answer (else it resolves with `undefined`).
        public var replies: Bool {
            if case .script(_, _, let replies) = kind { return replies }
            return true
        }
    }

    /// A navigation the app cancels and handles: JavaScript whose value is a function, called
    /// as `f(url, app)` (the seed app's `decidePolicyFor`).
    public struct Intercept: Equatable, Sendable {
        /// A URL (`app://home`): navigations with its scheme and host (and below its path) match.
        public var prefix: String
        public var source: String
        public var sourceURL: String

        public init(prefix: String, source: String, sourceURL: String) {
            self.prefix = prefix
            self.source = source
            self.sourceURL = sourceURL
        }
    }

    public var handlers: [MessageHandler] = []
    public var intercepts: [Intercept] = []
    /// `app.bundleId`.
    public var bundleId: String = "com.example.webnav"
    /// `app.pushToken` (`null` when nil).
    public var pushToken: String?
    /// Saves what `app.saveDownload` decoded; answers the name saved under, or why nothing was
    /// saved. Without one, downloads fail with a `downloadFailed` record.
    public var saveDownload: (@Sendable (ScriptDownload) -> Result<String, ScriptResourceError>)?

    public init(handlers: [MessageHandler] = [], intercepts: [Intercept] = [], bundleId: String = "com.example.webnav",
                pushToken: String? = nil) {
        self.handlers = handlers
        self.intercepts = intercepts
        self.bundleId = bundleId
        self.pushToken = pushToken
    }

    /// Whether anything needs a native context.
    var isEmpty: Bool { handlers.isEmpty && intercepts.isEmpty }
}

/// A file `app.saveDownload` decoded, for the host to save.
public struct ScriptDownload: Equatable, Sendable {
    /// The name the native side gave, unsanitised.
    public var name: String
    public var data: Data
    /// The MIME type given (or read from a `data:` URL); `application/octet-stream` when none.
    public var type: String

    public init(name: String, data: Data, type: String) {
        self.name = name
        self.data = data
        self.type = type
    }

    /// Decodes what a page hands the native side: plain base64 or a `data:…;base64,` URL.
    /// Base64 is read strictly, as `Data(base64Encoded:)` does (no line breaks or spaces).
    static func decode(_ text: String, name: String, type: String?) -> Result<ScriptDownload, ScriptResourceError> {
        var payload = Substring(text)
        var mediaType = type
        if payload.hasPrefix("data:"), let comma = payload.firstIndex(of: ",") {
            let header = payload[payload.index(payload.startIndex, offsetBy: 5)..<comma]
            guard header.hasSuffix(";base64") else {
                return .failure(ScriptResourceError("the data URL is not base64 (no ;base64)"))
            }
            let declared = header.dropLast(7).split(separator: ";").first.map(String.init) ?? ""
            if mediaType == nil || mediaType!.isEmpty, !declared.isEmpty { mediaType = declared }
            payload = payload[payload.index(after: comma)...]
        }
        guard let data = Data(base64Encoded: String(payload)) else {
            return .failure(ScriptResourceError("invalid base64 data for \(name.isEmpty ? "download" : name)"))
        }
        let chosen = (mediaType?.isEmpty ?? true) ? "application/octet-stream" : mediaType!
        return .success(ScriptDownload(name: name, data: data, type: chosen))
    }
}
