import PageKit
import Simulator

extension PanelRenderer {
    /// The notification list, newest first: each notification's heading, subtitle and body
    /// (two lines), its image; the selected one highlighted with its actions, `selectedAction`
    /// among them reversed.
    public static func drawNotifications(_ notifications: [DeliveredNotification], badge: Int, selected: Int?, selectedAction: Int?,
                                         into screen: inout Screen, area: ScreenArea) {
        var info = "\(notifications.count) notification\(notifications.count == 1 ? "" : "s")"
        if badge > 0 { info += ", badge \(badge)" }
        let inside = PanelBox.draw(title: "Notifications", info: info, into: &screen, area: area)
        guard inside.width > 0 else { return }
        var lines: [StyledLine] = []
        var anchor = 0
        if notifications.isEmpty {
            lines.append(StyledLine("No notifications yet: webnav push FILE.apns, or push FILE at the : line", style: ChromeStyle.dim))
        }
        for notification in notifications.reversed() {
            let isSelected = notification.id == selected
            if isSelected { anchor = lines.count }
            let marker = isSelected ? "▸ " : "  "
            let headingStyle = isSelected ? CellStyle(bold: true, reverse: true) : ChromeStyle.bold
            var heading = StyledLine(marker, style: ChromeStyle.bold)
            heading.append(NotificationBannerWidget.oneLine(notification.heading), style: headingStyle)
            heading.append("  \(notification.origin.rawValue)", style: ChromeStyle.dim)
            lines.append(heading)
            let payload = notification.payload
            if let subtitle = payload.subtitle, !subtitle.isEmpty {
                lines.append(StyledLine("  " + NotificationBannerWidget.oneLine(subtitle), style: ChromeStyle.bold))
            }
            if let body = payload.body, !body.isEmpty, payload.title != nil {
                for line in NotificationBannerWidget.bodyLines(body, width: max(1, inside.width - 2), limit: isSelected ? 6 : 2, style: .plain) {
                    lines.append(StyledLine("  ").appending(line.text))
                }
            }
            if let image = notification.imageName {
                lines.append(StyledLine("  [image: \(NotificationBannerWidget.oneLine(image))]", style: ChromeStyle.dim))
            }
            if isSelected, !notification.actions.isEmpty {
                var row = StyledLine("  ")
                for (index, action) in notification.actions.enumerated() {
                    if index > 0 { row.append(" ") }
                    row.append("[ \(NotificationBannerWidget.oneLine(action.title)) ]", style: index == selectedAction ? ChromeStyle.highlight : ChromeStyle.bold)
                }
                lines += row.wrapped(toWidth: inside.width, indent: 2)
            }
        }
        lines.append(StyledLine())
        lines += StyledLine("↑ ↓ choose  ← → an action  Enter taps  Esc closes", style: ChromeStyle.dim).wrapped(toWidth: inside.width)
        PanelBox.drawLines(lines, anchor: anchor, into: &screen, area: inside)
    }
}
