import Foundation
@testable import Flows

/// Flow text parsed as `t.flow` in a folder, as the step tests read it: its commands, or the
/// parse error's text.
struct FlowText {
    var parser = FlowParser { _ in Data() }
    var folder = URL(fileURLWithPath: "/app/Pages/")

    func commands(_ text: String) throws -> [FlowCommand] {
        try parser.parse(text: text, path: "t.flow", folder: folder).map(\.command)
    }

    /// The error's description, or "no error".
    func error(_ text: String) -> String {
        do {
            _ = try parser.parse(text: text, path: "t.flow", folder: folder)
            return "no error"
        } catch {
            return error.description
        }
    }
}
