/// Checks the profile's scripts before the app runs (bridge.md: a bad profile is one line and
/// exit 2): a syntax error with its line, and a handler whose value is not a function.
public final class ProfileScriptCheck {
    /// What is wrong with a script.
    public struct Problem: Error, Equatable, Sendable {
        public var message: String
        /// The line in the script (1-based), when the problem has one.
        public var line: Int?
        /// The column in that line (1-based), when JavaScriptCore gives one.
        public var column: Int?

        public init(message: String, line: Int?, column: Int? = nil) {
            self.message = message
            self.line = line
            self.column = column
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
            return machine.syntaxError(of: source, url: sourceURL).map { error in
                let place = SyntaxErrorPlace.locate(error, in: source) { machine.syntaxError(of: $0, url: sourceURL) }
                return Problem(message: error.message, line: error.line, column: place?.column)
            }
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
            return Problem(message: exception.isTimeout ? "JavaScript execution terminated." : exception.message, line: exception.line,
                           column: exception.column)
        }
    }
}

/// How a handler's source becomes a program: as written when it parses (`var n = 0;
/// (function (body, app) {…})`), else as one parenthesised expression, so the bare
/// `function (body, app) {…}` of bridge.md's examples is a function too.
enum HandlerSource {
    static func program(_ source: String, machine: JavaScriptMachine, url: String) -> Result<String, ProfileScriptCheck.Problem> {
        guard let programError = machine.syntaxError(of: source, url: url) else { return .success(source) }
        let wrapped = "(" + source + "\n)"
        guard let expressionError = machine.syntaxError(of: wrapped, url: url) else { return .success(wrapped) }
        return .failure(syntaxProblem(source, programError: programError, wrapped: wrapped, expressionError: expressionError,
                                      parse: { machine.syntaxError(of: $0, url: url) }))
    }

    /// The error of a source that parses neither as a program nor as one expression: the one
    /// further into the source, the way it was meant. `function (b) { return b +; }` fails as
    /// a program at its `(` ("Function statements must have a name") and as an expression at
    /// the `;`; `var x = ; (function () {})` fails as a program at the `;`, and as an
    /// expression at once. An expression's error at the closing `)` the wrap added is not the
    /// script's own.
    private static func syntaxProblem(_ source: String, programError: (message: String, line: Int), wrapped: String,
                                      expressionError: (message: String, line: Int),
                                      parse: (String) -> (message: String, line: Int)?) -> ProfileScriptCheck.Problem {
        let program = SyntaxErrorPlace.locate(programError, in: source, parse: parse)
        let scalars = Array(source.unicodeScalars)
        // The wrap's `(` is one code point before the source.
        if let inWrap = SyntaxErrorPlace.locate(expressionError, in: wrapped, parse: parse),
           inWrap.offset >= 1, inWrap.offset <= scalars.count, inWrap.offset - 1 > program?.offset ?? -1 {
            let place = SyntaxErrorPlace(offset: inWrap.offset - 1, in: scalars)
            return ProfileScriptCheck.Problem(message: expressionError.message, line: place.line, column: place.column)
        }
        return ProfileScriptCheck.Problem(message: programError.message, line: programError.line, column: program?.column)
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
