import Flows
import TerminalUI

/// A flow run one step at a time (`webnav run --step`): what has run, what failed, what is next.
///
/// As in a headless run, the first failure ends the flow; steps are checked at the flow's own
/// simulated size (80x24 unless a `size` step changes it), so a flow passes or fails here
/// exactly as it does in `webnav run`.
struct FlowStepper {
    enum Result: Equatable {
        case passed
        case failed(message: String)
    }

    let flow: Flow
    private(set) var results: [Result] = []
    var columns = 80
    var rows = 24

    init(flow: Flow) {
        self.flow = flow
    }

    /// The step `n` runs next, nil when the flow is over.
    var nextStep: FlowStep? {
        isFinished ? nil : flow.steps[results.count]
    }

    var failure: (step: FlowStep, message: String)? {
        guard case .failed(let message)? = results.last else { return nil }
        return (flow.steps[results.count - 1], message)
    }

    var isFinished: Bool { failure != nil || results.count == flow.steps.count }
    var passed: Bool { failure == nil && results.count == flow.steps.count }

    mutating func record(_ result: Result) {
        precondition(!isFinished, "no step left to record")
        results.append(result)
    }

    /// Where a step was written, as the panel shows it: its line, or `file:line` when included.
    func location(of step: FlowStep) -> String {
        step.location.path == flow.path ? "\(step.location.line)" : "\(lastPathComponent(step.location.path)):\(step.location.line)"
    }

    /// The panel's rows.
    var panelContent: FlowPanelContent {
        let steps = flow.steps.enumerated().map { index, step -> FlowPanelStep in
            let mark: FlowPanelStep.Mark
            if index < results.count {
                switch results[index] {
                case .passed: mark = .passed
                case .failed(let message): mark = .failed(message)
                }
            } else {
                mark = index == results.count && failure == nil ? .next : .pending
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
