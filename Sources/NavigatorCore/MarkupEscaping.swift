/// Text made safe inside HTML markup, as content or as a double-quoted attribute value.
public enum MarkupEscaping {
    /// `&`, `<`, `>` and `"` as character references; everything else as it is.
    public static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            default: output.append(character)
            }
        }
        return output
    }
}
