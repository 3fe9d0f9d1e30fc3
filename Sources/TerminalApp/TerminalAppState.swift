#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Flows
import NavigatorCore
import PageKit
import Simulator
import TerminalUI

/// What the program loop must do after an input.
public enum TerminalAppEffect: Equatable, Sendable {
    case quit
    case bell
    /// Ctrl-Z: give the terminal back and stop until the shell continues the program.
    case suspend
    /// Ctrl-L: repaint the whole terminal.
    case redraw
    /// Perform an action on the app's host, then hand the result to `didPerform(_:since:now:)`.
    case perform(AppAction)
    /// Run flow steps on the app's host (stopping at the first failure), then hand the
    /// reports to `didRunSteps(_:context:app:dialog:now:)`.
    case runSteps([FlowStep])
    /// Run the next step of the flow being stepped through, then hand the execution and the
    /// report to `didRunFlowStep(_:reports:context:app:dialog:now:)`.
    case runFlowStep(FlowExecution)
    /// Put text on the clipboard (the terminal's OSC 52).
    case copyToClipboard(String)
    /// Start recording into a file (nil: a fresh `recording.flow` here), then call
    /// `didStartRecording(path:)` or `recordingFailed(_:now:)`.
    case startRecording(path: String?)
    /// Append lines to the recording.
    case record([String])
    /// Append the last lines and close the recording.
    case stopRecording([String])
}

/// How one flow step went, as the loop reports it back to the state.
public struct StepReport: Sendable {
    public var step: FlowStep
    public var outcome: StepOutcome
    /// The events the step caused.
    public var events: [AppEvent]
    /// The step's index in its flow.
    public var index: Int?
    /// It failed inside `retry`, whose steps run again.
    public var isRetried: Bool

    public init(step: FlowStep, outcome: StepOutcome, events: [AppEvent], index: Int? = nil, isRetried: Bool = false) {
        self.step = step
        self.outcome = outcome
        self.events = events
        self.index = index
        self.isRetried = isRetried
    }
}

/// Where a screen's web view is scrolled and which link or button has the focus.
///
/// The focus is a node, so it stays on the same link when the page is laid out again at
/// another width or changed by a script.
struct ScreenViewport: Equatable {
    var scrollOffset = 0
    /// The first visible column of wide lines.
    var horizontalOffset = 0
    var focusedNode: NodeID?
    /// The layout width `scrollOffset` refers to.
    var layoutWidth: Int
    /// The web view load this viewport belongs to; a new load starts over.
    var loadNumber: Int
    /// The web view's fragment navigations seen (`WebView.fragmentNavigations`): a new one
    /// scrolls to its target.
    var fragmentNavigations = 0
    /// Whether the focus came from scrolling rather than from the user (see `PageViewport`).
    var focusIsAutomatic = false
}

/// The interactive program as a value: the app as last seen, the panels, the `:` prompt and
/// the footer, changed by input events and drawn into a `Screen`.
///
/// No I/O and no clock inside: `TerminalAppLoop` hands it the terminal's events and the
/// time, performs the effects it returns on the app's host, hands back what came of them,
/// and draws what `render` returns. Each screen keeps its own scroll position and focused
/// link, so a screen uncovered by a pop is as the user left it.
public struct TerminalAppState {
    /// The panel beside the device (or over the web view on narrow terminals).
    public enum SidePanel: Equatable, Sendable {
        case stack, eventLog, flow, builder, notifications
    }

