/// What the app does with a deeplink host.
public enum RouteAction: String, Equatable, Sendable, CaseIterable {
    case push
    case pop
    case popToRoot
    case reload
    case unhandled

    /// The built-in routes (semantics.md section 3).
    public static let defaultRoutes: [String: RouteAction] = [
        "webview": .push, "push": .push,
        "close-webview": .pop, "pop": .pop,
        "popToRoot": .popToRoot,
        "reload-webview": .reload, "reload": .reload,
    ]
}
