/// Where in a source JavaScriptCore's syntax error lies, as a line and a column.
///
/// JavaScriptCore's C API gives a syntax error's message and line, never its column. Its
/// parser stops at the first token it cannot take, so every prefix of the source that holds
/// that token fails with the same message on the same line, and a shorter one fails
/// otherwise (mostly "Unexpected end of script"): the shortest prefix failing as the whole
/// source does ends with the offending token, found by bisection in a few parses.
struct SyntaxErrorPlace: Equatable {
    /// Counted from 1; the column in Unicode code points.
    var line: Int
    var column: Int
    /// The offset of the token's first code point in the source.
    var offset: Int

    /// The place of `error`, the syntax error `parse` gives for the whole of `source`; nil
    /// when no prefix fails the same way on that line.
    static func locate(_ error: (message: String, line: Int), in source: String,
                       parse: (String) -> (message: String, line: Int)?) -> SyntaxErrorPlace? {
        let scalars = Array(source.unicodeScalars)
        func failsAsWhole(_ count: Int) -> Bool {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars[0..<count])
            guard let failure = parse(String(prefix)) else { return false }
            return failure.message == error.message && failure.line == error.line
        }
        guard !scalars.isEmpty else { return nil }
        var low = 1, high = scalars.count
        while low < high {
            let middle = (low + high) / 2
            if failsAsWhole(middle) { high = middle } else { low = middle + 1 }
        }
        guard failsAsWhole(low) else { return nil }
        let place = SyntaxErrorPlace(offset: tokenStart(endingBefore: low, in: scalars), in: scalars)
        return place.line == error.line ? place : nil
    }

    /// The first code point of the token that ends just before `end`: a name, keyword or
    /// number, a quoted string, or one punctuator character.
    private static func tokenStart(endingBefore end: Int, in scalars: [Unicode.Scalar]) -> Int {
        var start = end - 1
        let last = scalars[start]
        if last == "\"" || last == "'" || last == "`" {
            var index = start - 1
            while index >= 0 {
                if scalars[index] == last, index == 0 || scalars[index - 1] != "\\" { return index }
                index -= 1
            }
            return start
        }
        func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        guard isWordPart(last) else { return start }
        while start > 0, isWordPart(scalars[start - 1]) { start -= 1 }
        return start
    }

    /// ECMAScript's line terminators: LF, CR, CR LF, LS and PS.
    fileprivate static func lineAndColumn(of offset: Int, in scalars: [Unicode.Scalar]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            let scalar = scalars[index]
            if scalar == "\r", index + 1 < offset, scalars[index + 1] == "\n" { index += 1 }
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return (line, offset - lineStart + 1)
    }
}

extension SyntaxErrorPlace {
    /// The line and column of a code point offset into `scalars`.
    init(offset: Int, in scalars: [Unicode.Scalar]) {
        let (line, column) = Self.lineAndColumn(of: offset, in: scalars)
        self.init(line: line, column: column, offset: offset)
    }
}
