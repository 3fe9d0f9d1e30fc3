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
                guard found.name == "select", let document = app.topWebView?.content.document else {
                    return .failed("select \(describe(target)): the field is \(found.description), not a <select>")
                }
                let options = descendants(of: found.node, in: document).filter { document.name(of: $0) == "option" }
                let labels = options.map { optionLabel($0, in: document) }
                let chosen = zip(options, labels).first { $0.1 == option }?.0
                    ?? options.first { document.attribute("value", of: $0) == option }
                guard let chosen else {
                    return .failed("select \(describe(target)) \"\(option)\": no such option; options: \(labels.map { "\"\($0)\"" }.joined(separator: ", "))")
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
                let isChecked = content.state.checkedness[found.node] ?? (content.document.attribute("checked", of: found.node) != nil)
                if isChecked == checked { return .done(note: "\(word): already \(checked ? "checked" : "unchecked")") }
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
        }
        return .failed("wait until text \"\(text)\": not shown after \(FlowDuration.text(snapshot.time - start))")
    }

    // MARK: - Fields

    struct FoundField {
        var node: NodeID
        var name: String
        /// An input's type, lowercased (`text` when absent).
        var type: String

        var isTextField: Bool {
            name == "textarea" || (name == "input" && !["checkbox", "radio", "submit", "button", "reset", "image", "file", "hidden",
                                                          "range", "color"].contains(type))
        }

        var description: String { name == "input" ? "<input type=\(type)>" : "<\(name)>" }
    }

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

    /// The field a target names on the top page.
    static func field(_ target: FieldTarget, app: SimulatedApp, step: String) -> Result<FoundField, FieldFailure> {
        guard let content = app.topWebView?.content else { return .failure(FieldFailure(message: "\(step): the page has not loaded")) }
        let document = content.document
        func found(_ node: NodeID) -> FoundField {
            let name = document.name(of: node) ?? ""
            return FoundField(node: node, name: name, type: document.attribute("type", of: node)?.lowercased() ?? "text")
        }
        let fields = descendants(of: document.root, in: document).filter { node in
            guard let name = document.name(of: node) else { return false }
            if name == "textarea" || name == "select" { return true }
            return name == "input" && document.attribute("type", of: node)?.lowercased() != "hidden"
        }
        switch target {
        case .css(let selector):
            guard let node = (try? document.querySelector(selector, under: document.root, state: content.state)) ?? nil else {
                return .failure(FieldFailure(message: "\(step) css \"\(selector)\": no element matches"))
            }
            return .success(found(node))
        case .number(let number):
            guard number <= fields.count else {
                return .failure(FieldFailure(message: "\(step) #\(number): the page has \(fields.count) field\(fields.count == 1 ? "" : "s")"))
            }
            return .success(found(fields[number - 1]))
        case .text(let text):
            var labels: [String: [String]] = [:]
            for label in document.elements(named: "label") {
                if let id = document.attribute("for", of: label) { labels[id, default: []].append(collapsed(document.textContent(of: label))) }
            }
            let names = fields.map { (node: $0, names: fieldNames($0, in: document, labels: labels)) }
            let exact = names.filter { $0.names.contains(text) }
            let lowered = text.lowercased()
            let matches = exact.isEmpty ? names.filter { $0.names.contains { $0.lowercased().contains(lowered) } } : exact
            if matches.count == 1 { return .success(found(matches[0].node)) }
            let candidates = names.compactMap(\.names.first).map { "\"\($0)\"" }.joined(separator: ", ")
            if matches.isEmpty {
                return .failure(FieldFailure(message: "\(step) \"\(text)\": no field has this label, placeholder or name; fields: \(candidates.isEmpty ? "none" : candidates)"))
            }
            return .failure(FieldFailure(message: "\(step) \"\(text)\": ambiguous, \(matches.count) fields match"))
        }
    }

    /// What a field is known by: its labels' text (`labels`: the texts of `label for=ID` by ID),
    /// `placeholder`, `aria-label`, `name`.
    static func fieldNames(_ node: NodeID, in document: HTMLDocument, labels: [String: [String]]) -> [String] {
        var names: [String] = []
        if let id = document.attribute("id", of: node) { names += labels[id] ?? [] }
        var ancestor = document.parent(of: node)
        while let current = ancestor {
            if document.name(of: current) == "label" { names.append(collapsed(document.textContent(of: current))) }
            ancestor = document.parent(of: current)
        }
        for attribute in ["placeholder", "aria-label", "name"] {
            if let value = document.attribute(attribute, of: node), !value.isEmpty { names.append(value) }
        }
        return names.filter { !$0.isEmpty }
    }

    private static func optionLabel(_ option: NodeID, in document: HTMLDocument) -> String {
        document.attribute("label", of: option) ?? collapsed(document.textContent(of: option))
    }

    /// The nodes under `root` in document order (an explicit stack: no recursion on deep trees).
    static func descendants(of root: NodeID, in document: HTMLDocument) -> [NodeID] {
        var result: [NodeID] = []
        var stack: [NodeID] = []
        var child = document.lastChild(of: root)
        while let node = child {
            stack.append(node)
            child = document.previousSibling(of: node)
        }
        while let node = stack.popLast() {
            result.append(node)
            var child = document.lastChild(of: node)
            while let next = child {
                stack.append(next)
                child = document.previousSibling(of: next)
            }
        }
        return result
    }
}

extension FieldTarget {
    /// How a step names a field of the top page so that `fill`, `select`, `check` find it
    /// again: its first label, placeholder, `aria-label` or `name` that picks it alone, else
    /// `css "#id"`, else its number among the page's fields. Nil when it is no field there.
    public static func naming(_ node: NodeID, in app: SimulatedApp) -> FieldTarget? {
        guard let document = app.topWebView?.content.document else { return nil }
        var labels: [String: [String]] = [:]
        if let id = document.attribute("id", of: node) {
            for label in document.elements(named: "label") where document.attribute("for", of: label) == id {
                labels[id, default: []].append(StepExecutor.collapsed(document.textContent(of: label)))
            }
        }
        // A name holding a control or bidi override cannot be written into a flow line as it is.
        var candidates = StepExecutor.fieldNames(node, in: document, labels: labels)
            .filter { !$0.unicodeScalars.contains(where: VisibleText.isUnsafe) }.map { FieldTarget.text($0) }
        if let id = document.attribute("id", of: node), !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }),
           !(id.first?.isNumber ?? true) {
            candidates.append(.css("#" + id))
        }
        let fields = StepExecutor.descendants(of: document.root, in: document).filter { other in
            guard let name = document.name(of: other) else { return false }
            return name == "textarea" || name == "select" || (name == "input" && document.attribute("type", of: other)?.lowercased() != "hidden")
        }
        if let index = fields.firstIndex(of: node) { candidates.append(.number(index + 1)) }
        for candidate in candidates {
            if case .success(let found) = StepExecutor.field(candidate, app: app, step: "record"), found.node == node { return candidate }
        }
        return nil
    }
}
