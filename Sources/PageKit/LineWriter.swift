/// Builds terminal lines from inline text: collapses whitespace, wraps words, indents,
/// places list markers and keeps block margins to one blank line.
///
/// Text arrives as UTF-8 bytes and goes straight onto the current line; the writer
/// remembers where the last break opportunity was, and when a word overflows the width it
/// moves that word to a new line (or cuts a word wider than a whole line at grapheme
/// cluster boundaries). Call `finish()` or `finishMeasuring()` exactly once: it frees the line buffers.
struct LineWriter {
    /// A list marker waiting for the first line of its item.
    private struct Marker {
        var bytes: [UInt8]
        var width: Int
        var column: Int
        var concealed: Bool
    }

    /// The most `hr` rules a page draws: no real page has more, and at 10,000 columns each
    /// one is 30 KB of text.
    static let maximumRules = 10_000
    /// The most rule cells a page draws (16 million: 48 MB of `─`).
    static let maximumRuleCells = 16_000_000
    /// The most blank lines in a row (inside `pre`; elsewhere blank lines never repeat).
    static let maximumBlankRun = 100
    /// The layout's text stops growing past this many bytes (see `byteLimit`).
    static let maximumBytes = 1 << 30

    /// The width of the page in cells.
    let width: Int
    /// Whether lines wrap at `width`; a table cell being measured does not wrap.
    let wraps: Bool

    /// The UTF-8 of the finished lines, then of the current line.
    private var text: ByteBuffer
    private var scratch = ByteBuffer(capacity: 64)
    /// Where the current line begins in `text`.
    private var lineStart = 0
    /// The styled runs of the finished lines, then of the current line.
    private var styledRuns: [StyledRun] = []
    /// Where the current line's runs begin in `styledRuns`.
    private var lineRunStart = 0
    /// The finished lines.
    private var records: [LineRecord] = []

    private var lineColumn = 0
    private var lineStarted = false
    private var lineHasContent = false
    /// Where text begins on the current line, after the indentation and markers.
    private var contentColumn = 0
    private var contentStartByte = 0
    private var wordStartByte = 0
    private var wordStartColumn = 0
    /// The next text may go to a new line without a space before it (after CJK, `wbr`, controls).
    private var breakBeforeNext = false
    private var clusters = ClusterWidthCounter()

    private var pendingSpace = false
    private var pendingSpaceStyle = TextStyle()
    private var pendingBlank = false
    private var markers: [Marker] = []
    /// Text glued before the next visible text: a `[N]` item number or a button's `[`.
    private var prefix: [(bytes: [UInt8], width: Int, style: TextStyle)] = []

    /// The left margin of new lines, in cells.
    var indent = 0
    /// Inside `pre`: whitespace is kept, lines break only at newlines.
    var preformatted = false

    private var itemTextCollectors = 0
    private var itemText: [UInt8] = []
    private var itemTextPendingSpace = false
    private var isFinished = false

    /// Spaces that begin the current line without being stored (indentation).
    private var lineLead = 0
    /// The current line holds concealed text (`visibility: hidden`), so it is kept even if blank.
    private var lineKeepsSpace = false
    /// The current line is a rule, stored as its width alone.
    private var lineIsRule = false
    private var ruleCount = 0
    private var ruleCells = 0
    private var blankRun = 0
    /// The most bytes of text this layout may hold: proportional to the page, never near
    /// 2 GB, so the 32-bit offsets of `LineRecord` cannot overflow.
    let byteLimit: Int
    /// Whether the text reached `byteLimit`; nothing more is added after that.
    private(set) var isOverBudget = false

    /// Names of anchors (`id`, `<a name>`) and the line each starts on; `line` is -1 until
    /// content follows the anchor.
    private(set) var anchors: [(name: String, isName: Bool, line: Int)] = []
    private var pendingAnchors = 0

