internal import CJavaScriptCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
#if canImport(Glibc)
import Glibc
#endif
import Threading

/// The one adapter to JavaScriptCore's C API: virtual machines, global contexts, evaluation,
/// native functions and the few values that cross between Swift and JavaScript.
///
/// The library is opened with `dlopen` the first time a script engine is made (see DECISIONS.md:
/// linking it cost every start of webnav about 5 ms, and `dump`/`resolve` never run scripts).
/// Everything here runs on one thread, the engine's.
enum JavaScriptCore {
    /// The library's file name on Debian (package libjavascriptcoregtk-4.1-0).
    static let libraryName = "libjavascriptcoregtk-4.1.so.0"

    /// The library's functions (all null when it could not be loaded), and why not.
    /// Loaded once, by whichever thread first makes an engine.
    ///
    /// JavaScriptCore reads its options from `JSC_…` variables when it first makes a machine.
    /// `usePollingTraps` makes optimized code check for the time limit in its loops: by default
    /// the limit patches a halt into the running code and waits for the fault in its own
    /// SIGSEGV handler, and the terminal UI's and the control socket's handlers (which restore
    /// the terminal and remove files on a crash) can sit above it and take that fault for a
    /// crash (seen: the terminal UI died one time in about ten while a page's `await` loop ran).
    static let loaded: (functions: CJSCFunctions, failure: String?) = {
        setenv("JSC_usePollingTraps", "1", 0)
        var table = CJSCFunctions()
        let failure = cjsc_load(&table, libraryName).map { String(cString: $0) }
        return (table, failure)
    }()
}

/// Functions of the loaded library; only called once `JavaScriptCore.loaded` had no failure.
private var jsc: CJSCFunctions { JavaScriptCore.loaded.functions }

/// One JavaScriptCore virtual machine (a context group): its contexts may share values, and
/// one execution time limit applies to each entry into any of them.
///
/// JavaScriptCore keeps the compiled code of every source a machine has run (its code cache,
/// and each function's bytecode), but only for that machine: an engine takes its machine from
/// `JavaScriptMachine.pool`, and gives it back when it goes, so the next engine (the next flow
/// of `webnav run`, the app after a restart) finds the DOM prelude and every library already
/// compiled. The sources themselves are kept here for the same reason: the code cache is found
/// through the same JavaScriptCore string and script.
final class JavaScriptMachine {
    fileprivate let group: JSContextGroupRef
    private let nativeFunctionClass: JSClassRef?
    /// The DOM prelude, converted once for every global object of this machine.
    private(set) lazy var prelude = JavaScriptSource(PreludeSource.text)
    /// The native side's prelude (`NativeApp`), likewise.
    private(set) lazy var nativePrelude = JavaScriptSource(NativePreludeSource.text)
    /// External scripts by URL with the bytes they were made from: pages that load the same
    /// library reuse its JavaScriptCore string and script, and JavaScriptCore its compiled code.
    private var scriptSources: [String: (bytes: Data, source: JavaScriptSource)] = [:]
    private var scriptSourceOrder: [String] = []
    /// How many sources this machine has parsed into scripts (`JSScriptCreateFromString`).
    private(set) var scriptsParsed = 0

    /// Whether the time limit stopped the script running now; reset by `evaluate` and `call`.
    fileprivate(set) var timeLimitFired = false
    /// Property names made once (the natives' names, the same in every context).
    private var propertyNames: [String: JSStringRef] = [:]
    /// Scripts parsed once for sources run again and again, most recent last (32 kept);
    /// released with the machine, before its group.
    private var compiled: [(source: JavaScriptSource, url: String, line: Int, script: JSScriptRef)] = []
    /// A function doing nothing, in a global object of its own, that a context's unhandled
    /// rejection handler is replaced with when the context goes (see `JavaScriptContext.deinit`).
    private var inertRejectionHandler: (context: JSGlobalContextRef, function: JSObjectRef)?
    /// The global objects' class: its prototype object, unlike the global object's own link to
    /// it, takes a new prototype, which is how the window gets WebIDL's chain (Window.prototype…).
    fileprivate let globalObjectClass: JSClassRef?
    /// The class of named properties objects (WebIDL §3.7.4): a read of a property asks the
    /// object's `NamedPropertyLookup` first, which answers nil to go on as an ordinary object.
    fileprivate let namedPropertiesClass: JSClassRef?
    /// The same reads for an object that is otherwise ordinary (a document with its named
    /// properties, WebIDL §3.9 "legacy platform objects"): assignments define properties.
    fileprivate let namedGetterClass: JSClassRef?

