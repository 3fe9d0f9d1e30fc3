#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PageKit

/// A page's parse in steps through PageKit's incremental parser, which pauses after `<html>`
/// is made and at every `</script>`, so a script sees only what came before it; and where each
/// inline script's text starts in the source, for error locations.
struct PageParser {
    private var parser: HTMLParser
    /// The source as UTF-8 with CRLF and CR turned into LF (as the tokenizer does), to find
    /// scripts' text in.
    private let source: [UInt8]
    /// Where the next search starts, and the line and line start there (scripts come in order).
    private var searchFrom = 0
    private var lineAtSearchFrom = 1
    private var lineStartAtSearchFrom = 0
    /// Bytes left to scan: a script written by `document.write` is not in the source, and
    /// looking for many of them must stay linear in the page's size.
    private var searchBudget: Int

    /// The pause the parse was stopped at before the page took it over, returned first.
    private var pendingPause: HTMLParserPause?

    init(source: PageSource) {
        let options = HTMLParser.Options(scriptingEnabled: true)
        let text: [UInt8]
        switch source {
        case .paused(let paused):
            parser = paused.parser
            pendingPause = paused.pause
            text = Array(paused.bytes)
        case .bytes(let data):
            parser = HTMLParser(bytes: data, options: options)
            text = Array(data)
        case .text(let string):
            parser = HTMLParser(html: string, options: options)
            text = Array(string.utf8)
        }
        self.source = Self.normalizingNewlines(text)
        searchBudget = 4 * self.source.count + 65_536
    }

    /// The tree so far; the page takes it between pauses and gives it back.
    var document: HTMLDocument {
        get { parser.document }
        _modify { yield &parser.document }
    }

    /// The name of the encoding the page's bytes were decoded from.
    var characterSet: String { parser.characterSet }

    /// The page's defined custom element names (`HTMLParser.customElementNames`).
    var customElementNames: Set<String> {
        get { parser.customElementNames }
        set { parser.customElementNames = newValue }
    }

    mutating func resume() -> HTMLParserPause {
        if let pause = pendingPause {
            pendingPause = nil
            return pause
        }
        return parser.resume()
    }

    /// `document.write` from the script the parser paused at: parsed before the rest of the input.
    mutating func write(_ text: String) {
        parser.write(text)
    }

    /// The script a `write` met (`HTMLParser.writtenScript`).
    var writtenScript: NodeID? { parser.writtenScript }

    mutating func takeWrittenScript() -> NodeID? {
        parser.takeWrittenScript()
    }

    mutating func endWrittenScript() {
        parser.endWrittenScript()
    }

    /// The line and column (1-based, the column in UTF-16 units) where an inline script's
    /// text starts in the source; nil when it is not there (written by a script).
    mutating func sourcePosition(ofScriptText text: String) -> (line: Int, column: Int)? {
        let needle = Self.normalizingNewlines(Array(text.utf8))
        guard !needle.isEmpty, searchBudget > 0, let found = find(needle) else { return nil }
        var line = lineAtSearchFrom
        var lineStart = lineStartAtSearchFrom
        for index in searchFrom..<found where source[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let position = (line: line, column: String(decoding: source[lineStart..<found], as: UTF8.self).utf16.count + 1)
        let end = found + needle.count
        for index in found..<end where source[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        searchBudget -= end - searchFrom
        (searchFrom, lineAtSearchFrom, lineStartAtSearchFrom) = (end, line, lineStart)
        return position
    }

    private mutating func find(_ needle: [UInt8]) -> Int? {
        guard let first = needle.first, needle.count <= source.count - searchFrom else { return nil }
        var index = searchFrom
        let last = source.count - needle.count
        while index <= last {
            guard let candidate = source[index...last].firstIndex(of: first) else {
                searchBudget -= last - index + 1
                return nil
            }
            if source[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
            searchBudget -= candidate - index + 1
            if searchBudget <= 0 { return nil }
            index = candidate + 1
        }
        return nil
    }

    private static func normalizingNewlines(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0x0D) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D {
                result.append(0x0A)
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
            } else {
                result.append(bytes[index])
            }
            index += 1
        }
        return result
    }
}
