import NavigatorCore
import ScriptRuntime
import Simulator

/// A flow being run, one step at a time: where it has got to, the loops and retries it is
/// inside, the fragments' bindings, how many steps have run. The runner and the terminal UI's
/// step mode both run flows through it, so a flow goes the same way in both.
///
/// Every loop is bounded (`repeat` at most `FlowBlock.maximumRepeat` times, `repeat while` at
/// its `max`, `retry` at most `FlowBlock.maximumRetries`), and a flow stops with a failure once
/// `maximumStepsRun` steps have run, so nested loops cannot run for ever either.
public struct FlowExecution: Equatable, Sendable {
    public let flow: Flow
    private let parser: FlowParser
    /// The index of the step that runs next.
    public private(set) var position = 0
    /// Steps run so far (each pass of a loop counts; `else`, `end` and `param` do not).
    public private(set) var stepsRun = 0
    private var loops: [Loop] = []
    private var scopes: [Scope] = []

    /// The most steps one flow runs.
    public static let maximumStepsRun = 1_000_000

    private struct Loop: Equatable, Sendable {
        enum Kind: Equatable, Sendable {
            case times(remaining: Int)
            case whileCondition(iterations: Int, maximum: Int)
            case retry(attempt: Int, retries: Int)
        }

        var start: Int
        var end: Int
        var kind: Kind
        /// How many fragment bindings were in force when the block began.
        var scopeDepth: Int
    }

    /// A fragment's bindings, and the values they hid.
    private struct Scope: Equatable, Sendable {
        var saved: [SavedVariable]
    }

    private struct SavedVariable: Equatable, Sendable {
        var name: String
        var value: String?
    }

    public static func == (left: FlowExecution, right: FlowExecution) -> Bool {
        left.flow == right.flow && left.position == right.position && left.stepsRun == right.stepsRun && left.loops == right.loops
            && left.scopes == right.scopes
    }

    /// What came of one step.
    public struct StepRun: Sendable {
        public var step: FlowStep
        /// The step's index in the flow.
        public var index: Int
        /// The step as it ran, when its line held variables (`tap "Save"` for `tap "${BUTTON}"`).
        public var resolvedSource: String?
        public var outcome: StepOutcome
        /// Where a failure is: the step's line, with the column of the variable or argument at fault.
        public var failureLocation: SourceLocation
        /// The step failed inside `retry`, whose steps run again: the flow goes on.
        public var isRetried = false
        /// What the flow itself says about the step: a condition's value, a retry.
        public var note: String?
    }

    /// The most steps this flow runs (tests make it small to reach it quickly).
    var stepLimit = FlowExecution.maximumStepsRun

    public init(flow: Flow, parser: FlowParser) {
        self.flow = flow
        self.parser = parser
    }

    public var isFinished: Bool { position >= flow.steps.count }

    /// The step that runs next, past the bookkeeping ones (`else`, `end`, `param`).
    public var nextStep: FlowStep? { nextIndex.map { flow.steps[$0] } }

    /// The index of the step that runs next (a loop's `end` may lead back to its start).
    public var nextIndex: Int? {
        var index = position
        var looked = 0
        while index < flow.steps.count, looked <= flow.steps.count {
            looked += 1
            let step = flow.steps[index]
            switch step.command {
            case .elseBranch(let end): index = end
            case .end(let start):
                guard let last = loops.last, last.start == start else { index += 1; continue }
                switch last.kind {
                case .times(let remaining): index = remaining > 1 ? start + 1 : index + 1
                case .whileCondition: index = start
                case .retry: index += 1
                }
            case .enterInclude, .leaveInclude, .param: index += 1
            default: return index
            }
        }
        return nil
    }

