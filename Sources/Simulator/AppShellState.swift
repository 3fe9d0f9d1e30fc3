import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore

/// A notification on its way to the app: a push (`webnav push`, the flow step `push`) or a
/// local one (`notify`, the bridge's `app.notify`).
public struct IncomingNotification: Equatable, Sendable {
    public enum Origin: String, Sendable {
        case push, local
    }

    public var payload: NotificationPayload
    public var origin: Origin
    /// The payload's problems that did not stop it (warnings): logged when it arrives.
    public var warnings: [PayloadProblem]

    public init(payload: NotificationPayload, origin: Origin, warnings: [PayloadProblem] = []) {
        self.payload = payload
        self.origin = origin
        self.warnings = warnings
    }
}

/// A notification the system presented: on a banner, in the notification list, or both.
public struct DeliveredNotification: Equatable, Sendable {
    /// Its number in this run, in the order notifications arrived.
    public var id: Int
    public var payload: NotificationPayload
    public var origin: IncomingNotification.Origin
    /// The buttons of its category (none when the category is not registered).
    public var actions: [AppProfile.NotificationAction]

    /// What it is known by: its title, else its body (a string `alert` is the body).
    public var heading: String { payload.title ?? payload.body ?? "" }

    /// The image's name as the banner shows it: the last path component of `imageKey`'s URL.
    public var imageName: String? {
        guard let image = payload.image, !image.isEmpty else { return nil }
        var path = Substring(image)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        while path.hasSuffix("/") { path = path.dropLast() }
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? image : name
    }
}

/// How the app's launch stands (shell.md section 5).
public enum LaunchPhase: Equatable, Sendable {
    /// The process has not started: the launch screen (iOS shows it from the first frame).
    case notLaunched
    /// The liveness check is in flight; the launch screen stays.
    case checking
    /// The check answered as expected: the root screen loads when the delay is over.
    case waiting
    /// The root screen is up.
    case ready
    /// The check failed, for this reason; the launch screen stays until a retry (`r`, `reload`).
    case failed(String)
}

/// How a liveness check ended: an HTTP status, or no answer at all.
public enum LaunchCheckOutcome: Equatable, Sendable {
    case status(Int)
    case failed(String)
}

/// What happens to the app beyond its screens: launch, the app's lifecycle, notifications.
public enum ShellInput: Equatable, Sendable {
    /// The process started: the liveness check runs, or the root screen loads at once.
    case launch
    /// The liveness check the app asked for (`AppEffect.checkAlive`) ended.
    case launchCheckAnswered(LaunchCheckOutcome)
    /// A fresh stack from the root, stores kept (seed 000's `Restart` message).
    case restart
    /// The user left the app (home, the app switcher): it becomes inactive.
    case background
    /// The user came back to the app.
    case foreground
    /// A notification arrives now, or (a local one) after a delay.
    case notificationReceived(IncomingNotification, after: Duration)
    /// The user tapped a notification (by id; nil: the banner's, else the newest in the list),
    /// or one of its actions (by title or identifier).
    case notificationTapped(id: Int?, action: String?)
    /// The user pulled the banner down (it stays, with its actions) or swiped it away.
    case bannerExpanded
    case bannerDismissed
}

/// What a user, a flow, the bridge or `webnav push` does to the app beyond its pages
/// (`AppAction.shell`).
public enum ShellAction: Equatable, Sendable {
    /// A fresh stack from the root, stores kept (the bridge's `app.restart()`).
    case restart
    case background
    case foreground
    /// Empties every website data store: cookies, `localStorage`, `sessionStorage`.
    case clearData
    /// A push or local notification (the bridge's `app.notify(payload, {afterMs})`).
    case receiveNotification(IncomingNotification, after: Duration = .zero)
    /// A tap on a notification (by id; nil: the banner's, else the newest in the list), or on
    /// one of its actions (by title or identifier).
    case tapNotification(id: Int? = nil, action: String? = nil)
    /// The banner pulled down: it shows its actions and stays until dismissed.
    case expandBanner
    /// The banner swiped away (it stays in the list).
    case dismissBanner

