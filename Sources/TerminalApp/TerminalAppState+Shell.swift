#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Simulator
import TerminalUI

/// Which notification (and which of its actions) the notification list or the expanded
/// banner has selected.
struct NotificationSelection: Equatable {
    var id: Int
    /// An action of the notification; nil: the notification itself.
    var action: Int?
}

/// The app shell's keys: the notification list and the banner, the lifecycle.
extension TerminalAppState {
    /// `c`, `H` and Ctrl-R; nil for any other key.
    mutating func handleShellKey(_ key: Key) -> [TerminalAppEffect]? {
        switch key {
        case .character("c"):
            if let banner = app.shell.banner {
                notificationSelection = NotificationSelection(id: banner.id, action: nil)
                return perform(.shell(.expandBanner))
            }
            panel = .notifications
            panelScroll = nil
            notificationSelection = app.shell.notifications.last.map { NotificationSelection(id: $0.id, action: nil) }
            return []
        case .character("H"):
            return perform(.shell(app.shell.isActive ? .background : .foreground))
        case .control("r"):
            return perform(.shell(.restart))
        default:
            return nil
        }
    }

    /// Whether keys go to the notification list or the expanded banner.
    var isChoosingNotification: Bool {
        panel == .notifications || app.shell.bannerIsExpanded
    }

    /// A key while the notification list is open or the banner is expanded: ↑ ↓ choose a
    /// notification (in the list), ← → one of its actions, Enter taps, Esc or `c` closes.
    mutating func handleNotificationKey(_ key: Key) -> [TerminalAppEffect] {
        let onBanner = app.shell.bannerIsExpanded && panel != .notifications
        let list = onBanner ? app.shell.banner.map { [$0] } ?? [] : Array(app.shell.notifications.reversed())
        var selection = notificationSelection.flatMap { chosen in list.contains { $0.id == chosen.id } ? chosen : nil }
            ?? list.first.map { NotificationSelection(id: $0.id, action: nil) }
        defer { notificationSelection = selection }
        let index = selection.flatMap { chosen in list.firstIndex { $0.id == chosen.id } }
        switch key {
        case .escape, .character("c"), .character("q"):
            selection = nil
            if onBanner { return perform(.shell(.dismissBanner)) }
            panel = nil
        case .up, .character("k"):
            guard let index, index > 0 else { return [.bell] }
            selection = NotificationSelection(id: list[index - 1].id, action: nil)
        case .down, .character("j"):
            guard let index, index + 1 < list.count else { return [.bell] }
            selection = NotificationSelection(id: list[index + 1].id, action: nil)
        case .left, .right, .tab, .backTab:
            guard let index, !list[index].actions.isEmpty, var chosen = selection else { return [.bell] }
            let count = list[index].actions.count
            let forward = key == .right || key == .tab
            switch chosen.action {
            case nil: chosen.action = forward ? 0 : count - 1
            case let current?:
                let next = current + (forward ? 1 : -1)
                chosen.action = next < 0 || next >= count ? nil : next
            }
            selection = chosen
        case .enter:
            guard let index, let chosen = selection else { return [.bell] }
            let notification = list[index]
            let action = chosen.action.map { notification.actions[$0].id }
            selection = nil
            if panel == .notifications { panel = nil }
            return perform(.shell(.tapNotification(id: notification.id, action: action)))
        default:
            return [.bell]
        }
        return []
    }

    /// A click on the banner taps it.
    mutating func tapBanner() -> [TerminalAppEffect] {
        guard let banner = app.shell.banner else { return [] }
        notificationSelection = nil
        return perform(.shell(.tapNotification(id: banner.id)))
    }

    /// The footer's idle line while the app is in the background.
    var backgroundStatus: FooterMessage? {
        guard !app.shell.isActive else { return nil }
        return FooterMessage(text: "the app is in the background: H brings it back", tone: .hint, expiry: nil)
    }
}