    /// A writer for lines `width` cells wide, for about `expectedSize` bytes of text: at most
    /// 16 bytes of layout per byte of page (at least 64 MB, at most 1 GB), unless `byteLimit`
    /// says otherwise.
    init(width: Int, wraps: Bool, expectedSize: Int = 0, byteLimit: Int? = nil) {
        self.width = max(1, min(width, 100_000))
        self.wraps = wraps
        self.byteLimit = byteLimit ?? min(Self.maximumBytes, max(64 << 20, expectedSize * 16))
        text = ByteBuffer(capacity: min(expectedSize + expectedSize / 4 + 1024, self.byteLimit))
    }

    // MARK: - Anchors

    /// Marks an anchor at the next content written.
    mutating func markAnchor(_ name: String, isName: Bool) {
        anchors.append((name, isName, -1))
        pendingAnchors += 1
    }

    /// Anchors resolve to the line content is going onto now.
    @inline(__always)
    private mutating func resolveAnchors() {
        guard pendingAnchors > 0 else { return }
        let line = records.count
        for index in (anchors.count - pendingAnchors)..<anchors.count { anchors[index].line = line }
        pendingAnchors = 0
    }

    /// The left margin actually used: deep indentation stops where half the width, and at
    /// least 8 cells, is left for text.
    var effectiveIndent: Int {
        guard wraps else { return indent }
        return min(indent, width - min(width, max(8, width / 2)))
    }

    /// The cells left for text on a new line.
    var availableWidth: Int { width - effectiveIndent }

    /// How many list markers wait for a line.
    var markerCount: Int { markers.count }

    /// Whether a `[N]` or `[` waits for the text it belongs to.
    var hasPrefix: Bool { !prefix.isEmpty }

    // MARK: - Item text

    /// Starts collecting the visible text of an item; returns where its text begins.
    mutating func beginItemText() -> Int {
        itemTextCollectors += 1
        if itemTextCollectors == 1 { itemTextPendingSpace = false }
        return itemText.count
    }

    /// Stops collecting an item's text and returns it, whitespace collapsed and trimmed.
    mutating func endItemText(from start: Int) -> String {
        var text = itemText[min(start, itemText.count)...]
        while text.first == 0x20 { text.removeFirst() }
        let result = String(decoding: text, as: UTF8.self)
        itemTextCollectors = max(0, itemTextCollectors - 1)
        if itemTextCollectors == 0 { itemText.removeAll(keepingCapacity: true) }
        return result
    }

    private mutating func collectItemText(_ bytes: UnsafePointer<UInt8>, count: Int) {
        for index in 0..<count {
            if bytes[index] == 0x20 {
                itemTextPendingSpace = true
            } else {
                if itemTextPendingSpace && !itemText.isEmpty { itemText.append(0x20) }
                itemTextPendingSpace = false
                itemText.append(bytes[index])
            }
        }
    }

    // MARK: - Inline text

