/// Makes text from input safe to print: control characters and bidi overrides become visible
/// escapes, so a value never moves the cursor, rings the bell, recolours or reorders the terminal.
///
/// One rule for every output path. Text output runs through `escaping`; JSON output uses
/// `JSONText.quote`, which escapes the same characters as `\uXXXX` so it stays valid JSON.
public enum VisibleText {
    /// Whether a scalar must not reach a terminal raw: C0 controls (newline and tab aside, when
    /// kept), DEL, C1 controls, and the bidi embeddings, overrides and isolates (U+202A–U+202E,
    /// U+2066–U+2069), which reorder the rest of the line (CVE-2021-42574, "Trojan Source").
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// `text` with every unsafe scalar shown as an escape: `\e` for ESC, `\t`, `\r`, `\n`, and
    /// `\u{7}` for the rest (Swift's notation). With `keepingLines`, newlines and tabs stay (a
    /// multi-line report); lone carriage returns are still shown.
    public static func escaping(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else { output.append(scalar); continue }
            if keepingLines, scalar == "\n" || scalar == "\t" { output.append(scalar); continue }
            let escape: String
            switch scalar {
            case "\u{1B}": escape = "\\e"
            case "\t": escape = "\\t"
            case "\r": escape = "\\r"
            case "\n": escape = "\\n"
            default: escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            output.append(contentsOf: escape.unicodeScalars)
        }
        return String(output)
    }
}
