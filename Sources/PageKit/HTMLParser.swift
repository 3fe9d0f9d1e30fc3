#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why `HTMLParser.resume()` returned: the host has something to do.
public enum HTMLParserPause: Equatable, Sendable {
    /// The `html` element was just inserted (once per document): time for user scripts that run
    /// at document start.
    case documentElementCreated(NodeID)
    /// A `</script>` was processed: the element is complete and in the tree. Every script end
    /// tag pauses (modules, other types and SVG scripts too): the host decides what runs.
    case script(NodeID)
    /// An HTML element whose name is in `customElementNames` was just inserted, with its
    /// attributes and no children: the host constructs it as HTML's "create an element for a
    /// token" does when a custom element definition exists (synchronous custom elements).
    case customElement(NodeID)
    /// A streamed input (`init(streamingWith:)`) has been parsed to its end, but `finish()` was
    /// not called yet: `write` more, or `finish()`.
    case needsInput
    /// The whole input was parsed; the document is complete.
    case finished
}

/// The WHATWG HTML parser: a tokenizer and a tree builder over UTF-8 bytes, building an
/// `HTMLDocument`, and able to pause where a host (a script runtime) has work to do.
///
/// A page is parsed with `init(bytes:options:)` then `resume()` until `.finished`; between
/// pauses the host may read and change `document` (remove or move nodes: the parser keeps
/// working on what its stack of open elements holds) and insert text with `write(_:)`.
/// `parse(_:)` does it all in one call and never pauses.
public struct HTMLParser {
    /// How the page is parsed.
    public struct Options: Sendable {
        /// With scripting on, `<noscript>` holds raw text, as in a browser running scripts;
        /// with it off its content is parsed as markup (and laid out).
        public var scriptingEnabled: Bool

        public init(scriptingEnabled: Bool = false) {
            self.scriptingEnabled = scriptingEnabled
        }
    }

    /// The input as UTF-8: the page's own bytes when they are UTF-8 already (no copy), else
    /// decoded ones; bytes before `tokenizer.position` are consumed.
    private enum Input {
        case bytes([UInt8])
        case data(Data)
        case string(String)

        func withBuffer<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            switch self {
            case .bytes(let bytes): return bytes.withUnsafeBufferPointer(body)
            case .data(let data): return data.withUnsafeBytes { body($0.bindMemory(to: UInt8.self)) }
            case .string(var string): return string.withUTF8(body)
            }
        }

