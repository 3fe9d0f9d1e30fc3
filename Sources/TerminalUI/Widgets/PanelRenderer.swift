import NavigatorCore
import PageKit
import Simulator

/// A key and what it does, for the footer's hints and the help.
public struct KeyHint: Equatable, Sendable {
    public var keys: String
    public var action: String

    public init(_ keys: String, _ action: String) {
        self.keys = keys
        self.action = action
    }
}

/// A group of keys in the help, under a heading.
public struct HelpSection: Equatable, Sendable {
    public var heading: String
    public var keys: [KeyHint]

    public init(_ heading: String, _ keys: [KeyHint]) {
        self.heading = heading
        self.keys = keys
    }
}

/// One step of a flow as the step-by-step panel lists it.
public struct FlowPanelStep: Equatable, Sendable {
    public enum Mark: Equatable, Sendable {
        case pending
        /// The step `n` runs next.
        case next
        case passed
        /// Failed, with the message shown under it.
        case failed(String)
    }

    /// Where it was written: the line number, or `file:line` for an included step.
    public var location: String
    /// The step as written.
    public var source: String
    public var mark: Mark

    public init(location: String, source: String, mark: Mark) {
        self.location = location
        self.source = source
        self.mark = mark
    }
}

/// The step-by-step panel's contents: the steps and how the flow stands.
public struct FlowPanelContent: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable { case running, passed, failed }

    public var path: String
    public var steps: [FlowPanelStep]
    public var outcome: Outcome

    public init(path: String, steps: [FlowPanelStep], outcome: Outcome) {
        self.path = path
        self.steps = steps
        self.outcome = outcome
    }
}

/// Draws the simulator's own panels beside or over the device: the stack, the event log,
/// a flow's steps, the help, and the key hints of the footer.
public enum PanelRenderer {
    /// Where a scrollable panel is: the first line shown, how many lines it has, how many fit.
    public struct ScrollPosition: Equatable, Sendable {
        public var start: Int
        public var count: Int
        public var height: Int
    }

    /// The stack panel's scroll position in `area`, from `start` (nil: the top screen in view).
    public static func stackPosition(of app: SimulatedApp, area: ScreenArea, start: Int?) -> ScrollPosition {
        let (lines, anchor) = stackLines(of: app)
        let height = PanelBox.inside(area).height
        return ScrollPosition(start: PanelBox.visibleRows(count: lines.count, height: height, anchor: anchor, start: start).lowerBound,
                              count: lines.count, height: height)
    }

    /// The event log's scroll position in `area`, from `start` (nil: the newest in view).
    public static func eventLogPosition<Events: Collection>(_ entries: Events, area: ScreenArea, start: Int?) -> ScrollPosition where Events.Element == AppEvent {
        let inside = PanelBox.inside(area)
        let count = eventLogLines(entries, width: inside.width).count
        return ScrollPosition(start: PanelBox.visibleRows(count: count, height: inside.height, anchor: count - 1, start: start).lowerBound,
                              count: count, height: inside.height)
    }

    /// Every screen, bottom to top: label, page URL, web history and bar settings; from line
    /// `start` when scrolled, else with the top screen in view.
    public static func drawStack(of app: SimulatedApp, into screen: inout Screen, area: ScreenArea, start: Int? = nil) {
        let screens = app.navigator.screens
        let inside = PanelBox.draw(title: "Stack", info: "\(screens.count) screen\(screens.count == 1 ? "" : "s")", into: &screen, area: area)
        let (lines, anchor) = stackLines(of: app)
        PanelBox.drawLines(lines, anchor: anchor, start: start, into: &screen, area: inside)
    }

