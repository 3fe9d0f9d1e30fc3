import URLKit

/// Something that happened to the app, fed to `Navigator.handle(_:)`.
public enum NavigatorEvent: Equatable, Sendable {
    /// The app started: the root screen appears.
    case appLaunched
    /// The app restarts: every screen goes (the next `appLaunched` builds the root again).
    case appRestarted
    /// A URL delivered from outside the app (a push notification, `simctl openurl`, the `:` line);
    /// a relative page URL resolves against `base`, else against the top page.
    case urlOpened(String, base: String?)
    /// A link or button tapped in the top page (`target` is its `target` attribute).
    case linkActivated(String, target: String?)
    /// A page script of a screen asked to go to a URL (`location`, a form, `a.click()`): classified
    /// as a tapped link is, a page URL loading in that screen's web history (`replace`: in place
    /// of the current entry, as `location.replace` does).
    case scriptNavigated(ScreenID, url: String, replace: Bool)
    /// A form was submitted with `POST`: by a tapped submit button of the top page (`screen`
    /// nil) or by a page script of `screen`. Classified as a tapped link is; a page loads with
    /// the body in a new history entry (a deeplink or another scheme gets no body).
    case formPosted(ScreenID?, url: String, post: FormBody, target: String?)
    /// The response to a screen's posted form redirected with 301, 302 or 303: the browser
    /// followed with a GET, so its entry is no longer a form submission (a reload GETs it).
    case postRedirectedToGet(ScreenID)
    /// A page script stepped through its screen's web history (`history.go(delta)`; `back()` is
    /// -1). Unlike the back gesture it never leaves the screen: past either end nothing happens.
    case historyStepped(ScreenID, delta: Int)
    /// The web view of a screen finished loading a page.
    case pageLoaded(ScreenID, url: String, title: String?)
    /// The page a screen shows now has another URL: a redirect, or a script's
    /// `history.pushState`/`replaceState` (`push` adds a history entry, else it is replaced).
    case pageURLChanged(ScreenID, from: String, to: String, push: Bool)
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
    /// Load `url` into a screen's web view with a `POST` of a form's body.
    case postPage(ScreenID, url: String, post: FormBody)
    /// These screens left the stack; drop their pages.
    case discardScreens([ScreenID])
    /// The system opens the URL outside the app (`tel:`, `mailto:`, …).
    case openExternally(String)
    /// The App Store / Play Store sheet opens over the app.
    case presentStoreSheet(String)
    /// A `target="_blank"` link opens in the external browser.
    case openInBrowser(String)
    /// One line for the event log (also matched by `expect event`).
    case log(AppEvent)
}

/// Something that happened, as the event log shows it and `expect event` matches it.
///
/// The kind says what it is (the terminal UI picks the footer's colour from it, flows may
/// match on it); the text is the stable line people read and flows match.
public struct AppEvent: Equatable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable, CaseIterable {
        // The stack engine.
        case launch, deeplink, route, page, history, external, store, browser, invalid, warning
        // Page loading.
        case load, redirect, loadFailed, blocked
        // Page scripts.
        case console, scriptError, scriptTimeout, scriptTasks, scriptSkipped, dialog, navigation
        // The bridge.
        case message, reply, download, native
        // The app shell.
        case cookie, notification, lifecycle, launchCheck
        // The simulator itself.
        case note
    }

    /// How the terminal UI presents an event.
    public enum Severity: Sendable {
        case info, outside, warning, error
    }

    public var kind: Kind
    public var text: String
    /// The linter's warning, for `warning` events.
    public var warning: DeeplinkWarning?

    public init(_ kind: Kind, _ text: String, warning: DeeplinkWarning? = nil) {
        self.kind = kind
        self.text = text
        self.warning = warning
    }

    public var description: String { text }

    /// The event for a linter warning: `warning CODE: message`.
    public static func warning(_ warning: DeeplinkWarning) -> AppEvent {
        AppEvent(.warning, "warning \(warning.code.rawValue): \(warning.message)", warning: warning)
    }

    /// How much attention the event asks for.
    public var severity: Severity {
        switch kind {
        case .warning, .scriptTasks, .blocked: return .warning
        case .invalid, .scriptError, .scriptTimeout, .loadFailed: return .error
        case .external, .store, .browser: return .outside
        default: return .info
        }
    }
}
