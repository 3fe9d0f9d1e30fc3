/// Why a script engine could not be made.
public enum ScriptEngineError: Error, Equatable, Sendable {
    /// The JavaScriptCore library could not be loaded (the reason from the dynamic loader).
    case javaScriptCoreUnavailable(String)

    /// A one-line explanation for the user.
    public var message: String {
        switch self {
        case .javaScriptCoreUnavailable(let reason):
            return "page scripts need libjavascriptcoregtk-4.1 (run Scripts/install-deps.sh): \(reason)"
        }
    }
}
