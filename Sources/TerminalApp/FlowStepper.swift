import Flows
import TerminalUI

/// A flow run one step at a time (`webnav run --step`): what has run, what failed, what is next.
///
/// As in a headless run, the first failure ends the flow (unless a `retry` runs its steps
/// again); steps are checked at the flow's own simulated size (80x24 unless a `size` step
/// changes it), so a flow passes or fails here exactly as it does in `webnav run`.
struct FlowStepper {
    enum Result: Equatable {
        case passed
        case failed(message: String)
    }

    /// Where the flow has got to (loops, branches and fragments' bindings included).
    private(set) var execution: FlowExecution
    /// How each step that ran went the last time it ran, by its index in the flow.
    private(set) var marks: [Int: Result] = [:]
    private(set) var failure: (step: FlowStep, message: String)?
    var columns = 80
    var rows = 24

    init(flow: Flow, parser: FlowParser) {
        execution = FlowExecution(flow: flow, parser: parser)
    }

    var flow: Flow { execution.flow }

    /// The step `n` runs next, nil when the flow is over.
    var nextStep: FlowStep? {
        failure == nil ? execution.nextStep : nil
    }

    var isFinished: Bool { nextStep == nil }
    var passed: Bool { failure == nil && execution.nextStep == nil }
    var stepsRun: Int { execution.stepsRun }
    /// The flow's steps as written (without `else`, `end` and `param`).
    var lineCount: Int { flow.steps.filter { !$0.command.isBookkeeping }.count }

    /// Takes the execution after a step ran, and how the step went.
    mutating func record(_ report: StepReport, execution: FlowExecution) {
        self.execution = execution
        guard let index = report.index else { return }
        if case .failed(let message) = report.outcome {
            marks[index] = .failed(message: message)
            if !report.isRetried { failure = (report.step, message) }
        } else {
            marks[index] = .passed
        }
    }

    /// Where a step was written, as the panel shows it: its line, or `file:line` when included.
    func location(of step: FlowStep) -> String {
        step.location.path == flow.path ? "\(step.location.line)" : "\(lastPathComponent(step.location.path)):\(step.location.line)"
    }

    /// The panel's rows: every line of the flow, `else` and `end` too.
    var panelContent: FlowPanelContent {
        let next = failure == nil ? execution.nextIndex : nil
        let steps = flow.steps.enumerated().compactMap { index, step -> FlowPanelStep? in
            guard !step.source.isEmpty else { return nil }
            let mark: FlowPanelStep.Mark
            if index == next {
                mark = .next
            } else {
                switch marks[index] {
                case .passed?: mark = .passed
                case .failed(let message)?: mark = .failed(message)
                case nil: mark = .pending
                }
            }
            return FlowPanelStep(location: location(of: step), source: step.source, mark: mark)
        }
        let outcome: FlowPanelContent.Outcome = !isFinished ? .running : passed ? .passed : .failed
        return FlowPanelContent(path: lastPathComponent(flow.path), steps: steps, outcome: outcome)
    }

    private func lastPathComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