    /// The app as the host last reported it.
    public internal(set) var app: SimulatedApp
    public private(set) var size: TerminalSize
    public internal(set) var panel: SidePanel?
    public private(set) var showsHelp = false
    var helpScroll = 0
    /// The first line the stack or log panel shows, once the user scrolled it; nil: follow the top or the newest.
    var panelScroll: Int?
    var prompt: CommandPrompt?
    /// The deeplink builder, while it is open.
    var builder: DeeplinkBuilder?
    /// The notification chosen in the notification list or on the expanded banner.
    var notificationSelection: NotificationSelection?
    /// The recording in progress (`webnav record`, `R`).
    var recorder: FlowRecorder?
    /// The steps of the line last run from the `:` prompt (a recording writes a block as typed).
    var promptSteps: [FlowStep]?
    /// Whether the prompt is a `/` search rather than the `:` command line.
    var promptIsSearch = false
    /// The text last searched for with `/`, for `n` and `N`.
    var lastSearch: String?
    var history = CommandHistory()
    var message: FooterMessage?
    /// Events since the last action, for `expect event` at the prompt and in steps.
    var context = FlowContext()
    var stepper: FlowStepper?
    let parser: FlowParser
    /// Each screen's scroll position and focus.
    var viewports: [ScreenID: ScreenViewport] = [:]
    /// The JavaScript dialog open over the device, as the host last reported it.
    public internal(set) var dialog: OpenDialog?
    /// A `prompt` dialog's field.
    var dialogField = CommandPrompt()
    /// The text field being edited in place.
    var editor: FieldEditor?
    /// The `<select>` menu that is open.
    var optionMenu: OptionMenu?
    /// Whether the host is still working on an effect (the footer says so).
    public internal(set) var isWaitingForApp = false
    /// A screen reloaded because its file changed keeps its place: where it was scrolled and
    /// which item (by number) had the focus.
    var carriedViewport: (screen: ScreenID, scrollOffset: Int, focusedItem: Int?)?

    /// The terminal UI on a launched app; `parser` reads the steps typed at the `:` prompt;
    /// `variables` are the `${NAME}` values they start with (the profile's `env`, `--env`).
    /// The launch is the first action: the first step's expectations see what it did.
    public init(app: SimulatedApp, size: TerminalSize, parser: FlowParser, variables: [String: String] = [:]) {
        self.app = app
        self.size = size
        self.parser = parser
        context.variables = variables
        context.eventsSinceAction = Array(app.eventLog.events)
        settle()
    }

    /// Steps through `flow` (`webnav run --step`): its panel shown, `n` runs the next step.
    public init(app: SimulatedApp, size: TerminalSize, stepping flow: Flow, parser: FlowParser, variables: [String: String] = [:]) {
        self.init(app: app, size: size, parser: parser, variables: variables)
        stepper = FlowStepper(flow: flow, parser: parser)
        panel = .flow
    }

    /// 0, or in step mode 1 unless every step ran and passed.
    public var exitStatus: Int32 {
        guard let stepper else { return 0 }
        return stepper.passed ? 0 : 1
    }

    /// The top page's file changed on disk: reload it, keeping the stack and the scroll position.
    public mutating func topPageChangedOnDisk(now: ContinuousClock.Instant) -> [TerminalAppEffect] {
        guard let top = app.top, let webView = app.topWebView else { return [] }
        let shown = viewport()
        carriedViewport = (top.id, shown?.scrollOffset ?? 0, shown?.focusedItem)
        message = FooterMessage(text: "\(app.navigator.displayURL(webView.content.url)) changed on disk: reloaded", tone: .info,
                                expiry: now + FooterMessage.toastDuration)
        return [.perform(.navigator(.reloadRequested))]
    }

    /// Delivers a URL from outside the app (`webnav open URL`), as the `:` prompt does.
    public mutating func open(_ url: String, base: String?) -> [TerminalAppEffect] {
        act(.urlOpened(url, base: base))
    }

    /// Takes the app as the host left it after a `perform` effect, and reports the events
    /// since the log held `before` events.
    public mutating func didPerform(_ snapshot: AppSnapshot, since before: Int, now: ContinuousClock.Instant) {
        var logged = Array(snapshot.app.eventLog.events(since: before))
        // The launch is no action of the user's: the footer keeps its hints (or a recording's
        // message) unless something went wrong.
        let launching = app.top == nil
        app = snapshot.app
        context.eventsSinceAction = logged
        show(snapshot.dialog)
        if let refusal = snapshot.refusal {
            message = FooterMessage(text: refusal, tone: .error, expiry: now + FooterMessage.toastDuration)
        } else if carriedViewport == nil {
            if launching { logged.removeAll { $0.severity == .info } }
            report(logged, now: now)
        }
        settle()
    }

    // MARK: - Input

