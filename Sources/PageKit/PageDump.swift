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

    /// The text of `render`, handed to `output` in pieces of about `pieceSize` bytes, each
    /// ending with a whole line: a big page's dump is never held whole (the 1.9 MB book's
    /// text is 2 MB).
    public static func render(_ layout: PageLayout, piecesOf pieceSize: Int, to output: (String) -> Void) {
        var piece: [UInt8] = []
        piece.reserveCapacity(pieceSize + 256)
        var wroteAny = false
        func flush(_ force: Bool) {
            guard piece.count >= pieceSize || (force && !piece.isEmpty) else { return }
            output(String(decoding: piece, as: UTF8.self))
            wroteAny = true
            piece.removeAll(keepingCapacity: true)
        }
        for line in layout.lines {
            let start = piece.count
            piece.append(contentsOf: repeatElement(0, count: line.utf8Count()))
            let written = piece.withUnsafeMutableBufferPointer { line.copyUTF8(to: $0.baseAddress! + start) }
            piece.removeLast(piece.count - start - written)
            while piece.count > start && piece.last == 0x20 { piece.removeLast() }
            piece.append(0x0A)
            flush(false)
        }
        var number = 0
        for item in layout.items {
            guard let url = item.url else { continue }
            number += 1
            if number == 1 {
                if !layout.lines.isEmpty { piece.append(0x0A) }
                piece.append(contentsOf: "References\n\n".utf8)
            }
            let digits = String(number)
            piece.append(contentsOf: repeatElement(0x20, count: max(0, 4 - digits.utf8.count)))
            piece.append(contentsOf: digits.utf8)
            piece.append(contentsOf: ". ".utf8)
            piece.append(contentsOf: url.utf8)
            piece.append(0x0A)
            flush(false)
        }
        if !wroteAny && piece.isEmpty { piece.append(0x0A) }
        flush(true)
    }
}