    /// Runs the next step (and the bookkeeping before it); nil when the flow is over.
    public mutating func runNext(host: AppHost, context: inout FlowContext) -> StepRun? {
        while position < flow.steps.count {
            let index = position
            let step = flow.steps[index]
            if step.command.isBookkeeping {
                if let failure = bookkeeping(step, at: index, context: &context) {
                    return fail(step, at: index, failure, location: step.location, context: &context)
                }
                continue
            }
            guard stepsRun < stepLimit else {
                position = flow.steps.count
                return StepRun(step: step, index: index, outcome: .failed("the flow ran \(stepLimit) steps, the most one flow runs (a loop that never ends?)"),
                               failureLocation: step.location)
            }
            stepsRun += 1
            var command = step.command
            var resolvedSource: String?
            if step.template != nil {
                do {
                    command = try parser.resolve(step, variables: context.variables)
                    resolvedSource = parser.resolvedSource(of: step, variables: context.variables)
                } catch {
                    let location = error.location ?? step.location
                    return fail(step, at: index, error.message + (location.column.map { " (column \($0))" } ?? ""), location: location,
                                context: &context)
                }
            }
            var run: StepRun
            if case .block(let block) = command {
                run = enter(block, step: step, at: index, host: host, context: &context)
            } else {
                let outcome: StepOutcome
                if step.template == nil {
                    outcome = StepExecutor.perform(step, host: host, context: &context)
                } else {
                    var resolved = step
                    resolved.command = command
                    outcome = StepExecutor.perform(resolved, host: host, context: &context)
                }
                run = StepRun(step: step, index: index, outcome: outcome, failureLocation: step.location)
                if outcome.isSuccess { position += 1 }
            }
            run.resolvedSource = resolvedSource
            if case .failed = run.outcome { return retryOrFail(run, context: &context) }
            return run
        }
        return nil
    }

    /// A failure ends the flow, unless a `retry` around the step has tries left: then its steps
    /// run again from the first.
    private mutating func retryOrFail(_ run: StepRun, context: inout FlowContext) -> StepRun {
        var run = run
        guard let index = loops.lastIndex(where: { if case .retry = $0.kind { return true } else { return false } }),
              case .retry(let attempt, let retries) = loops[index].kind, attempt <= retries else {
            position = flow.steps.count
            return run
        }
        let retry = loops[index]
        loops.removeSubrange((index + 1)...)
        loops[index].kind = .retry(attempt: attempt + 1, retries: retries)
        while scopes.count > retry.scopeDepth { restore(scopes.removeLast(), into: &context) }
        position = retry.start + 1
        run.isRetried = true
        run.note = "retry \(attempt) of \(retries): the steps from line \(flow.steps[retry.start].location.line) run again"
        return run
    }

    private mutating func fail(_ step: FlowStep, at index: Int, _ message: String, location: SourceLocation,
                               context: inout FlowContext) -> StepRun {
        retryOrFail(StepRun(step: step, index: index, outcome: .failed(message), failureLocation: location), context: &context)
    }