    /// Applies one input and returns what the loop must do.
    public mutating func handle(_ input: InputEvent, now: ContinuousClock.Instant) -> [TerminalAppEffect] {
        let effects: [TerminalAppEffect]
        switch input {
        case .resize(let columns, let rows):
            size = TerminalSize(columns: columns, rows: rows)
            effects = []
        case .mouse(let event):
            effects = handleMouse(event)
        case .hangup, .key(.control("c")):
            effects = quit()
        case .key(.control("z")):
            effects = [.suspend]
        case .key(.control("l")):
            effects = [.redraw]
        case .key(let key):
            if message.map({ !$0.isShown(at: now) }) ?? false { message = nil }
            if prompt != nil {
                effects = handlePromptKey(key, now: now)
            } else if dialog != nil {
                effects = handleDialogKey(key, now: now)
            } else if editor != nil {
                effects = handleEditorKey(key)
            } else if optionMenu != nil {
                effects = handleMenuKey(key)
            } else if isChoosingNotification, !showsHelp {
                message = nil
                effects = handleNotificationKey(key)
            } else if builder != nil {
                message = nil
                effects = handleBuilderKey(key)
            } else if showsHelp {
                effects = handleHelpKey(key)
            } else {
                message = nil
                effects = handleKey(key, now: now)
            }
        }
        settle()
        return effects
    }

    private mutating func handleKey(_ key: Key, now: ContinuousClock.Instant) -> [TerminalAppEffect] {
        if panel == .stack || panel == .eventLog, let scrolled = scrollPanel(key) {
            panelScroll = scrolled
            return []
        }
        if let effects = handleShellKey(key) { return effects }
        switch key {
        case .character("q"):
            return quit()
        case .character("R"):
            return toggleRecording(now: now)
        case .character("b"): updateViewport { $0.scroll(by: -max(1, $0.height - 1)) }
        case .character("<"), .character(">"):
            let step = max(1, geometry.contentWidth / 2) * (key == .character("<") ? -1 : 1)
            updateViewport { $0.scrollSideways(by: step) }
        case .character("/"):
            prompt = CommandPrompt()
            promptIsSearch = true
        case .character("N"):
            return searchAgain(backward: true)
        case .up: updateViewport { $0.scroll(by: -1) }
        case .down: updateViewport { $0.scroll(by: 1) }
        case .pageUp: updateViewport { $0.scroll(by: -max(1, $0.height - 1)) }
        case .pageDown: updateViewport { $0.scroll(by: max(1, $0.height - 1)) }
        case .home, .character("g"): updateViewport { $0.scroll(to: 0) }
        case .end, .character("G"): updateViewport { $0.scroll(to: $0.maxOffset) }
        case .character(" "):
            if stepper != nil { return runNextStep(now: now) }
            updateViewport { $0.scroll(by: max(1, $0.height - 1)) }
        case .tab, .character("j"):
            return moveFocus(forward: true)
        case .backTab, .character("k"):
            return moveFocus(forward: false)
        case .enter, .right:
            return activateFocusedItem()
        case .left, .backspace, .character("h"):
            return act(.backGesturePerformed)
        case .character("x"):
            return act(.rightButtonTapped)
        case .character("r"):
            return act(.reloadRequested)
        case .character(":"):
            prompt = CommandPrompt()
        case .character("B"):
            builder = DeeplinkBuilder(profile: app.navigator.profile)
            panel = .builder
        case .character("s"):
            toggle(.stack)
        case .character("l"):
            toggle(.eventLog)
        case .character("f"):
            guard stepper != nil else { return unknown(key) }
            toggle(.flow)
        case .character("n"):
            // Stepping through a flow, n runs the next step (as it always has); a search is
            // repeated there with / and Enter, or N backwards.
            guard stepper != nil else { return searchAgain(backward: false) }
            return runNextStep(now: now)
        case .character("?"), .function(1):
            showsHelp = true
            helpScroll = 0
        case .escape:
            if panel == nil { return [] }
            panel = nil
        default:
            return unknown(key)
        }
        return []
    }

    private mutating func unknown(_ key: Key) -> [TerminalAppEffect] {
        message = FooterMessage(text: "\(Self.name(of: key)) does nothing here: ? lists the keys", tone: .hint, expiry: nil)
        return []
    }