    /// Opens the library (on first use) and makes a virtual machine.
    init() throws(ScriptEngineError) {
        if let failure = JavaScriptCore.loaded.failure { throw .javaScriptCoreUnavailable(failure) }
        group = jsc.JSContextGroupCreate()!
        var definition = JSClassDefinition()  // all zero, as kJSClassDefinitionEmpty
        definition.callAsFunction = { context, function, _, count, arguments, exception in
            guard let context, let function, let data = JSObjectGetPrivateForCallback(function) else {
                return jsc.JSValueMakeUndefined(context)
            }
            let native = Unmanaged<NativeFunction>.fromOpaque(data).takeUnretainedValue()
            let call = NativeCall(context: context, count: count, arguments: arguments)
            switch native.body(call) {
            case .success(let value):
                return value.make(in: context)
            case .failure(let thrown):
                exception?.pointee = thrown.make(in: context)
                return jsc.JSValueMakeUndefined(context)
            }
        }
        nativeFunctionClass = jsc.JSClassCreate(&definition)
        // JSClassCreate copies the name.
        globalObjectClass = "Window".withCString { name in
            var window = JSClassDefinition()
            window.className = name
            return jsc.JSClassCreate(&window)
        }
        var named = JSClassDefinition()
        named.getProperty = { context, object, name, _ in
            guard let context else { return nil }
            return NamedPropertyLookup.answer(of: object, for: name)?.make(in: context)
        }
        // WebKit ignores assignments to a named properties object (its [[DefineOwnProperty]] refuses).
        named.setProperty = { _, _, _, _, _ in true }
        named.finalize = { object in
            guard let object, let data = jsc.JSObjectGetPrivate(object) else { return }
            Unmanaged<NamedPropertyLookup>.fromOpaque(data).release()
        }
        namedPropertiesClass = jsc.JSClassCreate(&named)
        // A legacy platform object without a named setter refuses to define a property over a
        // named one (WebIDL §3.9.3): the assignment does nothing, as in WebKit.
        named.setProperty = { _, object, name, _, _ in NamedPropertyLookup.answer(of: object, for: name) != nil }
        // Its names are own properties (WebKit lists them in `Object.keys` too).
        named.getPropertyNames = { _, object, accumulator in
            guard let object, let accumulator, let data = jsc.JSObjectGetPrivate(object) else { return }
            let lookup = Unmanaged<NamedPropertyLookup>.fromOpaque(data).takeUnretainedValue()
            for name in lookup.names() {
                let string = makeString(name)
                jsc.JSPropertyNameAccumulatorAddName(accumulator, string)
                jsc.JSStringRelease(string)
            }
        }
        // JavaScriptCore answers a callback object's Symbol.toStringTag with its class name, and
        // only HTML documents are made of this class.
        namedGetterClass = "HTMLDocument".withCString { name in
            named.className = name
            return jsc.JSClassCreate(&named)
        }
    }

    /// Machines whose engines have gone, waiting for the next engine (at most `pool.limit`).
    static let pool = MachinePool()

    /// The source of an external script, reused while its bytes stay the same (16 kept).
    func scriptSource(url: String, bytes: Data, decode: (Data) -> String) -> JavaScriptSource {
        if let cached = scriptSources[url], cached.bytes == bytes { return cached.source }
        let source = JavaScriptSource(decode(bytes))
        if scriptSources[url] == nil { scriptSourceOrder.append(url) }
        scriptSources[url] = (bytes, source)
        if scriptSourceOrder.count > 16 { scriptSources[scriptSourceOrder.removeFirst()] = nil }
        return source
    }

    fileprivate func propertyName(_ name: String) -> JSStringRef? {
        if let string = propertyNames[name] { return string }
        let string = makeString(name)
        propertyNames[name] = string
        return string
    }

    deinit {
        for string in propertyNames.values { jsc.JSStringRelease(string) }
        for entry in compiled { jsc.JSScriptRelease(entry.script) }
        if let inert = inertRejectionHandler {
            jsc.JSValueUnprotect(inert.context, inert.function)
            jsc.JSGlobalContextRelease(inert.context)
        }
        jsc.JSContextGroupRelease(group)
    }

    /// The inert rejection handler, made the first time a context with a handler goes.
    fileprivate func inertRejectionHandlerFunction() -> JSObjectRef? {
        if let inert = inertRejectionHandler { return inert.function }
        guard let context = jsc.JSGlobalContextCreateInGroup(group, nil) else { return nil }
        guard let function = jsc.JSObjectMakeFunctionWithCallback(context, nil, { context, _, _, _, _, _ in
            jsc.JSValueMakeUndefined(context)
        }) else {
            jsc.JSGlobalContextRelease(context)
            return nil
        }
        jsc.JSValueProtect(context, function)
        inertRejectionHandler = (context, function)
        return function
    }

