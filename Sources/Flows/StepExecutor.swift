#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import AppShell
import Simulator
import TerminalUI
import URLKit

/// The part of a flow's state that is not the app: the simulated screen size, recent events,
/// the variables and where the web view is scrolled.
public struct FlowContext: Sendable {
    public var columns = 80
    public var rows = 24
    /// Events since the last step that acted on the app (what `expect event` looks at).
    public var eventsSinceAction: [AppEvent] = []
    /// Requests since the last step that acted on the app (what `expect request` looks at).
    public var requestsSinceAction: [RequestRecord] = []
    /// The values of `${NAME}`: the run's environment, then what `set` and `param` bind.
    public var variables: [String: String] = [:]
    /// Where `scroll to` left the top screen's web view; a new load starts it over.
    public var scroll: FlowScroll?

    public init(variables: [String: String] = [:]) {
        self.variables = variables
    }

    /// The top screen's viewport as the flow has scrolled it (nil: where a load starts it).
    func viewport(of app: SimulatedApp) -> WebViewport? {
        guard let scroll, let top = app.top, scroll.screen == top.id, app.topWebView?.loadNumber == scroll.loadNumber else { return nil }
        return WebViewport(scrollOffset: scroll.offset)
    }
}

/// A web view scrolled by `scroll to`: which screen, which of its loads, from which line.
public struct FlowScroll: Equatable, Sendable {
    public var screen: ScreenID
    public var loadNumber: Int
    public var offset: Int

    public init(screen: ScreenID, loadNumber: Int, offset: Int) {
        self.screen = screen
        self.loadNumber = loadNumber
        self.offset = offset
    }
}

/// What came of one step.
public enum StepOutcome: Equatable, Sendable {
    /// The action ran; `note` says what it did, for the terminal UI's footer.
    case done(note: String)
    /// The expectation held.
    case held(note: String)
    /// `snapshot`: the rendered screen as plain text lines.
    /// `snapshot`: the rendered screen, and the name it is saved under when named.
    case snapshot(Screen, name: String?)
    /// A failed expectation or an impossible tap: the message after `PATH:LINE: `.
    case failed(String)

    var isSuccess: Bool {
        if case .failed = self { return false }
        return true
    }
}

/// Performs flow steps on a simulated app; used by the runner and by the terminal UI.
public enum StepExecutor {
    /// Performs one step on the app a host runs.
    public static func perform(_ step: FlowStep, host: AppHost, context: inout FlowContext) -> StepOutcome {
        if step.command.isAction {
            context.eventsSinceAction = []
            context.requestsSinceAction = []
        }
        if step.command.isAction, let dialog = host.snapshot.dialog {
            if case .answerDialog = step.command {} else { return .failed("a dialog is open: \(dialog.description)") }
        }
        switch step.command {
        case .open(let url):
            return open(url, step: step, host: host, context: &context)
        case .tap(let target):
            return tap(target, host: host, context: &context)
        case .back:
            return act(.navigator(.backGesturePerformed), host: host, context: &context)
        case .close:
            return act(.navigator(.rightButtonTapped), host: host, context: &context)
        case .reload:
            return act(.navigator(.reloadRequested), host: host, context: &context)
        case .size(let columns, let rows):
            context.columns = columns
            context.rows = rows
            return .done(note: "size \(columns)x\(rows)")
        case .wait(let duration):
            return act(.wait(duration), host: host, context: &context)
        case .clearData, .lifecycle, .push, .notify:
            return performShellStep(step.command, host: host, context: &context)
        case .waitUntilText, .fill, .select, .setChecked, .answerDialog:
            return performPageStep(step.command, host: host, context: &context)
        case .evaluate, .callAsync, .setJS:
            return performBridgeStep(step.command, host: host, context: &context)
        case .set(let name, let value):
            context.variables[name] = value
            return .done(note: "\(name) = \"\(value)\"")
        case .route(let route):
            let snapshot = host.perform(.network(.route(route)))
            context.eventsSinceAction += snapshot.newEvents
            return .done(note: "route \"\(route.pattern)\" → \(routeAnswerText(route))")
        case .offline(let offline):
            return act(.network(.offline(offline)), host: host, context: &context)
        case .scrollTo(let text):
            return scroll(to: text, host: host, context: &context)
        case .param, .block, .elseBranch, .end, .enterInclude, .leaveInclude, .templated:
            return .failed("\(step.source): runs only as part of a flow")
        case .snapshot(let name):
            let snapshot = host.snapshot
            return .snapshot(DeviceRenderer.frame(of: snapshot.app, columns: context.columns, rows: context.rows,
                                                  viewport: context.viewport(of: snapshot.app), dialog: snapshot.dialog),
                             name: name)
        case .expect(.js(let expression, let value, let world)):
            return expectJS(expression, value: value, world: world, host: host, context: &context, source: step.source)
        case .expect(.visible(let text)):
            let snapshot = host.snapshot
            if let failure = checkVisible(text, snapshot: snapshot, context: context) { return .failed(failure) }
            return .held(note: "ok: \(step.source)")
        case .expect(.focus(let name)):
            let snapshot = host.snapshotWithFocus
            if let failure = checkFocus(name, snapshot: snapshot) { return .failed(failure) }
            return .held(note: "ok: \(step.source)")
        case .expect(let expectation):
            if let failure = check(expectation, snapshot: host.snapshot, context: context, dataStores: host.dataStores) { return .failed(failure) }
            return .held(note: "ok: \(step.source)")
        }
    }