    private static func name(of key: Key) -> String {
        switch key {
        case .character(let character): return "'\(character)'"
        case .control(let character): return "Ctrl-\(character.uppercased())"
        case .function(let number): return "F\(number)"
        default: return "\(key)".prefix(1).uppercased() + "\(key)".dropFirst()
        }
    }

    private mutating func toggle(_ shown: SidePanel) {
        panel = panel == shown ? nil : shown
        panelScroll = nil
    }

    /// PgUp, PgDn, Home and End scroll the stack or log panel while it is open; the new first line.
    private func scrollPanel(_ key: Key) -> Int? {
        guard let area = geometry.panel else { return nil }
        let position = panel == .stack
            ? PanelRenderer.stackPosition(of: app, area: area, start: panelScroll)
            : PanelRenderer.eventLogPosition(app.eventLog.events, area: area, start: panelScroll)
        let last = max(0, position.count - position.height)
        switch key {
        case .pageUp: return max(0, position.start - max(1, position.height - 1))
        case .pageDown: return min(last, position.start + max(1, position.height - 1))
        case .home: return 0
        case .end: return last
        default: return nil
        }
    }

    // MARK: - Search

    /// Enter at the `/` prompt: finds the text from the top of the view (an empty line repeats
    /// the last search).
    mutating func search(_ text: String) -> [TerminalAppEffect] {
        let wanted = text.isEmpty ? (lastSearch ?? "") : text
        guard !wanted.isEmpty else { return [] }
        lastSearch = wanted
        guard let viewport = viewport() else { return [.bell] }
        return showMatch(viewport.line(containing: wanted, from: viewport.scrollOffset), of: wanted)
    }

    /// `n` and `N`: the next or previous line with the last search's text.
    private mutating func searchAgain(backward: Bool) -> [TerminalAppEffect] {
        guard let wanted = lastSearch else {
            message = FooterMessage(text: "/ searches the page; then n and N find the next and previous match", tone: .hint, expiry: nil)
            return []
        }
        guard let viewport = viewport() else { return [.bell] }
        let start = backward ? viewport.scrollOffset - 1 : viewport.scrollOffset + 1
        return showMatch(viewport.line(containing: wanted, from: start, backward: backward), of: wanted)
    }

    private mutating func showMatch(_ line: Int?, of text: String) -> [TerminalAppEffect] {
        guard let line else {
            message = FooterMessage(text: "not found: \(text)", tone: .error, expiry: nil)
            return [.bell]
        }
        updateViewport { $0.scroll(to: line) }
        message = FooterMessage(text: "/\(text): line \(line + 1) (n next, N previous)", tone: .hint, expiry: nil)
        return []
    }

    private mutating func handleHelpKey(_ key: Key) -> [TerminalAppEffect] {
        switch key {
        case .character("?"), .escape, .character("q"), .enter, .function(1):
            showsHelp = false
        case .down, .character("j"): helpScroll = min(helpScroll + 1, maximumHelpScroll)
        case .up, .character("k"): helpScroll = max(0, helpScroll - 1)
        default: break
        }
        return []
    }

    /// How far the help scrolls: until its last line shows (the help box fills the device's height).
    private var maximumHelpScroll: Int {
        let height = geometry.device.height
        let inside = height >= 3 ? min(height, KeyBindings.helpLineCount + 2) - 2 : height - 1
        return max(0, KeyBindings.helpLineCount - inside)
    }

    // MARK: - Page

    /// Runs `change` on the top web view's viewport and keeps the result.
    private mutating func updateViewport(_ change: (inout PageViewport) -> Void) {
        guard let id = app.top?.id, var viewport = viewport() else { return }
        change(&viewport)
        keep(viewport, for: id)
    }

    /// Stores a page viewport as the screen's scroll position and focused node.
    private mutating func keep(_ viewport: PageViewport, for id: ScreenID) {
        guard var stored = viewports[id] else { return }
        stored.scrollOffset = viewport.scrollOffset
        stored.horizontalOffset = viewport.horizontalOffset
        stored.focusedNode = viewport.focusedItem.map { viewport.layout.items[$0].node }
            ?? viewport.focusedField.map { viewport.layout.fields[$0].node }
        stored.focusIsAutomatic = viewport.focusIsAutomatic
        viewports[id] = stored
    }

