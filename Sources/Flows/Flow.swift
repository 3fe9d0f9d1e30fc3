#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import ScriptRuntime
import AppShell
import Simulator

/// A parsed flow file: its steps in order, included flows already expanded.
public struct Flow: Equatable, Sendable {
    /// The path as the user gave it (used in every message).
    public var path: String
    public var steps: [FlowStep]

    public init(path: String, steps: [FlowStep]) {
        self.path = path
        self.steps = steps
    }
}

/// One step of a flow and where it was written.
public struct FlowStep: Equatable, Sendable {
    public var command: FlowCommand
    /// The command word's line and column (in the included file for included steps).
    public var location: SourceLocation
    /// The folder of the file the step was written in; relative URLs resolve against it.
    public var folder: URL
    /// The step as written, for the step-by-step view.
    public var source: String
    /// The line's arguments when one holds a `${NAME}`: the command is read from them, with the
    /// variables' values, each time the step runs (`command` then only says what kind of step it is).
    public var template: FlowTemplate?

    public init(command: FlowCommand, location: SourceLocation, folder: URL, source: String, template: FlowTemplate? = nil) {
        self.command = command
        self.location = location
        self.folder = folder
        self.source = source
        self.template = template
    }
}

/// A line whose arguments hold variables, kept as tokens until the step runs.
public struct FlowTemplate: Equatable, Sendable {
    var tokens: [FlowToken]

    /// The variables it uses, in order, with the column of each `${`.
    public var variables: [(name: String, column: Int)] {
        tokens.flatMap { token in
            (token.parts ?? []).compactMap { part -> (String, Int)? in
                if case .variable(let name, let column) = part { return (name, column) }
                return nil
            }
        }
    }

    public static func == (left: FlowTemplate, right: FlowTemplate) -> Bool { left.tokens == right.tokens }
}

/// A piece of an argument that holds variables: literal text, or `${NAME}` at a column.
public enum TemplatePart: Equatable, Sendable {
    case text(String)
    case variable(String, column: Int)
}

/// What a step does (flows.md).
public enum FlowCommand: Equatable, Sendable {
    case open(String)
    case tap(TapTarget)
    case back
    case close
    case reload
    case size(columns: Int, rows: Int)
    /// `snapshot` or `snapshot "name"`: the screen into the transcript, and as `name.txt` and
    /// `name.svg` into the artifacts folder when named.
    case snapshot(name: String?)
    /// `wait DURATION`: virtual time moves on, running every timer that falls due.
    case wait(Duration)
    /// `clear data`: every website data store emptied.
    case clearData
    /// `background`, `foreground`, `restart`.
    case lifecycle(LifecycleStep)
    /// `push FILE`: a remote notification.
    case push(PayloadFile)
    /// `notify FILE [after DURATION]`: a local notification.
    case notify(PayloadFile, after: Duration)
    /// `wait until text "S" [timeout DURATION]`: virtual time moves on, timer by timer, until
    /// the text shows (at most `timeout`).
    case waitUntilText(String, timeout: Duration)
    /// `fill TARGET "text"`: typing into a field.
    case fill(FieldTarget, text: String)
    /// `select TARGET "option"`: an option of a `<select>`, by its text or value.
    case select(FieldTarget, option: String)
    /// `check TARGET` / `uncheck TARGET`: a checkbox or radio button tapped unless it already is so.
    case setChecked(FieldTarget, Bool)
    /// `accept`, `dismiss`, `answer "text"`: the open JavaScript dialog answered.
    case answerDialog(DialogAnswer)
    /// `eval "JS" [in WORLD]`: the app's `evaluateJavaScript` on the top page (the result goes
    /// to the transcript).
    case evaluate(String, world: String)
    /// `call "BODY" [NAME VALUE]... [in WORLD]`: the app's `callAsyncJavaScript`.
    case callAsync(String, arguments: [CallArgument], world: String)
    case expect(Expectation)
    /// `set NAME "value"`: a variable for the `${NAME}` of later steps.
    case set(name: String, value: String)
    /// `set NAME js "EXPR" [in WORLD]`: a variable holding what the expression gives on the top page.
    case setJS(name: String, expression: String, world: String)
    /// `param NAME ["DEFAULT"]`: a fragment's parameter (what `include … NAME="v"` passes), with its default.
    case param(name: String, defaultValue: String?)
    /// `if`, `repeat` or `retry`: the steps up to the matching `end`.
    case block(FlowBlock)
    /// `else`: the `if` block's other branch starts after it; reached from the first, it goes to `end`.
    case elseBranch(end: Int)
    /// `end`: the block opened at step `start` (an index into the flow's steps) ends here.
    case end(start: Int)
    /// Before an included fragment that takes parameters: the values the `include` passes,
    /// and the fragment's parameters with their defaults.
    indirect case enterInclude(FlowInclude)
    /// After such a fragment: the variables it bound go back to what they were.
    indirect case leaveInclude(FlowInclude)
    /// `route "PATTERN" file "PATH" […]` / `route "PATTERN" abort`: requests the pattern
    /// matches are answered here, not by the network.
    indirect case route(NetworkRoute)
    /// `offline` / `online`: every http(s) request fails as with no network, or goes out again.
    case offline(Bool)
    /// `scroll to "S"`: the web view scrolls until the text shows.
    case scrollTo(String)
    /// A line whose arguments hold variables (`template`), read when it runs; the command word.
    case templated(String)