    /// An `if`, `repeat` or `retry` line.
    private mutating func enter(_ block: FlowBlock, step: FlowStep, at index: Int, host: AppHost, context: inout FlowContext) -> StepRun {
        func ran(_ note: String) -> StepRun {
            StepRun(step: step, index: index, outcome: .held(note: note), failureLocation: step.location, note: note)
        }
        func failed(_ message: String) -> StepRun {
            StepRun(step: step, index: index, outcome: .failed(message), failureLocation: step.location)
        }
        switch block.kind {
        case .ifCondition(let condition):
            switch StepExecutor.evaluate(condition, step: step, host: host, context: &context) {
            case .failure(let error): return failed(error.message)
            case .success(true):
                position = index + 1
                return ran("true: the steps under it run")
            case .success(false):
                position = block.elseIndex.map { $0 + 1 } ?? block.endIndex
                return ran(block.elseIndex == nil ? "false: skipped to line \(flow.steps[block.endIndex].location.line)"
                           : "false: the steps after else run")
            }
        case .repeatTimes(let count):
            guard count > 0 else {
                position = block.endIndex + 1
                return ran("0 times: skipped")
            }
            loops.append(Loop(start: index, end: block.endIndex, kind: .times(remaining: count), scopeDepth: scopes.count))
            position = index + 1
            return ran("\(count) time\(count == 1 ? "" : "s")")
        case .repeatWhile(let condition, let maximum):
            var iterations = 0
            if let last = loops.last, last.start == index, case .whileCondition(let done, _) = last.kind {
                iterations = done
                loops.removeLast()
            }
            switch StepExecutor.evaluate(condition, step: step, host: host, context: &context) {
            case .failure(let error): return failed(error.message)
            case .success(false):
                position = block.endIndex + 1
                return ran("false after \(iterations) time\(iterations == 1 ? "" : "s")")
            case .success(true):
                guard iterations < maximum else {
                    return failed("\(step.source): still true after \(maximum) time\(maximum == 1 ? "" : "s") (its max)")
                }
                loops.append(Loop(start: index, end: block.endIndex, kind: .whileCondition(iterations: iterations + 1, maximum: maximum),
                                  scopeDepth: scopes.count))
                position = index + 1
                return ran("true: time \(iterations + 1)")
            }
        case .retry(let retries):
            loops.append(Loop(start: index, end: block.endIndex, kind: .retry(attempt: 1, retries: retries), scopeDepth: scopes.count))
            position = index + 1
            return ran("up to \(retries) more tr\(retries == 1 ? "y" : "ies")")
        case .deferred(let word):
            return failed("\(word): the line could not be read")
        }
    }

    /// `else`, `end`, a fragment's bindings and `param`: the flow's own bookkeeping. Returns a
    /// failure's message, or nil.
    private mutating func bookkeeping(_ step: FlowStep, at index: Int, context: inout FlowContext) -> String? {
        switch step.command {
        case .elseBranch(let end):
            position = end
        case .end(let start):
            guard let last = loops.last, last.start == start else {
                position = index + 1
                return nil
            }
            switch last.kind {
            case .times(let remaining):
                if remaining > 1 {
                    loops[loops.count - 1].kind = .times(remaining: remaining - 1)
                    position = start + 1
                } else {
                    loops.removeLast()
                    position = index + 1
                }
            case .whileCondition:
                position = start
            case .retry:
                loops.removeLast()
                position = index + 1
            }
        case .enterInclude(let include):
            position = index + 1
            var values: [(String, String)] = []
            do {
                for argument in include.arguments {
                    values.append((argument.name, try FlowParser.value(of: argument.value, variables: context.variables, at: step.location)))
                }
            } catch {
                return error.message
            }
            scopes.append(Scope(saved: include.boundNames.map { SavedVariable(name: $0, value: context.variables[$0]) }))
            for (name, value) in values { context.variables[name] = value }
            for parameter in include.parameters where !include.arguments.contains(where: { $0.name == parameter.name }) {
                guard let template = parameter.defaultValue else { continue }
                do {
                    context.variables[parameter.name] = try FlowParser.value(of: template, variables: context.variables, at: step.location)
                } catch {
                    return error.message
                }
            }
        case .leaveInclude:
            position = index + 1
            if let scope = scopes.popLast() { restore(scope, into: &context) }
        case .param(let name, _):
            position = index + 1
            guard context.variables[name] == nil else { return nil }
            guard let template = step.template else {
                return "param \(name) has no value: include the fragment with \(name)=\"…\", or give --env \(name)=…"
            }
            do {
                context.variables[name] = try FlowParser.value(of: template, variables: context.variables, at: step.location)
            } catch {
                return error.message
            }
        default:
            position = index + 1
        }
        return nil
    }

    /// A fragment's bindings given up: the variables they hid come back.
    private func restore(_ scope: Scope, into context: inout FlowContext) {
        for saved in scope.saved { context.variables[saved.name] = saved.value }
    }
}