    /// The top page as the web view shows it now.
    func viewport() -> PageViewport? {
        guard let top = app.top, app.topWebView != nil, let stored = viewports[top.id] else { return nil }
        let geometry = self.geometry
        let layout = app.layout(of: top.id, width: geometry.contentWidth)
        return PageViewport(layout: layout, height: geometry.webView.height, scrollOffset: stored.scrollOffset,
                            focusedItem: stored.focusedNode.flatMap { node in layout.items.firstIndex { $0.node == node } },
                            focusedField: stored.focusedNode.flatMap { node in layout.fields.firstIndex { $0.node == node } },
                            focusIsAutomatic: stored.focusIsAutomatic, width: geometry.contentWidth,
                            horizontalOffset: stored.horizontalOffset)
    }

    mutating func moveFocus(forward: Bool) -> [TerminalAppEffect] {
        guard let viewport = viewport(), !viewport.focusables.isEmpty else {
            message = FooterMessage(text: "no links, buttons or fields on this page", tone: .hint, expiry: nil)
            return [.bell]
        }
        updateViewport { forward ? $0.focusNext() : $0.focusPrevious() }
        if let field = self.viewport()?.focusedField {
            message = FooterMessage(text: "↳ " + Self.describe(viewport.layout.fields[field]), tone: .hint, expiry: nil)
        } else if let focused = self.viewport()?.focusedItem {
            let item = viewport.layout.items[focused]
            let target = item.url ?? (item.kind == .button ? "button \"\(item.text)\" (does nothing)" : "\"\(item.text)\" (goes nowhere)")
            message = FooterMessage(text: "↳ " + target, tone: .hint, expiry: nil)
        }
        return []
    }

    /// What the footer says of a focused field.
    private static func describe(_ field: PageField) -> String {
        switch field.kind {
        case .text, .textArea, .password: return field.isReadOnly ? "a read-only field" : "a text field: Enter types in it"
        case .checkbox: return "a checkbox: Enter \(field.isChecked ? "unchecks" : "checks") it"
        case .radio: return field.isChecked ? "a radio button (chosen)" : "a radio button: Enter chooses it"
        case .select: return "a list: Enter opens it"
        }
    }

    private mutating func activateFocusedItem() -> [TerminalAppEffect] {
        if let viewport = viewport(), let field = viewport.focusedField { return activate(field: field, in: viewport) }
        guard let viewport = viewport(), let focused = viewport.focusedItem else {
            message = FooterMessage(text: "no link or button in view: Tab finds the next one", tone: .hint, expiry: nil)
            return [.bell]
        }
        return perform(.activate(viewport.layout.items[focused]))
    }

    /// Asks the loop to send an engine event for a key or a click.
    mutating func act(_ event: NavigatorEvent) -> [TerminalAppEffect] {
        perform(.navigator(event))
    }

    /// Asks the loop to perform an action (recorded as a flow step while recording);
    /// `didPerform` reports what happened.
    mutating func perform(_ action: AppAction) -> [TerminalAppEffect] {
        guard var recorder, let top = app.top else { return [.perform(action)] }
        let items = app.layout(of: top.id, width: geometry.contentWidth).items
        defer { self.recorder = recorder }
        guard let line = recorder.step(for: action, items: items) ?? fieldStep(for: action).map({ recorder.count($0) }) else {
            return [.perform(action)]
        }
        return [.record([line]), .perform(action)]
    }

    // MARK: - Recording

    /// Quits, closing a recording with the state reached.
    mutating func quit() -> [TerminalAppEffect] {
        guard let recorder else { return [.quit] }
        self.recorder = nil
        return [.stopRecording(recorder.closingExpectations(of: app)), .quit]
    }

    /// `R`: starts recording into a fresh file, or stops the recording.
    private mutating func toggleRecording(now: ContinuousClock.Instant) -> [TerminalAppEffect] {
        guard let recorder else { return [.startRecording(path: nil)] }
        self.recorder = nil
        message = FooterMessage(text: "recorded \(recorder.steps) step\(recorder.steps == 1 ? "" : "s") to \(recorder.path)", tone: .success,
                                expiry: now + FooterMessage.toastDuration)
        return [.stopRecording(recorder.closingExpectations(of: app))]
    }