    private static func stackLines(of app: SimulatedApp) -> (lines: [StyledLine], anchor: Int) {
        let screens = app.navigator.screens
        var lines: [StyledLine] = []
        var topHeading = 0
        for (index, entry) in screens.enumerated() {
            let isTop = index == screens.count - 1
            if isTop { topHeading = lines.count }
            var heading = StyledLine("\(index + 1) ", style: ChromeStyle.dim)
            heading.append(entry.label, style: isTop ? ChromeStyle.bold : .plain)
            if isTop { heading.append("  ◂ top", style: ChromeStyle.dim) }
            lines.append(heading)
            lines.append(StyledLine("  " + app.navigator.displayURL(entry.currentPage.url)))
            if entry.history.count > 1 {
                lines.append(StyledLine("  history \(entry.historyIndex + 1) of \(entry.history.count)", style: ChromeStyle.dim))
            }
            lines += barLines(entry.appearance)
        }
        return (lines, topHeading)
    }

    private static func barLines(_ appearance: BarAppearance) -> [StyledLine] {
        var lines: [StyledLine] = []
        if appearance.barVisible {
            var bar = StyledLine("  bar ", style: ChromeStyle.dim)
            bar.append(appearance.leftButton ? "‹ " : "  ", style: ChromeStyle.bold)
            bar.append(appearance.title.isEmpty ? "(no title)" : "\"\(appearance.title)\"", style: appearance.title.isEmpty ? ChromeStyle.dim : .plain)
            bar.append(appearance.rightButton ? " ✕" : "", style: ChromeStyle.bold)
            lines.append(bar)
            lines.append(colorLine([("nav", appearance.navigationColor), ("tint", appearance.tintColor)]))
        } else {
            lines.append(StyledLine("  no bar", style: ChromeStyle.dim))
        }
        lines.append(colorLine([("status", appearance.statusBarColor)]))
        return lines
    }

    private static func colorLine(_ colors: [(String, RGBColor)]) -> StyledLine {
        var line = StyledLine(" ")
        for (name, color) in colors {
            line.append(" \(name) ", style: ChromeStyle.dim)
            line.append("  ", style: CellStyle(background: .rgb(color.red, color.green, color.blue)))
            line.append(" " + color.hex)
        }
        return line
    }

    /// Every log line, newest at the bottom, each marked by its kind; warnings and invalid URLs
    /// in colour; from line `start` when scrolled, else with the newest in view.
    public static func drawEventLog<Events: Collection>(_ entries: Events, into screen: inout Screen, area: ScreenArea, start: Int? = nil) where Events.Element == AppEvent {
        let warnings = entries.count { $0.kind == .warning }
        let info = "\(entries.count) event\(entries.count == 1 ? "" : "s")" + (warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : "")
        let inside = PanelBox.draw(title: "Event log", info: info, into: &screen, area: area)
        let lines = eventLogLines(entries, width: inside.width)
        PanelBox.drawLines(lines, anchor: lines.count - 1, start: start, into: &screen, area: inside)
    }

    private static func eventLogLines<Events: Collection>(_ entries: Events, width: Int) -> [StyledLine] where Events.Element == AppEvent {
        var lines: [StyledLine] = []
        for entry in entries {
            let (marker, style) = appearance(of: entry.kind)
            var line = StyledLine(marker + " ", style: style)
            line.append(entry.text, style: entry.severity == .warning || entry.severity == .error ? style : .plain)
            lines += line.wrapped(toWidth: width, indent: 2)
        }
        return lines
    }

    /// The marker and colour of a log line's kind.
    static func appearance(of kind: AppEvent.Kind) -> (String, CellStyle) {
        switch kind {
        case .launch, .lifecycle, .launchCheck: return ("●", ChromeStyle.dim)
        case .deeplink: return ("⇢", ChromeStyle.deeplink)
        case .route, .navigation: return ("▸", ChromeStyle.bold)
        case .page, .load, .redirect, .cookie, .note: return ("·", ChromeStyle.dim)
        case .history: return ("‹", ChromeStyle.bold)
        case .external, .store, .browser: return ("↗", ChromeStyle.external)
        case .invalid, .scriptError, .scriptTimeout, .loadFailed: return ("✗", ChromeStyle.failure)
        case .warning, .scriptTasks, .blocked: return ("⚠", ChromeStyle.warning)
        case .console, .scriptSkipped: return (">", ChromeStyle.dim)
        case .dialog, .notification: return ("▢", ChromeStyle.bold)
        case .message, .reply, .native, .download: return ("⇄", ChromeStyle.deeplink)
        }
    }

