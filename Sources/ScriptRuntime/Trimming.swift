extension StringProtocol {
    /// The text without spaces and tabs at either end, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` (Unicode's space separators and U+0009).
    func trimmingSpaces() -> String {
        trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// The text without the scalars `isTrimmed` names at either end.
    func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !isTrimmed($0) }) else { return "" }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[first...last])
        return result
    }
}
