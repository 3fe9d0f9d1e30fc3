/// Writes JSON text: quoted strings, and objects whose keys keep the order they are given in.
public enum JSONText {
    /// A JSON string literal, escaping quotes, backslashes, and the characters `VisibleText`
    /// keeps off terminals (controls, DEL, C1, bidi overrides) as `\uXXXX`.
    public static func quote(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where VisibleText.isUnsafe(scalar):
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// JSON text another encoder wrote, with the scalars `VisibleText` keeps off terminals that
    /// it left raw (DEL, C1, bidi overrides: they can only be inside strings) as `\uXXXX`.
    public static func escapingUnsafe(_ json: String) -> String {
        // C0 controls are the encoder's to escape (raw, outside strings, they are its white space).
        let isRaw: (Unicode.Scalar) -> Bool = { $0.value >= 0x20 && VisibleText.isUnsafe($0) }
        guard json.unicodeScalars.contains(where: isRaw) else { return json }
        var output = ""
        output.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            if isRaw(scalar) {
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// An object from `(key, already-encoded JSON value)` pairs.
    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(quote($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// An array of already-encoded JSON values.
    public static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ",") + "]"
    }

    /// A string value, or `null`.
    public static func optional(_ string: String?) -> String {
        string.map(quote) ?? "null"
    }

    /// A boolean value, or `null`.
    public static func optional(_ bool: Bool?) -> String {
        bool.map { $0 ? "true" : "false" } ?? "null"
    }

    /// A user's text quoted for a one-line message: a JSON string literal, cut to 80 characters.
    public static func excerpt(_ text: String) -> String {
        let limit = 80
        var characters = 0
        var end = text.startIndex
        while end < text.endIndex, characters < limit {
            end = text.index(after: end)
            characters += 1
        }
        return end == text.endIndex ? JSONText.quote(text) : JSONText.quote(String(text[..<end]) + "…")
    }
}
