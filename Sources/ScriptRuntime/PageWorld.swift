/// One content world of a page: its own global object, prelude and wrappers over the shared
/// tree (WKContentWorld; bridge.md §4). The page world runs the page's scripts.
final class PageWorld {
    let index: Int
    let name: String
    unowned let page: ScriptPage
    let context: JavaScriptContext
    /// The prelude's entry point, `host(op, ...)`.
    private var host: JavaScriptValue?
    private var rejectionHandler: JavaScriptValue?
    /// Whether a listener was ever added here (other worlds' dispatches then reach it).
    var hasListeners = false
    /// The iframe this global object is the window of; nil for the page's own window and the
    /// content worlds. A same-origin frame's window is in the page world: it shares its wrappers.
    var frame: FrameBrowsingContext?
    /// A frame's window whose iframe left its document (or navigated away): nothing runs here.
    var isDetached = false
    /// The prelude's function giving a window named property's value (`windowNamedProperty`).
    var windowNamedPropertyResolver: JavaScriptValue?
    /// The window's named properties' names, as of a tree version (`hasWindowNamedProperty`).
    var windowNames: (version: Int, names: Set<String>)?
    /// The prelude's function giving a document's named property (document, name).
    var documentNamedPropertyResolver: JavaScriptValue?
    /// Each document's named property names, by raw ID, as of a tree version.
    var documentNames: [Int32: (version: Int, names: Set<String>, hashes: Set<UInt64>)] = [:]
    /// Set while the resolver runs: its own-property check reads the document's properties,
    /// which must not ask again.
    var resolvingDocumentNamedProperty = false
    /// The world whose wrappers this global object shares: its own, or the page world's.
    var wrapperWorld: Int { frame == nil || frame!.isOpaque ? index : 0 }

    init(page: ScriptPage, index: Int, name: String, frame: FrameBrowsingContext? = nil) {
        self.page = page
        self.index = index
        self.name = name
        self.frame = frame
        context = page.engine.machine.makeContext(name: name)
        let seed: ScriptValue = page.seed.map { seed in
            .array([UInt32(truncatingIfNeeded: seed), UInt32(truncatingIfNeeded: seed >> 32),
                    UInt32(truncatingIfNeeded: seed &* 0x9E37_79B9), UInt32(truncatingIfNeeded: (seed >> 16) ^ 0x5DEE_CE66)]
                .map { .number(Double(Int32(bitPattern: $0))) })
        } ?? .null
        let configuration = ScriptValue.array([.bool(page.engine.isVirtual), seed, .string(page.engine.configuration.userAgent),
                                               .int(page.engine.configuration.messageLimit),
                                               .int(frame?.document.rawValue ?? page.document.root.rawValue), .bool(frame != nil)])
        switch context.evaluateFunction(page.engine.prelude, sourceURL: "webnav-prelude.js") {
        case .success(let installer):
            switch context.install(natives: NativeDOM.natives(page: page, world: self), configuration: configuration,
                                   into: installer) {
            case .success(.kept(let entry)):
                host = entry
            case .success:
                break
            case .failure(let exception):
                page.engine.record(.error(ScriptError(sourceURL: "webnav-prelude.js", line: exception.line,
                                                      column: exception.column, message: exception.message)), page: page)
            }
        case .failure(let exception):
            page.engine.record(.error(ScriptError(sourceURL: "webnav-prelude.js", line: exception.line,
                                                  column: exception.column, message: exception.message)), page: page)
        }
    }

    /// Routes this world's unhandled rejections to the prelude.
    func setRejectionHandler(_ handler: JavaScriptValue) {
        rejectionHandler = handler
        context.setUnhandledRejectionHandler(handler)
    }

    /// Calls the prelude's entry point; an exception is reported, a timeout recorded.
    @discardableResult
    func callHost(_ operation: String, _ arguments: ScriptValue...) -> ScriptValue? {
        guard let host, !isDetached else { return nil }
        switch context.call(host, [.string(operation)] + arguments) {
        case .success(let value):
            return value
        case .failure(let exception):
            if exception.isTimeout || operation == "uncaught" {
                if exception.isTimeout {
                    page.engine.record(.timeout, page: page)
                } else {
                    page.engine.record(.error(ScriptError(sourceURL: exception.sourceURL ?? page.url, line: exception.line,
                                                          column: exception.column, message: exception.message)), page: page)
                }
            } else {
                page.report(exception, in: self)
            }
            return nil
        }
    }
}
