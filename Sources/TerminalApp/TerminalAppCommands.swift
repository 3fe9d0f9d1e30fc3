#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Flows
import Simulator
import TerminalUI

/// The `:` prompt and stepping through a flow: both run flow steps on the app.
extension TerminalAppState {
    /// A key at the `:` prompt: editing, the history, Enter runs the line, Esc leaves.
    mutating func handlePromptKey(_ key: Key, now: ContinuousClock.Instant) -> [TerminalAppEffect] {
        // Taken out while edited, so that the text is not copied on every key (a long paste
        // would cost time quadratic in its length).
        guard var prompt else { return [] }
        self.prompt = CommandPrompt()
        defer { if self.prompt != nil { self.prompt = prompt } }
        switch key {
        case .character(let character): prompt.insert(character)
        case .backspace:
            if !prompt.deleteBackward(), prompt.line.isEmpty { self.prompt = nil; promptIsSearch = false }
        case .delete: prompt.deleteForward()
        case .left: prompt.moveLeft()
        case .right: prompt.moveRight()
        case .home, .control("a"): prompt.moveToStart()
        case .end, .control("e"): prompt.moveToEnd()
        case .control("u"): prompt.deleteToStart()
        case .control("w"): prompt.deleteWordBackward()
        case .up:
            if !prompt.showOlder(in: history.lines) { return [.bell] }
        case .down:
            if !prompt.showNewer(in: history.lines) { return [.bell] }
        case .escape:
            self.prompt = nil
            promptIsSearch = false
        case .enter:
            self.prompt = nil
            if promptIsSearch {
                promptIsSearch = false
                return search(prompt.line)
            }
            return runCommand(prompt.line, now: now)
        default:
            return [.bell]
        }
        return []
    }

    /// The folder relative URLs typed at the prompt resolve against: the top page's.
    var commandFolder: URL {
        if let url = app.top?.currentPage.url, let parsed = URL(string: url),
           ["file", "http", "https"].contains(parsed.scheme?.lowercased() ?? ""),
           let folder = URL(string: ".", relativeTo: parsed)?.absoluteURL {
            return folder
        }
        return URL(string: app.navigator.pagesBase) ?? URL(fileURLWithPath: "/")
    }

    /// Runs a line typed at the prompt: a flow step (or several, through `include`), or a
    /// URL delivered as `open` would.
    private mutating func runCommand(_ line: String, now: ContinuousClock.Instant) -> [TerminalAppEffect] {
        // Spaces and tabs (`CharacterSet.whitespaces`: Unicode's space separators and the tab).
        let isSpace: (Character) -> Bool = { $0 == "\t" || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator } }
        let trimmed = String(line.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        guard !trimmed.isEmpty else { return [] }
        history.add(trimmed)
        let folder = commandFolder
        let firstWord = String(trimmed.prefix { !$0.isWhitespace })
        if !Self.stepWords.contains(firstWord), !trimmed.contains(where: \.isWhitespace) {
            return act(.urlOpened(trimmed, base: folder.absoluteString))
        }
        // `:eval JS` takes the rest of the line as the script, quoted or not.
        var line = line
        if firstWord == "eval" {
            let rest = String(trimmed.dropFirst(4).drop(while: isSpace))
            if !rest.isEmpty, !rest.hasPrefix("\"") { line = "eval " + FlowText.quoted(rest) }
        }
        let steps: [FlowStep]
        do {
            // `;` separates steps on one line (`if text "Accept"; tap "Accept"; end`).
            steps = try parser.knowing(Set(context.variables.keys)).parse(text: Self.steps(of: line), path: ":", folder: folder)
        } catch {
            let column = error.location?.column.map { "column \($0): " } ?? ""
            message = FooterMessage(text: column + error.message, tone: .error, expiry: nil)
            return []
        }
        if steps.contains(where: { if case .size = $0.command { return true } else { return false } }) {
            message = FooterMessage(text: "size: the terminal's size is the screen's here; resize the window instead", tone: .info,
                                    expiry: now + FooterMessage.toastDuration)
            return []
        }
        context.columns = geometry.device.width
        context.rows = size.rows
        // `expect visible` and `scroll to` at the prompt see the web view as it is scrolled here.
        if let top = app.top, let webView = app.topWebView, let viewport = viewports[top.id], viewport.loadNumber == webView.loadNumber {
            context.scroll = FlowScroll(screen: top.id, loadNumber: webView.loadNumber, offset: viewport.scrollOffset)
        }
        promptSteps = steps
        return steps.isEmpty ? [] : [.runSteps(steps)]
    }

    /// A prompt line's steps, one per line: `;` outside quotes ends a step.
    static func steps(of line: String) -> String {
        var text = ""
        var quoted = false
        var escaped = false
        for character in line {
            if quoted {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
                text.append(character)
            } else if character == ";" {
                text.append("\n")
            } else {
                if character == "\"" { quoted = true }
                text.append(character)
            }
        }
        return text
    }

    /// The words that start a flow step at the prompt (anything else without spaces is a URL).
    private static let stepWords = Set(FlowParser.commandWords)

