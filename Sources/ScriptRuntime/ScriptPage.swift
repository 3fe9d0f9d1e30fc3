#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import URLKit

/// One page load in a screen's web view: its live document, its global objects (one per
/// content world, all over the same tree) and the inputs the host sends it.
///
/// Made by `ScriptEngine.loadPage`; every call runs on the engine's thread. Records of what
/// the page did wait in the engine (`ScriptEngine.takeRecords`).
public final class ScriptPage {
    /// Names a page in records.
    public struct ID: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int

        public init(rawValue: Int) { self.rawValue = rawValue }

        public var description: String { "page \(rawValue)" }
    }

    /// `document.readyState`.
    public enum ReadyState: String, Sendable {
        case loading, interactive, complete
    }

    public let id: ID
    /// The document's URL (changed by `pushState` and fragment navigations).
    public internal(set) var url: String
    /// The fragment `:target` follows: the URL's when the page loaded or last navigated to a
    /// fragment (or went back to one), unchanged by `pushState` and `replaceState`, as in WebKit.
    var targetFragment: String?
    /// The live tree. Read it between calls (to lay the page out); holding a copy while the
    /// page runs makes the next change copy the whole arena.
    public internal(set) var document = HTMLDocument()
    /// Changes whenever the tree or a control's state changes.
    public internal(set) var version = 0
    /// The iframes navigating and the script-inserted external scripts not yet run, which delay
    /// the window's `load` (`completeLoading`).
    var loadDelayingNodes: Set<Int32> = []
    /// Whether the page finished parsing and waits for those frames and scripts.
    var loadWaitsForNodes = false
    /// The encoding the page was decoded from (its document's `characterSet`).
    var characterSet = "UTF-8"
    public internal(set) var readyState = ReadyState.loading
    public private(set) var isClosed = false

    /// The document's title (the first `title` element's text, whitespace collapsed).
    public var title: String? { document.title }

    /// Held strongly: the engine holds its pages weakly.
    let engine: ScriptEngine
    let resources: ScriptResourceReader
    let userScripts: [UserScript]
    var historyLength: Int
    let seed: UInt64?
    /// `localStorage`/`sessionStorage` and `document.cookie` of this page's web view.
    let storage: WebStorage
    let cookies: CookieJar
    /// The page world first, then other worlds as they are first used.
    var worlds: [PageWorld] = []
    let timeOrigin: Double
    let cpuOrigin: Double

    // Parsing and scripts
    var parser: PageParser?
    var startedScripts: Set<Int32> = []
    var asyncCleared: Set<Int32> = []
    var deferredScripts: [NodeID] = []
    var asyncScripts: [NodeID] = []
    var currentScripts: [NodeID] = []
    var runningAsyncScript = false
    var openedDocument: String?
    /// How deep `document.write` calls are nested (a written script writing).
    var writeDepth = 0

    // Content-Security-Policy
    var policy = ContentSecurityPolicy()
    /// The `<meta http-equiv=Content-Security-Policy>` elements already applied.
    var appliedPolicyElements: Set<Int32> = []
    /// The images and frames already checked against the policy.
    var checkedPolicyElements: Set<Int32> = []
    /// Loads the policy refused when the script asked for them: they fail when their task runs.
    var refusedLoads: Set<Int> = []
    /// Whether the prelude was told that the policy forbids `eval`.
    var evalForbidden = false
    let responseStatus: Int
    /// The page's XML content type when it is an XML document (PageResponse.xmlContentType).
    let xmlContentType: String?

    // State the tree does not hold
    var controls: [Int32: ControlState] = [:]
    var activeElement: NodeID?
    var documentNodes: Set<Int32> = []
    /// The worlds (a bit each) with mutation observers: the parser logs what it inserts for them.
    var parserObservingWorlds: UInt32 = 0
    /// The custom element names the page world defined (`customElements.define`): `:defined`
    /// matches their elements, and the parser pauses to construct them.
    var customElementNames: Set<String> = []
    /// The elements whose custom element state is "custom" (`:defined`).
    var customElementsDefined: Set<NodeID> = []
    /// Form-associated custom elements (HTML §4.13.7) by raw ID, with the submission value their
    /// `ElementInternals.setFormValue` gave (none until then).
    var formAssociatedCustomElements: [Int32: FormAssociatedValue] = [:]
    /// The names in custom elements' `ElementInternals.states`, by raw ID (`:state()`).
    var customStates: [Int32: Set<String>] = [:]
    /// The messages set with `setCustomValidity`, by control.
    var customValidity: [Int32: String] = [:]
    /// Whether a `pattern` matches a value, by pattern and value (the page's RegExp decides).
    var patternMatches: [String: Bool] = [:]
    var creators: [Int32: Int32] = [:]
    /// The templates' content fragments, kept with the tree (its serializer reads them).
    var templateContents: [Int32: NodeID] {
        get { document.templateContents }
        set { document.templateContents = newValue }
    }
    /// Each document's inert document for template contents, by the document's node.
    var inertDocuments: [Int32: NodeID] = [:]
    /// The quirks mode of script-made documents not in no-quirks mode (DOMParser's), by node.
    var quirksModes: [Int32: HTMLDocument.QuirksMode] = [:]
    /// The content type of script-made documents that are not HTML documents (XML ones), by node.
    var documentContentTypes: [Int32: String] = [:]
    /// The content type an HTML document made for an image or a text reports (MediaDocument),
    /// by document; its markup rules stay HTML's.
    var mediaDocumentTypes: [Int32: String] = [:]
    /// The URL of script-made documents that have one (DOMParser's: the page's URL then), by node.
    var documentURLs: [Int32: String] = [:]
    /// The XML declaration of documents parsed from XML that had one, by node.
    var xmlDeclarations: [Int32: XMLParser.Declaration] = [:]
    var submittingForms: Set<Int32> = []
    /// The windows of the iframes that have one (Frames.swift): an index into `worlds`, by
    /// iframe element.
    var frameWorlds: [Int32: Int] = [:]
    /// The documents those windows show: their nodes are connected.
    var frameDocuments: Set<Int32> = []
    var lastTitle: String?

    // Selectors and styles
    var cachedDocumentState: (key: StyleKey, state: DocumentState)?
    var cachedStyleResolver: (key: StyleKey, resolver: StyleResolver)?
    /// The resolver that keeps `ComputedValues.cascaded` too, for `getComputedStyle`.
    var cachedComputedValuesResolver: (key: StyleKey, resolver: StyleResolver)?
    var selectorLists: [String: SelectorList] = [:]
    /// The CSSOM rules of style sheet texts pages read (`sheet.cssRules`), by text.
    var styleSheetRuleLists: [String: [CSSOMRule]] = [:]
    /// Answers of `querySelector(All)` for the tree, focus and URL of `queryResultsKey`.
    var queryResults: [SelectorQueryKey: ScriptValue] = [:]
    var queryResultsKey: StyleKey?
    /// How many elements the kept answers hold (they are bounded).
    var queryResultsSize = 0
    var styleSheets: (links: [String], sheets: LinkedStyleSheets)?
    var styleSheetBytes: [String: Data?] = [:]

    // Tasks
    var nextTimerID = 1
    var nextToken = 1
    var pendingLoads: [Int: ScriptResourceRequest] = [:]
    /// Responses that arrive late (a route's delay), by their load's token; each is handed to
    /// the page by a timer of the negated token.
    var delayedResponses: [Int: ScriptResourceResponse] = [:]
    var keptBytes: [(token: Int, bytes: Data)] = []
    /// `callAsyncJavaScript` calls waiting for their Promise, by token.
    var asyncCalls: [Int: (ScriptEvaluation) -> Void] = [:]
    var taskNumber = 0

    // Node memory
    var wrapperMasks: [UInt32] = []
    var liveAfterSweep = 0

    init(engine: ScriptEngine, id: Int, url: String, resources: @escaping ScriptResourceReader, userScripts: [UserScript],
         historyLength: Int, seed: UInt64?, storage: WebStorage, cookies: CookieJar, response: PageResponse = PageResponse()) {
        self.engine = engine
        responseStatus = response.status
        xmlContentType = response.xmlContentType
        for header in response.contentSecurityPolicy { policy.add(header) }
        self.storage = storage
        self.cookies = cookies
        self.id = ID(rawValue: id)
        self.url = url
        targetFragment = Self.fragment(of: url)
        self.resources = resources
        self.userScripts = userScripts
        self.historyLength = max(1, historyLength)
        self.seed = seed
        timeOrigin = engine.now
        cpuOrigin = Date().timeIntervalSince1970 * 1000
    }

    deinit {
        if !isClosed { engine.pageClosed(self) }
    }

    // MARK: - Inputs from the host

    /// A tap: fires `click` (capture, target, bubble) and performs the default action.
    ///
    /// Returns true when the host should follow the link that was tapped (an `<a href>` or
    /// `<area href>` at or above the node, not cancelled, not a `javascript:` URL). Every other
    /// default action happens here: checkboxes and radios change, submit buttons submit their
    /// form (a `navigation(…, initiatedBy: .form)` record, or `formPost` for `method=post`),
    /// labels click their control.
    @discardableResult
    public func click(_ node: NodeID) -> Bool {
        guard valid(node), document.kind(of: node) == .element else { return false }
        return runInput { pageWorld.callHost("click", .int(node.rawValue)) } == .string("followLink")
    }

    /// Moves the focus to a control or link (`blur`/`focusout` on the old one, `focus`/`focusin`).
    public func focus(_ node: NodeID) {
        guard valid(node), document.kind(of: node) == .element else { return }
        _ = runInput { pageWorld.callHost("focus", .int(node.rawValue)) }
    }

    public func blur(_ node: NodeID) {
        guard valid(node), document.kind(of: node) == .element else { return }
        _ = runInput { pageWorld.callHost("blur", .int(node.rawValue)) }
    }

    /// Types into a field as the keyboard would: focus, the value emptied, then per character
    /// the value growing and an `input` event (up to `maxlength`), then `change`.
    public func fill(_ node: NodeID, text: String) {
        guard valid(node), document.kind(of: node) == .element else { return }
        _ = runInput { pageWorld.callHost("fill", .int(node.rawValue), .string(text)) }
    }

    /// Chooses an option of a `<select>`: the option becomes selected, then `input` and `change`.
    public func select(_ option: NodeID, in select: NodeID) {
        guard valid(option), valid(select), document.name(of: option) == "option" else { return }
        _ = runInput { pageWorld.callHost("select", .int(select.rawValue), .int(option.rawValue)) }
    }

    /// Submits a form as the user would (implicit submission): `submit`, then the navigation.
    public func submit(_ form: NodeID) {
        guard valid(form), document.name(of: form) == "form" else { return }
        _ = runInput { pageWorld.callHost("submit", .int(form.rawValue)) }
    }

    /// Resets a form: `reset`, then every control back to its default.
    public func reset(_ form: NodeID) {
        guard valid(form), document.name(of: form) == "form" else { return }
        _ = runInput { pageWorld.callHost("reset", .int(form.rawValue)) }
    }

    /// Runs source as a program in a content world (`page`, `defaultClient` or any name) and
    /// converts its value as WebKit's `evaluateJavaScript` does.
    public func evaluate(_ source: String, world: String = "page") -> ScriptEvaluation {
        guard !isClosed else { return .value(.undefined) }
        let target = self.world(named: world)
        engine.beginTask()
        taskNumber += 1
        defer { afterTask() }
        switch target.context.evaluate(source, sourceURL: "") {
        case .success(let value):
            return convert(value, in: target)
        case .failure(let exception):
            if exception.isTimeout {
                engine.record(.timeout, page: self)
                return .timeout
            }
            return .exception(ScriptError(sourceURL: exception.sourceURL ?? "", line: exception.line,
                                          column: exception.column, message: exception.message))
        }
    }

    /// Calls `body` as WebKit's `callAsyncJavaScript` does: as an async function whose
    /// parameters are the argument names (in order), `this` the world's window; a returned
    /// Promise is awaited. `completion` gets the result when the Promise settles (a rejection
    /// is an `.exception` with `String(reason)`), which may take later tasks and timers.
    public func callAsyncJavaScript(_ body: String, arguments: [(String, ScriptResultValue)] = [], world: String = "page",
                                    completion: @escaping (ScriptEvaluation) -> Void) {
        guard !isClosed else {
            completion(.value(.undefined))
            return
        }
        let target = self.world(named: world)
        engine.beginTask()
        taskNumber += 1
        defer { afterTask() }
        let function = "(async function(" + arguments.map(\.0).joined(separator: ",") + "){" + body + "})"
        switch target.context.evaluate(function, sourceURL: "") {
        case .success(let value):
            let token = nextToken
            nextToken += 1
            asyncCalls[token] = completion
            target.callHost("callAsync", value, .string(ScriptResultValue.array(arguments.map(\.1)).taggedJSON), .int(token))
        case .failure(let exception):
            if exception.isTimeout {
                engine.record(.timeout, page: self)
                completion(.timeout)
                return
            }
            completion(.exception(ScriptError(sourceURL: exception.sourceURL ?? "", line: exception.line,
                                              column: exception.column, message: exception.message)))
        }
    }

    /// The Promise of a `callAsyncJavaScript` settled: a value (tagged JSON, nil when of an
    /// unsupported type) or a rejection's text.
    func settleAsyncCall(_ token: Int, ok: Bool, payload: String?) {
        guard let completion = asyncCalls.removeValue(forKey: token) else { return }
        if ok {
            completion(payload.flatMap(ScriptResultValue.init(taggedJSON:)).map(ScriptEvaluation.value) ?? .unsupportedType)
        } else {
            completion(.exception(ScriptError(sourceURL: "", line: nil, column: nil, message: payload ?? "")))
        }
    }

    /// The fragment of a URL, without its `#`; nil when it has none.
    static func fragment(of url: String) -> String? {
        url.firstIndex(of: "#").map { String(url[url.index(after: $0)...]) }
    }

    /// Returns to an entry this page made with `pushState`/`replaceState` or a fragment
    /// navigation: the URL changes, then `popstate` (and `hashchange` if only the fragment moved).
    public func restoreHistoryEntry(url newURL: String, state: HistoryStateID?) {
        let oldURL = url
        url = newURL
        targetFragment = Self.fragment(of: newURL)
        _ = runInput {
            pageWorld.callHost("popstate", .int(state?.rawValue ?? 0), .string(oldURL), .string(newURL))
        }
    }

    /// The current value of a control (what the user typed or a script set), for the layout.
    public func value(of node: NodeID) -> String? {
        guard valid(node), isControl(node) else { return nil }
        return controlValue(node)
    }

    /// Whether a checkbox or radio button is checked; nil for other nodes.
    public func isChecked(_ node: NodeID) -> Bool? {
        guard valid(node), document.name(of: node) == "input",
              ["checkbox", "radio"].contains(inputType(node)) else { return nil }
        return checkedness(node)
    }

    /// Whether an option is selected; nil for other nodes.
    public func isSelected(_ node: NodeID) -> Bool? {
        guard valid(node), document.name(of: node) == "option" else { return nil }
        return selectedness(node)
    }

    /// The focused element, if any.
    public var focusedElement: NodeID? {
        guard let activeElement, valid(activeElement), isShadowIncludingConnected(activeElement) else { return nil }
        return activeElement
    }

    /// Ends the page: `pagehide`, then its timers, tasks and global objects go.
    public func close() {
        guard !isClosed else { return }
        _ = runInput { pageWorld.callHost("pagehide") }
        isClosed = true
        engine.pageClosed(self)
        worlds.removeAll()
    }

    // MARK: - Loading

    var pageWorld: PageWorld { worlds[0] }

    /// Makes the page's own world: a global object with the DOM prelude installed.
    func installPageWorld() {
        worlds.append(PageWorld(page: self, index: 0, name: "page"))
    }

    /// Drops a page that never loaded (`ScriptEngine.warmUp`'s): no `pagehide`, no records.
    func discardUnshown() {
        isClosed = true
        worlds.removeAll()
    }

    func load(_ source: PageSource) {
        installPageWorld()
        applyEvalPolicy()
        if let xmlContentType {
            loadXML(source, type: xmlContentType)
            return
        }
        parser = PageParser(source: source)
        characterSet = parser!.characterSet
        // The parser holds the tree while it parses; the page holds it while scripts run.
        while parser != nil {
            if parserObservingWorlds != 0 { parser!.document.insertionLog = [] }
            let pause = parser!.resume()
            swap(&document, &parser!.document)
            version += 1
            if let inserted = document.insertionLog {
                document.insertionLog = nil
                reportParserInsertions(inserted)
            }
            switch pause {
            case .documentElementCreated:
                runUserScripts(.documentStart)
            case .script(let node):
                applyMetaPolicies()
                checkDocumentResources()
                // Cut off by the end of the input, or a script the host already ran: never runs.
                if document.isScriptAlreadyStarted(node) { startedScripts.insert(Int32(node.rawValue)) }
                attachParsedFrames()
                prepareScript(node, parserInserted: true)
            case .customElement(let node):
                pageWorld.callHost("parsedCustomElement", .int(Int(node.rawValue)))
            case .needsInput, .finished:
                parser = nil
            }
            if parser != nil { swap(&document, &parser!.document) }
        }
        attachParsedFrames()
        finishLoading()
    }

    /// An XML page: parsed whole by PageKit's XML parser (WebKit's report when it is not
    /// well-formed), then its scripts run in document order as if the parser had reached each
    /// end tag (they see the whole tree, where WebKit runs each as its end tag is parsed).
    private func loadXML(_ source: PageSource, type: String) {
        let text: String
        switch source {
        case .bytes(let data): text = String(decoding: data, as: UTF8.self)
        case .text(let string): text = string
        case .paused(let paused): text = String(decoding: paused.bytes, as: UTF8.self)
        }
        document = HTMLDocument()
        documentContentTypes[Int32(document.root.rawValue)] = type
        let outcome = XMLParser.parse(text, into: &document, under: document.root)
        if let declaration = outcome.declaration { xmlDeclarations[Int32(document.root.rawValue)] = declaration }
        version += 1
        runUserScripts(.documentStart)
        let scripts = descendantElements(of: document.root) { element in
            document.name(of: element) == "script" && (document.namespace(of: element) == .html || document.namespace(of: element) == .svg)
        }
        for script in scripts {
            applyMetaPolicies()
            checkDocumentResources()
            prepareScript(script, parserInserted: true)
        }
        attachParsedFrames()
        finishLoading()
    }

    /// Queues mutation records for the nodes the parser just inserted, in each world that
    /// observes mutations.
    private func reportParserInsertions(_ inserted: [Int32]) {
        guard !inserted.isEmpty else { return }
        let ids = ScriptValue.array(inserted.map { .int(Int($0)) })
        for world in worlds where parserObservingWorlds & (UInt32(1) << UInt32(world.index & 31)) != 0 {
            world.callHost("parserInserted", ids)
        }
    }

    /// Gives a page that loaded without a script context one now, over its tree as it is (the
    /// app evaluates JavaScript in it, a `javascript:` link runs): no parse, no load events;
    /// `state` carries what the user typed and checked. With `firingLoadEvents` the page has
    /// just been parsed (its `on…` attributes are its only scripts): `DOMContentLoaded` and
    /// `load` follow as if it had loaded with scripts.
    func adopt(_ tree: HTMLDocument, state: DocumentState, firingLoadEvents: Bool) {
        installPageWorld()
        document = tree
        applyMetaPolicies()
        applyEvalPolicy()
        version += 1
        for (node, checked) in state.checkedness {
            if document.name(of: node) == "option" { controls[Int32(node.rawValue), default: ControlState()].selected = checked }
            else { controls[Int32(node.rawValue), default: ControlState()].checked = checked }
        }
        for (node, value) in state.values { controls[Int32(node.rawValue), default: ControlState()].value = value }
        if let focused = state.focused { activeElement = focused }
        attachParsedFrames()
        if firingLoadEvents {
            finishLoading()
        } else {
            readyState = .complete
            lastTitle = document.title ?? ""
            afterTask()
        }
    }

    /// The end of loading, once the parser is done: `interactive`, deferred scripts,
    /// `DOMContentLoaded`, document-end user scripts, async scripts, `complete`, `load`.
    private func finishLoading() {
        applyMetaPolicies()
        checkDocumentResources()
        readyState = .interactive
        task { pageWorld.callHost("readystatechange") }
        for script in deferredScripts { task { executeExternalScript(script) } }
        deferredScripts.removeAll()
        task { pageWorld.callHost("DOMContentLoaded") }
        runUserScripts(.documentEnd)
        for script in asyncScripts {
            task {
                runningAsyncScript = true
                executeExternalScript(script)
                runningAsyncScript = false
            }
        }
        asyncScripts.removeAll()
        lastTitle = document.title ?? ""
        if loadDelayingNodes.isEmpty { completeLoading() } else { loadWaitsForNodes = true }
        afterTask()
    }

    /// The end of the load: `complete`, then the window's `load`. A frame still navigating
    /// delays it until the frame's own load, a script a script inserted until it has run
    /// (HTML "delay the load event"), as WebKit does.
    private func completeLoading() {
        loadWaitsForNodes = false
        readyState = .complete
        task { pageWorld.callHost("readystatechange") }
        task { pageWorld.callHost("windowload") }
    }

    /// A frame's navigation or a script's task ran (or found its element gone): the load it
    /// delayed may end.
    func loadDelayEnded(_ raw: Int) {
        guard loadDelayingNodes.remove(Int32(raw)) != nil, loadDelayingNodes.isEmpty, loadWaitsForNodes, !isClosed else { return }
        completeLoading()
    }

    private func runUserScripts(_ time: UserScript.InjectionTime) {
        for script in userScripts where script.injectionTime == time {
            let world = self.world(named: script.world)
            task {
                if case .failure(let exception) = world.context.evaluate(script.source, sourceURL: script.sourceURL) {
                    report(exception, in: world)
                }
            }
        }
    }

    /// Runs one task's worth of work (a script, an event dispatch) with its own time budget.
    private func task(_ body: () -> Void) {
        guard !isClosed else { return }
        engine.beginTask()
        taskNumber += 1
        body()
    }

    /// Whether a script element of this type runs, is skipped with a record, or is ignored.
    enum ScriptKind { case classic, module, other }

    func scriptKind(_ node: NodeID) -> ScriptKind {
        if let type = document.attribute("type", of: node) {
            let trimmed = type.trimmingSpaces().lowercased()
            if trimmed.isEmpty || Self.javaScriptTypes.contains(trimmed) { return .classic }
            if trimmed == "module" { return .module }
            return .other
        }
        if let language = document.attribute("language", of: node), !language.isEmpty {
            return Self.javaScriptTypes.contains("text/" + language.lowercased()) ? .classic : .other
        }
        return .classic
    }

    /// The JavaScript MIME type essences (HTML standard, "JavaScript MIME type").
    static let javaScriptTypes: Set<String> = [
        "application/ecmascript", "application/javascript", "application/x-ecmascript", "application/x-javascript",
        "text/ecmascript", "text/javascript", "text/javascript1.0", "text/javascript1.1", "text/javascript1.2",
        "text/javascript1.3", "text/javascript1.4", "text/javascript1.5", "text/jscript", "text/livescript",
        "text/x-ecmascript", "text/x-javascript",
    ]

    /// "Prepare the script element": decides when (and whether) a script runs.
    func prepareScript(_ node: NodeID, parserInserted: Bool) {
        let raw = Int32(node.rawValue)
        guard !startedScripts.contains(raw), isConnected(node) else { return }
        let kind = scriptKind(node)
        switch kind {
        case .other: return
        case .module:
            startedScripts.insert(raw)
            engine.record(.scriptSkipped("module scripts are not supported"), page: self)
            return
        case .classic: break
        }
        if document.attribute("src", of: node) == nil && scriptText(node).isEmpty { return }
        startedScripts.insert(raw)
        if let source = document.attribute("src", of: node) {
            let isAsync = document.attribute("async", of: node) != nil
            let isDefer = document.attribute("defer", of: node) != nil
            guard let resolved = resolve(source), !source.trimmingSpaces().isEmpty else {
                engine.post(EventLoop.Task(page: id.rawValue, world: 0, work: .script(node.rawValue)))
                return
            }
            guard policyAllows(.scriptURL(resolved, nonce: document.attribute("nonce", of: node)), target: nil, place: ("", 0, 1)) else {
                engine.postJob { [weak self] in
                    guard let self, !self.isClosed, self.valid(node) else { return }
                    self.pageWorld.callHost("scriptEvent", .int(node.rawValue), .string("error"))
                }
                return
            }
            if parserInserted && readyState == .loading {
                if isAsync { asyncScripts.append(node) } else if isDefer { deferredScripts.append(node) } else {
                    task { executeExternalScript(node) }
                }
            } else {
                if readyState != .complete { loadDelayingNodes.insert(raw) }
                engine.post(EventLoop.Task(page: id.rawValue, world: 0, work: .script(node.rawValue)))
            }
            return
        }
        let source = scriptText(node)
        let position = parserInserted ? parser?.sourcePosition(ofScriptText: source) : nil
        if parserInserted {
            task { executeInline(node, source: source, position: position) }
        } else {
            executeInline(node, source: source, position: position)
        }
    }

    func executeInline(_ node: NodeID, source: String, position: (line: Int, column: Int)?) {
        guard policyAllows(.inlineScript(text: source, nonce: document.attribute("nonce", of: node)), target: node,
                           place: ("", position?.line ?? 0, 1)) else { return }
        let padded = position.map { String(repeating: " ", count: max(0, $0.column - 1)) + source } ?? source
        execute(padded, sourceURL: url, line: position?.line ?? 1, element: node)
    }

    /// Loads a `<script src>` through the host's reader and runs it; `load` or `error` follows.
    func executeExternalScript(_ node: NodeID) {
        guard valid(node), let source = document.attribute("src", of: node), let scriptURL = resolve(source),
              !source.trimmingSpaces().isEmpty else {
            if valid(node) { pageWorld.callHost("scriptEvent", .int(node.rawValue), .string("error")) }
            return
        }
        let request = ScriptResourceRequest(kind: .script, url: scriptURL)
        switch resources(request) {
        case .success(let response) where (200..<300).contains(response.status) || response.status == 0:
            execute(engine.scriptSource(url: scriptURL, bytes: response.body), sourceURL: scriptURL, line: 1, element: node)
            if valid(node) { pageWorld.callHost("scriptEvent", .int(node.rawValue), .string("load")) }
        case .success(let response):
            engine.record(.scriptLoadFailed(url: scriptURL, reason: "status \(response.status)"), page: self)
            pageWorld.callHost("scriptEvent", .int(node.rawValue), .string("error"))
        case .failure(let error):
            recordConsole(of: error)
            engine.record(.scriptLoadFailed(url: scriptURL, reason: error.message), page: self)
            pageWorld.callHost("scriptEvent", .int(node.rawValue), .string("error"))
        }
    }

    /// A script's source: UTF-8 (a BOM is dropped), bad bytes replaced.
    static func decodeScript(_ data: Data) -> String {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return String(decoding: bytes, as: UTF8.self)
    }

    func execute(_ source: String, sourceURL: String, line: Int, element: NodeID?) {
        execute(JavaScriptSource(source, reused: false), sourceURL: sourceURL, line: line, element: element)
    }

    func execute(_ source: JavaScriptSource, sourceURL: String, line: Int, element: NodeID?) {
        if let element { currentScripts.append(element) }
        let result = pageWorld.context.evaluate(source, sourceURL: sourceURL, line: line)
        if element != nil { currentScripts.removeLast() }
        if case .failure(let exception) = result { report(exception, in: pageWorld) }
    }

    /// Records an exception that reached the top: a timeout, or an error the page's `error`
    /// listeners may cancel before it is reported.
    func report(_ exception: ScriptException, in world: PageWorld) {
        if exception.isTimeout {
            engine.record(.timeout, page: self)
            return
        }
        world.callHost("uncaught", exception.thrown.map(ScriptValue.kept) ?? .undefined, .string(exception.message),
                       .string(exception.sourceURL ?? url), .int(exception.line ?? 0), .int(exception.column ?? 0))
    }

    // MARK: - Tasks from the event loop

    func runTimer(world: Int, id timer: Int, repeating: Bool) {
        guard !isClosed, world < worlds.count else { return }
        taskNumber += 1
        if timer < 0, let response = delayedResponses.removeValue(forKey: -timer) {
            worlds[world].callHost("load", .int(-timer), responseValue(response), .null)
            return
        }
        worlds[world].callHost("timer", .int(timer))
    }

    func runTask(world: Int, work: EventLoop.Work) {
        guard !isClosed, world < worlds.count else { return }
        taskNumber += 1
        switch work {
        case .callback(let token):
            worlds[world].callHost("task", .int(token))
        case .load(let token):
            guard let request = pendingLoads.removeValue(forKey: token) else { return }
            switch refusedLoads.remove(token) != nil ? .failure(Self.refusedByPolicy) : resources(request) {
            case .success(let response) where response.delayMilliseconds > 0:
                delayedResponses[token] = response
                engine.setTimer(page: id.rawValue, world: world, id: -token, delay: response.delayMilliseconds, repeating: false)
            case .success(let response):
                worlds[world].callHost("load", .int(token), responseValue(response), .null)
            case .failure(let error):
                recordConsole(of: error)
                worlds[world].callHost("load", .int(token), .null, .string("Load failed"))
            }
        case .script(let raw):
            defer { loadDelayEnded(raw) }
            guard let node = document.node(rawValue: raw) else { return }
            executeExternalScript(node)
        case .frameNavigation(let raw, let url):
            defer { loadDelayEnded(raw) }
            guard let element = document.node(rawValue: raw) else { return }
            navigateFrame(element, to: url)
        case .job:
            break
        }
    }

    func responseValue(_ response: ScriptResourceResponse) -> ScriptValue {
        let token = keep(response.body)
        let headers = response.headers.flatMap { [ScriptValue.string($0.name), .string($0.value)] }
        return .array([.int(response.status), .string(response.statusText), .string(response.url), .array(headers),
                       .string(Self.decodeScript(response.body)), .int(token), .string(response.kind.rawValue)])
    }

    /// What WebKit's console says about a failed load, before the page's script hears of it.
    func recordConsole(of error: ScriptResourceError) {
        for line in error.console { engine.record(.console(level: line.level, text: line.text), page: self) }
        if let remedy = error.remedy, let url = error.url { engine.record(.requestBlocked(url: url, reason: remedy), page: self) }
    }

    /// Keeps a response's bytes for `arrayBuffer()`/`blob()` (the last 16 responses).
    func keep(_ bytes: Data) -> Int {
        let token = nextToken
        nextToken += 1
        keptBytes.append((token, bytes))
        if keptBytes.count > 16 { keptBytes.removeFirst() }
        return token
    }

    /// After every task: the title, an open document to close, node memory.
    func afterTask() {
        cachedStyleResolver = nil
        cachedComputedValuesResolver = nil
        guard !isClosed else { return }
        if let opened = openedDocument {
            openedDocument = nil
            replaceDocument(with: opened)
        }
        let title = document.title ?? ""
        if title != (lastTitle ?? "") {
            lastTitle = title
            engine.record(.titleChanged(title), page: self)
        }
        sweepIfNeeded()
    }

    private func runInput(_ body: () -> ScriptValue?) -> ScriptValue? {
        guard !isClosed else { return nil }
        engine.beginTask()
        taskNumber += 1
        let result = body()
        afterTask()
        return result
    }

    // MARK: - Worlds

    /// The world with this name, made (with a fresh global object) on first use.
    func world(named name: String) -> PageWorld {
        if let world = worlds.first(where: { $0.name == name }) { return world }
        let world = PageWorld(page: self, index: worlds.count, name: name)
        worlds.append(world)
        return world
    }

    /// Turns an evaluation's value into what WebKit hands the app.
    private func convert(_ value: ScriptValue, in world: PageWorld) -> ScriptEvaluation {
        switch value {
        case .undefined: return .value(.undefined)
        case .null: return .value(.null)
        case .bool(let flag): return .value(.bool(flag))
        case .number(let number): return .value(.number(number))
        case .string(let text): return .value(.string(text))
        case .array, .kept:
            guard case .string(let json)? = world.callHost("convert", value),
                  let converted = ScriptResultValue(taggedJSON: json) else { return .unsupportedType }
            return .value(converted)
        }
    }

    // MARK: - Helpers

    func valid(_ node: NodeID) -> Bool {
        document.node(rawValue: node.rawValue) == node
    }

    func isConnected(_ node: NodeID) -> Bool {
        var current: NodeID? = node
        while let step = current {
            if step == document.root { return true }
            guard let parent = document.parent(of: step) else { return !frameDocuments.isEmpty && frameDocuments.contains(Int32(step.rawValue)) }
            current = parent
        }
        return false
    }

    /// Whether a node is connected counting a shadow tree as part of its host's tree (DOM: its
    /// shadow-including root is a document).
    func isShadowIncludingConnected(_ node: NodeID) -> Bool {
        var current = node
        while !isConnected(current) {
            guard !document.shadowHosts.isEmpty, let host = document.shadowHosts[Int32(rootOf(current).rawValue)]?.host else { return false }
            current = host
        }
        return true
    }

    /// The text of a script element: its text children, concatenated.
    func scriptText(_ node: NodeID) -> String {
        var text = ""
        // The child text content: CDATA sections are Text nodes too (an XHTML page's scripts).
        for child in document.children(of: node) where document.kind(of: child) == .text || document.kind(of: child) == .cdataSection {
            text += document.text(of: child) ?? ""
        }
        return text
    }

    /// The document's base URL: the first `<base href>`, else the document's URL. Asked for
    /// every URL a script reads or loads, so a page without `<base>` never walks its tree.
    var baseURL: String {
        document.baseURL(pageURL: url) ?? url
    }

    /// A reference resolved against the document's base URL.
    func resolve(_ reference: String) -> String? {
        URLResolver(base: baseURL).resolve(reference)
    }

    var origin: String { WebURL(url).origin }
}
