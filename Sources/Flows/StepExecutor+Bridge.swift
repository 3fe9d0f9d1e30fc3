#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import ScriptRuntime
import Simulator

extension StepExecutor {
    /// `eval` and `call`: the app calls into the top page; the result goes to the transcript.
    static func performBridgeStep(_ command: FlowCommand, host: AppHost, context: inout FlowContext) -> StepOutcome {
        let action: AppAction
        let word: String
        switch command {
        case .evaluate(let source, let world):
            action = .evaluate(source, world: world)
            word = "eval"
        case .callAsync(let body, let arguments, let world):
            action = .callAsync(body, arguments: arguments, world: world)
            word = "call"
        default:
            return .failed("not a bridge step")
        }
        // WKWebView evaluates in any page, with or without scripts of its own.
        guard host.snapshot.app.topWebView != nil else { return .failed("\(word): no page is shown") }
        let snapshot = host.perform(action)
        if let refusal = snapshot.refusal { return .failed(refusal) }
        context.eventsSinceAction += Array(snapshot.newEvents)
        if let hang = hangFailure(in: Array(snapshot.newEvents)) { return hang }
        guard let evaluation = snapshot.evaluation else { return .done(note: "\(word): pending (its Promise has not settled)") }
        return .done(note: "\(word): \(evaluation.resultText)")
    }

    /// `expect js "EXPR" VALUE [in WORLD]`: evaluates now and compares.
    static func expectJS(_ expression: String, value: String, world: String, host: AppHost, context: inout FlowContext,
                         source: String) -> StepOutcome {
        let wanted = "expected js \"\(expression)\" to be \(value)"
        guard host.snapshot.app.topWebView != nil else { return .failed("\(wanted), but no page is shown") }
        let snapshot = host.perform(.evaluate(expression, world: world))
        if let refusal = snapshot.refusal { return .failed(refusal) }
        guard let evaluation = snapshot.evaluation else { return .failed("\(wanted), got no result") }
        if case .value(let result) = evaluation, result.matches(value) { return .held(note: "ok: \(source)") }
        return .failed("\(wanted), got \(evaluation.resultText)")
    }

    /// Where the last `pattern` in `text` starts, comparing UTF-8 bytes.
    static func lastStart(of pattern: String, in text: String) -> String.Index? {
        let bytes = text.utf8
        var index = bytes.endIndex
        while index > bytes.startIndex {
            index = bytes.index(before: index)
            if bytes[index...].starts(with: pattern.utf8) { return index }
        }
        return nil
    }

    /// `expect message` and `expect download`, over the events since the last action.
    static func checkBridge(_ expectation: Expectation, context: FlowContext) -> String? {
        switch expectation {
        case .message(let name, let value):
            let messages = context.eventsSinceAction.filter { $0.kind == .message }
            let prefix = "message \(name): "
            for event in messages where event.text.hasPrefix(prefix) {
                guard let value else { return nil }
                var body = String(event.text.dropFirst(prefix.count))
                if body.hasSuffix(")"), let world = lastStart(of: " (in ", in: body) { body = String(body[..<world]) }
                if body == value || (ScriptResultValue(json: body)?.matches(value) ?? false) { return nil }
            }
            let wanted = "expected message \(name)" + (value.map { " \($0)" } ?? "")
            return "\(wanted), got " + (messages.isEmpty ? "no messages" : messages.map(\.text).joined(separator: "; "))
        case .download(let name, let bytes):
            let downloads = context.eventsSinceAction.filter { $0.kind == .download }
            let prefix = "download: \(name) ("
            for event in downloads where event.text.hasPrefix(prefix) {
                guard let bytes else { return nil }
                if event.text.dropFirst(prefix.count).hasPrefix("\(bytes) B,") { return nil }
            }
            let wanted = "expected download \"\(name)\"" + (bytes.map { " \($0)" } ?? "")
            return "\(wanted), got " + (downloads.isEmpty ? "no downloads" : downloads.map(\.text).joined(separator: "; "))
        default:
            return nil
        }
    }
}