    /// The parsed script of a reused source at a URL and line; nil when it does not parse (the
    /// caller then evaluates the text, to get JavaScriptCore's SyntaxError) or is not reused.
    fileprivate func script(for source: JavaScriptSource, url: String, line: Int) -> JSScriptRef? {
        guard source.reused else { return nil }
        if let index = compiled.firstIndex(where: { $0.source === source && $0.url == url && $0.line == line }) {
            let entry = compiled.remove(at: index)
            compiled.append(entry)
            return entry.script
        }
        let urlString = makeString(url)
        defer { jsc.JSStringRelease(urlString) }
        var errorMessage: JSStringRef?
        var errorLine: Int32 = 0
        scriptsParsed += 1
        guard let script = jsc.JSScriptCreateFromString(group, urlString, Int32(clamping: max(line, 1)), source.string,
                                                        &errorMessage, &errorLine) else {
            if let errorMessage { jsc.JSStringRelease(errorMessage) }
            return nil
        }
        compiled.append((source, url, line, script))
        if compiled.count > 32 { jsc.JSScriptRelease(compiled.removeFirst().script) }
        return script
    }

    /// The syntax error of a program, with its line, or nil when it parses (nothing runs).
    func syntaxError(of source: String, url: String) -> (message: String, line: Int)? {
        let text = makeString(source)
        let urlString = makeString(url)
        defer {
            jsc.JSStringRelease(text)
            jsc.JSStringRelease(urlString)
        }
        var errorMessage: JSStringRef?
        var errorLine: Int32 = 0
        if let script = jsc.JSScriptCreateFromString(group, urlString, 1, text, &errorMessage, &errorLine) {
            jsc.JSScriptRelease(script)
            return nil
        }
        var message = "SyntaxError"
        if let errorMessage {
            let length = jsc.JSStringGetLength(errorMessage)
            if length > 0, let characters = jsc.JSStringGetCharactersPtr(errorMessage) {
                message = "SyntaxError: " + String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF16.self)
            }
            jsc.JSStringRelease(errorMessage)
        }
        return (message, Int(errorLine))
    }

    /// Marks the calls into page code of the engine using this machine (`ScriptEntryWatch`).
    var entryWatch: ScriptEntryWatch?

    /// Runs a call into JavaScript, marked for the entry watch when there is one.
    func entering<T>(_ body: () -> T) -> T {
        guard let entryWatch else { return body() }
        return entryWatch.whileIn(body)
    }

    /// Stops any single entry into JavaScript that runs longer than `seconds` of CPU time.
    ///
    /// The callback returns true, which ends the script: returning false without re-arming
    /// leaves it running unwatched in JavaScriptCore 2.50 (webkit-bridge-facts.md §7.3).
    func setTimeLimit(seconds: Double) {
        let machine = Unmanaged.passUnretained(self).toOpaque()
        jsc.JSContextGroupSetExecutionTimeLimit(group, seconds, { _, data in
            if let data { Unmanaged<JavaScriptMachine>.fromOpaque(data).takeUnretainedValue().timeLimitFired = true }
            return true
        }, machine)
    }

    /// A new global context (a fresh global object) in this machine.
    func makeContext(name: String) -> JavaScriptContext {
        JavaScriptContext(machine: self, nativeFunctionClass: nativeFunctionClass, name: name)
    }

    /// Runs a full garbage collection now, so weak references to garbage read as gone.
    func collectGarbage(in context: JavaScriptContext) {
        jsc.JSSynchronousGarbageCollectForDebugging(context.context)
    }
}

/// The machines of engines that have gone, handed to the next engines made (on any thread: a
/// machine is used by one engine at a time, and the pool's lock orders the handover).
final class MachinePool: @unchecked Sendable {
    // @unchecked: `idle` is only touched under `lock`.
    private let lock = Lock()
    private var idle: [JavaScriptMachine] = []
    /// Machines kept waiting; more are released (`run --jobs N` keeps N busy at most).
    let limit = 4

    /// A machine used before when one waits, else a new one (opening the library on first use).
    func take() throws(ScriptEngineError) -> JavaScriptMachine {
        lock.lock()
        let machine = idle.popLast()
        lock.unlock()
        if let machine { return machine }
        return try JavaScriptMachine()
    }

    /// Keeps a machine for a later engine; its contexts have been released.
    func giveBack(_ machine: JavaScriptMachine) {
        lock.lock()
        defer { lock.unlock() }
        if idle.count < limit { idle.append(machine) }
    }
}