    /// Takes what came of steps the loop ran (from the prompt or the stepper) and reports it.
    /// Steps that passed are written to a recording in progress.
    @discardableResult
    public mutating func didRunSteps(_ reports: [StepReport], context: FlowContext, app: SimulatedApp, dialog: OpenDialog? = nil,
                                     now: ContinuousClock.Instant) -> [TerminalAppEffect] {
        self.app = app
        self.context = context
        if let scroll = context.scroll, var viewport = viewports[scroll.screen], viewport.loadNumber == scroll.loadNumber {
            viewport.scrollOffset = scroll.offset
            viewports[scroll.screen] = viewport
        }
        show(dialog)
        var recorded: [String] = []
        let written = promptSteps ?? []
        promptSteps = nil
        let hasBlocks = written.contains { if case .block = $0.command { return true } else { return false } }
        for report in reports {
            show(report, now: now)
            if case .failed = report.outcome { continue }
            if stepper == nil, !hasBlocks, var recorder {
                recorded.append(recorder.step(for: report.step))
                self.recorder = recorder
            }
        }
        // A line with if, repeat or retry is recorded as written (else and end too), once it ran through.
        let failed = reports.contains { report in
            if case .failed = report.outcome { return !report.isRetried } else { return false }
        }
        if stepper == nil, hasBlocks, !failed, var recorder {
            for step in written where !step.source.isEmpty { recorded.append(recorder.step(for: step)) }
            self.recorder = recorder
        }
        settle()
        return recorded.isEmpty ? [] : [.record(recorded)]
    }

    /// Takes what came of the flow's next step (step mode): the execution as it stands now,
    /// and the step's report.
    @discardableResult
    public mutating func didRunFlowStep(_ execution: FlowExecution, reports: [StepReport], context: FlowContext, app: SimulatedApp,
                                        dialog: OpenDialog? = nil, now: ContinuousClock.Instant) -> [TerminalAppEffect] {
        let effects = didRunSteps(reports, context: context, app: app, dialog: dialog, now: now)
        guard var stepper else { return effects }
        stepper.columns = context.columns
        stepper.rows = context.rows
        if let report = reports.last {
            stepper.record(report, execution: execution)
        }
        self.stepper = stepper
        if stepper.isFinished { message = stepStatus }
        settle()
        return effects
    }

    /// Puts what a step did in the footer.
    private mutating func show(_ report: StepReport, now: ContinuousClock.Instant) {
        switch report.outcome {
        case .done(let note):
            self.report(report.events, now: now)
            if report.events.isEmpty {
                message = FooterMessage(text: note, tone: .info, expiry: now + FooterMessage.toastDuration)
            }
        case .held(let note):
            self.report(report.events, note: note, noteTone: .success, now: now)
        case .snapshot(let screen, _):
            let lines = screen.lines
            message = FooterMessage(text: "snapshot: \(lines.count) rows, as on the screen at \(context.columns)x\(context.rows)", tone: .info,
                                    expiry: now + FooterMessage.toastDuration)
        case .failed(let failure):
            message = FooterMessage(text: failure, tone: .error, expiry: nil)
        }
    }

    // MARK: - Stepping through a flow

    /// `n` or Space in step mode: runs the next step; `didRunSteps` records how it went.
    mutating func runNextStep(now: ContinuousClock.Instant) -> [TerminalAppEffect] {
        guard let stepper, stepper.nextStep != nil else {
            message = FooterMessage(text: "the flow is over: q quits", tone: .hint, expiry: nil)
            return [.bell]
        }
        context.columns = stepper.columns
        context.rows = stepper.rows
        return [.runFlowStep(stepper.execution)]
    }

    /// What `webnav run --step` prints when the UI ends: how far the flow got, then the
    /// closing line of a headless run (`1 passed, 0 failed`).
    public var stepSummary: [String]? {
        guard let stepper else { return nil }
        let total = stepper.lineCount
        let first: String
        if stepper.passed {
            first = "PASS \(stepper.flow.path) (\(stepper.stepsRun) step\(stepper.stepsRun == 1 ? "" : "s"))"
        } else if let failure = stepper.failure {
            first = "FAIL \(failure.step.location.path):\(failure.step.location.line): \(failure.message)"
        } else {
            first = "FAIL \(stepper.flow.path): quit after \(stepper.stepsRun) of \(total) steps"
        }
        return [first, stepper.passed ? "1 passed, 0 failed" : "0 passed, 1 failed"]
    }

    /// The footer's idle line in step mode: what `n` runs next, or how the flow ended.
    var stepStatus: FooterMessage? {
        guard let stepper else { return nil }
        if let step = stepper.nextStep {
            return FooterMessage(text: "n: line \(stepper.location(of: step))  \(step.source)", tone: .hint, expiry: nil)
        }
        if stepper.passed {
            return FooterMessage(text: "✓ flow passed (\(stepper.stepsRun) steps): q quits", tone: .success, expiry: nil)
        }
        guard let failure = stepper.failure else { return nil }
        return FooterMessage(text: "✗ flow failed at line \(stepper.location(of: failure.step)): \(failure.message)", tone: .error, expiry: nil)
    }
}
