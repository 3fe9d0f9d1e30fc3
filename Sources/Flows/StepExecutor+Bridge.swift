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
        case .setJS(let name, let expression, let world):
            action = .evaluate(expression, world: world)
            word = "set \(name) js"
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
        if case .setJS(let name, let expression, _) = command {
            guard case .value(let value) = evaluation, let text = value.variableText else {
                let got = evaluation == .value(.undefined) ? "undefined" : evaluation.resultText
                return .failed("set \(name) js \"\(expression)\": expected a value, got \(got)")
            }
            context.variables[name] = text
            return .done(note: "\(name) = \"\(text)\"")
        }
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

extension ScriptResultValue {
    /// The value as a `${NAME}` holds it: a string as it is, a number as JavaScript writes it
    /// (`3`, `0.5`), anything else as the event log writes it (JSON); nil for `undefined`.
    var variableText: String? {
        switch self {
        case .undefined: return nil
        case .string(let text): return text
        default: return description
        }
    }
}

extension ScriptResultValue {
    /// JavaScript's ToBoolean: false for `undefined`, `null`, `false`, `0`, `NaN` and `""`.
    var isTruthy: Bool {
        switch self {
        case .undefined, .null: return false
        case .bool(let flag): return flag
        case .number(let number): return number != 0 && !number.isNaN
        case .string(let text): return !text.isEmpty
        case .date, .array, .dictionary: return true
        }
    }
}