/// Reads the private data of an object made from the native function class.
private func JSObjectGetPrivateForCallback(_ object: JSObjectRef) -> UnsafeMutableRawPointer? {
    jsc.JSObjectGetPrivate(object)
}

/// A value passed between Swift and JavaScript: primitives, arrays of them, and kept values.
enum ScriptValue: Equatable {
    case undefined
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ScriptValue])
    /// Any JavaScript value kept from an earlier call (objects come back this way).
    case kept(JavaScriptValue)

    static func int(_ value: Int) -> ScriptValue { .number(Double(value)) }

    /// Makes `values` and runs `body` with them, each made one kept from the collector until
    /// `body` returns: JavaScriptCore scans the stack, not a Swift array, so without that the
    /// allocation of the next value may collect the ones made before it (`betweenValues` runs
    /// before each value after the first: tests collect garbage there).
    fileprivate static func withMade<Result>(_ values: [ScriptValue], in context: JSContextRef, betweenValues: () -> Void = {},
                                 _ body: (UnsafeBufferPointer<JSValueRef?>) -> Result) -> Result {
        var made: [JSValueRef?] = []
        made.reserveCapacity(values.count)
        var kept: [JSValueRef] = []
        defer { for value in kept { jsc.JSValueUnprotect(context, value) } }
        // Only a value made before another allocation is at risk: the last allocated one is not
        // kept (most calls have one string, the host function's name, and numbers).
        let lastAllocated = values.lastIndex { $0.isAllocated } ?? -1
        for (index, value) in values.enumerated() {
            if !made.isEmpty { betweenValues() }
            let reference = value.make(in: context)
            if let reference, index < lastAllocated, value.isAllocated {
                jsc.JSValueProtect(context, reference)
                kept.append(reference)
            }
            made.append(reference)
        }
        return made.withUnsafeBufferPointer(body)
    }

    /// Whether making this value allocates a cell the collector could take (kept values are
    /// protected already; the rest are immediates).
    private var isAllocated: Bool {
        switch self {
        case .string, .array: return true
        case .undefined, .null, .bool, .number, .kept: return false
        }
    }

    fileprivate func make(in context: JSContextRef) -> JSValueRef? {
        switch self {
        case .undefined: return jsc.JSValueMakeUndefined(context)
        case .null: return jsc.JSValueMakeNull(context)
        case .bool(let value): return jsc.JSValueMakeBoolean(context, value)
        case .number(let value): return jsc.JSValueMakeNumber(context, value)
        case .string(let value):
            let string = makeString(value)
            defer { jsc.JSStringRelease(string) }
            return jsc.JSValueMakeString(context, string)
        case .array(let elements):
            return ScriptValue.withMade(elements, in: context) { jsc.JSObjectMakeArray(context, $0.count, $0.baseAddress, nil) }
        case .kept(let kept):
            // A value stays in the global object it came from: worlds and the native context share
            // one virtual machine, and an object of one must never reach another's scripts.
            guard kept.context == jsc.JSContextGetGlobalContext(context) else { return jsc.JSValueMakeUndefined(context) }
            return kept.value
        }
    }
}

/// A JavaScript value kept from Swift (protected from garbage collection while held).
///
/// Sendable only so that errors can carry one: it is used on the engine's thread alone.
final class JavaScriptValue: Equatable, @unchecked Sendable {
    fileprivate let context: JSGlobalContextRef
    fileprivate let value: JSValueRef

    /// Keeps the global context alive as long as the value, whatever order owners go in.
    fileprivate init(context: JSGlobalContextRef, value: JSValueRef) {
        self.context = jsc.JSGlobalContextRetain(context) ?? context
        self.value = value
        jsc.JSValueProtect(context, value)
    }

    deinit {
        jsc.JSValueUnprotect(context, value)
        jsc.JSGlobalContextRelease(context)
    }

    static func == (left: JavaScriptValue, right: JavaScriptValue) -> Bool { left === right }
}

/// An error a native function throws into JavaScript (as a plain `Error` with this message).
struct ScriptThrow: Error {
    var message: String

    fileprivate func make(in context: JSContextRef) -> JSValueRef? {
        var argument: JSValueRef? = ScriptValue.string(message).make(in: context)
        return jsc.JSObjectMakeError(context, 1, &argument, nil)
    }
}

/// The arguments of one call of a native function, converted only when read.
struct NativeCall {
    fileprivate let context: JSContextRef
    let count: Int
    fileprivate let arguments: UnsafePointer<JSValueRef?>?

    fileprivate init(context: JSContextRef, count: Int, arguments: UnsafePointer<JSValueRef?>?) {
        self.context = context
        self.count = count
        self.arguments = arguments
    }