    /// Whether the step acts on the app (as opposed to checking or recording it).
    public var isAction: Bool {
        switch self {
        case .open, .tap, .back, .close, .reload, .wait, .clearData, .lifecycle, .push, .notify, .waitUntilText, .fill, .select,
             .setChecked, .answerDialog, .evaluate, .callAsync, .scrollTo:
            return true
        case .size, .snapshot, .expect, .set, .setJS, .param, .block, .elseBranch, .end, .enterInclude, .leaveInclude, .route,
             .offline, .templated:
            return false
        }
    }

    /// Whether the step is the flow's own bookkeeping (where a branch or a fragment ends, a
    /// parameter), not a step of its own: it is not counted, traced or shown as run.
    public var isBookkeeping: Bool {
        switch self {
        case .elseBranch, .end, .enterInclude, .leaveInclude, .param: return true
        default: return false
        }
    }
}

/// An `if`, `repeat` or `retry` line and where its block ends.
public struct FlowBlock: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// `if CONDITION`: the steps under it run when the condition holds, else those after `else`.
        case ifCondition(FlowCondition)
        /// `repeat N`: the steps N times.
        case repeatTimes(Int)
        /// `repeat while CONDITION [max N]`: the steps while the condition holds, at most N times.
        case repeatWhile(FlowCondition, maximum: Int)
        /// `retry N`: the steps again, up to N more times, while one of them fails.
        case retry(Int)
        /// The line holds variables: its kind is read when it runs (the command word says which).
        case deferred(String)
    }

    public var kind: Kind
    /// The index of the `else` step, when the `if` has one.
    public var elseIndex: Int?
    /// The index of the `end` step.
    public var endIndex: Int

    public init(kind: Kind, elseIndex: Int? = nil, endIndex: Int = -1) {
        self.kind = kind
        self.elseIndex = elseIndex
        self.endIndex = endIndex
    }

    /// The most times `repeat` and `repeat while` run their steps.
    public static let maximumRepeat = 10_000
    /// How often `repeat while` runs its steps when the line gives no `max`.
    public static let defaultRepeatWhileMaximum = 100
    /// The most retries `retry N` takes.
    public static let maximumRetries = 100
}

/// What `if` and `repeat while` test: any expectation (without `expect`), `js "EXPR"` (its
/// value is truthy), `dialog` (a JavaScript dialog is open), or `not` another condition.
public indirect enum FlowCondition: Equatable, Sendable {
    case expectation(Expectation)
    case js(String, world: String)
    case dialog
    case not(FlowCondition)
}

/// An `include` of a fragment with parameters: what it passes and what the fragment declares.
public struct FlowInclude: Equatable, Sendable {
    /// The fragment's path as messages show it.
    public var path: String
    /// `NAME="value"` arguments of the `include`, in order (values may hold variables).
    public var arguments: [FlowIncludeArgument]
    /// The fragment's `param` lines: each name with its default (nil: the include must pass it).
    public var parameters: [(name: String, defaultValue: FlowTemplate?)]

    public static func == (left: FlowInclude, right: FlowInclude) -> Bool {
        left.path == right.path && left.arguments == right.arguments
            && left.parameters.map(\.name) == right.parameters.map(\.name)
            && left.parameters.map(\.defaultValue) == right.parameters.map(\.defaultValue)
    }

    /// Every name the fragment binds while it runs.
    public var boundNames: [String] {
        var names: [String] = []
        for name in arguments.map(\.name) + parameters.map(\.name) where !names.contains(name) { names.append(name) }
        return names
    }
}