        var count: Int {
            switch self {
            case .bytes(let bytes): return bytes.count
            case .data(let data): return data.count
            case .string(let string): return string.utf8.count
            }
        }
    }

    private var source: Input
    /// The input once `write(_:)` has changed it; consumed bytes are reused for written text.
    private var input: [UInt8] {
        get {
            if case .bytes(let bytes) = source { return bytes }
            return source.withBuffer { Array($0) }
        }
        set { source = .bytes(newValue) }
    }
    private var tokenizer = HTMLTokenizer()
    private var builder: HTMLTreeBuilder
    /// Where `write(_:)` inserts text: right after the last `</script>`, or the end of a streamed input.
    private var insertionPoint: Int?
    private let isStreaming: Bool
    /// Whether the input's end is known (always, except for a streamed input before `finish()`).
    private var inputIsComplete: Bool
    /// A pause met while parsing written text, reported by the next `resume()`.
    private var pendingPause: HTMLParserPause?
    /// The insertion points of the scripts whose written scripts run now (`takeWrittenScript`),
    /// as the number of input bytes after each: text is only ever inserted before them.
    private var outerInsertionPoints: [Int] = []
    /// What decoding the page had to say (an unknown `<meta charset>` label, say).
    public private(set) var warnings: [String] = []
    /// The name of the encoding the page was decoded from (`document.characterSet`): the
    /// Encoding Standard's, "UTF-8" for markup given as a string.
    public private(set) var characterSet = "UTF-8"

    /// A parser for a page's bytes, its encoding sniffed (BOM, then `<meta charset>`, else UTF-8).
    public init(bytes: Data, options: Options = Options()) {
        let decoded = bytes.withUnsafeBytes { PageDecoder.decode($0) }
        source = decoded.utf8.map { .bytes($0) } ?? .data(bytes)
        warnings = decoded.warnings
        characterSet = decoded.encoding.rawValue
        builder = HTMLTreeBuilder(document: HTMLDocument(expectedSize: source.count), scriptingEnabled: options.scriptingEnabled)
        isStreaming = false
        inputIsComplete = true
    }

    /// A parser for markup held in a string (always UTF-8, whatever a `<meta>` says).
    public init(html: String, options: Options = Options()) {
        source = .string(html)
        builder = HTMLTreeBuilder(document: HTMLDocument(expectedSize: source.count), scriptingEnabled: options.scriptingEnabled)
        isStreaming = false
        inputIsComplete = true
    }

    /// A parser whose input comes only from `write(_:)` until `finish()` (`document.open()`).
    public init(streamingWith options: Options) {
        source = .bytes([])
        builder = HTMLTreeBuilder(document: HTMLDocument(), scriptingEnabled: options.scriptingEnabled)
        isStreaming = true
        inputIsComplete = false
        insertionPoint = 0
    }

    /// The tree built so far; a host may change it between pauses.
    public var document: HTMLDocument {
        get { builder.document }
        _modify { yield &builder.document }
    }

    /// The names of the custom elements the page defined: creating one pauses the parse
    /// (`HTMLParserPause.customElement`).
    public var customElementNames: Set<String> {
        get { builder.customElementNames }
        set { builder.customElementNames = newValue }
    }

    /// Parses until the host is needed, or to the end.
    public mutating func resume() -> HTMLParserPause {
        if let pause = pendingPause {
            pendingPause = nil
            if case .script = pause { insertionPoint = tokenizer.position }
            return pause
        }
        builder.processDeferredToken()
        if builder.pauseRequested { return takePause() }
        if builder.isFinished { return .finished }
        insertionPoint = isStreaming ? source.count : nil
        let stop = source.withBuffer { buffer in
            tokenizer.run(buffer, limit: buffer.count, isEnd: inputIsComplete, into: &builder)
        }
        switch stop {
        case .paused:
            let pause = takePause()
            if case .script = pause { insertionPoint = tokenizer.position }
            return pause
        case .endOfInput:
            return builder.isFinished ? .finished : .needsInput
        }
    }

    /// Inserts text at the insertion point (`document.write` from a script the parser paused
    /// for, or into a streamed input) and parses it at once, up to the insertion point.
    ///
    /// A script end tag in the text stops this parse: `writtenScript` names it, and the host
    /// runs it now or the next `resume()` reports it. Without an insertion point
    /// (the page is not paused at a script) the text is ignored: a host implements
    /// `document.write` after loading as `document.open()`, a new streaming parser.
    public mutating func write(_ text: String) {
        guard !builder.isFinished, let point = insertionPoint else { return }
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return }
        insert(bytes, at: point)
        guard pendingPause == nil, builder.deferredToken == nil, let limit = insertionPoint else { return }
        let stop = source.withBuffer { buffer in
            tokenizer.run(buffer, limit: limit, isEnd: false, into: &builder)
        }
        if stop == .paused { pendingPause = takePause() }
    }

    /// The script whose end tag the text `write(_:)` parsed met, if any: the host may run it
    /// now, inside the `document.write` that wrote it (`takeWrittenScript`), as the standard
    /// runs an inline script, or leave it for the next `resume()` (a script to load first).
    public var writtenScript: NodeID? {
        if case .script(let node)? = pendingPause { return node }
        return nil
    }

    /// Takes the written script (`writtenScript`) to run it now: until `endWrittenScript()` the
    /// insertion point is just after its end tag, where its own `document.write` goes.
    public mutating func takeWrittenScript() -> NodeID? {
        guard case .script(let node)? = pendingPause, let point = insertionPoint else { return nil }
        pendingPause = nil
        outerInsertionPoints.append(source.count - point)
        insertionPoint = tokenizer.position
        return node
    }

    /// The taken written script has run: the insertion point is the writer's again, and the
    /// rest of the written text is parsed up to it (which may meet another script).
    public mutating func endWrittenScript() {
        guard let remaining = outerInsertionPoints.popLast() else { return }
        let limit = source.count - remaining
        insertionPoint = limit
        guard pendingPause == nil else { return }
        builder.processDeferredToken()
        if builder.pauseRequested {
            pendingPause = takePause()
            return
        }
        guard builder.deferredToken == nil else { return }
        let stop = source.withBuffer { buffer in
            tokenizer.run(buffer, limit: limit, isEnd: false, into: &builder)
        }
        if stop == .paused { pendingPause = takePause() }
    }

    /// Marks the end of a streamed input (`document.close()`); `resume()` then parses to the end.
    public mutating func finish() {
        inputIsComplete = true
        if isStreaming { insertionPoint = nil }
    }

    private mutating func takePause() -> HTMLParserPause {
        let pause = builder.pause ?? .finished
        builder.pause = nil
        builder.pauseRequested = false
        return pause
    }

    /// Puts text at `point`, between what is left unparsed before it and the rest of the input.
    private mutating func insert(_ bytes: [UInt8], at point: Int) {
        let position = tokenizer.position
        var input = self.input
        source = .bytes([])
        defer { self.input = input }
        if point == input.count {
            input.append(contentsOf: bytes)
            insertionPoint = input.count
            return
        }
        if position >= bytes.count {
            // Reuse consumed bytes: slide the unparsed part back and put the text after it.
            let start = position - bytes.count
            input.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                (base + start).update(from: base + position, count: point - position)
                bytes.withUnsafeBufferPointer { (base + point - bytes.count).update(from: $0.baseAddress!, count: bytes.count) }
            }
            tokenizer.position = start
            return
        }
        // Too little room: rebuild the input with room for later writes in front.
        let room = max(64 * 1024, 2 * bytes.count)
        var rebuilt = [UInt8](repeating: 0, count: room)
        rebuilt.reserveCapacity(room + input.count - position + bytes.count)
        rebuilt.append(contentsOf: input[position..<point])
        rebuilt.append(contentsOf: bytes)
        let newPoint = rebuilt.count
        rebuilt.append(contentsOf: input[point...])
        input = rebuilt
        tokenizer.position = room
        insertionPoint = newPoint
    }

    // MARK: - One-call parsing

    /// Parses the bytes of a page, detecting its encoding from a BOM or a `<meta>` charset
    /// (else UTF-8); bytes that do not decode become U+FFFD.
    public static func parse(_ bytes: Data, options: Options = Options()) -> HTMLDocument {
        var parser = HTMLParser(bytes: bytes, options: options)
        return parser.parseToEnd()
    }

    /// Parses markup held in a string (always UTF-8, whatever a `<meta>` says).
    public static func parse(_ html: String, options: Options = Options()) -> HTMLDocument {
        var parser = HTMLParser(html: html, options: options)
        return parser.parseToEnd()
    }

    /// Parses a page's bytes, and returns what decoding had to say too.
    public static func parseWithWarnings(_ bytes: Data) -> (document: HTMLDocument, warnings: [String]) {
        var parser = HTMLParser(bytes: bytes, options: Options())
        let document = parser.parseToEnd()
        return (document, parser.warnings)
    }

    /// Parses to the end keeping every tag as written (`PageSource`), and the UTF-8 text parsed.
    mutating func parseKeepingSource() -> (HTMLDocument, PageSourceRecord, [UInt8]) {
        builder.sourceRecord = PageSourceRecord()
        let document = parseToEnd()
        return (document, builder.sourceRecord ?? PageSourceRecord(), source.withBuffer { Array($0) })
    }

    private mutating func parseToEnd() -> HTMLDocument {
        builder.reportsPauses = false
        while resume() != .finished {}
        return builder.document
    }

    // MARK: - Fragments

    /// The HTML fragment parsing algorithm (`innerHTML`, `outerHTML`, `insertAdjacentHTML`):
    /// parses `html` as the content of `context` and returns the new top-level nodes, in order,
    /// created detached in `document`. Scripts among them are marked as already started.
    public static func parseFragment(_ html: String, context: NodeID, into document: inout HTMLDocument,
                                     options: Options = Options()) -> [NodeID] {
        var builder = HTMLTreeBuilder(document: document, scriptingEnabled: options.scriptingEnabled)
        document = HTMLDocument()
        builder.reportsPauses = false
        builder.marksScriptsAlreadyStarted = true
        builder.stackIndexByNode = .sparse
        var tokenizer = HTMLTokenizer()
        let contextIsElement = builder.document.kind(of: context) == .element
        if contextIsElement {
            builder.contextElement = context.index
            if builder.document.nodes[Int(context.index)].namespace == .html {
                switch KnownName(rawValue: builder.document.nodes[Int(context.index)].name) {
                case .title, .textarea: tokenizer.state = .rcdata
                case .style, .xmp, .iframe, .noembed, .noframes: tokenizer.state = .rawtext
                case .script: tokenizer.state = .scriptData
                case .noscript where options.scriptingEnabled: tokenizer.state = .rawtext
                case .plaintext: tokenizer.state = .plaintext
                default: break
                }
                // The tokenizer has emitted no start tag, so no end tag is appropriate: `</script>`
                // in a script's innerHTML is text (the standard's tokenizer; WebKit does the same).
            }
        }
        let root = builder.createElement(for: HTMLTreeBuilder.emptyTag(.html), namespace: .html)
        builder.push(root)
        if contextIsElement {
            if builder.document.nodes[Int(context.index)].name == KnownName.template.rawValue {
                builder.templateModes.append(.inTemplate)
            }
            builder.resetInsertionMode()
            var ancestor = context.index
            while ancestor != HTMLDocument.none {
                let record = builder.document.nodes[Int(ancestor)]
                if record.kind == .element && record.namespace == .html && record.name == KnownName.form.rawValue {
                    builder.formElement = ancestor
                    break
                }
                ancestor = record.parent
            }
        } else {
            builder.mode = .beforeHead
        }
        var bytes = Array(html.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            _ = tokenizer.run(UnsafeBufferPointer(buffer), limit: buffer.count, isEnd: true, into: &builder)
        }
        document = builder.document
        var nodes: [NodeID] = []
        while let child = document.firstChild(of: NodeID(root)) {
            document.remove(child)
            nodes.append(child)
        }
        return nodes
    }
}
