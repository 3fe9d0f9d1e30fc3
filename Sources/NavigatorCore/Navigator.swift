#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import URLKit

/// The app's navigation stack as a value-type state machine: events in, effects out, no I/O.
public struct Navigator: Equatable, Sendable {
    public let profile: AppProfile
    /// The pages folder as an absolute URL ending in `/`; scheme-less `url` values resolve against it.
    public let pagesBase: String
    /// The screens, bottom (root) to top.
    public private(set) var screens: [WebViewScreen] = []
    /// The warnings of the last deeplink handled (for `expect warning`).
    public private(set) var lastDeeplinkWarnings: [DeeplinkWarning] = []
    private var nextScreenNumber = 1

    public init(profile: AppProfile, pagesBase: String) {
        self.profile = profile
        self.pagesBase = pagesBase.hasSuffix("/") ? pagesBase : pagesBase + "/"
    }

    /// The screen on top of the stack.
    public var top: WebViewScreen? { screens.last }

    /// Applies an event and returns what the host must do.
    public mutating func handle(_ event: NavigatorEvent) -> [NavigatorEffect] {
        switch event {
        case .appLaunched:
            return launch()
        case .appRestarted:
            let removed = screens.map(\.id)
            screens = []
            return removed.isEmpty ? [] : [.discardScreens(removed)]
        case .urlOpened(let input, let base):
            return open(input, base: base ?? top?.currentPage.url, target: nil)
        case .linkActivated(let input, let target):
            return open(input, base: top?.currentPage.url, target: target)
        case .formPosted(let id, let input, let post, let target):
            guard let id else { return open(input, base: top?.currentPage.url, target: target, post: post) }
            guard let index = screens.lastIndex(where: { $0.id == id }) else { return [] }
            return open(input, base: screens[index].currentPage.url, target: target, screenIndex: index, post: post)
        case .postRedirectedToGet(let id):
            guard let index = screens.lastIndex(where: { $0.id == id }) else { return [] }
            screens[index].history[screens[index].historyIndex].post = nil
            return []
        case .scriptNavigated(let id, let input, let replace):
            guard let index = screens.lastIndex(where: { $0.id == id }) else { return [] }
            return open(input, base: screens[index].currentPage.url, target: nil, screenIndex: index, replace: replace)
        case .historyStepped(let id, let delta):
            guard let index = screens.lastIndex(where: { $0.id == id }) else { return [] }
            let target = screens[index].historyIndex + delta
            guard delta != 0, screens[index].history.indices.contains(target) else { return [] }
            screens[index].historyIndex = target
            let page = screens[index].currentPage
            let how = page.post == nil ? "web history" : "web history, form resubmitted"
            return [.log(AppEvent(.history, "\(delta < 0 ? "back" : "forward"): \(displayURL(page.url)) (\(how))")), load(id, page)]
        case .pageLoaded(let id, let url, let title):
            guard let index = screens.lastIndex(where: { $0.id == id }),
                  screens[index].currentPage.url == url else { return [] }
            screens[index].history[screens[index].historyIndex].title = title
            return []
        case .pageURLChanged(let id, let from, let to, let push):
            guard let index = screens.lastIndex(where: { $0.id == id }), screens[index].currentPage.url == from else { return [] }
            if push {
                let title = screens[index].currentPage.title
                screens[index].visit(to)
                screens[index].history[screens[index].historyIndex].title = title
            } else {
                screens[index].history[screens[index].historyIndex].url = to
            }
            return []
        case .leftButtonTapped, .backGesturePerformed:
            return goBack()
        case .rightButtonTapped:
            return pop()
        case .reloadRequested:
            return reload()
        }
    }

    /// A page URL as short as it can be: relative to the pages folder when inside it.
    public func displayURL(_ url: String) -> String {
        url.hasPrefix(pagesBase) && url.count > pagesBase.count ? String(url.dropFirst(pagesBase.count)) : url
    }

    // MARK: - Transitions

    private mutating func launch() -> [NavigatorEffect] {
        guard screens.isEmpty else { return [] }
        let configuration = profile.root.title.map { DeeplinkConfiguration(host: "", title: $0) }
        let url = resolve(URLClassifier.webKitEncoded(profile.root.url), against: pagesBase) ?? "about:blank"
        let screen = makeScreen(configuration: configuration, url: url)
        screens = [screen]
        return [.log(AppEvent(.launch, "launch: \(displayURL(url))")), .loadPage(screen.id, url: url)]
    }

