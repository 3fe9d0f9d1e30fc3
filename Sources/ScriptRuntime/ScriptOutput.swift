import URLKit

/// What running a page's scripts produced, for the host to act on: records, never callbacks.
public enum ScriptOutput: Equatable, Sendable {
    /// The page asked to go to a URL (absolute); the host classifies it like a tapped link.
    case navigation(url: String, replace: Bool, initiatedBy: NavigationInitiator)
    /// A form submitted with `POST` to `url` in this page's browsing context: the host loads it
    /// with the body (a navigation initiated by a form, never replacing the entry).
    case formPost(url: String, body: FormBody)
    /// A `console` call, formatted as Safari's console shows it.
    case console(level: ConsoleLevel, text: String)
    /// An uncaught exception or unhandled rejection, with JavaScriptCore's own message.
    case error(ScriptError)
    /// A task ran longer than the time limit and was stopped (the page stays usable).
    case timeout
    /// `runUntilIdle` or `advance` ran as many tasks as the bound allows and stopped.
    case taskBoundReached
    /// `document.title` changed (the text of the first `title` element, collapsed).
    case titleChanged(String)
    /// A change of the screen's web history that stays on this page, or a step through it.
    case history(HistoryRequest)
    /// A dialog the app shows no panel for (`"uiDelegate": false`): WKWebView answered at once.
    case dialogSkipped(kind: ScriptDialog.Kind, message: String)
    /// `window.open` or a form/link with a target: without a `createWebViewWith` delegate
    /// WKWebView opens nothing and `window.open` returns `null`.
    case windowOpen(url: String, target: String)
    /// A `<script>` that was not run, and why (`module scripts are not supported`).
    case scriptSkipped(String)
    /// A form's interactive validation stopped its submission (WebKit shows its validation
    /// bubble at the control): the control, described, and its validation message.
    case formNotSubmitted(control: String, message: String)
    /// A `<script src>` (or a user script file) whose source could not be read.
    case scriptLoadFailed(url: String, reason: String)
    /// A request the web's rules refused, with what the app would need to allow it (webnav's
    /// note beside WebKit's console lines).
    case requestBlocked(url: String, reason: String)
    /// `window.webkit.messageHandlers.NAME.postMessage(body)` reached the app (bridge.md §1).
    case message(name: String, world: String, body: TaggedValue)
    /// A reply handler answered a message: the page's Promise resolves or rejects with it.
    case reply(name: String, ScriptReply)
    /// The native side (a handler or intercept script through its `app` object) asked the app
    /// to do something (bridge.md §2).
    case app(AppRequest)
    /// A navigation the app cancelled and handled natively (an intercept, bridge.md §5).
    case intercepted(url: String, prefix: String)
    /// `app.saveDownload` saved a file under this name (sanitised, never overwriting).
    case download(name: String, bytes: Int, type: String)
    /// `app.saveDownload` saved nothing, and why (invalid base64, an unwritable folder).
    case downloadFailed(String)
}

/// A value as it crossed the bridge: its tagged JSON (ResultValueCoding.swift), read only when
/// asked, and only as far as asked for the event log (a message may be three million elements
/// or a 50 MB string).
public struct TaggedValue: Equatable, Sendable, CustomStringConvertible {
    public let json: String

    public init(json: String) {
        self.json = json
    }

    public init(_ value: ScriptResultValue) {
        json = value.taggedJSON
    }

    /// The whole value; nil when the text is not tagged JSON.
    public var value: ScriptResultValue? { ScriptResultValue(taggedJSON: json) }

    /// As `ScriptResultValue.description` writes it (`undefined` when the text is malformed).
    public var description: String { (value ?? .undefined).description }

    /// The description cut after `limit` characters with `…`; reads about `limit` characters
    /// of the text, however long it is.
    public func description(limit: Int) -> String {
        let (value, complete) = ScriptResultValue.prefix(ofTaggedJSON: json, readingAbout: 4 * limit + 64)
        let text = (value ?? .undefined).description
        if complete && text.count <= limit { return text }
        return String(text.prefix(limit)) + "…"
    }

    public static func == (left: TaggedValue, right: TaggedValue) -> Bool {
        left.json == right.json || left.value == right.value
    }
}

/// How a reply handler answered (WKScriptMessageHandlerWithReply's `replyHandler(reply, error)`).
public enum ScriptReply: Equatable, Sendable {
    /// The page's Promise resolves with this value (`.undefined` for nil, `.null` for NSNull).
    case value(TaggedValue)
    /// The page's Promise rejects with an `Error` whose `message` is this.
    case error(String)
}

/// What the native side's `app` object asks the app to do.
public enum AppRequest: Equatable, Sendable {
    /// `app.open(url)`: deliver a URL as a deeplink from outside.
    case open(url: String)
    /// `app.alert(title, message)`: a native alert.
    case alert(title: String, message: String)
    /// `app.toast(text)`: a toast in the footer.
    case toast(String)
    /// `app.restart()`: the app starts again (its native context too).
    case restart
    /// `app.openStore(url)`: the store sheet.
    case openStore(url: String)
    /// `app.notify(payload, {afterMs})`: a local notification.
    case notify(payload: ScriptResultValue, afterMs: Double)
    /// `app.log(text)`: a line in the event log.
    case log(String)
}