    /// The state machine's input for it.
    var input: AppInput {
        switch self {
        case .restart: return .shell(.restart)
        case .background: return .shell(.background)
        case .foreground: return .shell(.foreground)
        case .clearData: return .observed([AppEvent(.cookie, "clear data: cookies, localStorage and sessionStorage emptied")])
        case .receiveNotification(let incoming, let after): return .shell(.notificationReceived(incoming, after: after))
        case .tapNotification(let id, let action): return .shell(.notificationTapped(id: id, action: action))
        case .expandBanner: return .shell(.bannerExpanded)
        case .dismissBanner: return .shell(.bannerDismissed)
        }
    }
}

/// The app's state beyond its stack: how its launch stands, whether it is in the foreground,
/// and the notifications the system shows for it.
public struct AppShellState: Equatable, Sendable {
    public internal(set) var launch: LaunchPhase = .notLaunched
    /// False while the app is in the background (its privacy guard shows).
    public internal(set) var isActive = true
    /// The notification list, oldest first (at most `listCapacity`).
    public internal(set) var notifications: [DeliveredNotification] = []
    /// The banner over the top of the device, while it shows.
    public internal(set) var banner: DeliveredNotification?
    /// Whether the banner is pulled down: expanded, it stays until dismissed or tapped.
    public internal(set) var bannerIsExpanded = false
    /// The number on the app's icon.
    public internal(set) var badge = 0

    /// Local notifications waiting for their time, by id.
    var scheduled: [Int: IncomingNotification] = [:]
    /// URLs opened from outside before the root screen was up, delivered once it is.
    var heldURLs: [HeldURL] = []
    var nextNotificationID = 1

    struct HeldURL: Equatable, Sendable {
        var url: String
        var base: String?
    }

    /// How long a banner stays (iOS's temporary banner: about five seconds).
    public static let bannerDuration = Duration.seconds(5)
    /// The most notifications the list keeps: older ones go, so a flood stays bounded.
    public static let listCapacity = 1000

    /// The notification `tap notification` taps: the banner's, else the newest in the list.
    public var tapTarget: DeliveredNotification? {
        banner ?? notifications.last
    }

    /// A notification shown now (on the banner or in the list) by id.
    public func notification(id: Int) -> DeliveredNotification? {
        banner?.id == id ? banner : notifications.last { $0.id == id }
    }
}

extension SimulatedApp {
    /// Applies an input of the app shell; returns the host's effects.
    mutating func handleShell(_ input: ShellInput) -> [AppEffect] {
        switch input {
        case .launch:
            guard shell.launch == .notLaunched else { return [] }
            return startLaunch()
        case .launchCheckAnswered(let outcome):
            guard shell.launch == .checking, let check = navigator.profile.launch else { return [] }
            let request = "\(check.method) \(check.checkAlive)"
            switch outcome {
            case .status(let status) where status == check.expect:
                eventLog.append(AppEvent(.launchCheck, "launch check: \(request) → \(status)"))
                shell.launch = .waiting
                return [.schedule(.launchDelayElapsed, after: .milliseconds(check.delayMs))]
            case .status(let status):
                return launchFailed("status \(status), expected \(check.expect)", request: request)
            case .failed(let reason):
                return launchFailed(reason, request: request)
            }
        case .restart:
            eventLog.append(AppEvent(.lifecycle, "app: restart"))
            shell.launch = .notLaunched
            shell.heldURLs = []
            shell.isActive = true
            return perform(navigator.handle(.appRestarted)) + startLaunch()
        case .background:
            guard shell.isActive else {
                eventLog.append(AppEvent(.lifecycle, "app: already in the background"))
                return []
            }
            shell.isActive = false
            eventLog.append(AppEvent(.lifecycle, "app: background"))
            return []
        case .foreground:
            guard !shell.isActive else {
                eventLog.append(AppEvent(.lifecycle, "app: already in the foreground"))
                return []
            }
            shell.isActive = true
            eventLog.append(AppEvent(.lifecycle, "app: foreground"))
            return []
        case .notificationReceived(let incoming, let delay):
            for warning in incoming.warnings {
                eventLog.append(AppEvent(.warning, "warning \(warning.code): \(warning.message)"))
            }
            let id = shell.nextNotificationID
            shell.nextNotificationID += 1
            guard delay > .zero else { return deliver(incoming, id: id) }
            shell.scheduled[id] = incoming
            let heading = DeliveredNotification(id: id, payload: incoming.payload, origin: incoming.origin, actions: []).heading
            eventLog.append(AppEvent(.notification, "notification scheduled: \"\(heading)\" in \(Self.durationText(delay))"))
            return [.schedule(.notificationDue(id: id), after: delay)]
        case .notificationTapped(let id, let actionName):
            return tapNotification(id: id, actionName: actionName)
        case .bannerExpanded:
            shell.bannerIsExpanded = shell.banner != nil
            return []
        case .bannerDismissed:
            shell.banner = nil
            shell.bannerIsExpanded = false
            return []
        }
    }