    /// Opens a URL as a link of the screen at `screenIndex` (the top one by default) would.
    private mutating func open(_ input: String, base: String?, target: String?, screenIndex: Int? = nil,
                               replace: Bool = false, post: FormBody? = nil) -> [NavigatorEffect] {
        if let target, target.lowercased() == "_blank" {
            let url = resolve(URLClassifier.webKitEncoded(input), against: base ?? pagesBase) ?? input
            return [.log(AppEvent(.browser, "opened in browser: \(url)")), .openInBrowser(url)]
        }
        let classification = URLClassifier(profile: profile).classify(input)
        switch classification.kind {
        case .deeplink:
            return route(classification.deeplink!)
        case .page:
            guard !screens.isEmpty else { return [] }
            guard let url = resolve(classification.url, against: base ?? pagesBase) else {
                return [.log(AppEvent(.invalid, "invalid URL: \(classification.url) (cannot be resolved against \(displayURL(base ?? pagesBase)))"))]
            }
            let index = screenIndex ?? screens.count - 1
            if replace {
                screens[index].history[screens[index].historyIndex] = PageVisit(url: url, post: post)
            } else {
                screens[index].visit(url, post: post)
            }
            let how = replace ? " (replacing the entry)" : post == nil ? "" : " (POST)"
            return [.log(AppEvent(.page, "load: \(displayURL(url))\(how)")), load(screens[index].id, screens[index].currentPage)]
        case .external:
            return [.log(AppEvent(.external, "opened externally: \(classification.url)")), .openExternally(classification.url)]
        case .store:
            return [.log(AppEvent(.store, "store sheet: \(classification.url)")), .presentStoreSheet(classification.url)]
        case .invalid:
            return [.log(AppEvent(.invalid, "invalid URL: \(classification.url) (\(classification.reason ?? "unparsable"))"))]
        }
    }

    private mutating func route(_ deeplink: Deeplink) -> [NavigatorEffect] {
        var warnings = deeplink.warnings
        var effects: [NavigatorEffect] = [.log(AppEvent(.deeplink, "deeplink: \(deeplink.url) → \(deeplink.action.rawValue)"))]
        var routeEffects: [NavigatorEffect] = []
        switch deeplink.action {
        case .push:
            let configuration = deeplink.configuration
            let url = configuration.urlString.flatMap { $0.isEmpty ? nil : resolve($0, against: pagesBase) } ?? "about:blank"
            let screen = makeScreen(configuration: configuration, url: url)
            screens.append(screen)
            var removed: [WebViewScreen] = []
            if configuration.removeStack == true {
                if screens.count >= 3 {
                    removed = Array(screens[1..<(screens.count - 1)])
                    screens = [screens[0], screens[screens.count - 1]]
                } else {
                    warnings.append(DeeplinkWarning(.removeStackNoop, "removeStack=true but the stack holds \(screens.count) screens after the push: the app removes screens only when there are 3 or more"))
                }
            }
            let removal = removed.isEmpty ? "" : " (removed \(removed.count) screen\(removed.count == 1 ? "" : "s"))"
            routeEffects.append(.log(AppEvent(.route, "push: \(displayURL(url))\(removal)")))
            if !removed.isEmpty { routeEffects.append(.discardScreens(removed.map(\.id))) }
            routeEffects.append(.loadPage(screen.id, url: url))
        case .pop:
            routeEffects = pop()
        case .popToRoot:
            if screens.count <= 1 {
                routeEffects = [.log(AppEvent(.route, "popToRoot: already at root"))]
            } else {
                let removed = Array(screens.dropFirst())
                screens = [screens[0]]
                routeEffects = [
                    .log(AppEvent(.route, "popToRoot: removed \(removed.count) screen\(removed.count == 1 ? "" : "s")")),
                    .discardScreens(removed.map(\.id)),
                ]
            }
        case .reload:
            routeEffects = reload()
        case .unhandled:
            routeEffects = [.log(AppEvent(.route, "unhandled deeplink host: \(deeplink.host)"))]
        }
        lastDeeplinkWarnings = warnings
        effects += warnings.map { .log(.warning($0)) }
        return effects + routeEffects
    }

    private mutating func goBack() -> [NavigatorEffect] {
        guard let top, top.canGoBack else { return pop() }
        screens[screens.count - 1].historyIndex -= 1
        let page = screens[screens.count - 1].currentPage
        let how = page.post == nil ? "web history" : "web history, form resubmitted"
        return [.log(AppEvent(.history, "back: \(displayURL(page.url)) (\(how))")), load(top.id, page)]
    }

    private mutating func pop() -> [NavigatorEffect] {
        guard screens.count > 1 else { return [.log(AppEvent(.route, "nothing to pop at root"))] }
        let removed = screens.removeLast()
        return [.log(AppEvent(.route, "pop: \(removed.label)")), .discardScreens([removed.id])]
    }

    private func reload() -> [NavigatorEffect] {
        guard let top else { return [] }
        let how = top.currentPage.post == nil ? "" : " (form resubmitted)"
        return [.log(AppEvent(.route, "reload: \(displayURL(top.currentPage.url))\(how)")), load(top.id, top.currentPage)]
    }

    /// Loads a history entry: with its form's body again when it was posted (WebKit's
    /// `formResubmitted` navigation, which a WKWebView performs unless its delegate cancels it).
    private func load(_ id: ScreenID, _ page: PageVisit) -> NavigatorEffect {
        guard let post = page.post else { return .loadPage(id, url: page.url) }
        return .postPage(id, url: page.url, post: post)
    }

    private mutating func makeScreen(configuration: DeeplinkConfiguration?, url: String) -> WebViewScreen {
        defer { nextScreenNumber += 1 }
        return WebViewScreen(id: ScreenID(nextScreenNumber), configuration: configuration, page: PageVisit(url: url))
    }

    /// Resolves a URL reference against a base URL string, as a web view would.
    private func resolve(_ reference: String, against base: String) -> String? {
        if WebURL(validating: reference)?.scheme != nil { return reference }
        return WebURL(base).resolving(reference)
    }
}