    /// What a route answers, for notes: `items.json (200)`, `abort`.
    static func routeAnswerText(_ route: NetworkRoute) -> String {
        switch route.answer {
        case .abort: return "abort"
        case .response(_, let status, _, let delay):
            return "\(route.source ?? "a body") (\(status))" + (delay > .zero ? " after \(FlowDuration.text(delay))" : "")
        }
    }

    /// Performs an action and records the events and requests it caused.
    static func act(_ action: AppAction, host: AppHost, context: inout FlowContext) -> StepOutcome {
        record(host.perform(action), context: &context)
    }

    /// What an action did, as a step's outcome: its events and requests recorded.
    private static func record(_ snapshot: AppSnapshot, context: inout FlowContext) -> StepOutcome {
        if let refusal = snapshot.refusal { return .failed(refusal) }
        let logged = Array(snapshot.newEvents)
        context.eventsSinceAction += logged
        context.requestsSinceAction += snapshot.newRequests
        if let hang = hangFailure(in: logged) { return hang }
        if let dialog = snapshot.dialog { return .done(note: "dialog: \(dialog.description)") }
        return .done(note: logged.last?.text ?? "nothing happened")
    }

    /// `open URL`; a local page that does not exist (or cannot be read) fails the step where it is loaded.
    private static func open(_ url: String, step: FlowStep, host: AppHost, context: inout FlowContext) -> StepOutcome {
        let snapshot = host.perform(.navigator(.urlOpened(url, base: step.folder.absoluteString)))
        let outcome = record(snapshot, context: &context)
        // The fetcher notes a local page it could not read; the top screen shows its error page.
        guard outcome.isSuccess, snapshot.newEvents.contains(where: { $0.kind == .loadFailed }),
              let content = snapshot.app.topWebView?.content, WebURL(content.url).normalizedScheme == "file",
              let reason = content.errorReason else { return outcome }
        return .failed("open \(url): the page cannot be opened: \(reason)")
    }

    /// The failure of a step during which a script never ended: webnav stopped it after the
    /// time limit, but on a device the web view hangs and nothing after the script runs, so
    /// the step fails (the flow would not pass on a device).
    static func hangFailure(in events: [AppEvent]) -> StepOutcome? {
        guard let timeout = events.first(where: { $0.kind == .scriptTimeout }) else { return nil }
        return .failed("a script never ended (\(timeout.text)), so nothing after it would run")
    }

