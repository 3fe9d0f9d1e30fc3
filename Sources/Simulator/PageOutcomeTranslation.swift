import AppShell
import PageKit
import NavigatorCore
import ScriptRuntime
import WebEngine

/// What the page engine's outcomes mean to the app: inputs for its state machine, and the
/// events of its log worded for people.
struct PageOutcomeTranslation {
    let profile: AppProfile
    let timeLimitMs: Int
    let display: (String) -> String

    /// The inputs for a list of outcomes, events gathered until an input needs them delivered.
    func inputs(for outcomes: [PageOutcome]) -> [AppInput] {
        var inputs: [AppInput] = []
        var events: [AppEvent] = []
        func deliver(_ input: AppInput) {
            if !events.isEmpty { inputs.append(.observed(events)) }
            events = []
            inputs.append(input)
        }
        for outcome in outcomes {
            switch outcome {
            case .changed(let screen, let content):
                deliver(.pageChanged(screen, content: content))
            case .events(let noted):
                events += noted
            case .navigator(let event):
                deliver(.navigator(event))
            case .record(let record, let screen):
                let translated = record.output.bridgeEventText != nil
                    ? AppBridge.translate(record.output, profile: profile)
                    : Self.translate(record.output, pageURL: record.pageURL, screen: screen, timeLimitMs: timeLimitMs, display: display)
                events += translated.events
                if let input = translated.input { deliver(input) }
            }
        }
        if !events.isEmpty { inputs.append(.observed(events)) }
        return inputs
    }

    /// What one record means to the app: events for its log and an input (a navigation).
    static func translate(_ output: ScriptOutput, pageURL: String, screen: ScreenID?, timeLimitMs: Int,
                          display: (String) -> String) -> (events: [AppEvent], input: AppInput?) {
        switch output {
        case .navigation(let url, let replace, let initiator):
            guard let screen else { return ([], nil) }
            let how = replace ? "\(initiator.rawValue), replacing" : initiator.rawValue
            return ([AppEvent(.navigation, "navigation: \(display(url)) (by \(how))")],
                    .navigator(.scriptNavigated(screen, url: url, replace: replace)))
        case .formPost(let url, let body):
            guard let screen else { return ([], nil) }
            return ([AppEvent(.navigation, "navigation: \(display(url)) (by form, POST)")],
                    .navigator(.formPosted(screen, url: url, post: body, target: nil)))
        case .console(let level, let text):
            return ([AppEvent(.console, "console.\(level.rawValue): \(text)")], nil)
        case .error(let error):
            let location = display(error.sourceURL) + (error.line.map { ":\($0)" } ?? "") + (error.column.map { ":\($0)" } ?? "")
            return ([AppEvent(.scriptError, "script error: \(location): \(error.message)")], nil)
        case .timeout:
            return ([AppEvent(.scriptTimeout, "script timeout: \(display(pageURL)): a script ran longer than \(timeLimitMs) ms and was stopped; on a device the web view would hang")], nil)
        case .taskBoundReached:
            return ([AppEvent(.scriptTasks, "script tasks: the task bound was reached; the rest wait for the next step")], nil)
        case .titleChanged:
            return ([], nil)
        case .history(let request):
            guard let screen else { return ([], nil) }
            switch request {
            case .push(let url, _):
                return ([AppEvent(.history, "pushState: \(display(url))")], .pageMoved(screen, to: url, push: true))
            case .replace(let url, _):
                return ([AppEvent(.history, "replaceState: \(display(url))")], .pageMoved(screen, to: url, push: false))
            case .go(0):
                return ([], .navigator(.scriptNavigated(screen, url: pageURL, replace: true)))
            case .go(let delta):
                return ([], .navigator(.historyStepped(screen, delta: delta)))
            }
        case .dialogSkipped(let kind, let message):
            return ([AppEvent(.dialog, "dialog skipped: \(kind.rawValue) \"\(message)\" (the app has no WKUIDelegate)")], nil)
        case .windowOpen(let url, let target):
            return ([AppEvent(.navigation, "window.open: \(display(url)) (\(target)) opened nothing: the app has no createWebViewWith delegate")], nil)
        case .scriptSkipped(let reason):
            return ([AppEvent(.scriptSkipped, "script skipped: \(reason)")], nil)
        case .scriptLoadFailed(let url, let reason):
            return ([AppEvent(.loadFailed, "script load failed: \(display(url)): \(reason)")], nil)
        case .formNotSubmitted(let control, let message):
            return ([AppEvent(.page, ConstraintValidator.notSubmittedText(control: control, message: message))], nil)
        case .requestBlocked(let url, let reason):
            return ([AppEvent(.blocked, "blocked: \(display(url)): \(reason)")], nil)
        case .message, .reply, .app, .intercepted, .download, .downloadFailed:
            return ([], nil)
        }
    }

}

/// A screen's `localStorage` (its data store's) and `sessionStorage` (its own) for its page's
/// scripts, over the stores the loader and flow checks share.
final class ScreenStorage: ScriptRuntime.WebStorage {
    private let local: StorageStore
    private let session: StorageStore

    init(local: StorageStore, session: StorageStore) {
        self.local = local
        self.session = session
    }

    private func store(_ kind: WebStorageKind) -> StorageStore { kind == .local ? local : session }

    func keys(origin: String, kind: WebStorageKind) -> [String] {
        store(kind).storage.area(for: origin).keys
    }

    func value(forKey key: String, origin: String, kind: WebStorageKind) -> String? {
        store(kind).storage.area(for: origin).getItem(key)
    }

    func setValue(_ value: String, forKey key: String, origin: String, kind: WebStorageKind) -> Bool {
        guard origin != "null" else { return false }
        return store(kind).update { $0.setItem(key, value, origin: origin) } == nil
    }

    func removeValue(forKey key: String, origin: String, kind: WebStorageKind) {
        store(kind).update { $0.removeItem(key, origin: origin) }
    }

    func clear(origin: String, kind: WebStorageKind) {
        store(kind).update { $0.clear(origin: origin) }
    }
}

/// `document.cookie` over a screen's cookie store (RFC 6265 as the loader keeps it).
final class ScreenCookies: ScriptRuntime.CookieJar {
    private let store: CookieStore

    init(_ store: CookieStore) {
        self.store = store
    }

    func cookieString(for url: String) -> String {
        store.documentCookie(for: url)
    }

    func setCookie(_ cookie: String, for url: String) {
        _ = store.setDocumentCookie(cookie, pageURL: url)
    }
}