    /// The loop opened the recording file: from now on every action is written as a step.
    public mutating func didStartRecording(path: String) -> [TerminalAppEffect] {
        let recorder = FlowRecorder(path: path)
        self.recorder = recorder
        message = FooterMessage(text: "● recording to \(path) (R stops)", tone: .info, expiry: nil)
        return [.record(recorder.header(columns: geometry.device.width, rows: size.rows))]
    }

    /// The recording could not be written.
    public mutating func recordingFailed(_ reason: String, now: ContinuousClock.Instant) {
        recorder = nil
        message = FooterMessage(text: "recording stopped: \(reason)", tone: .error, expiry: nil)
    }

    /// Puts what an action did in the footer: the linter's warnings first, then what
    /// opened outside the app, then the last event.
    ///
    /// The message's colour comes from the events' kinds: warnings, then errors, then what
    /// opened outside the app; a held expectation (`success`) is green.
    mutating func report(_ logged: [AppEvent], note: String? = nil, noteTone: FooterContent.Tone = .info,
                         now: ContinuousClock.Instant) {
        let expiry = now + FooterMessage.toastDuration
        let warnings = logged.filter { $0.severity == .warning }
        if let first = warnings.first {
            let text = first.warning.map { "\($0.code.rawValue): \($0.message)" } ?? first.text
            let more = warnings.count > 1 ? " (+\(warnings.count - 1) more: l shows the log)" : ""
            message = FooterMessage(text: "⚠ " + text + more, tone: .warning, expiry: expiry)
        } else if let outside = logged.last(where: { $0.severity == .outside }) {
            message = FooterMessage(text: "↗ " + outside.text, tone: .info, expiry: expiry)
        } else if let failure = logged.last(where: { $0.severity == .error }) {
            message = FooterMessage(text: failure.text, tone: .error, expiry: expiry)
        } else if let note {
            message = FooterMessage(text: note, tone: noteTone, expiry: expiry)
        } else if let last = logged.last {
            message = FooterMessage(text: last.text, tone: .info, expiry: expiry)
        }
    }

    /// After any change: starts a viewport over for a new load, carries the top web view's
    /// scroll over a change of width, keeps the focused item in view, or focuses the first
    /// visible one.
    mutating func settle() {
        viewports = viewports.filter { app.webViews[$0.key] != nil }
        guard let top = app.top, let webView = app.topWebView else {
            settleFields(in: nil)
            return
        }
        let geometry = self.geometry
        let width = geometry.contentWidth
        let layout = app.layout(of: top.id, width: width)
        settleFields(in: layout)
        var stored = viewports[top.id] ?? ScreenViewport(layoutWidth: width, loadNumber: webView.loadNumber)
        if stored.loadNumber != webView.loadNumber {
            stored = ScreenViewport(layoutWidth: width, loadNumber: webView.loadNumber)
            stored.scrollOffset = app.initialScrollOffset(of: top.id, width: width)
            if let carried = carriedViewport, carried.screen == top.id {
                stored.scrollOffset = carried.scrollOffset
                stored.focusedNode = carried.focusedItem.flatMap { layout.items.indices.contains($0) ? layout.items[$0].node : nil }
                carriedViewport = nil
            }
        }
        if stored.fragmentNavigations != webView.fragmentNavigations {
            stored.fragmentNavigations = webView.fragmentNavigations
            stored.scrollOffset = app.initialScrollOffset(of: top.id, width: width)
            stored.focusedNode = nil  // the tapped link would pull the view back to itself
        }
        if carriedViewport.map({ $0.screen != top.id }) ?? false { carriedViewport = nil }
        var offset = stored.scrollOffset
        if stored.layoutWidth != width {
            let oldCount = app.layout(of: top.id, width: stored.layoutWidth).lines.count
            offset = oldCount > 0 ? offset * layout.lines.count / oldCount : 0
        }
        stored.layoutWidth = width
        viewports[top.id] = stored
        let focused = stored.focusedNode.flatMap { node in layout.items.firstIndex { $0.node == node }.map { PageViewport.Focusable.item($0) }
            ?? layout.fields.firstIndex { $0.node == node }.map { PageViewport.Focusable.field($0) } }
        var viewport = PageViewport(layout: layout, height: geometry.webView.height, scrollOffset: offset, focusedItem: nil,
                                    width: width, horizontalOffset: stored.horizontalOffset)
        if let focused {
            viewport.focus(focused, scrollingSideways: false)
            viewport.focusIsAutomatic = stored.focusIsAutomatic
        }
        keep(viewport, for: top.id)
    }