    /// A flow's steps with their line numbers: passed ✓, failed ✗ with the message under
    /// it, the next one highlighted; those two are wrapped, the others cut to the width.
    public static func drawFlow(_ content: FlowPanelContent, into screen: inout Screen, area: ScreenArea) {
        let done = content.steps.count { if case .passed = $0.mark { return true } else { return false } }
        let info: String
        switch content.outcome {
        case .running: info = "\(done)/\(content.steps.count)"
        case .passed: info = "passed"
        case .failed: info = "failed"
        }
        let inside = PanelBox.draw(title: content.path, info: info, into: &screen, area: area)
        let locationWidth = content.steps.map { TerminalText.width(of: $0.location) }.max() ?? 1
        var lines: [StyledLine] = []
        var anchor = 0
        for step in content.steps {
            let location = String(repeating: " ", count: max(0, locationWidth - TerminalText.width(of: step.location))) + step.location
            var line = StyledLine(location + " ", style: ChromeStyle.dim)
            switch step.mark {
            case .pending:
                line.append("  " + step.source, style: content.outcome == .failed ? ChromeStyle.dim : .plain)
            case .next:
                anchor = lines.count
                for part in StyledLine(location + " ▸ " + step.source, style: ChromeStyle.highlight)
                    .wrapped(toWidth: inside.width, indent: locationWidth + 3) {
                    lines.append(part.appending(String(repeating: " ", count: max(0, inside.width - part.width)), style: ChromeStyle.highlight))
                }
                continue
            case .passed:
                line.append("✓ ", style: ChromeStyle.success)
                line.append(step.source, style: ChromeStyle.dim)
            case .failed(let message):
                anchor = lines.count
                line.append("✗ ", style: ChromeStyle.failure)
                line.append(step.source, style: ChromeStyle.bold)
                lines += line.wrapped(toWidth: inside.width, indent: locationWidth + 3)
                let indent = String(repeating: " ", count: locationWidth + 3)
                line = StyledLine(indent + message, style: ChromeStyle.failure)
                lines += line.wrapped(toWidth: inside.width, indent: locationWidth + 3)
                continue
            }
            lines.append(line)
        }
        switch content.outcome {
        case .running: break
        case .passed:
            anchor = lines.count
            lines.append(StyledLine("✓ flow passed (\(content.steps.count) steps)", style: ChromeStyle.success))
        case .failed:
            lines.append(StyledLine("✗ flow failed", style: ChromeStyle.failure))
        }
        PanelBox.drawLines(lines, anchor: anchor, into: &screen, area: inside)
    }

    /// The keys in a box centred in `area`, as large as its contents or the area allow;
    /// `scroll` lines are skipped at the top when they do not all fit.
    public static func drawHelp(_ sections: [HelpSection], footnote: String, scroll: Int = 0, into screen: inout Screen, area: ScreenArea) {
        let keyWidth = sections.flatMap(\.keys).map { TerminalText.width(of: $0.keys) }.max() ?? 0
        var lines: [StyledLine] = []
        for section in sections {
            lines.append(StyledLine(section.heading, style: CellStyle(bold: true, underline: true)))
            for hint in section.keys {
                let padding = String(repeating: " ", count: max(0, keyWidth - TerminalText.width(of: hint.keys)))
                lines.append(StyledLine(hint.keys + padding, style: ChromeStyle.bold).appending("  " + hint.action))
            }
        }
        lines.append(StyledLine())
        lines.append(StyledLine(footnote, style: ChromeStyle.dim))
        let width = min(area.width, (lines.map(\.width).max() ?? 0) + 4)
        let height = min(area.height, lines.count + 2)
        let box = ScreenArea(row: area.row + (area.height - height) / 2, column: area.column + (area.width - width) / 2, width: width, height: height)
        let inside = PanelBox.draw(title: "Keys", info: "? or Esc closes", into: &screen, area: box)
        let first = min(max(0, scroll), max(0, lines.count - inside.height))
        for (offset, line) in lines.dropFirst(first).prefix(inside.height).enumerated() {
            line.draw(into: &screen, row: inside.row + offset, column: inside.column, width: inside.width)
        }
    }

