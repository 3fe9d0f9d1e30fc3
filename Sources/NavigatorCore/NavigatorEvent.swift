/// Something that happened to the app, fed to `Navigator.handle(_:)`.
public enum NavigatorEvent: Equatable, Sendable {
    /// The app started: the root screen appears.
    case appLaunched
    /// A URL delivered from outside the app (a push notification, `simctl openurl`, the `:` line);
    /// a relative page URL resolves against `base`, else against the top page.
    case urlOpened(String, base: String?)
    /// A link or button tapped in the top page (`target` is its `target` attribute).
    case linkActivated(String, target: String?)
    /// The web view of a screen finished loading a page.
    case pageLoaded(ScreenID, url: String, title: String?)
    /// The bar's left button (`‹`).
    case leftButtonTapped
    /// The bar's right button (`✕`).
    case rightButtonTapped
    /// The edge swipe or Android back key: the left button's action, with or without a bar.
    case backGesturePerformed
    /// Reload of the top screen's page.
    case reloadRequested
}

/// Work the engine asks its host to do; the engine itself does no I/O.
public enum NavigatorEffect: Equatable, Sendable {
    /// Load `url` into a screen's web view (`about:blank` for none).
    case loadPage(ScreenID, url: String)
    /// These screens left the stack; drop their pages.
    case discardScreens([ScreenID])
    /// The system opens the URL outside the app (`tel:`, `mailto:`, …).
    case openExternally(String)
    /// The App Store / Play Store sheet opens over the app.
    case presentStoreSheet(String)
    /// A `target="_blank"` link opens in the external browser.
    case openInBrowser(String)
    /// One line for the event log (also matched by `expect event`).
    case log(LogEntry)
}

/// One line of the event log: what happened, and the URL or host involved.
public struct LogEntry: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case launch, deeplink, route, page, history, external, store, browser, invalid, warning
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    public var description: String { text }
}