    /// A timer of the app shell fired.
    mutating func handleShellTimer(_ event: TimedEvent) -> [AppEffect] {
        switch event {
        case .launchDelayElapsed:
            guard shell.launch == .waiting else { return [] }
            return becomeReady()
        case .bannerExpired(let id):
            if shell.banner?.id == id, !shell.bannerIsExpanded { shell.banner = nil }
            return []
        case .notificationDue(let id):
            guard let incoming = shell.scheduled.removeValue(forKey: id) else { return [] }
            return deliver(incoming, id: id)
        }
    }

    /// The engine's event, unless the launch screen or the background takes it first: a URL
    /// opened before the root is up waits for it, a URL opened in the background brings the
    /// app back, `reload` on a failed launch retries the check, and the user's gestures do
    /// nothing where there is nothing to touch. Nil lets the engine have it.
    mutating func shellIntercept(_ event: NavigatorEvent) -> [AppEffect]? {
        let gesture: String
        switch event {
        case .urlOpened(let url, let base):
            var effects: [AppEffect] = []
            if !shell.isActive { effects += handleShell(.foreground) }
            guard shell.launch == .ready else {
                shell.heldURLs.append(AppShellState.HeldURL(url: url, base: base))
                eventLog.append(AppEvent(.lifecycle, "held until the app has launched: \(url)"))
                return effects
            }
            return effects.isEmpty ? nil : effects + perform(navigator.handle(event))
        case .reloadRequested:
            if case .failed = shell.launch { return startLaunch() }
            gesture = "reload"
        case .leftButtonTapped: gesture = "left button"
        case .rightButtonTapped: gesture = "right button"
        case .backGesturePerformed: gesture = "back"
        case .appLaunched:
            return handleShell(.launch)
        case .linkActivated, .formPosted, .postRedirectedToGet, .scriptNavigated, .historyStepped, .pageLoaded,
             .pageURLChanged, .appRestarted:
            return nil
        }
        return userInputRefusal(gesture).map { event in
            eventLog.append(event)
            return []
        }
    }

    /// Why a gesture of the user does nothing now (the launch screen, the background), as an
    /// event; nil when the app takes it.
    public func userInputRefusal(_ gesture: String) -> AppEvent? {
        if shell.launch != .ready { return AppEvent(.lifecycle, "\(gesture): nothing to touch on the launch screen") }
        if !shell.isActive { return AppEvent(.lifecycle, "\(gesture): the app is in the background") }
        return nil
    }

    // MARK: - Launch

    private mutating func startLaunch() -> [AppEffect] {
        guard let check = navigator.profile.launch else { return becomeReady() }
        shell.launch = .checking
        return [.checkAlive(check)]
    }

    private mutating func launchFailed(_ reason: String, request: String) -> [AppEffect] {
        shell.launch = .failed(reason)
        eventLog.append(AppEvent(.launchCheck, "launch check failed: \(request) (\(reason))"))
        return []
    }

    /// The root screen loads, then the URLs held while the launch screen showed.
    private mutating func becomeReady() -> [AppEffect] {
        shell.launch = .ready
        var effects = perform(navigator.handle(.appLaunched))
        let held = shell.heldURLs
        shell.heldURLs = []
        for url in held {
            effects += perform(navigator.handle(.urlOpened(url.url, base: url.base)))
        }
        return effects
    }

    // MARK: - Notifications

