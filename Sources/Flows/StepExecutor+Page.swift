#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import Simulator

extension StepExecutor {
    /// The steps for scripted pages: waiting for text, fields, dialogs.
    static func performPageStep(_ command: FlowCommand, host: AppHost, context: inout FlowContext) -> StepOutcome {
        switch command {
        case .waitUntilText(let text, let timeout):
            return waitUntil(text, timeout: timeout, host: host, context: &context)
        case .fill(let target, let text):
            switch field(target, app: host.snapshot.app, step: "fill") {
            case .failure(let failure): return .failed(failure.message)
            case .success(let found):
                guard found.isTextField else {
                    return .failed("fill \(describe(target)): the field is \(found.description), not a text field")
                }
                return act(.fill(found.node, text: text), host: host, context: &context)
            }
        case .select(let target, let option):
            let app = host.snapshot.app
            switch field(target, app: app, step: "select") {
            case .failure(let failure): return .failed(failure.message)
            case .success(let found):
                guard found.name == "select", let content = app.topWebView?.content else {
                    return .failed("select \(describe(target)): the field is \(found.description), not a <select>")
                }
                let options = content.options(of: found.node)
                let chosen = options.first { $0.label == option }?.node ?? options.first { $0.value == option }?.node
                guard let chosen else {
                    return .failed("select \(describe(target)) \"\(option)\": no such option; options: \(options.map { "\"\($0.label)\"" }.joined(separator: ", "))")
                }
                return act(.select(found.node, option: chosen), host: host, context: &context)
            }
        case .setChecked(let target, let checked):
            let app = host.snapshot.app
            let word = checked ? "check" : "uncheck"
            switch field(target, app: app, step: word) {
            case .failure(let failure): return .failed(failure.message)
            case .success(let found):
                guard found.name == "input", ["checkbox", "radio"].contains(found.type), let content = app.topWebView?.content else {
                    return .failed("\(word) \(describe(target)): the field is \(found.description), not a checkbox or radio button")
                }
                if content.isChecked(found.node) == checked { return .done(note: "\(word): already \(checked ? "checked" : "unchecked")") }
                if !checked, found.type == "radio" {
                    return .failed("uncheck \(describe(target)): a radio button is unchecked by checking another")
                }
                return act(.click(found.node), host: host, context: &context)
            }
        case .answerDialog(let answer):
            guard host.snapshot.dialog != nil else { return .failed("\(answerWord(answer)): no dialog is open") }
            return act(.answerDialog(answer), host: host, context: &context)
        default:
            return .failed("not a page step")
        }
    }

    private static func answerWord(_ answer: DialogAnswer) -> String {
        switch answer {
        case .accept: return "accept"
        case .dismiss: return "dismiss"
        case .answer: return "answer"
        }
    }

    /// The most timers `wait until` runs before it gives up (a page that sets a 0 ms timer
    /// from every timer never lets time move).
    static let waitUntilStepLimit = 100_000

    /// Moves virtual time on to each next timer until the text shows or the timeout is over.
    private static func waitUntil(_ text: String, timeout: Duration, host: AppHost, context: inout FlowContext) -> StepOutcome {
        var snapshot = host.snapshot
        let deadline = snapshot.time + timeout
        let start = snapshot.time
        let wanted = collapsed(text)
        for _ in 0..<waitUntilStepLimit {
            if renderedText(snapshot.app, context).contains(wanted) {
                return .held(note: "text \"\(text)\" after \(FlowDuration.text(snapshot.time - start))")
            }
            if let dialog = snapshot.dialog { return .failed("wait until text \"\(text)\": a dialog is open: \(dialog.description)") }
            guard snapshot.time < deadline else { break }
            let next = snapshot.nextTimer.map { min(max($0, snapshot.time), deadline) } ?? deadline
            snapshot = host.perform(.wait(next - snapshot.time))
            context.eventsSinceAction += snapshot.newEvents
            if let hang = hangFailure(in: Array(snapshot.newEvents)) { return hang }
        }
        return .failed("wait until text \"\(text)\": not shown after \(FlowDuration.text(snapshot.time - start))")
    }

    // MARK: - Fields

    struct FieldFailure: Error {
        var message: String
    }

    static func describe(_ target: FieldTarget) -> String {
        switch target {
        case .text(let text): return "\"\(text)\""
        case .number(let number): return "#\(number)"
        case .css(let selector): return "css \"\(selector)\""
        }
    }

    /// The field a target names on the top page, or why there is none, worded for the step.
    static func field(_ target: FieldTarget, app: SimulatedApp, step: String) -> Result<FoundField, FieldFailure> {
        guard let content = app.topWebView?.content else { return .failure(FieldFailure(message: "\(step): the page has not loaded")) }
        return content.field(target).mapError { failure in
            switch (failure, target) {
            case (.noElementMatches, _):
                return FieldFailure(message: "\(step) \(describe(target)): no element matches")
            case (.outOfRange(let count), _):
                return FieldFailure(message: "\(step) \(describe(target)): the page has \(count) field\(count == 1 ? "" : "s")")
            case (.noField(let candidates), _):
                let names = candidates.map { "\"\($0)\"" }.joined(separator: ", ")
                return FieldFailure(message: "\(step) \(describe(target)): no field has this label, placeholder or name; fields: \(names.isEmpty ? "none" : names)")
            case (.ambiguous(let count), _):
                return FieldFailure(message: "\(step) \(describe(target)): ambiguous, \(count) fields match")
            }
        }
    }
}

extension FieldTarget {
    /// How a step names a field of the top page so that `fill`, `select`, `check` find it
    /// again (`PageContent.fieldTarget(naming:)`). Nil when it is no field there.
    public static func naming(_ node: NodeID, in app: SimulatedApp) -> FieldTarget? {
        app.topWebView?.content.fieldTarget(naming: node)
    }
}
