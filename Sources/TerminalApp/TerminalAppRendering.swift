#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PageKit
import Simulator
import TerminalUI

extension TerminalAppState {
    /// The whole frame: the device, the side panel, the footer, and the help over them.
    ///
    /// `clock` is the status bar's time; `now` decides which toasts are still shown.
    public func render(now: ContinuousClock.Instant, clock: String) -> Screen {
        var screen = Screen(width: size.columns, height: size.rows)
        let geometry = self.geometry
        let shown = viewport()
        let regions = DeviceRenderer.drawDevice(
            of: app, into: &screen, area: geometry.device, clock: clock,
            viewport: WebViewport(scrollOffset: shown?.scrollOffset ?? 0, focusedItem: shown?.focusedItem, focusedField: shown?.focusedField,
                                  horizontalOffset: shown?.horizontalOffset ?? 0, editing: shown.flatMap { fieldEditing(in: $0.layout) }),
            appearance: shownAppearance, selectedBannerAction: notificationSelection?.action, dialog: dialogBox)
        if let menu = optionMenu, let shown, let field = shown.layout.fields.first(where: { $0.node == menu.node }),
           let region = field.regions.first {
            OptionMenuWidget.draw(menu.options.map { OptionMenuWidget.Row(label: $0.label, isSelected: $0.isSelected, isDisabled: $0.isDisabled) },
                                  highlighted: menu.highlighted, anchorRow: regions.webView.row + region.line - shown.scrollOffset,
                                  anchorColumn: regions.webView.column + 1 + region.columns.lowerBound - shown.horizontalOffset,
                                  into: &screen, area: regions.webView)
        }
        if let panel, let area = geometry.panel {
            switch panel {
            case .stack: PanelRenderer.drawStack(of: app, into: &screen, area: area, start: panelScroll)
            case .eventLog: PanelRenderer.drawEventLog(app.eventLog.events, into: &screen, area: area, start: panelScroll)
            case .builder:
                if let builder { PanelRenderer.drawBuilder(builder.panelContent(profile: app.navigator.profile), into: &screen, area: area) }
            case .flow:
                if let stepper { PanelRenderer.drawFlow(stepper.panelContent, into: &screen, area: area) }
            case .notifications:
                PanelRenderer.drawNotifications(app.shell.notifications, badge: app.shell.badge, selected: notificationSelection?.id,
                                                selectedAction: notificationSelection?.action, into: &screen, area: area)
            }
        }
        drawFooter(into: &screen, area: geometry.footer, now: now)
        if showsHelp {
            PanelRenderer.drawHelp(KeyBindings.help, footnote: KeyBindings.helpFootnote, scroll: helpScroll, into: &screen,
                                   area: ScreenArea(row: 0, column: 0, width: size.columns, height: geometry.device.height))
        }
        return screen
    }

    /// What the footer says while the host works: the UI still takes keys, and `q` quits.
    private var busyStatus: FooterMessage? {
        isWaitingForApp ? FooterMessage(text: "loading… (q quits)", tone: .hint, expiry: nil) : nil
    }

    /// The URL row, then the prompt, a message, the flow's progress, or the key hints.
    private func drawFooter(into screen: inout Screen, area: ScreenArea, now: ContinuousClock.Instant) {
        guard area.height > 0 else { return }
        let location = app.topWebView.map { app.navigator.displayURL($0.url) } ?? ""
        let position = viewport()?.position ?? ""
        if let prompt {
            let visible = prompt.visible(width: area.width, prefix: promptIsSearch ? "/" : ":")
            DeviceRenderer.drawFooter(FooterContent(location: location, message: visible.text, tone: .prompt, position: position),
                                      into: &screen, area: area)
            screen.setStyle(CellStyle(reverse: true), row: area.row + area.height - 1, column: area.column + visible.cursorColumn)
            return
        }
        let dialogStatus = dialog.map { FooterMessage(text: dialogHint($0), tone: .hint, expiry: nil) }
        let current = message.flatMap { $0.isShown(at: now) ? $0 : nil }
        // While the host works, saying so (and that `q` quits) comes before what the last action did.
        let urgent = current.flatMap { $0.tone == .warning || $0.tone == .error ? $0 : nil }
        if let shown = urgent ?? busyStatus ?? current ?? dialogStatus ?? stepStatus ?? backgroundStatus {
            // A message too long for its row takes the URL's row, then rows above the footer: never cut.
            let rows = shown.rows(width: area.width, available: area.height >= 2 ? area.row + area.height : 1)
            if rows.count > 1 {
                let top = area.row + area.height - rows.count
                for (index, row) in rows.enumerated() {
                    DeviceRenderer.drawFooter(FooterContent(location: "", message: row, tone: shown.tone),
                                              into: &screen, area: ScreenArea(row: top + index, column: area.column, width: area.width, height: 1))
                }
                return
            }
            DeviceRenderer.drawFooter(FooterContent(location: location, message: shown.text, tone: shown.tone, position: position),
                                      into: &screen, area: area)
        } else if area.height >= 2 {
            DeviceRenderer.drawFooter(FooterContent(location: location, message: "", position: position), into: &screen, area: area)
            PanelRenderer.drawKeyHints(stepper == nil ? KeyBindings.hints : KeyBindings.stepHints, into: &screen,
                                       area: ScreenArea(row: area.row + area.height - 1, column: area.column, width: area.width, height: 1))
        } else {
            DeviceRenderer.drawFooter(FooterContent(location: location, message: location, tone: .info), into: &screen, area: area)
        }
    }
}