    // MARK: - Tap

    private static func tap(_ target: TapTarget, host: AppHost, context: inout FlowContext) -> StepOutcome {
        switch findTarget(target, app: host.snapshot.app, context: context) {
        case .failure(let failure): return .failed(failure.message)
        case .success(let action): return act(action, host: host, context: &context)
        }
    }

    private struct TapFailure: Error {
        var message: String
    }

    /// What a tap does, found on a snapshot that is let go before the tap is performed.
    private static func findTarget(_ target: TapTarget, app: SimulatedApp, context: FlowContext) -> Result<AppAction, TapFailure> {
        if case .notification(let action) = target {
            return notificationTap(action, app: app).mapError { TapFailure(message: $0.message) }
        }
        guard let top = app.top else { return .failure(TapFailure(message: "no screen to tap")) }
        func failed(_ message: String) -> Result<AppAction, TapFailure> { .failure(TapFailure(message: message)) }
        func activate(_ item: PageItem) -> Result<AppAction, TapFailure> { .success(.activate(item)) }
        switch target {
        case .leftButton:
            guard top.appearance.leftButton else { return failed("tap left: the left button is hidden\(hiddenReason(top))") }
            return .success(.navigator(.leftButtonTapped))
        case .rightButton:
            guard top.appearance.rightButton else { return failed("tap right: the right button is hidden\(hiddenReason(top))") }
            return .success(.navigator(.rightButtonTapped))
        case .notification(let action):
            return notificationTap(action, app: app).mapError { TapFailure(message: $0.message) }
        case .css(let selector):
            guard let content = app.webViews[top.id]?.content else { return failed("tap css \"\(selector)\": the page has not loaded") }
            guard let node = content.querySelector(selector) else {
                return failed("tap css \"\(selector)\": no element matches")
            }
            return .success(.click(node))
        case .number(let number):
            let items = app.layout(of: top.id, width: contentWidth(context)).items
            guard number <= items.count else {
                return failed("tap #\(number): the page has \(items.count) link\(items.count == 1 ? "" : "s") and buttons")
            }
            return activate(items[number - 1])
        case .text(let text):
            let items = app.layout(of: top.id, width: contentWidth(context)).items
            let exact = items.filter { $0.text == text }
            if exact.count == 1 { return activate(exact[0]) }
            if exact.count > 1 {
                return failed("tap \"\(text)\": \(exact.count) links or buttons have this text: \(candidates(exact))")
            }
            let lowered = text.lowercased()
            let partial = items.filter { $0.text.lowercased().contains(lowered) }
            if partial.count == 1 { return activate(partial[0]) }
            if partial.isEmpty {
                return failed("tap \"\(text)\": no link or button matches; candidates: \(items.isEmpty ? "none (the page has no links)" : candidates(items))")
            }
            return failed("tap \"\(text)\": ambiguous, \(partial.count) links or buttons match: \(candidates(partial))")
        }
    }

    private static func hiddenReason(_ screen: WebViewScreen) -> String {
        screen.appearance.barVisible ? "" : " (the screen has no bar)"
    }

    private static func candidates(_ items: [PageItem]) -> String {
        items.map { "#\($0.number) \"\($0.text)\"" }.joined(separator: ", ")
    }

    /// The web view's text width at the flow's screen size.
    static func contentWidth(_ context: FlowContext) -> Int {
        DeviceRenderer.webViewContentWidth(columns: context.columns)
    }

    // MARK: - Expectations