    private func value(_ index: Int) -> JSValueRef? {
        guard index < count, let arguments else { return nil }
        return arguments[index]
    }

    /// Whether the argument is missing, `undefined` or `null`.
    func isNullish(_ index: Int) -> Bool {
        guard let value = value(index) else { return true }
        return jsc.JSValueIsUndefined(context, value) || jsc.JSValueIsNull(context, value)
    }

    /// The argument converted with ToNumber (NaN when missing or when the conversion throws).
    func number(_ index: Int) -> Double {
        guard let value = value(index) else { return .nan }
        return jsc.JSValueToNumber(context, value, nil)
    }

    /// The argument as an integer: NaN and infinities become 0, others are truncated and clamped
    /// to JavaScript's safe integers.
    func int(_ index: Int) -> Int {
        let number = number(index)
        return number.isFinite ? WholeNumber.truncating(number) ?? 0 : 0
    }

    /// The argument converted with ToBoolean.
    func bool(_ index: Int) -> Bool {
        guard let value = value(index) else { return false }
        return jsc.JSValueToBoolean(context, value)
    }

    /// The argument converted with ToString ("" when missing or when the conversion throws).
    func string(_ index: Int) -> String {
        guard let value = value(index) else { return "" }
        return readString(value, in: context) ?? ""
    }

    /// The argument as a string, or nil when it is missing, `undefined` or `null`.
    func optionalString(_ index: Int) -> String? {
        isNullish(index) ? nil : string(index)
    }

    /// The argument itself, kept (functions and objects the page hands the runtime).
    func kept(_ index: Int) -> JavaScriptValue? {
        guard let value = value(index) else { return nil }
        guard let global = jsc.JSContextGetGlobalContext(context) else { return nil }
        return JavaScriptValue(context: global, value: value)
    }

    /// The elements of an array argument, each converted with ToString.
    func strings(_ index: Int) -> [String] {
        guard let value = value(index), jsc.JSValueIsArray(context, value),
              let object = jsc.JSValueToObject(context, value, nil) else { return [] }
        let lengthName = makeString("length")
        defer { jsc.JSStringRelease(lengthName) }
        let length = jsc.JSValueToNumber(context, jsc.JSObjectGetProperty(context, object, lengthName, nil), nil)
        guard let count = WholeNumber.truncating(length, clampedTo: 0...10_000_000), count > 0 else { return [] }
        return (0..<count).map { position in
            let element = jsc.JSObjectGetPropertyAtIndex(context, object, UInt32(position), nil)
            return element.flatMap { readString($0, in: context) } ?? ""
        }
    }
}

/// A Swift function callable from JavaScript.
/// What a named properties object asks when a property is read: the value, or nil when the
/// name is not one of its named properties. The object holds it (released when collected).
final class NamedPropertyLookup {
    let body: (String) -> ScriptValue?
    /// The names it answers for now, listed among the object's own properties.
    let names: () -> [String]
    /// False for a name (UTF-16) it does not answer for now, without making a string of it.
    let mayAnswer: (UnsafeBufferPointer<UInt16>) -> Bool

    /// What the lookup an object of a named class holds answers for a property name; nil to
    /// read on. A name it turns away by `mayAnswer` (`document.body`) makes no string.
    static func answer(of object: JSObjectRef?, for name: JSStringRef?) -> ScriptValue? {
        guard let object, let name, let data = jsc.JSObjectGetPrivate(object) else { return nil }
        let lookup = Unmanaged<NamedPropertyLookup>.fromOpaque(data).takeUnretainedValue()
        let length = jsc.JSStringGetLength(name)
        guard length > 0, let characters = jsc.JSStringGetCharactersPtr(name) else { return nil }
        let units = UnsafeBufferPointer(start: characters, count: length)
        guard lookup.mayAnswer(units) else { return nil }
        return lookup.body(String(decoding: units, as: UTF16.self))
    }

    init(_ body: @escaping (String) -> ScriptValue?, names: @escaping () -> [String] = { [] },
         mayAnswer: @escaping (UnsafeBufferPointer<UInt16>) -> Bool = { _ in true }) {
        self.body = body
        self.names = names
        self.mayAnswer = mayAnswer
    }
}

final class NativeFunction {
    let body: (NativeCall) -> Result<ScriptValue, ScriptThrow>

    init(_ body: @escaping (NativeCall) -> Result<ScriptValue, ScriptThrow>) {
        self.body = body
    }
}

