import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import Simulator
import URLKit

/// The app shell's steps and expectations (shell.md): website data, lifecycle, launch,
/// notifications.
extension StepExecutor {
    /// `clear data`, `background`, `foreground`, `restart`, `push FILE`, `notify FILE [after D]`.
    static func performShellStep(_ command: FlowCommand, host: AppHost, context: inout FlowContext) -> StepOutcome {
        switch command {
        case .clearData:
            return act(.shell(.clearData), host: host, context: &context)
        case .lifecycle(let step):
            let actions: [LifecycleStep: ShellAction] = [.background: .background, .foreground: .foreground, .restart: .restart]
            return act(.shell(actions[step]!), host: host, context: &context)
        case .push(let file):
            return deliver(file, origin: .push, after: .zero, host: host, context: &context)
        case .notify(let file, let delay):
            return deliver(file, origin: .local, after: delay, host: host, context: &context)
        default:
            return .failed("not a step of the app shell")
        }
    }

    /// Checks a payload as the app would receive it; a payload with an error is not delivered
    /// and fails the step with the validator's messages.
    private static func deliver(_ file: PayloadFile, origin: IncomingNotification.Origin, after delay: Duration, host: AppHost,
                                context: inout FlowContext) -> StepOutcome {
        let word = origin == .push ? "push" : "notify"
        if origin == .local, file.size > PayloadFile.keptBytes {
            return .failed("\(word) \(file.path): the file is \(file.size) bytes; a payload file is read up to \(PayloadFile.keptBytes)")
        }
        let settings = NotificationSettings(profile: host.snapshot.app.navigator.profile)
        let (payload, problems) = NotificationPayload.parse(file.bytes, settings: settings, size: file.size, isRemote: origin == .push)
        guard let payload else {
            return .failed("\(word) \(file.path): " + problems.filter { $0.severity == .error }.map(\.description).joined(separator: "; "))
        }
        let incoming = IncomingNotification(payload: payload, origin: origin, warnings: problems)
        return act(.shell(.receiveNotification(incoming, after: delay)), host: host, context: &context)
    }

    /// What `tap notification [action "T"]` taps, found on the app before it is performed.
    static func notificationTap(_ actionTitle: String?, app: SimulatedApp) -> Result<AppAction, NotificationTapFailure> {
        guard let target = app.shell.tapTarget else {
            return .failure(NotificationTapFailure(message: "tap notification: no notification on the banner or in the list"))
        }
        guard let actionTitle else { return .success(.shell(.tapNotification())) }
        guard target.actions.contains(where: { $0.title == actionTitle || $0.id == actionTitle }) else {
            let actions = target.actions.isEmpty ? "none" : target.actions.map { "\"\($0.title)\"" }.joined(separator: ", ")
            return .failure(NotificationTapFailure(
                message: "tap notification action \"\(actionTitle)\": \"\(target.heading)\" has no such action; its actions: \(actions)"))
        }
        return .success(.shell(.tapNotification(action: actionTitle)))
    }

    struct NotificationTapFailure: Error {
        var message: String
    }

    /// Nil when the expectation holds, else `expected …, got …`.
    static func checkShell(_ expectation: Expectation, app: SimulatedApp, dataStores: WebsiteDataStores?) -> String? {
        func quoted(_ text: String) -> String { "\"\(text)\"" }
        switch expectation {
        case .cookie(let name, let value):
            guard let top = app.top, let dataStores else { return "expected cookie \(quoted(name)) \(quoted(value)), got no screen" }
            let url = top.currentPage.url
            guard CookieJar.pageHasCookies(url) else {
                return "expected cookie \(quoted(name)) \(quoted(value)), got a \(WebURL(url).normalizedScheme ?? "non-http"): page, which has no cookies"
            }
            let cookies = dataStores.data(for: top.id).cookies.cookies(for: url)
            if cookies.contains(where: { $0.name == name && $0.value == value }) { return nil }
            let held = cookies.isEmpty ? "no cookies" : cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
            return "expected cookie \(quoted(name)) \(quoted(value)), got \(held) for \(app.navigator.displayURL(url))"
        case .launchReady:
            return app.shell.launch == .ready ? nil : "expected launch ready, got \(launchText(app))"
        case .launchFailed(let reason):
            if case .failed(let actual) = app.shell.launch, actual.contains(reason) { return nil }
            return "expected launch failed \(quoted(reason)), got \(launchText(app))"
        case .notification(let heading):
            let shown = (app.shell.banner.map { [$0] } ?? []) + app.shell.notifications.filter { $0.id != app.shell.banner?.id }
            if shown.contains(where: { $0.heading == heading }) { return nil }
            let got = shown.isEmpty ? "no notifications" : shown.map { quoted($0.heading) }.joined(separator: ", ")
            return "expected notification \(quoted(heading)), got \(got)"
        case .badge(let badge):
            return app.shell.badge == badge ? nil : "expected badge \(badge), got \(app.shell.badge)"
        case .privacyGuard(let expected):
            let profileHasOne = app.navigator.profile.privacyGuard != nil
            let actual = profileHasOne && !app.shell.isActive ? "visible" : "hidden"
            if actual == expected.rawValue { return nil }
            let why = !profileHasOne ? " (the profile has no privacyGuard)" : app.shell.isActive ? " (the app is in the foreground)" : ""
            return "expected privacy guard \(expected.rawValue), got \(actual)\(why)"
        default:
            return nil
        }
    }

    /// How the launch stands, for messages.
    private static func launchText(_ app: SimulatedApp) -> String {
        switch app.shell.launch {
        case .notLaunched: return "the app not launched"
        case .checking: return "the liveness check still running"
        case .waiting:
            let delay = app.navigator.profile.launch?.delayMs ?? 0
            return "the launch screen waiting \(delay) ms after the check (wait \(FlowDuration.text(.milliseconds(delay))))"
        case .ready: return "launch ready"
        case .failed(let reason): return "launch failed \"\(reason)\""
        }
    }
}