    /// Nil when the expectation holds, else `expected …, got …`; `dataStores` holds the
    /// cookies `expect cookie` looks at.
    static func check(_ expectation: Expectation, app: SimulatedApp, context: FlowContext, dataStores: WebsiteDataStores? = nil) -> String? {
        let top = app.top
        let appearance = top?.appearance ?? .noBar
        func quoted(_ text: String) -> String { "\"\(text)\"" }
        func visibility(_ shown: Bool) -> String { shown ? "visible" : "hidden" }
        switch expectation {
        case .depth(let depth):
            let actual = app.navigator.screens.count
            return actual == depth ? nil : "expected depth \(depth), got \(actual)"
        case .title(let title):
            return appearance.title == title ? nil : "expected title \(quoted(title)), got \(quoted(appearance.title))"
        case .bar(let expected):
            return visibility(appearance.barVisible) == expected.rawValue ? nil : "expected bar \(expected.rawValue), got \(visibility(appearance.barVisible))"
        case .leftButton(let expected):
            return visibility(appearance.leftButton) == expected.rawValue ? nil : "expected left \(expected.rawValue), got \(visibility(appearance.leftButton))"
        case .rightButton(let expected):
            return visibility(appearance.rightButton) == expected.rawValue ? nil : "expected right \(expected.rawValue), got \(visibility(appearance.rightButton))"
        case .color(let slot, let color):
            let actual: RGBColor
            switch slot {
            case .nav: actual = appearance.navigationColor
            case .tint: actual = appearance.tintColor
            case .status: actual = appearance.statusBarColor
            }
            return actual == color ? nil : "expected color \(slot.rawValue) \(quoted(color.hex)), got \(quoted(actual.hex))"
        case .url(let url):
            let actual = topURL(app)
            return actual == url || app.navigator.displayURL(actual) == url ? nil : "expected url \(quoted(url)), got \(quoted(actual))"
        case .urlContains(let fragment):
            let actual = topURL(app)
            return actual.contains(fragment) ? nil : "expected url containing \(quoted(fragment)), got \(quoted(actual))"
        case .page(let title):
            let actual = app.topWebView?.content.title ?? ""
            return actual == title ? nil : "expected page \(quoted(title)), got \(quoted(actual))"
        case .text(let text):
            let pageText = renderedText(app, context)
            return pageText.contains(collapsed(text)) ? nil : "expected text \(quoted(text)), got a page without it"
        case .noText(let text):
            let pageText = renderedText(app, context)
            return pageText.contains(collapsed(text)) ? "expected no text \(quoted(text)), got a page with it" : nil
        case .stack(let labels):
            let actual = app.navigator.screens.map(\.label)
            return actual == labels ? nil : "expected stack \(labels.map(quoted).joined(separator: " ")), got \(actual.map(quoted).joined(separator: " "))"
        case .event(let fragment):
            if context.eventsSinceAction.contains(where: { $0.text.contains(fragment) }) { return nil }
            let got = context.eventsSinceAction.isEmpty ? "no events" : context.eventsSinceAction.map { quoted($0.text) }.joined(separator: ", ")
            return "expected event \(quoted(fragment)), got \(got)"
        case .warning(let code):
            let codes = app.navigator.lastDeeplinkWarnings.map(\.code)
            if codes.contains(code) { return nil }
            return "expected warning \(code.rawValue), got \(codes.isEmpty ? "no warnings" : codes.map(\.rawValue).joined(separator: ", "))"
        case .cookie, .launchReady, .launchFailed, .notification, .badge, .privacyGuard:
            return checkShell(expectation, app: app, dataStores: dataStores)
        case .dialog, .noDialog, .console, .noScriptErrors, .js:
            return nil
        case .message, .download:
            return checkBridge(expectation, context: context)
        case .request(let pattern, let method, let body):
            return checkRequest(pattern, method: method, body: body, context: context)
        case .visible, .focus:
            return nil
        }
    }