    /// Adds text from a text node, collapsing whitespace (or keeping it inside `pre`).
    mutating func appendText(_ bytes: UnsafePointer<UInt8>, count: Int, style: TextStyle) {
        if preformatted {
            appendPreformatted(bytes, count: count, style: style)
            return
        }
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte > 0x20 && byte < 0x7F {
                var end = index &+ 1
                while end &+ 8 <= count && isPrintableASCII(UnsafeRawPointer(bytes + end).loadUnaligned(as: UInt64.self)) {
                    end &+= 8
                }
                while end < count {
                    let next = bytes[end]
                    if next <= 0x20 || next >= 0x7F { break }
                    end &+= 1
                }
                put(bytes + index, count: end &- index, cells: end &- index, style: style)
                clusters.noteASCII()
                index = end
            } else if byte < 0x80 {
                if byte.isHTMLWhitespace { whitespace(style: style) }
                index &+= 1
            } else {
                let (scalar, length) = decodeScalar(bytes + index, available: count &- index)
                appendScalar(scalar, bytes: bytes + index, length: length, style: style)
                index &+= length
            }
        }
    }

    /// Adds text given as a string (alt text, labels), collapsing whitespace.
    mutating func appendText(_ text: String, style: TextStyle) {
        var text = text
        text.withUTF8 { buffer in
            if let base = buffer.baseAddress { appendText(base, count: buffer.count, style: style) }
        }
    }

    private mutating func appendScalar(_ scalar: UInt32, bytes: UnsafePointer<UInt8>, length: Int, style: TextStyle) {
        switch scalar {
        case 0xA0:
            appendSpaceCharacter(style: style)
        case 0x200B:
            breakBeforeNext = true
        case 0x2028, 0x2029:
            whitespace(style: style)
        case 0x80...0x9F:
            break
        default:
            let step = clusters.add(scalar)
            let fits = !wraps || availableWidth >= 2
            if step.startsCluster && step.cells == 2 {
                let breakable = isBreakableWide(scalar)
                if breakable { breakBeforeNext = true }
                if fits {
                    put(bytes, count: length, cells: 2, style: style)
                } else {
                    put("\u{FFFD}", style: style)
                    clusters.noteASCII()
                }
                if breakable { breakBeforeNext = true }
            } else if step.startsCluster || step.cells == 0 || fits {
                put(bytes, count: length, cells: step.cells, style: style)
            }
        }
    }

    private mutating func appendSpaceCharacter(style: TextStyle) {
        var space: UInt8 = 0x20
        put(&space, count: 1, cells: 1, style: style)
        clusters.noteSpace()
    }

    private mutating func whitespace(style: TextStyle) {
        if lineHasContent && !pendingSpace {
            pendingSpace = true
            pendingSpaceStyle = style
        }
        clusters.noteSpace()
        if itemTextCollectors > 0 { itemTextPendingSpace = true }
    }

    /// Adds preformatted text: newlines end lines, tabs go to the next multiple of 8.
    private mutating func appendPreformatted(_ bytes: UnsafePointer<UInt8>, count: Int, style: TextStyle) {
        var index = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                preformattedNewline()
                index += 1
            case 0x0D:
                preformattedNewline()
                index += index + 1 < count && bytes[index + 1] == 0x0A ? 2 : 1
            case 0x09:
                let column = lineStarted ? lineColumn - contentColumn : 0
                let spaces = [UInt8](repeating: 0x20, count: 8 - column % 8)
                spaces.withUnsafeBufferPointer { put($0.baseAddress!, count: $0.count, cells: $0.count, style: style) }
                clusters.noteSpace()
                index += 1
            case 0x20...0x7E:
                var end = index + 1
                while end < count, bytes[end] >= 0x20, bytes[end] < 0x7F { end += 1 }
                put(bytes + index, count: end - index, cells: end - index, style: style)
                if bytes[end - 1] == 0x20 { clusters.noteSpace() } else { clusters.noteASCII() }
                index = end
            case 0x80...:
                let (scalar, length) = decodeScalar(bytes + index, available: count - index)
                if scalar == 0xA0 {
                    appendSpaceCharacter(style: style)
                } else if !(0x80...0x9F).contains(scalar) {
                    put(bytes + index, count: length, cells: clusters.add(scalar).cells, style: style)
                }
                index += length
            default:
                index += 1
            }
        }
    }

    private mutating func preformattedNewline() {
        if !lineStarted { startLine() }
        finishLine()
    }

    /// A place where the line may break without a space (`wbr`).
    mutating func breakOpportunity() { breakBeforeNext = true }

    /// Adds an unbreakable inline box (a form control), with break opportunities around it.
    mutating func appendControl(_ text: String, style: TextStyle) {
        breakBeforeNext = true
        put(text, style: style)
        breakBeforeNext = true
        clusters.noteASCII()
    }

    /// Glues text before the next visible text (an item number, a button's `[`).
    mutating func addPrefix(_ text: String, style: TextStyle) {
        prefix.append((Array(text.utf8), TerminalText.width(of: text), style))
        clusters.noteASCII()
    }

    /// Drops a prefix no text came after.
    mutating func discardPrefix() { prefix.removeAll() }

    /// Glues text after the last visible text (a button's `]`), before any pending space.
    mutating func appendSuffix(_ text: String, style: TextStyle) {
        let spaceFollows = pendingSpace
        pendingSpace = false
        breakBeforeNext = false
        put(text, style: style)
        pendingSpace = spaceFollows
        clusters.noteASCII()
    }

    private mutating func put(_ text: String, style: TextStyle) {
        let cells = TerminalText.width(of: text)
        var text = text
        text.withUTF8 { buffer in
            if let base = buffer.baseAddress { put(base, count: buffer.count, cells: cells, style: style, isItemText: false) }
        }
    }

    /// Puts visible text on the line: after the pending prefix, the line's start or the
    /// pending space; then wraps if the line got too wide.
    @inline(__always)
    private mutating func put(_ bytes: UnsafePointer<UInt8>, count: Int, cells: Int, style: TextStyle,
                              isItemText: Bool = true) {
        if text.count &+ max(count, cells) > byteLimit {
            isOverBudget = true
            return
        }
        if !prefix.isEmpty { flushPrefix() }
        if !lineStarted {
            startLine()
            markWordStart()
        } else if pendingSpace {
            pendingSpace = false
            if lineColumn &+ 1 &+ cells > width && wraps && !preformatted {
                finishLine()
                startLine()
            } else {
                var spaceStyle = pendingSpaceStyle
                if spaceStyle.itemIndex != style.itemIndex { spaceStyle = spaceStyle.withoutItem() }
                text.append(0x20)
                addRun(lineColumn, lineColumn &+ 1, spaceStyle)
                lineColumn &+= 1
            }
            markWordStart()
        } else if breakBeforeNext {
            if lineColumn &+ cells > width && lineHasContent && wraps && !preformatted {
                finishLine()
                startLine()
            }
            markWordStart()
        }
        breakBeforeNext = false
        if style.isConcealed {
            text.append(0x20, times: cells)
            lineKeepsSpace = true
        } else {
            text.append(bytes, count: count)
            addRun(lineColumn, lineColumn &+ cells, style)
        }
        lineColumn &+= cells
        lineHasContent = true
        if lineColumn > width && wraps && !preformatted { wrapOverflowingWord() }
        resolveAnchors()
        if isItemText && itemTextCollectors > 0 && !style.isConcealed { collectItemText(bytes, count: count) }
    }

    private mutating func flushPrefix() {
        let glued = prefix
        prefix.removeAll()
        for part in glued {
            part.bytes.withUnsafeBufferPointer {
                put($0.baseAddress!, count: $0.count, cells: part.width, style: part.style, isItemText: false)
            }
        }
    }

    @inline(__always)
    private mutating func markWordStart() {
        wordStartByte = text.count
        wordStartColumn = lineColumn
    }

    /// Moves the word that overflowed to a new line, cutting it if it is wider than a line.
    private mutating func wrapOverflowingWord() {
        if wordStartColumn > contentColumn {
            moveToNewLine(fromByte: wordStartByte, column: wordStartColumn)
        }
        if lineColumn > width { cutWordIntoLines() }
    }

    /// Cuts the word that fills the current line into lines of at most `width` cells, at
    /// grapheme cluster boundaries, in one pass.
    private mutating func cutWordIntoLines() {
        scratch.removeAll()
        scratch.append(UnsafeBufferPointer(start: text.base + wordStartByte, count: text.count - wordStartByte))
        let wordRuns = styledRuns[lineRunStart...].map {
            StyledRun(columns: ($0.columns.lowerBound - wordStartColumn)..<($0.columns.upperBound - wordStartColumn), style: $0.style)
        }
        styledRuns.removeSubrange(lineRunStart...)
        text.truncate(to: wordStartByte)
        lineColumn = wordStartColumn
        var counter = ClusterWidthCounter()
        var runIndex = 0
        var wordColumn = 0
        var clusterStart = 0
        var clusterCells = 0
        var index = 0
        func place(_ writer: inout LineWriter, _ range: Range<Int>, cells: Int) {
            if writer.lineColumn + cells > writer.width && writer.lineColumn > writer.contentColumn {
                writer.finishLine()
                writer.startLine()
            }
            var placed = cells
            if writer.lineColumn + cells > writer.width {
                writer.text.append(0xEF)
                writer.text.append(0xBF)
                writer.text.append(0xBD)
                placed = 1
            } else {
                writer.text.append(writer.scratch.base + range.lowerBound, count: range.count)
            }
            while runIndex < wordRuns.count && wordRuns[runIndex].columns.upperBound <= wordColumn { runIndex += 1 }
            if runIndex < wordRuns.count && wordRuns[runIndex].columns.lowerBound <= wordColumn {
                writer.addRun(writer.lineColumn, writer.lineColumn + placed, wordRuns[runIndex].style)
            }
            writer.lineColumn += placed
            wordColumn += cells
        }
        while index < scratch.count {
            let (scalar, length) = decodeScalar(scratch.base + index, available: scratch.count - index)
            let step = counter.add(scalar)
            if step.startsCluster && index > clusterStart {
                place(&self, clusterStart..<index, cells: clusterCells)
                clusterStart = index
                clusterCells = 0
            }
            clusterCells += step.cells
            index += length
        }
        if index > clusterStart { place(&self, clusterStart..<index, cells: clusterCells) }
        lineHasContent = true
        wordStartByte = contentStartByte
        wordStartColumn = contentColumn
    }

    /// Ends the line before `byte` and continues the rest on a new line.
    private mutating func moveToNewLine(fromByte byte: Int, column: Int) {
        scratch.removeAll()
        scratch.append(UnsafeBufferPointer(start: text.base + byte, count: text.count - byte))
        let movedWidth = lineColumn - column
        var movedRuns: [StyledRun] = []
        for run in styledRuns[lineRunStart...] where run.columns.upperBound > column {
            let start = max(run.columns.lowerBound, column) - column
            movedRuns.append(StyledRun(columns: start..<(run.columns.upperBound - column), style: run.style))
        }
        text.truncate(to: byte)
        lineColumn = column
        finishLine()
        startLine()
        markWordStart()
        let offset = lineColumn
        text.append(scratch.bytes)
        for run in movedRuns { addRun(offset + run.columns.lowerBound, offset + run.columns.upperBound, run.style) }
        lineColumn += movedWidth
        lineHasContent = true
    }

    @inline(__always)
    private mutating func addRun(_ start: Int, _ end: Int, _ style: TextStyle) {
        guard !style.isPlain, !style.isConcealed, end > start else { return }
        let count = styledRuns.count
        if count > lineRunStart && styledRuns[count - 1].columns.upperBound == start && styledRuns[count - 1].style == style {
            styledRuns[count - 1].columns = styledRuns[count - 1].columns.lowerBound..<end
        } else {
            styledRuns.append(StyledRun(columns: start..<end, style: style))
        }
    }

    // MARK: - Lines and blocks

    /// Starts a line: the pending blank line, the indentation and any list markers. The
    /// indentation before the first stored byte is kept as a count, not as spaces.
    private mutating func startLine() {
        if pendingBlank {
            pendingBlank = false
            appendBlankLine()
        }
        lineStarted = true
        pendingSpace = false
        let content = effectiveIndent
        var column = 0
        lineLead = content
        if !markers.isEmpty {
            for marker in markers {
                let markerColumn = max(marker.column, column)
                guard markerColumn + marker.width <= content else { continue }
                if column == 0 && text.count == lineStart {
                    lineLead = markerColumn
                } else {
                    text.append(0x20, times: markerColumn - column)
                }
                if marker.concealed {
                    text.append(0x20, times: marker.width)
                    lineKeepsSpace = true
                } else {
                    marker.bytes.withUnsafeBufferPointer { text.append($0) }
                }
                column = markerColumn + marker.width
            }
            markers.removeAll()
            if column > 0 { text.append(0x20, times: content - column) }
        }
        lineColumn = content
        contentColumn = content
        contentStartByte = text.count
        resolveAnchors()
    }

    /// Ends the current line: trims trailing spaces and records where it ends.
    private mutating func finishLine() {
        while text.count > lineStart && text.last == 0x20 {
            text.truncate(to: text.count - 1)
            lineColumn -= 1
        }
        if text.count == lineStart && !lineIsRule {
            lineColumn = 0
            lineLead = 0
        }
        while styledRuns.count > lineRunStart, let last = styledRuns.last, last.columns.upperBound > lineColumn {
            if last.columns.lowerBound >= lineColumn {
                styledRuns.removeLast()
            } else {
                styledRuns[styledRuns.count - 1].columns = last.columns.lowerBound..<lineColumn
            }
        }
        if preformatted || text.count > lineStart || lineKeepsSpace || lineIsRule {
            recordLine(width: lineColumn, isPreformatted: preformatted)
        } else {
            appendBlankLine()
        }
        lineColumn = 0
        lineStarted = false
        lineHasContent = false
        breakBeforeNext = false
    }

    private mutating func recordLine(width: Int, isPreformatted: Bool) {
        let isEmpty = text.count == lineStart && !lineKeepsSpace && !lineIsRule
        blankRun = isEmpty ? blankRun + 1 : 0
        if blankRun <= Self.maximumBlankRun {
            records.append(LineRecord(textStart: Int32(lineStart), textEnd: Int32(text.count),
                                      runStart: Int32(lineRunStart), runEnd: Int32(styledRuns.count),
                                      width: Int32(width), lead: Int32(lineLead), isPreformatted: isPreformatted,
                                      keepsSpace: lineKeepsSpace, isRule: lineIsRule))
        }
        if text.count > byteLimit { isOverBudget = true }
        lineStart = text.count
        lineRunStart = styledRuns.count
        lineLead = 0
        lineKeepsSpace = false
        lineIsRule = false
    }

    /// Adds a blank line unless at the top or after another blank line.
    private mutating func appendBlankLine() {
        guard let last = records.last, !last.isBlank else { return }
        text.truncate(to: lineStart)
        recordLine(width: 0, isPreformatted: false)
    }

    /// Ends the current line, if any text is on it (a block boundary).
    mutating func ensureNewLine() {
        if lineStarted { finishLine() }
        pendingSpace = false
        breakBeforeNext = false
    }

    /// Ends the current line and asks for a blank line before the next text (a paragraph margin).
    mutating func requestBlankLine() {
        ensureNewLine()
        pendingBlank = true
    }

    /// A forced line break (`br`): ends the line, or adds an empty one.
    mutating func lineBreak() {
        if lineStarted || !markers.isEmpty {
            if !lineStarted { startLine() }
            finishLine()
        } else {
            if pendingBlank {
                pendingBlank = false
                appendBlankLine()
            }
            appendBlankLine()
        }
        pendingSpace = false
    }

    /// A line of `─` across the text area (blank under `visibility: hidden`). Past the page's
    /// limits on rules, a rule is only a paragraph break.
    mutating func horizontalRule(concealed: Bool = false) {
        ensureNewLine()
        let cells = max(1, width - effectiveIndent)
        guard ruleCount < Self.maximumRules && ruleCells + cells <= Self.maximumRuleCells else {
            requestBlankLine()
            return
        }
        ruleCount += 1
        ruleCells += cells
        startLine()
        if concealed { lineKeepsSpace = true } else { lineIsRule = true }
        lineColumn += cells
        lineHasContent = true
        finishLine()
    }

    /// Queues a list marker for the next line, at a column.
    mutating func addMarker(_ text: String, column: Int, concealed: Bool = false) {
        markers.append(Marker(bytes: Array(text.utf8), width: TerminalText.width(of: text), column: column, concealed: concealed))
    }

    /// Drops list markers queued after the first `count` (a heading that had no text).
    mutating func discardMarkers(keeping count: Int) {
        if markers.count > count { markers.removeSubrange(count...) }
    }

    /// Writes a line holding only the markers still waiting (an empty list item).
    mutating func flushMarkers() {
        guard !markers.isEmpty else { return }
        ensureNewLine()
        startLine()
        lineHasContent = true
        finishLine()
    }

    /// Adds a whole line laid out elsewhere (a table row), at the indentation.
    mutating func appendComposedLine(_ bytes: [UInt8], width cells: Int, runs composedRuns: [StyledRun]) {
        guard text.count + bytes.count <= byteLimit else {
            isOverBudget = true
            return
        }
        ensureNewLine()
        startLine()
        let offset = lineColumn
        bytes.withUnsafeBufferPointer { text.append($0) }
        for run in composedRuns { addRun(offset + run.columns.lowerBound, offset + run.columns.upperBound, run.style) }
        lineColumn += cells
        lineHasContent = true
        finishLine()
    }

    /// A line of text the layout adds itself (the notice that a page was cut short), outside
    /// the byte budget.
    mutating func appendNotice(_ notice: String) {
        ensureNewLine()
        appendBlankLine()
        startLine()
        var bytes = notice
        bytes.withUTF8 { text.append($0) }
        lineColumn += TerminalText.width(of: notice)
        lineHasContent = true
        finishLine()
    }

    /// Ends the last line and returns the lines (without blank lines at the bottom), the
    /// width of each, and the storage they share. The writer's buffers move to that storage.
    mutating func finish() -> (lines: [LayoutLine], widths: [Int], text: LaidOutText) {
        let leading = finishRecords()
        if leading > 0 {
            records.removeFirst(leading)
            for index in anchors.indices { anchors[index].line -= leading }
        }
        for index in anchors.indices where anchors[index].line < 0 || anchors[index].line >= records.count {
            anchors[index].line = anchors[index].line < 0 && anchors[index].line + leading >= 0 ? 0 : max(0, records.count - 1)
        }
        let shared = LaidOutText(bytes: text.base, lines: records, runs: styledRuns)
        var lines: [LayoutLine] = []
        lines.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            lines.append(LayoutLine(shared, index: index, isPreformatted: record.isPreformatted))
        }
        return (lines, records.map { Int($0.width) }, shared)
    }

    /// Ends the writer as `finish()` does, for a table cell being measured: only how many lines
    /// it would give and the widest, without making the lines.
    mutating func finishMeasuring() -> (lines: Int, width: Int) {
        let leading = finishRecords()
        text.deallocate()
        var widest = 0
        for record in records.dropFirst(leading) { widest = max(widest, Int(record.width)) }
        return (records.count - leading, widest)
    }

    /// Ends the last line and drops blank lines from the end; returns how many blank lines
    /// begin the text (not dropped yet).
    private mutating func finishRecords() -> Int {
        precondition(!isFinished, "LineWriter.finish() called twice")
        ensureNewLine()
        isFinished = true
        scratch.deallocate()
        // Blank space at either end shows nothing, concealed text's included.
        while let last = records.last, last.textStart == last.textEnd && !last.isRule { records.removeLast() }
        return records.prefix { $0.textStart == $0.textEnd && !$0.isRule && !$0.isPreformatted }.count
    }
}