/// What started a navigation.
public enum NavigationInitiator: String, Equatable, Sendable {
    /// `location` assignments, `location.assign/replace/reload`.
    case location
    /// A `javascript:` URL's result replacing the document (rare) is not a navigation; this is
    /// a navigation requested while evaluating a `javascript:` URL.
    case javascriptURL
    /// A form submission (`submit` button, `form.submit()`, `requestSubmit()`).
    case form
    /// `window.open` with the `_self`, `_top` or `_parent` target.
    case windowOpen
    /// A link activated by a script (`a.click()`); links the host taps it follows itself.
    case link
}

/// The level of a console message.
public enum ConsoleLevel: String, Equatable, Sendable {
    case log, info, warn, error, debug
}

/// An uncaught exception or an unhandled rejection.
public struct ScriptError: Equatable, Sendable, CustomStringConvertible {
    /// The script's URL: the page's for inline scripts and handlers, else the `src`.
    public var sourceURL: String
    public var line: Int?
    public var column: Int?
    /// JavaScriptCore's text, e.g. `TypeError: undefined is not an object (evaluating 'a.b')`;
    /// unhandled rejections start with `Unhandled Promise Rejection: ` as in Safari's console.
    public var message: String

    public init(sourceURL: String, line: Int?, column: Int?, message: String) {
        self.sourceURL = sourceURL
        self.line = line
        self.column = column
        self.message = message
    }

    /// `URL:LINE:COLUMN` (or less, when the line or column is unknown).
    public var location: String {
        var text = sourceURL
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }

    public var description: String { "\(location): \(message)" }
}

/// A history request from `history` or a same-document navigation.
public enum HistoryRequest: Equatable, Sendable {
    /// `pushState` (or a fragment navigation): a new entry for this page, with a state the host
    /// hands back on `ScriptPage.restoreHistoryEntry`.
    case push(url: String, state: HistoryStateID)
    /// `replaceState`: the current entry's URL and state change.
    case replace(url: String, state: HistoryStateID)
    /// `back()` is `go(-1)`, `forward()` is `go(1)`, `go(0)` reloads.
    case go(Int)
}

/// Names a `history.state` value kept by the page that made it.
public struct HistoryStateID: Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }
}

/// A record of a page: what it produced and which page produced it.
public struct ScriptRecord: Equatable, Sendable {
    public var page: ScriptPage.ID
    /// The page's URL when the record was made.
    public var pageURL: String
    public var output: ScriptOutput

    public init(page: ScriptPage.ID, pageURL: String, output: ScriptOutput) {
        self.page = page
        self.pageURL = pageURL
        self.output = output
    }
}

/// A JavaScript dialog (`alert`, `confirm`, `prompt`) waiting for the user.
public struct ScriptDialog: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case alert, confirm, prompt
    }

    public var kind: Kind
    /// The message (`""` when the script gave none, as WebKit's IDL defaults it).
    public var message: String
    /// `prompt`'s default text (`""` when none); nil for the other kinds.
    public var defaultText: String?
    /// The URL of the page that opened it.
    public var pageURL: String

    public init(kind: Kind, message: String, defaultText: String?, pageURL: String) {
        self.kind = kind
        self.message = message
        self.defaultText = defaultText
        self.pageURL = pageURL
    }
}

/// How the user answered a dialog.
public enum ScriptDialogAnswer: Equatable, Sendable {
    /// OK; for `prompt`, the text in its field.
    case ok(text: String?)
    /// Cancel (`confirm` gives false, `prompt` gives null).
    case cancel
}

/// The value `evaluate` produced, as WebKit's `evaluateJavaScript` hands it to the app.
public enum ScriptEvaluation: Equatable, Sendable {
    /// A value of a supported type (`undefined` is `.undefined`, which WebKit gives as nil).
    case value(ScriptResultValue)
    /// WKErrorJavaScriptResultTypeIsUnsupported (5): a DOM node, function, Promise, symbol…
    case unsupportedType
    /// WKErrorJavaScriptExceptionOccurred (4): the exception's text, line and column.
    case exception(ScriptError)
    /// The time limit stopped the script.
    case timeout
}

/// A result value of the types WebKit converts (NSNumber, NSString, NSDate, NSArray, NSDictionary, NSNull).
public enum ScriptResultValue: Equatable, Sendable {
    case undefined
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// Milliseconds since 1970.
    case date(Double)
    case array([ScriptResultValue])
    /// Keys in the order JavaScript enumerated them.
    case dictionary([(String, ScriptResultValue)])

    public static func == (left: ScriptResultValue, right: ScriptResultValue) -> Bool {
        switch (left, right) {
        case (.undefined, .undefined), (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.string(a), .string(b)): return a == b
        case let (.date(a), .date(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.array(a), .array(b)): return a == b
        case let (.dictionary(a), .dictionary(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }
}