    /// Checks an expectation on the app as the host has it now (dialogs need the host's view).
    static func check(_ expectation: Expectation, snapshot: AppSnapshot, context: FlowContext, dataStores: WebsiteDataStores?) -> String? {
        func quoted(_ text: String) -> String { "\"\(text)\"" }
        switch expectation {
        case .dialog(let kind, let message):
            guard let dialog = snapshot.dialog else { return "expected dialog \(kind.rawValue) \(quoted(message)), got no dialog" }
            return dialog.kind == kind && dialog.message == message ? nil : "expected dialog \(kind.rawValue) \(quoted(message)), got \(dialog.description)"
        case .noDialog:
            return snapshot.dialog.map { "expected no dialog, got \($0.description)" }
        case .console(let fragment):
            let console = context.eventsSinceAction.filter { $0.kind == .console }
            if console.contains(where: { $0.text.contains(fragment) }) { return nil }
            return "expected console \(quoted(fragment)), got \(console.isEmpty ? "no console messages" : console.map { quoted($0.text) }.joined(separator: ", "))"
        case .noScriptErrors:
            let log = snapshot.app.eventLog
            guard log.scriptErrorCount > 0 else { return nil }
            return "expected no script errors, got \(log.scriptErrorCount): \(log.firstScriptError.map { quoted($0.text) } ?? "")"
        default:
            return check(expectation, app: snapshot.app, context: context, dataStores: dataStores)
        }
    }

    /// Whether an `if` or `repeat while` condition holds now; a failure when it cannot be told
    /// (`js` on a page without scripts, an exception).
    static func evaluate(_ condition: FlowCondition, step: FlowStep, host: AppHost, context: inout FlowContext)
        -> Result<Bool, UserError> {
        switch condition {
        case .not(let inner):
            return evaluate(inner, step: step, host: host, context: &context).map { !$0 }
        case .dialog:
            return .success(host.snapshot.dialog != nil)
        case .expectation(let expectation):
            var check = step
            check.command = .expect(expectation)
            return .success(perform(check, host: host, context: &context).isSuccess)
        case .js(let expression, let world):
            let snapshot = host.snapshot
            guard snapshot.app.top.map({ snapshot.app.webViews[$0.id]?.content.isScripted ?? false }) ?? false else {
                return .failure(UserError("js \"\(expression)\": the page shown runs no scripts"))
            }
            let result = host.perform(.evaluate(expression, world: world))
            if let refusal = result.refusal { return .failure(UserError(refusal)) }
            context.eventsSinceAction += result.newEvents
            guard case .value(let value)? = result.evaluation else {
                return .failure(UserError("js \"\(expression)\": \(result.evaluation?.resultText ?? "no result")"))
            }
            return .success(value.isTruthy)
        }
    }

    /// `expect request`: a request since the last action matched the pattern (and method, and body).
    static func checkRequest(_ pattern: RoutePattern, method: String?, body: String?, context: FlowContext) -> String? {
        let matching = context.requestsSinceAction.filter { pattern.matches($0.url) }
        let wanted = matching.filter { record in
            (method.map { $0 == record.method } ?? true)
                && (body.map { String(decoding: record.body ?? [], as: UTF8.self).contains($0) } ?? true)
        }
        if !wanted.isEmpty { return nil }
        var expected = "expected request \"\(pattern)\""
        if let method { expected += " method \(method)" }
        if let body { expected += " body ~ \"\(body)\"" }
        let got = context.requestsSinceAction
        guard !got.isEmpty else { return "\(expected), got no requests" }
        return "\(expected), got " + got.map { record in
            var text = "\(record.method) \(record.url)"
            if body != nil, let bytes = record.body { text += " body \"\(String(decoding: bytes.prefix(200), as: UTF8.self))\"" }
            return text
        }.joined(separator: ", ")
    }

