/// Turns byte offsets of a UTF-8 text into 1-based lines and columns (columns count code points).
///
/// Built once per file, and only for a file that has something to report: the scanners keep
/// offsets, never line numbers. Lines end at LF, CR or CRLF, as HTML, JavaScript and flows read them.
struct LineTable {
    private let text: [UInt8]
    /// The offset where each line starts.
    private let starts: [Int]

    init(_ text: [UInt8]) {
        self.text = text
        var starts = [0]
        var index = 0
        while index < text.count {
            let byte = text[index]
            index += 1
            if byte == 0x0D, index < text.count, text[index] == 0x0A { index += 1 }
            if byte == 0x0A || byte == 0x0D { starts.append(index) }
        }
        self.starts = starts
    }

    /// The last offset asked for and its column: columns further along the same line are
    /// counted on from there, so many findings on one long line cost linear time.
    private var cursor = (offset: 0, line: 0, column: 1)

    /// The line and column of an offset (clamped to the text).
    mutating func location(of offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, min(offset, text.count))
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var from = (offset: starts[low], column: 1)
        if cursor.line == low, cursor.offset <= offset { from = (cursor.offset, cursor.column) }
        var column = from.column
        for byte in text[from.offset..<offset] where byte & 0xC0 != 0x80 { column += 1 }
        cursor = (offset, low, column)
        return (low + 1, column)
    }
}