    /// Key hints on one row: the keys bold, what they do dim, as many as fit; the last
    /// hint (the way to the help) is kept whenever it fits at all.
    public static func drawKeyHints(_ hints: [KeyHint], into screen: inout Screen, area: ScreenArea) {
        guard area.height > 0, area.width > 0 else { return }
        screen.fill(rows: area.row..<(area.row + 1), columns: area.columns, style: .plain)
        func width(_ hint: KeyHint) -> Int { TerminalText.width(of: hint.keys) + 1 + TerminalText.width(of: hint.action) + 2 }
        let kept = hints.last.map { width($0) <= area.width - 1 ? width($0) : 0 } ?? 0
        var line = StyledLine(" ")
        var shown = hints.dropLast()
        var used = 1 + kept
        while let hint = shown.first, used + width(hint) <= area.width {
            line.append(hint.keys, style: ChromeStyle.bold)
            line.append(" " + hint.action + "  ", style: ChromeStyle.dim)
            used += width(hint)
            shown = shown.dropFirst()
        }
        if kept > 0, let last = hints.last {
            line.append(last.keys, style: ChromeStyle.bold)
            line.append(" " + last.action, style: ChromeStyle.dim)
        }
        line.draw(into: &screen, row: area.row, column: area.column, width: area.width)
    }
}

/// What the deeplink builder's panel shows.
public struct BuilderPanelContent: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var name: String
        public var value: String
        public var isSelected: Bool
        /// A text field (shows a cursor when selected).
        public var isText: Bool

        public init(name: String, value: String, isSelected: Bool, isText: Bool) {
            self.name = name
            self.value = value
            self.isSelected = isSelected
            self.isText = isText
        }
    }

    public var rows: [Row]
    /// The encoded deeplink, in full.
    public var url: String
    /// What the app does with it: `push (host "webview")`, `invalid: no host`.
    public var outcome: String
    public var warnings: [String]
    public var hints: String

    public init(rows: [Row], url: String, outcome: String, warnings: [String], hints: String) {
        self.rows = rows
        self.url = url
        self.outcome = outcome
        self.warnings = warnings
        self.hints = hints
    }
}

extension PanelRenderer {
    /// The deeplink builder: the fields (the selected one highlighted), the link wrapped in
    /// full, what the app does with it, and the linter's warnings.
    public static func drawBuilder(_ content: BuilderPanelContent, into screen: inout Screen, area: ScreenArea) {
        let inside = PanelBox.draw(title: "Deeplink builder", into: &screen, area: area)
        guard inside.width > 0 else { return }
        let nameWidth = content.rows.map { TerminalText.width(of: $0.name) }.max() ?? 0
        var lines: [StyledLine] = []
        var anchor = 0
        for row in content.rows {
            let padding = String(repeating: " ", count: nameWidth - TerminalText.width(of: row.name))
            var line = StyledLine(" " + row.name + padding + "  ", style: row.isSelected ? ChromeStyle.bold : ChromeStyle.dim)
            line.append(row.value, style: row.isSelected ? ChromeStyle.highlight : .plain)
            if row.isSelected && row.isText { line.append("▏", style: ChromeStyle.bold) }
            if row.isSelected { anchor = lines.count }
            lines += line.wrapped(toWidth: inside.width, indent: nameWidth + 3)
        }
        lines.append(StyledLine())
        lines += StyledLine(content.url, style: ChromeStyle.deeplink).wrapped(toWidth: inside.width)
        lines.append(StyledLine("→ " + content.outcome, style: ChromeStyle.bold))
        for warning in content.warnings {
            lines += StyledLine("⚠ " + warning, style: ChromeStyle.warning).wrapped(toWidth: inside.width, indent: 2)
        }
        lines += StyledLine(content.hints, style: ChromeStyle.dim).wrapped(toWidth: inside.width)
        PanelBox.drawLines(lines, anchor: anchor, into: &screen, area: inside)
    }
}