    /// `expect visible "S"`: the text is in the web view's rows on the screen at the flow's size
    /// and scroll position, where nothing is drawn over it.
    static func checkVisible(_ text: String, snapshot: AppSnapshot, context: FlowContext) -> String? {
        let app = snapshot.app
        let rows = DeviceRenderer.visibleWebViewRows(of: app, columns: context.columns, rows: context.rows,
                                                     viewport: context.viewport(of: app), dialog: snapshot.dialog)
        let shown = collapsed(rows.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: " "))
        if shown.contains(collapsed(text)) { return nil }
        let why: String
        if app.shell.launch != .ready {
            why = "the launch screen covers the app"
        } else if !app.shell.isActive, app.navigator.profile.privacyGuard != nil {
            why = "the privacy guard covers the app"
        } else if renderedText(app, context).contains(collapsed(text)) {
            why = rows.contains { $0.contains("\u{0}") } && snapshot.dialog != nil
                ? "it is on the page but under the dialog (\(snapshot.dialog!.description))" : "it is on the page but not in the rows shown (scroll to it)"
        } else {
            why = "a page without it"
        }
        return "expected visible \"\(text)\", got \(why)"
    }

    /// `expect focus "S"`: the focused element's label, placeholder, `aria-label`, name, or link text.
    static func checkFocus(_ name: String, snapshot: AppSnapshot) -> String? {
        guard let node = snapshot.focusedNode, let content = snapshot.app.topWebView?.content else {
            return "expected focus \"\(name)\", got no focused element"
        }
        let (names, tag) = content.names(of: node)
        if names.contains(where: { $0 == name || $0.lowercased() == name.lowercased() }) { return nil }
        let element = tag.map { "<\($0)>" } ?? "an element"
        return "expected focus \"\(name)\", got \(element)\(names.first.map { " \"\($0)\"" } ?? "")"
    }

    /// `scroll to "S"`: the web view scrolls so that the first line holding the text is shown
    /// (at the top, as `scrollIntoView` puts it, as far as the page goes); a line already shown stays.
    private static func scroll(to text: String, host: AppHost, context: inout FlowContext) -> StepOutcome {
        let snapshot = host.snapshot
        let app = snapshot.app
        guard let top = app.top, let webView = app.topWebView else { return .failed("scroll to \"\(text)\": the page has not loaded") }
        let (_, area, viewport) = DeviceRenderer.frameAndWebView(of: app, columns: context.columns, rows: context.rows,
                                                                  viewport: context.viewport(of: app), dialog: snapshot.dialog)
        let lines = app.layout(of: top.id, width: contentWidth(context)).lines.map { collapsed($0.text) }
        // The page's text as `expect text` reads it (lines joined by spaces), and where each line starts in it.
        var joined: [UInt8] = []
        var starts: [(offset: Int, line: Int)] = []
        for (index, line) in lines.enumerated() where !line.isEmpty {
            if !joined.isEmpty { joined.append(UInt8(ascii: " ")) }
            starts.append((joined.count, index))
            joined += Array(line.utf8)
        }
        let wanted = Array(collapsed(text).utf8)
        var found: Int?
        if !wanted.isEmpty, wanted.count <= joined.count {
            for offset in 0...(joined.count - wanted.count) where joined[offset] == wanted[0] && joined[offset..<(offset + wanted.count)].elementsEqual(wanted) {
                found = starts.last { $0.offset <= offset }?.line
                break
            }
        }
        guard let line = found else { return .failed("scroll to \"\(text)\": the page has no such text") }
        let height = max(1, area.height)
        var offset = viewport.scrollOffset
        if line < offset || line >= offset + height {
            offset = max(0, min(line, lines.count - height))
        }
        context.scroll = FlowScroll(screen: top.id, loadNumber: webView.loadNumber, offset: offset)
        return .done(note: "scrolled to line \(line + 1) of \(lines.count)")
    }

    private static func topURL(_ app: SimulatedApp) -> String {
        app.top?.currentPage.url ?? ""
    }

    /// The top page's laid-out text as one line with runs of whitespace collapsed, so text wrapped
    /// over two lines still matches.
    static func renderedText(_ app: SimulatedApp, _ context: FlowContext) -> String {
        guard let top = app.top else { return "" }
        let lines = app.layout(of: top.id, width: contentWidth(context)).lines.map(\.text)
        return collapsed(lines.joined(separator: " "))
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\u{A0}" }).joined(separator: " ")
    }
}
