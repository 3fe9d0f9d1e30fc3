/// A place in a user's file: path, 1-based line and column.
public struct SourceLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int?

    public init(path: String, line: Int, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `PATH:LINE:COLUMN` (or `PATH:LINE` without a column).
    public var description: String {
        column.map { "\(path):\(line):\($0)" } ?? "\(path):\(line)"
    }
}

/// A mistake in the user's input: bad arguments, or a malformed file. Exit code 2.
public struct UserError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation?
    /// A file without a line (an unreadable file, for example).
    public var path: String?

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }

    public init(_ message: String, path: String) {
        self.message = message
        self.path = path
    }

    /// The one line printed on stderr: `PATH:LINE:COLUMN: error: MESSAGE`, else `webnav: error: …`.
    public var description: String {
        if let location { return "\(location): error: \(message)" }
        if let path { return "webnav: error: \(path): \(message)" }
        return "webnav: error: \(message)"
    }
}
