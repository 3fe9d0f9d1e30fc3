/// What a flow's `${NAME}` may name: a letter or `_`, then letters, digits or `_` (ASCII). The
/// profile's `env` and a run's `--env` check their names with the same rule.
public enum VariableName {
    public static func isValid(_ name: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z") }
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || isLetter($0) }
    }
}