    var geometry: FrameGeometry {
        FrameGeometry(columns: size.columns, rows: size.rows, panel: panel, barVisible: shownAppearance.barVisible)
    }

    /// The bar the device shows: the top screen's, or the builder's live preview.
    var shownAppearance: BarAppearance {
        builder?.previewAppearance(profile: app.navigator.profile) ?? app.top?.appearance ?? .noBar
    }

    // MARK: - The deeplink builder

    private mutating func handleBuilderKey(_ key: Key) -> [TerminalAppEffect] {
        guard var builder else { return [] }
        defer { if self.builder != nil { self.builder = builder } }
        switch key {
        case .escape:
            self.builder = nil
            panel = nil
        case .enter:
            self.builder = nil
            panel = nil
            return act(.urlOpened(builder.url, base: nil))
        case .up, .backTab: builder.moveSelection(by: -1)
        case .down, .tab: builder.moveSelection(by: 1)
        case .left where builder.selected == .host: builder.cycleHost(by: -1)
        case .right where builder.selected == .host: builder.cycleHost(by: 1)
        case .character(" ") where builder.selected.isFlag: builder.toggleFlag()
        case .control("y"):
            return copy(builder.url)
        case .character("y") where !builder.selected.isText:
            return copy(builder.url)
        case .character(let character) where builder.selected.isText: builder.type(character)
        case .backspace: builder.deleteBackward()
        case .control("u"): builder.clearField()
        default: return [.bell]
        }
        return []
    }

    private mutating func copy(_ text: String) -> [TerminalAppEffect] {
        message = FooterMessage(text: "copied: \(text)", tone: .success, expiry: nil)
        return [.copyToClipboard(text)]
    }

    // MARK: - Mouse

    private mutating func handleMouse(_ event: MouseEvent) -> [TerminalAppEffect] {
        let geometry = self.geometry
        if let panel = geometry.panel, panel.contains(row: event.row, column: event.column) { return [] }
        switch event.kind {
        case .wheelUp, .wheelDown:
            guard !showsHelp, geometry.device.contains(row: event.row, column: event.column) else { return [] }
            updateViewport { $0.scroll(by: event.kind == .wheelUp ? -3 : 3) }
        case .release:
            break
        case .press:
            if !showsHelp, prompt == nil, dialog != nil { return clickDialog(row: event.row, column: event.column) }
            guard !showsHelp, prompt == nil, optionMenu == nil else {
                showsHelp = false
                return []
            }
            if editor != nil { return finishEditing() }
            message = nil
            var scratch = Screen(width: size.columns, height: size.rows)
            let regions = DeviceRenderer.drawDevice(of: app, into: &scratch, area: geometry.device, clock: "", viewport: WebViewport())
            if let banner = regions.banner, banner.contains(row: event.row, column: event.column) {
                return tapBanner()
            } else if let left = regions.leftButton, left.contains(row: event.row, column: event.column) {
                return act(.leftButtonTapped)
            } else if let right = regions.rightButton, right.contains(row: event.row, column: event.column) {
                return act(.rightButtonTapped)
            } else if regions.webView.contains(row: event.row, column: event.column), let viewport = viewport(),
                      case let line = viewport.scrollOffset + event.row - regions.webView.row,
                      case let column = event.column - regions.webView.column - 1 + viewport.horizontalOffset {
                if let field = viewport.field(atLine: line, column: column) {
                    updateViewport { $0.focus(.field(field)) }
                    return activate(field: field, in: viewport)
                }
                if let item = viewport.item(atLine: line, column: column) {
                    updateViewport { $0.focus(item) }
                    return perform(.activate(viewport.layout.items[item]))
                }
            }
        }
        return []
    }
}

extension ScreenArea {
    func contains(row: Int, column: Int) -> Bool {
        row >= self.row && row < self.row + height && column >= self.column && column < self.column + width
    }
}
