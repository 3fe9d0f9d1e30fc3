/// Renders a laid-out page as plain text, as `lynx -dump` does.
public enum PageDump {
    /// The lines (trailing spaces trimmed), then a `References` list of every item with a
    /// URL, numbered 1, 2, 3… in reading order as the `[N]` marks in the text are (an item
    /// without a URL has no mark and no number); always ends with a newline.
    public static func render(_ layout: PageLayout) -> String {
        let references = layout.items.filter { $0.url != nil }.enumerated().map { index, item in
            let number = String(index + 1)
            return String(repeating: " ", count: max(0, 4 - number.utf8.count)) + number + ". " + (item.url ?? "") + "\n"
        }
        let heading = references.isEmpty ? "" : (layout.lines.isEmpty ? "" : "\n") + "References\n\n"
        var capacity = heading.utf8.count + references.reduce(0) { $0 + $1.utf8.count } + 1
        for line in layout.lines { capacity += line.utf8Count() + 1 }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            let output = buffer.baseAddress!
            var count = 0
            for line in layout.lines {
                var end = count + line.copyUTF8(to: output + count)
                while end > count && output[end - 1] == 0x20 { end -= 1 }
                output[end] = 0x0A
                count = end + 1
            }
            for var text in [heading] + references {
                count += text.withUTF8 { utf8 in
                    if !utf8.isEmpty { (output + count).update(from: utf8.baseAddress!, count: utf8.count) }
                    return utf8.count
                }
            }
            if count == 0 {
                output[0] = 0x0A
                count = 1
            }
            return count
        }
    }
}
