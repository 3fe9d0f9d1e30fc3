import Flows
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import ScriptRuntime
import Simulator
import URLKit

/// Writes what a user does in the terminal UI as flow steps (`webnav record`, `R`), so that
/// replaying the file does it again; on stop, the state reached is appended as expectations.
///
/// Taps are recorded by their visible text when it names one link or button, else by
/// number; URLs opened from the `:` line or the builder are written relative to the flow's
/// folder when they are files inside it, so the flow can move with its pages.
struct FlowRecorder: Equatable {
    /// Where the flow is written.
    let path: String
    /// The folder of the flow file, as a directory URL.
    let folder: URL
    /// How many steps were recorded.
    private(set) var steps = 0

    init(path: String) {
        self.path = path
        folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    /// The first lines: where the flow comes from, and the screen size it was recorded at.
    func header(columns: Int, rows: Int) -> [String] {
        ["# Recorded by webnav record; replay it with: webnav run \(FlowText.word(path))", "size \(columns)x\(rows)"]
    }

    /// The step for an action on the app, given the page items the user saw.
    mutating func step(for action: AppAction, items: [PageItem]) -> String? {
        let line: String?
        switch action {
        case .launch, .observe, .tick, .network:
            line = nil
        case .answerDialog(.accept): line = "accept"
        case .answerDialog(.dismiss): line = "dismiss"
        case .answerDialog(.answer(let text)): line = "answer \(FlowText.quoted(text))"
        // Naming the field needs the document: the terminal UI records these itself (`fieldStep`).
        case .click, .fill, .select:
            line = nil
        case .wait(let duration):
            line = "wait \(FlowDuration.text(duration))"
        case .evaluate(let source, let world):
            line = "eval \(FlowText.quoted(source))" + (world == "page" ? "" : " in \(FlowText.word(world))")
        case .callAsync(let body, let arguments, let world):
            line = "call \(FlowText.quoted(body))" + arguments.map { argument in
                let value = if case .string(let text) = argument.value { FlowText.quoted(text) } else { argument.value.description }
                return " \(FlowText.word(argument.name)) \(value)"
            }.joined() + (world == "page" ? "" : " in \(FlowText.word(world))")
        case .shell(let action):
            switch action {
            case .restart: line = "restart"
            case .background: line = "background"
            case .foreground: line = "foreground"
            case .clearData: line = "clear data"
            case .tapNotification(nil, nil): line = "tap notification"
            case .tapNotification(nil, let action?): line = "tap notification action \(FlowText.quoted(action))"
            // A notification chosen in the list, or one that came through the control socket,
            // has no step of its own.
            case .tapNotification, .receiveNotification, .expandBanner, .dismissBanner: line = nil
            }
        case .activate(let item):
            let sameText = items.filter { $0.text == item.text }
            line = sameText.count == 1 && !item.text.isEmpty && FlowText.isWritable(item.text)
                ? "tap \(FlowText.quoted(item.text))" : "tap #\(item.number)"
        case .navigator(let event):
            switch event {
            case .urlOpened(let url, let base): line = "open \(FlowText.quoted(portable(url, base: base)))"
            case .leftButtonTapped: line = "tap left"
            case .rightButtonTapped: line = "close"
            case .backGesturePerformed: line = "back"
            case .reloadRequested: line = "reload"
            case .linkActivated(let url, _): line = "open \(FlowText.quoted(url))"
            case .appLaunched, .appRestarted, .pageLoaded, .pageURLChanged, .scriptNavigated, .historyStepped, .formPosted,
                 .postRedirectedToGet: line = nil
            }
        }
        if line != nil { steps += 1 }
        return line
    }

    /// Counts a line the terminal UI wrote itself (a field's step) and returns it.
    mutating func count(_ line: String) -> String {
        steps += 1
        return line
    }

    /// The line for a step run from the `:` line, with a relative URL made portable.
    mutating func step(for step: FlowStep) -> String {
        steps += 1
        if case .open(let url) = step.command {
            return "open \(FlowText.quoted(portable(url, base: step.folder.absoluteString)))"
        }
        return step.source
    }

    /// The expectations that pin the state reached: depth, stack, title and URL.
    func closingExpectations(of app: SimulatedApp) -> [String] {
        guard let top = app.top else { return [] }
        return [
            "# The state when recording stopped",
            "expect depth \(app.navigator.screens.count)",
            "expect stack " + app.navigator.screens.map { FlowText.quoted($0.label) }.joined(separator: " "),
            "expect title \(FlowText.quoted(top.appearance.title))",
            "expect url \(FlowText.quoted(app.navigator.displayURL(top.currentPage.url)))",
        ]
    }

    /// A URL as a flow in `folder` should write it: relative when it is a file inside the
    /// folder, else absolute; deeplinks and other absolute URLs as they are.
    private func portable(_ url: String, base: String?) -> String {
        guard WebURL(validating: url)?.scheme == nil, let base else { return url }
        guard let absolute = WebURL(base).resolving(url) else { return url }
        let prefix = folder.absoluteString
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }
}

/// Writing values into flow files: bare words where safe, else quoted strings.
enum FlowText {
    /// A `"double-quoted string"` with `\"` and `\\`; control characters, C1 and bidi
    /// overrides (`VisibleText.isUnsafe`) become spaces: a flow line cannot hold them, and a
    /// recording must not reorder what its reader sees.
    static func quoted(_ text: String) -> String {
        var output = "\""
        for character in text {
            switch character {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            // `${` would be read back as a variable: `$${` is a literal one.
            case "{" where output.hasSuffix("$"): output += "${"
            case _ where character.unicodeScalars.contains(where: VisibleText.isUnsafe): output += " "
            default: output.append(character)
            }
        }
        return output + "\""
    }

    /// Whether a text reads back from a flow line as it is (nothing `quoted` would replace).
    static func isWritable(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: VisibleText.isUnsafe)
    }

    /// A path as a shell word for the header comment.
    static func word(_ text: String) -> String {
        text.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" }) ? "'" + text.replacing("'", with: "'\\''") + "'" : text
    }
}