/// Whether all 8 bytes of a word are printable ASCII (0x21 to 0x7E), testing them at once.
@inline(__always)
private func isPrintableASCII(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let belowBang = (word &- ones &* 0x21) & ~word & highBits
    let deleteOrAbove = ((word &+ ones) | word) & highBits
    return belowBang | deleteOrAbove == 0
}

/// Decodes the UTF-8 scalar at `bytes` (a malformed sequence reads as one U+FFFD byte).
func decodeScalar(_ bytes: UnsafePointer<UInt8>, available: Int) -> (scalar: UInt32, length: Int) {
    let lead = UInt32(bytes[0])
    if lead < 0x80 { return (lead, 1) }
    func continuation(_ offset: Int) -> UInt32? {
        guard offset < available, bytes[offset] & 0xC0 == 0x80 else { return nil }
        return UInt32(bytes[offset] & 0x3F)
    }
    switch lead {
    case 0xC0...0xDF:
        if let second = continuation(1) { return ((lead & 0x1F) << 6 | second, 2) }
    case 0xE0...0xEF:
        if let second = continuation(1), let third = continuation(2) {
            return ((lead & 0x0F) << 12 | second << 6 | third, 3)
        }
    case 0xF0...0xF7:
        if let second = continuation(1), let third = continuation(2), let fourth = continuation(3) {
            return ((lead & 0x07) << 18 | second << 12 | third << 6 | fourth, 4)
        }
    default:
        break
    }
    return (0xFFFD, 1)
}
