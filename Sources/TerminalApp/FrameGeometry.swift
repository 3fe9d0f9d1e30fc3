import TerminalUI

/// Where the device, the side panel and the footer go on a terminal of a given size.
///
/// The footer takes the bottom two rows (one on short terminals). A panel goes beside
/// the device, at the right, when the terminal is wide enough: 90 columns, so that the
/// device keeps 60 or more, except for a flow being stepped through, which stays in view
/// for the whole session and goes beside from 72 columns (the device keeps 44). On
/// narrower terminals a panel covers the web view, leaving the status and navigation
/// bars in sight (the whole device when the web view is under four rows).
struct FrameGeometry: Equatable {
    /// The narrowest terminal that shows `panel` beside the device.
    static func besideMinimumColumns(for panel: TerminalAppState.SidePanel) -> Int {
        panel == .flow ? 72 : 90
    }

    var device: ScreenArea
    var footer: ScreenArea
    /// The side panel's area, when one is shown.
    var panel: ScreenArea?
    /// Rows and columns of the web view: the device below its status and navigation bars.
    var webView: ScreenArea

    init(columns: Int, rows: Int, panel shown: TerminalAppState.SidePanel?, barVisible: Bool) {
        let showsPanel = shown != nil
        let footerRows = DeviceRenderer.footerHeight(rows: rows)
        let deviceRows = max(0, rows - footerRows)
        footer = ScreenArea(row: deviceRows, column: 0, width: columns, height: footerRows)
        let beside = shown.map { columns >= Self.besideMinimumColumns(for: $0) } ?? false
        let panelWidth = beside ? min(60, max(28, columns - 61)) : 0
        device = ScreenArea(row: 0, column: 0, width: columns - panelWidth, height: deviceRows)
        let barRows = min(deviceRows, 1) + (barVisible ? min(3, max(0, deviceRows - 1)) : 0)
        webView = ScreenArea(row: barRows, column: 0, width: device.width, height: deviceRows - barRows)
        if panelWidth > 0 {
            panel = ScreenArea(row: 0, column: device.width, width: panelWidth, height: deviceRows)
        } else if showsPanel {
            panel = webView.height >= 4 ? webView : device
        }
    }

    /// The width pages are laid out at for this device.
    var contentWidth: Int { DeviceRenderer.webViewContentWidth(columns: device.width) }
}
