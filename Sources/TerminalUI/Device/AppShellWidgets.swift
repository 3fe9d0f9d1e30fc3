import NavigatorCore
import PageKit
import Simulator

/// The launch screen (shell.md section 5): the app's title in the middle of the device until
/// the liveness check answers and the delay is over; a failed check shows its reason.
enum LaunchScreenWidget {
    static func draw(into screen: inout Screen, area: ScreenArea, title: String, phase: LaunchPhase, check: AppProfile.Launch?) {
        guard area.width > 0, area.height > 0 else { return }
        screen.fill(rows: area.rows, columns: area.columns, style: .plain)
        let inner = max(1, area.width - 2)
        var lines = [StyledLine(title, style: ChromeStyle.title)]
        switch phase {
        case .checking:
            if let check { lines.append(StyledLine("checking \(check.method) \(check.checkAlive)", style: ChromeStyle.dim)) }
        case .failed(let reason):
            lines.append(StyledLine())
            lines.append(StyledLine("✗ the launch check failed", style: ChromeStyle.failure))
            lines += StyledLine(reason, style: ChromeStyle.dim).wrapped(toWidth: inner)
            lines.append(StyledLine("r retries", style: ChromeStyle.dim))
        case .notLaunched, .waiting, .ready:
            break
        }
        let shown = lines.prefix(area.height)
        let top = area.row + max(0, (area.height - shown.count) / 2)
        for (offset, line) in shown.enumerated() {
            let width = min(line.width, inner)
            line.draw(into: &screen, row: top + offset, column: area.column + max(0, (area.width - width) / 2), width: inner)
        }
    }
}

/// The privacy guard (shell.md section 7): a cover over the whole device, as the app switcher
/// shows the app while it is inactive, with its title in the middle.
enum PrivacyGuardWidget {
    static let style = CellStyle(foreground: .rgb(0xFF, 0xFF, 0xFF), background: .rgb(0x1C, 0x1C, 0x1E))

    static func draw(into screen: inout Screen, area: ScreenArea, title: String?) {
        guard area.width > 0, area.height > 0 else { return }
        screen.fill(rows: area.rows, columns: area.columns, style: style)
        guard let title, !title.isEmpty else { return }
        let text = TerminalText.truncate(title, toWidth: max(1, area.width - 2))
        let column = area.column + max(0, (area.width - TerminalText.width(of: text)) / 2)
        screen.write(text, row: area.row + area.height / 2, column: column,
                     style: CellStyle(foreground: style.foreground, background: style.background, bold: true))
    }
}

/// How a notification banner is drawn: collapsed (as it slides in), or expanded (pulled down:
/// the whole body and the category's actions, one of them selected).
public enum BannerForm: Equatable, Sendable {
    case collapsed
    case expanded(selectedAction: Int?)
}

/// A notification as the system draws it (shell.md section 6): the app's name, the title in
/// bold, the subtitle, the body cut with `…`, the image as `[image: name]`, and when expanded
/// the category's actions.
public enum NotificationBannerWidget {
    static let background = CellStyle(foreground: .rgb(0x1C, 0x1C, 0x1E), background: .rgb(0xF2, 0xF2, 0xF7))
    static let border = CellStyle(foreground: .rgb(0x8E, 0x8E, 0x93), background: background.background)
    /// Body lines of a collapsed banner; an expanded one shows up to `expandedBodyLines`.
    static let collapsedBodyLines = 2
    static let expandedBodyLines = 8

    /// The banner's text lines inside its frame, `width` cells wide.
    static func lines(of notification: DeliveredNotification, appName: String, width: Int, form: BannerForm) -> [StyledLine] {
        let plain = background
        let bold = CellStyle(foreground: plain.foreground, background: plain.background, bold: true)
        let dim = CellStyle(foreground: .rgb(0x6C, 0x6C, 0x70), background: plain.background)
        var lines: [StyledLine] = []
        let now = "now"
        let nameWidth = max(0, width - TerminalText.width(of: now) - 1)
        let name = TerminalText.truncate(appName, toWidth: nameWidth)
        lines.append(StyledLine(name + String(repeating: " ", count: max(1, width - TerminalText.width(of: name) - 3)), style: dim)
            .appending(now, style: dim))
        let payload = notification.payload
        if let title = payload.title, !title.isEmpty { lines.append(StyledLine(oneLine(title), style: bold)) }
        if let subtitle = payload.subtitle, !subtitle.isEmpty { lines.append(StyledLine(oneLine(subtitle), style: bold)) }
        if let body = payload.body, !body.isEmpty {
            let limit: Int
            if case .expanded = form { limit = expandedBodyLines } else { limit = collapsedBodyLines }
            lines += bodyLines(body, width: width, limit: limit, style: plain)
        }
        if let image = notification.imageName { lines.append(StyledLine("[image: \(oneLine(image))]", style: dim)) }
        if case .expanded(let selected) = form, !notification.actions.isEmpty {
            var row = StyledLine()
            for (index, action) in notification.actions.enumerated() {
                if index > 0 { row.append("  ", style: plain) }
                let style = index == selected ? CellStyle(foreground: plain.background, background: plain.foreground, bold: true) : bold
                row.append("[ \(oneLine(action.title)) ]", style: style)
            }
            lines.append(row)
        }
        return lines
    }

    /// Draws the banner over the top of `area` (a margin of one cell at each side when there is
    /// room); returns where it landed, for clicks.
    @discardableResult
    public static func draw(_ notification: DeliveredNotification, appName: String, form: BannerForm, into screen: inout Screen,
                            area: ScreenArea) -> ScreenArea {
        guard area.width >= 6, area.height >= 3 else { return ScreenArea(row: area.row, column: area.column, width: 0, height: 0) }
        let margin = area.width >= 24 ? 1 : 0
        let width = area.width - 2 * margin
        let content = lines(of: notification, appName: appName, width: width - 4, form: form)
        let height = min(area.height, content.count + 2)
        let box = ScreenArea(row: area.row, column: area.column + margin, width: width, height: height)
        screen.fill(rows: box.rows, columns: box.columns, style: background)
        let edge = String(repeating: "─", count: width - 2)
        screen.write("╭" + edge + "╮", row: box.row, column: box.column, style: border)
        screen.write("╰" + edge + "╯", row: box.row + height - 1, column: box.column, style: border)
        for row in (box.row + 1)..<(box.row + height - 1) {
            screen.write("│", row: row, column: box.column, style: border)
            screen.write("│", row: row, column: box.column + width - 1, style: border)
        }
        let inside = height - 2
        for (offset, line) in content.prefix(inside).enumerated() {
            line.draw(into: &screen, row: box.row + 1 + offset, column: box.column + 2, width: width - 4)
        }
        return box
    }

    /// The body wrapped at spaces into at most `limit` lines, the last cut with `…` when more
    /// text follows. Only as much text as could show is wrapped, whatever the body's length.
    static func bodyLines(_ body: String, width: Int, limit: Int, style: CellStyle) -> [StyledLine] {
        guard width > 0, limit > 0 else { return [] }
        let shown = String(oneLine(body).prefix(width * limit + 1))
        var wrapped = StyledLine(shown, style: style).wrapped(toWidth: width)
        let cut = wrapped.count > limit || shown.count < oneLine(body).count
        wrapped = Array(wrapped.prefix(limit))
        if cut, let last = wrapped.popLast() {
            let text = TerminalText.truncate(last.text, toWidth: max(1, width - 1))
            wrapped.append(StyledLine(text.hasSuffix("…") ? text : text + "…", style: style))
        }
        return wrapped
    }

    /// Controls and line breaks as spaces: a banner line is one line.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