/// Source text made into a JavaScriptCore string once, for code evaluated again and again
/// (the DOM prelude in every global object, a library every page loads), and parsed once
/// per machine when it parses: its source provider then keeps its hash, so JavaScriptCore's
/// code cache finds the compiled code without copying or hashing the text again.
final class JavaScriptSource {
    fileprivate let string: JSStringRef?
    /// Whether it runs often enough to be worth a parse of its own (a one-off script is not).
    fileprivate let reused: Bool

    init(_ text: String, reused: Bool = true) {
        string = makeString(text)
        self.reused = reused
    }

    deinit {
        jsc.JSStringRelease(string)
    }
}

/// Where and why a script threw.
struct ScriptException: Error {
    /// `String(exception)`, e.g. `TypeError: undefined is not an object (evaluating 'a.b')`.
    var message: String
    /// The `sourceURL`, `line` and `column` JavaScriptCore put on the error; nil for thrown
    /// values that are not errors.
    var sourceURL: String?
    var line: Int?
    var column: Int?
    /// The time limit stopped the script (`JavaScript execution terminated.`).
    var isTimeout: Bool
    /// The thrown value itself.
    var thrown: JavaScriptValue?
}

/// One global object in a machine, with the functions to run code in it.
final class JavaScriptContext {
    let machine: JavaScriptMachine
    fileprivate let context: JSGlobalContextRef
    private let nativeFunctionClass: JSClassRef?
    /// Keeps every native function's Swift side alive as long as the context.
    private var natives: [NativeFunction] = []
    /// Whether `setUnhandledRejectionHandler` gave JavaScriptCore a function of this context.
    private var hasRejectionHandler = false

    fileprivate init(machine: JavaScriptMachine, nativeFunctionClass: JSClassRef?, name: String) {
        self.machine = machine
        self.nativeFunctionClass = nativeFunctionClass
        context = jsc.JSGlobalContextCreateInGroup(machine.group, machine.globalObjectClass)!
        let contextName = makeString(name)
        jsc.JSGlobalContextSetName(context, contextName)
        jsc.JSStringRelease(contextName)
    }

    /// JavaScriptCore holds a global object's unhandled rejection handler as a garbage
    /// collection root (`Strong`), so a handler of the context's own would keep its whole
    /// global object, and every page object reachable from it, alive for ever: it is swapped
    /// for a function of another global object first.
    deinit {
        if hasRejectionHandler, let inert = machine.inertRejectionHandlerFunction() {
            jsc.JSGlobalContextSetUnhandledRejectionCallback(context, inert, nil)
        }
        jsc.JSGlobalContextRelease(context)
    }

    /// Runs a program (microtasks drain before it returns, unless this is a nested call) and
    /// returns its completion value (objects kept), or the exception it threw.
    @discardableResult
    func evaluate(_ source: String, sourceURL: String, line: Int = 1) -> Result<ScriptValue, ScriptException> {
        evaluate(JavaScriptSource(source, reused: false), sourceURL: sourceURL, line: line)
    }

    /// Runs a kept source (parsed once per machine) as a program; see `evaluate(_:sourceURL:line:)`.
    @discardableResult
    func evaluate(_ source: JavaScriptSource, sourceURL: String, line: Int = 1) -> Result<ScriptValue, ScriptException> {
        let result = run(source, sourceURL: sourceURL, line: line)
        if let exception = result.exception { return .failure(describe(exception)) }
        return .success(primitive(result.value))
    }

    private func run(_ source: JavaScriptSource, sourceURL: String, line: Int) -> (value: JSValueRef?, exception: JSValueRef?) {
        machine.timeLimitFired = false
        var exception: JSValueRef?
        if let script = machine.script(for: source, url: sourceURL, line: line) {
            let value = machine.entering { jsc.JSScriptEvaluate(context, script, nil, &exception) }
            return (value, exception)
        }
        let url = makeString(sourceURL)
        defer { jsc.JSStringRelease(url) }
        let value = machine.entering { jsc.JSEvaluateScript(context, source.string, nil, url, Int32(clamping: max(line, 1)), &exception) }
        return (value, exception)
    }

    /// Evaluates a program whose value is a function, and keeps that function.
    func evaluateFunction(_ source: JavaScriptSource, sourceURL: String) -> Result<JavaScriptValue, ScriptException> {
        let (result, exception) = run(source, sourceURL: sourceURL, line: 1)
        if let exception { return .failure(describe(exception)) }
        guard let result, let object = jsc.JSValueToObject(context, result, nil), jsc.JSObjectIsFunction(context, object) else {
            return .failure(ScriptException(message: "TypeError: not a function", isTimeout: false))
        }
        return .success(JavaScriptValue(context: context, value: object))
    }

