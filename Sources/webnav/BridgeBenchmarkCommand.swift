import NavigatorCore
import ScriptRuntime

/// `webnav __bench-bridge` (hidden; `Scripts/bench.py` runs it): the WebKit bridge's reply
/// round-trip and the cost of a `callAsyncJavaScript`, each beside its goal.
enum BridgeBenchmarkCommand {
    static let name = "__bench-bridge"

    static func run(_ arguments: [String]) throws(UserError) -> Int32 {
        guard arguments.isEmpty else { throw UserError("usage: webnav \(name)") }
        for line in BridgeBenchmarks.run() { print(line) }
        return 0
    }
}
