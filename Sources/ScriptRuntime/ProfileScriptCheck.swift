/// Checks the profile's scripts before the app runs (bridge.md: a bad profile is one line and
/// exit 2): a syntax error with its line, and a handler whose value is not a function.
public final class ProfileScriptCheck {
    /// What is wrong with a script.
    public struct Problem: Error, Equatable, Sendable {
        public var message: String
        /// The line in the script (1-based), when the problem has one.
        public var line: Int?

        public init(message: String, line: Int?) {
            self.message = message
            self.line = line
        }
    }

    private let machine: JavaScriptMachine

    public init() throws(ScriptEngineError) {
        machine = try JavaScriptMachine()
        machine.setTimeLimit(seconds: 1)
    }

    /// The problem of one script: a program (a user script) must parse; a handler's or
    /// intercept's source must evaluate, in a context of its own, to a function.
    public func problem(in source: String, sourceURL: String, mustBeFunction: Bool) -> Problem? {
        guard mustBeFunction else {
            return machine.syntaxError(of: source, url: sourceURL).map { Problem(message: $0.message, line: $0.line) }
        }
        let program: String
        switch HandlerSource.program(source, machine: machine, url: sourceURL) {
        case .success(let text): program = text
        case .failure(let problem): return problem
        }
        let context = machine.makeContext(name: "profile check")
        switch context.evaluate(program, sourceURL: sourceURL) {
        case .success(.kept(let value)):
            guard context.isFunction(value) else { return Problem(message: "its value is an object, not a function", line: nil) }
            return nil
        case .success(let value):
            return Problem(message: "its value is \(value.typeName), not a function", line: nil)
        case .failure(let exception):
            return Problem(message: exception.isTimeout ? "JavaScript execution terminated." : exception.message, line: exception.line)
        }
    }
}

/// How a handler's source becomes a program: as written when it parses (`var n = 0;
/// (function (body, app) {…})`), else as one parenthesised expression, so the bare
/// `function (body, app) {…}` of bridge.md's examples is a function too.
enum HandlerSource {
    static func program(_ source: String, machine: JavaScriptMachine, url: String) -> Result<String, ProfileScriptCheck.Problem> {
        guard let error = machine.syntaxError(of: source, url: url) else { return .success(source) }
        let wrapped = "(" + source + "\n)"
        if machine.syntaxError(of: wrapped, url: url) == nil { return .success(wrapped) }
        return .failure(ProfileScriptCheck.Problem(message: error.message, line: error.line))
    }
}

extension ScriptValue {
    var typeName: String {
        switch self {
        case .undefined: return "undefined"
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array, .kept: return "an object"
        }
    }
}