    /// Calls a kept function with arguments; microtasks drain before it returns (unless this
    /// call is nested in another).
    @discardableResult
    func call(_ function: JavaScriptValue, _ arguments: [ScriptValue], betweenArguments: () -> Void = {}) -> Result<ScriptValue, ScriptException> {
        guard let object = jsc.JSValueToObject(context, function.value, nil) else { return .success(.undefined) }
        machine.timeLimitFired = false
        var exception: JSValueRef?
        let result = ScriptValue.withMade(arguments, in: context, betweenValues: betweenArguments) { values in
            machine.entering { jsc.JSObjectCallAsFunction(context, object, nil, values.count, values.baseAddress, &exception) }
        }
        if let exception { return .failure(describe(exception)) }
        return .success(primitive(result))
    }

    /// Calls a kept function with a value of another global object, which `call` would turn
    /// into `undefined`: a frame's window taking its parent's shared state (Frames.swift), and
    /// tests that watch one page from another (garbage collection).
    func callHandingOver(_ function: JavaScriptValue, _ foreign: JavaScriptValue) -> Result<ScriptValue, ScriptException> {
        guard let object = jsc.JSValueToObject(context, function.value, nil) else { return .success(.undefined) }
        machine.timeLimitFired = false
        var argument: JSValueRef? = foreign.value
        var exception: JSValueRef?
        let result = machine.entering { jsc.JSObjectCallAsFunction(context, object, nil, 1, &argument, &exception) }
        if let exception { return .failure(describe(exception)) }
        return .success(primitive(result))
    }

    /// A callable JavaScript object that runs `body` with the arguments it is given.
    private func makeNativeFunction(_ body: @escaping (NativeCall) -> Result<ScriptValue, ScriptThrow>) -> JavaScriptObjectHandle {
        let native = NativeFunction(body)
        natives.append(native)
        let object = jsc.JSObjectMake(context, nativeFunctionClass, Unmanaged.passUnretained(native).toOpaque())!
        return JavaScriptObjectHandle(object: object)
    }

    /// A named properties object (WebIDL §3.7.4) whose reads ask `lookup` before its own
    /// properties and prototype; `lookup` runs inside the read, so it must not hold the context.
    func makeNamedPropertiesObject(lookup: @escaping (String) -> ScriptValue?) -> JavaScriptValue {
        let holder = Unmanaged.passRetained(NamedPropertyLookup(lookup)).toOpaque()
        let object = jsc.JSObjectMake(context, machine.namedPropertiesClass, holder)!
        return JavaScriptValue(context: context, value: object)
    }

    /// An ordinary object whose reads ask `lookup` first, before its own properties and its
    /// prototype (a document's named properties); `lookup` answers nil to read on.
    func makeNamedGetterObject(lookup: @escaping (String) -> ScriptValue?, names: @escaping () -> [String],
                               mayAnswer: @escaping (UnsafeBufferPointer<UInt16>) -> Bool) -> JavaScriptValue {
        let holder = Unmanaged.passRetained(NamedPropertyLookup(lookup, names: names, mayAnswer: mayAnswer)).toOpaque()
        let object = jsc.JSObjectMake(context, machine.namedGetterClass, holder)!
        return JavaScriptValue(context: context, value: object)
    }

    /// Calls `installer(natives, configuration)`, a function evaluated from source, with an
    /// object holding the native functions under their names; used once per context to hand
    /// the prelude its natives.
    func install(natives: [(String, (NativeCall) -> Result<ScriptValue, ScriptThrow>)], configuration: ScriptValue,
                 into installer: JavaScriptValue) -> Result<ScriptValue, ScriptException> {
        let holder = jsc.JSObjectMake(context, nil, nil)!
        // Kept while the natives and the configuration are made (see `ScriptValue.withMade`).
        jsc.JSValueProtect(context, holder)
        defer { jsc.JSValueUnprotect(context, holder) }
        for (name, body) in natives {
            let function = makeNativeFunction(body)
            jsc.JSObjectSetProperty(context, holder, machine.propertyName(name), function.object, 0, nil)
        }
        machine.timeLimitFired = false
        guard let function = jsc.JSValueToObject(context, installer.value, nil) else { return .success(.undefined) }
        var exception: JSValueRef?
        let result = ScriptValue.withMade([configuration], in: context) { made in
            let arguments: [JSValueRef?] = [holder, made[0]]
            return arguments.withUnsafeBufferPointer { values in
                machine.entering { jsc.JSObjectCallAsFunction(context, function, nil, 2, values.baseAddress, &exception) }
            }
        }
        if let exception { return .failure(describe(exception)) }
        return .success(primitive(result))
    }