    /// Presents a notification as iOS does: in the foreground as the app's `willPresent`
    /// options say (the profile's `foreground`), in the background in the list, with the badge.
    private mutating func deliver(_ incoming: IncomingNotification, id: Int) -> [AppEffect] {
        let payload = incoming.payload
        let actions = navigator.profile.notifications.categories.first { $0.name == payload.category }?.actions ?? []
        let notification = DeliveredNotification(id: id, payload: payload, origin: incoming.origin, actions: actions)
        let options = shell.isActive ? navigator.profile.notifications.foreground : [.list, .sound, .badge]
        var shown: [String] = []
        var effects: [AppEffect] = []
        if options.contains(.banner) {
            shell.banner = notification
            shell.bannerIsExpanded = false
            shown.append("banner")
            effects.append(.schedule(.bannerExpired(id: id), after: AppShellState.bannerDuration))
        }
        if options.contains(.list) {
            shell.notifications.append(notification)
            if shell.notifications.count > AppShellState.listCapacity { shell.notifications.removeFirst() }
            shown.append("list")
        }
        if options.contains(.sound), let sound = payload.sound { shown.append("sound \(sound)") }
        if options.contains(.badge), let badge = payload.badge {
            shell.badge = max(0, badge)
            shown.append("badge \(shell.badge)")
        }
        let place = shell.isActive ? "" : "in the background, "
        let presentation = shown.isEmpty ? "not shown (the app's foreground options are empty)" : place + shown.joined(separator: ", ")
        eventLog.append(AppEvent(.notification, "notification: \"\(notification.heading)\" (\(incoming.origin.rawValue)): \(presentation)"))
        return effects
    }

    private mutating func tapNotification(id: Int?, actionName: String?) -> [AppEffect] {
        guard let target = id.map({ shell.notification(id: $0) }) ?? shell.tapTarget else {
            eventLog.append(AppEvent(.notification, "no notification to tap"))
            return []
        }
        if let actionName {
            guard let action = target.actions.first(where: { $0.title == actionName || $0.id == actionName }) else {
                eventLog.append(AppEvent(.notification, "notification \"\(target.heading)\" has no action \"\(actionName)\""))
                return []
            }
            dismiss(target)
            // The app's delegate gets the response (`didReceive`, with the action's identifier)
            // and opens the payload's link as for a tap; only an action with
            // UNNotificationActionOptions.foreground brings the app to the foreground first.
            let bringsForward = action.options.contains(.foreground)
            let effects = bringsForward && !shell.isActive ? handleShell(.foreground) : []
            return effects + openLink(of: target, noting: "notification action: \(action.id) (\"\(action.title)\") on \"\(target.heading)\"",
                                      bringingForward: bringsForward)
        }
        dismiss(target)
        let effects = shell.isActive ? [] : handleShell(.foreground)
        return effects + openLink(of: target, noting: "notification tapped: \"\(target.heading)\"", bringingForward: true)
    }

    /// The app opens the payload's `linkKey` URL as `open` would; without `bringingForward`
    /// an app in the background handles it there.
    private mutating func openLink(of notification: DeliveredNotification, noting note: String, bringingForward: Bool) -> [AppEffect] {
        guard let link = notification.payload.link, !link.isEmpty else {
            eventLog.append(AppEvent(.notification, note + " (no link)"))
            return []
        }
        eventLog.append(AppEvent(.notification, "\(note) → \(link)"))
        let opened = NavigatorEvent.urlOpened(link, base: nil)
        if bringingForward || shell.isActive { return shellIntercept(opened) ?? perform(navigator.handle(opened)) }
        guard shell.launch == .ready else {
            shell.heldURLs.append(AppShellState.HeldURL(url: link, base: nil))
            eventLog.append(AppEvent(.lifecycle, "held until the app has launched: \(link)"))
            return []
        }
        return perform(navigator.handle(opened))
    }

    /// A tapped notification leaves the banner and the list, as in Notification Center.
    private mutating func dismiss(_ notification: DeliveredNotification) {
        if shell.banner?.id == notification.id {
            shell.banner = nil
            shell.bannerIsExpanded = false
        }
        shell.notifications.removeAll { $0.id == notification.id }
    }

    /// `5s`, `1500ms`.
    static func durationText(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}