/// One `NAME="value"` of an `include`.
public struct FlowIncludeArgument: Equatable, Sendable {
    public var name: String
    /// The value, as a template (its variables are read in the including flow).
    public var value: FlowTemplate
    public var column: Int
}

/// A step of the app's lifecycle (shell.md section 7).
public enum LifecycleStep: String, Equatable, Sendable, CaseIterable {
    case background, foreground, restart
}

/// A notification payload file a step names, read when the flow is parsed.
public struct PayloadFile: Equatable, Sendable {
    /// The path as written in the flow.
    public var path: String
    /// The file's bytes, at most `keptBytes` of them.
    public var bytes: [UInt8]
    /// The file's whole size.
    public var size: Int

    /// More than any payload may have: a larger file is refused by its size alone.
    public static let keptBytes = 64 * 1024

    public init(path: String, bytes: [UInt8], size: Int? = nil) {
        self.path = path
        self.bytes = Array(bytes.prefix(Self.keptBytes))
        self.size = size ?? bytes.count
    }
}

/// Durations as flows write them: `500ms`, `2s`, `1.5s`, `1m`.
public enum FlowDuration {
    /// The duration a word names; nil when it is not a number with `ms`, `s` or `m`.
    public static func parse(_ text: String) -> Duration? {
        let units: [(suffix: String, milliseconds: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000)]
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  let value = Double(number), value.isFinite, value * unit.milliseconds <= 86_400_000 * 365 else { return nil }
            return .milliseconds(Int64((value * unit.milliseconds).rounded()))
        }
        return nil
    }

    /// A duration as a flow writes it: whole seconds as `2s`, else milliseconds.
    public static func text(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}

/// What `tap` activates.
public enum TapTarget: Equatable, Sendable {
    /// A link or button by its visible text (exact, else a unique case-insensitive substring).
    case text(String)
    /// The N-th link or button in reading order, 1-based.
    case number(Int)
    case leftButton
    case rightButton
    /// `tap notification` (the banner's, else the newest in the list), or one of its actions.
    case notification(action: String?)
    /// `tap css "SELECTOR"`: the first element the selector matches.
    case css(String)
}

/// A check of what the user would see (flows.md's expectation table).
public enum Expectation: Equatable, Sendable {
    public enum ColorSlot: String, Sendable, CaseIterable { case nav, tint, status }
    public enum Visibility: String, Sendable { case visible, hidden }

    case depth(Int)
    case title(String)
    case bar(Visibility)
    case leftButton(Visibility)
    case rightButton(Visibility)
    case color(ColorSlot, RGBColor)
    case url(String)
    case urlContains(String)
    case page(String)
    case text(String)
    case noText(String)
    case stack([String])
    case event(String)
    case warning(DeeplinkWarning.Code)
    /// The top screen's store holds this cookie for the top page's URL.
    case cookie(name: String, value: String)
    /// The launch screen is gone: the root screen is up.
    case launchReady
    /// The liveness check failed with a reason containing this text.
    case launchFailed(String)
    /// A notification with this title (else body) is on the banner or in the list.
    case notification(String)
    case badge(Int)
    case privacyGuard(Visibility)
    /// A JavaScript dialog of this kind with this message is open.
    case dialog(OpenDialog.Kind, message: String)
    case noDialog
    /// A console message since the last action contains this text.
    case console(String)
    /// No script error since the app started.
    case noScriptErrors
    /// `expect js "EXPR" VALUE [in WORLD]`: the expression's value is the string VALUE, or
    /// equals VALUE read as JSON.
    case js(String, value: String, world: String)
    /// `expect message NAME [VALUE]`: a message to that handler since the last action (with a
    /// body that is the string VALUE or equals VALUE as JSON).
    case message(String, value: String?)
    /// `expect download "NAME" [BYTES]`: a file saved under that name since the last action.
    case download(String, bytes: Int?)
    /// `expect visible "S"`: the text is in the web view's rows on the screen, not under a
    /// dialog, the launch screen or the privacy guard.
    case visible(String)
    /// `expect focus "S"`: the focused element is the field or link this names.
    case focus(String)
    /// `expect request "PATTERN" [method M] [body ~ "S"]`: since the last action, the app
    /// requested a URL the pattern matches (with that method, with a body containing S).
    indirect case request(RoutePattern, method: String?, bodyContains: String?)
}