    /// The elements of a kept array (primitives; objects kept), or nil when it is no array.
    func elements(of array: JavaScriptValue) -> [ScriptValue]? {
        guard jsc.JSValueIsArray(context, array.value), let object = jsc.JSValueToObject(context, array.value, nil) else { return nil }
        let lengthName = makeString("length")
        defer { jsc.JSStringRelease(lengthName) }
        let length = jsc.JSValueToNumber(context, jsc.JSObjectGetProperty(context, object, lengthName, nil), nil)
        guard let count = WholeNumber.truncating(length, clampedTo: 0...100_000_000), count > 0 else { return [] }
        return (0..<count).map { index in
            primitive(jsc.JSObjectGetPropertyAtIndex(context, object, UInt32(index), nil))
        }
    }

    /// Whether a kept value is a function.
    func isFunction(_ value: JavaScriptValue) -> Bool {
        guard let object = jsc.JSValueToObject(context, value.value, nil) else { return false }
        return jsc.JSObjectIsFunction(context, object)
    }

    /// Routes unhandled promise rejections of this context to a function of it.
    func setUnhandledRejectionHandler(_ function: JavaScriptValue) {
        guard let object = jsc.JSValueToObject(context, function.value, nil) else { return }
        jsc.JSGlobalContextSetUnhandledRejectionCallback(context, object, nil)
        hasRejectionHandler = true
    }

    private func primitive(_ value: JSValueRef?) -> ScriptValue {
        guard let value else { return .undefined }
        switch jsc.JSValueGetType(context, value) {
        case kJSTypeUndefined: return .undefined
        case kJSTypeNull: return .null
        case kJSTypeBoolean: return .bool(jsc.JSValueToBoolean(context, value))
        case kJSTypeNumber: return .number(jsc.JSValueToNumber(context, value, nil))
        case kJSTypeString: return .string(readString(value, in: context) ?? "")
        default: return .kept(JavaScriptValue(context: context, value: value))
        }
    }

    private func describe(_ exception: JSValueRef) -> ScriptException {
        let timedOut = machine.timeLimitFired
        machine.timeLimitFired = false
        let message = readString(exception, in: context) ?? "Error"
        let thrown = JavaScriptValue(context: context, value: exception)
        guard jsc.JSValueIsObject(context, exception), let object = jsc.JSValueToObject(context, exception, nil) else {
            return ScriptException(message: message, isTimeout: timedOut, thrown: thrown)
        }
        func property(_ name: String) -> JSValueRef? {
            let string = makeString(name)
            defer { jsc.JSStringRelease(string) }
            var ignored: JSValueRef?
            return jsc.JSObjectGetProperty(context, object, string, &ignored)
        }
        /// A line or column: a whole number JavaScriptCore could have given (0 through Int32.max),
        /// else none; a thrown object's own `line` may be anything.
        func integer(_ name: String) -> Int? {
            guard let value = property(name), jsc.JSValueGetType(context, value) == kJSTypeNumber else { return nil }
            return WholeNumber.exactly(jsc.JSValueToNumber(context, value, nil), in: 0...Int(Int32.max))
        }
        var sourceURL: String?
        if let value = property("sourceURL"), jsc.JSValueGetType(context, value) == kJSTypeString {
            sourceURL = readString(value, in: context)
        }
        return ScriptException(message: message, sourceURL: sourceURL, line: integer("line"), column: integer("column"),
                               isTimeout: timedOut, thrown: thrown)
    }
}

/// A JavaScript object made by the adapter, valid while its context lives and something in
/// JavaScript references it.
struct JavaScriptObjectHandle {
    fileprivate let object: JSObjectRef
}

/// A JavaScriptCore string holding a Swift string; the caller releases it. Made from the UTF-8
/// in place when it holds no NUL (a message body may be 50 MB), else from a UTF-16 copy.
private func makeString(_ text: String) -> JSStringRef? {
    var text = text
    let hasNUL = text.withUTF8 { bytes in bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false }
    if !hasNUL { return text.withCString { jsc.JSStringCreateWithUTF8CString($0) } }
    var units = Array(text.utf16)
    if units.isEmpty { units.append(0) }
    return units.withUnsafeBufferPointer { jsc.JSStringCreateWithCharacters($0.baseAddress, text.utf16.count) }
}

/// ToString of a value (nil when the conversion throws), with unpaired surrogates repaired.
private func readString(_ value: JSValueRef, in context: JSContextRef) -> String? {
    var exception: JSValueRef?
    guard let string = jsc.JSValueToStringCopy(context, value, &exception), exception == nil else { return nil }
    defer { jsc.JSStringRelease(string) }
    let length = jsc.JSStringGetLength(string)
    guard length > 0, let characters = jsc.JSStringGetCharactersPtr(string) else { return "" }
    return String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF16.self)
}
