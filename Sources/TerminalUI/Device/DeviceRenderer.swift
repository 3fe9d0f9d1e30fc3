import NavigatorCore
import PageKit
import Simulator

/// What the simulator's own footer shows under the device: the page URL and a message line.
public struct FooterContent: Equatable, Sendable {
    public enum Tone: Sendable { case hint, info, success, warning, error, prompt }

    public var location: String
    public var message: String
    public var tone: Tone
    /// Shown at the right of the URL row: how far down the page is scrolled (`Top`, `42%`).
    public var position: String

    public init(location: String, message: String, tone: Tone = .hint, position: String = "") {
        self.location = location
        self.message = message
        self.tone = tone
        self.position = position
    }
}

/// Which part of a page a web view shows, and which of its links, buttons or fields has the focus.
public struct WebViewport: Equatable, Sendable {
    /// The first visible layout line.
    public var scrollOffset: Int
    /// The index of the focused item among the layout's items.
    public var focusedItem: Int?
    /// The index of the focused field among the layout's fields.
    public var focusedField: Int?
    /// The first visible column, when wide lines (`<pre>`, tables) are scrolled sideways.
    public var horizontalOffset: Int
    /// The field being edited in place, drawn with the text typed so far.
    public var editing: FieldEditing?

    public init(scrollOffset: Int = 0, focusedItem: Int? = nil, focusedField: Int? = nil, horizontalOffset: Int = 0,
                editing: FieldEditing? = nil) {
        self.scrollOffset = scrollOffset
        self.focusedItem = focusedItem
        self.focusedField = focusedField
        self.horizontalOffset = horizontalOffset
        self.editing = editing
    }
}

/// A text field being edited in place: what is typed so far and where the cursor is.
public struct FieldEditing: Equatable, Sendable {
    /// The field, by index into the layout's fields.
    public var field: Int
    public var text: String
    /// The cursor, in characters into `text`.
    public var cursor: Int
    /// A password field: bullets instead of the characters.
    public var isSecure: Bool
    /// Shown dim while the text is empty.
    public var placeholder: String?

    public init(field: Int, text: String, cursor: Int, isSecure: Bool = false, placeholder: String? = nil) {
        self.field = field
        self.text = text
        self.cursor = cursor
        self.isSecure = isSecure
        self.placeholder = placeholder
    }
}

/// Where things landed on a drawn frame, for mouse clicks.
public struct FrameRegions: Equatable, Sendable {
    public var webView: ScreenArea
    public var leftButton: ScreenArea?
    public var rightButton: ScreenArea?
    /// The notification banner, while one shows.
    public var banner: ScreenArea?
    /// An open dialog's OK and Cancel buttons.
    public var dialogOK: ScreenArea?
    public var dialogCancel: ScreenArea?
}

/// Draws the simulated app into a Screen: status bar, navigation bar, web view, and the footer.
///
/// The terminal UI, `preview` and the flow runner's pictures all come from here, so they agree.
public enum DeviceRenderer {
    /// The clock flows and previews show, so their output never changes.
    public static let fixedClock = "9:41"

    /// The page text width for a device `columns` wide (what flows lay pages out at).
    public static func webViewContentWidth(columns: Int) -> Int {
        WebViewWidget.contentWidth(forWidth: columns)
    }

    /// Rows of the footer for a frame `rows` high: two (URL and message), one when space is short.
    public static func footerHeight(rows: Int) -> Int {
        rows >= 10 ? 2 : rows >= 3 ? 1 : 0
    }

    /// A whole frame as flows and `preview` show it: the device, the URL, and the last event.
    /// Without a viewport, the web view shows the page from the top, or from the anchor the URL's
    /// `#fragment` names, as a page just loaded does.
    /// An open JavaScript `dialog` is drawn over the device.
    public static func frame(of app: SimulatedApp, columns: Int, rows: Int, viewport: WebViewport? = nil,
                             dialog: OpenDialog? = nil) -> Screen {
        frameAndWebView(of: app, columns: columns, rows: rows, viewport: viewport, dialog: dialog).screen
    }

    /// The frame, and where its web view shows (no rows under the launch screen or the privacy guard).
    public static func frameAndWebView(of app: SimulatedApp, columns: Int, rows: Int, viewport: WebViewport? = nil,
                                       dialog: OpenDialog? = nil) -> (screen: Screen, webView: ScreenArea, viewport: WebViewport) {
        let viewport = viewport ?? WebViewport(scrollOffset: app.top.map {
            app.initialScrollOffset(of: $0.id, width: webViewContentWidth(columns: columns))
        } ?? 0)
        var screen = Screen(width: columns, height: rows)
        let location = app.topWebView.map { app.navigator.displayURL($0.url) } ?? ""
        let footer = FooterContent(location: location, message: app.eventLog.last?.text ?? "", tone: .info)
        let footerRows = footerHeight(rows: rows)
        let regions = drawDevice(of: app, into: &screen, area: ScreenArea(row: 0, column: 0, width: columns, height: rows - footerRows),
                                 clock: fixedClock, viewport: viewport, dialog: dialog.map { DialogBox(dialog: $0) })
        drawFooter(footer, into: &screen, area: ScreenArea(row: rows - footerRows, column: 0, width: columns, height: footerRows))
        return (screen, regions.webView, viewport)
    }

    /// The web view's rows as the user sees them in a frame: each cell's character where the
    /// page shows, `\u{0}` where something is drawn over it (a dialog, the notification banner);
    /// no rows under the launch screen or the privacy guard.
    public static func visibleWebViewRows(of app: SimulatedApp, columns: Int, rows: Int, viewport: WebViewport? = nil,
                                          dialog: OpenDialog? = nil) -> [String] {
        let (screen, area, viewport) = frameAndWebView(of: app, columns: columns, rows: rows, viewport: viewport, dialog: dialog)
        guard area.height > 0, area.width > 0, let top = app.top, app.topWebView != nil else { return [] }
        var page = Screen(width: columns, height: rows)
        let layout = app.layout(of: top.id, width: WebViewWidget.contentWidth(forWidth: area.width))
        WebViewWidget.draw(into: &page, area: area, layout: layout, scrollOffset: viewport.scrollOffset, focusedItem: nil,
                           focusedField: nil, horizontalOffset: viewport.horizontalOffset, editing: nil)
        return area.rows.map { row in
            var text = ""
            for column in area.columns {
                let shown = page[row, column]
                guard !shown.isContinuation else { continue }
                text += screen[row, column].character == shown.character ? shown.character : "\u{0}"
            }
            return text
        }
    }

    /// Draws the device (status bar, navigation bar, web view) into an area; returns the click regions.
    /// The app shell draws over it: the launch screen until the root is up, the notification
    /// banner (with `selectedBannerAction` reversed when it is expanded), and the privacy guard
    /// while the app is in the background. A JavaScript dialog is drawn over the device, under the banner.
    @discardableResult
    public static func drawDevice(of app: SimulatedApp, into screen: inout Screen, area: ScreenArea, clock: String,
                                  viewport: WebViewport, appearance shown: BarAppearance? = nil,
                                  selectedBannerAction: Int? = nil, dialog: DialogBox? = nil) -> FrameRegions {
        var regions = drawScreens(of: app, into: &screen, area: area, clock: clock, viewport: viewport, appearance: shown)
        if let dialog {
            let buttons = DialogWidget.draw(dialog, into: &screen, area: area)
            regions.dialogOK = buttons.ok
            regions.dialogCancel = buttons.cancel
        }
        let profile = app.navigator.profile
        if let banner = app.shell.banner {
            let form: BannerForm = app.shell.bannerIsExpanded ? .expanded(selectedAction: selectedBannerAction) : .collapsed
            regions.banner = NotificationBannerWidget.draw(banner, appName: profile.launchScreenTitle, form: form, into: &screen, area: area)
        }
        if !app.shell.isActive, let privacyGuard = profile.privacyGuard {
            PrivacyGuardWidget.draw(into: &screen, area: area, title: privacyGuard.title)
            regions = FrameRegions(webView: ScreenArea(row: area.row, column: area.column, width: 0, height: 0))
        }
        return regions
    }

    /// The status bar, then the launch screen or the top screen's bar and web view.
    private static func drawScreens(of app: SimulatedApp, into screen: inout Screen, area: ScreenArea, clock: String,
                                    viewport: WebViewport, appearance shown: BarAppearance?) -> FrameRegions {
        let appearance = shown ?? app.top?.appearance ?? .noBar
        StatusBarWidget.draw(into: &screen, area: ScreenArea(row: area.row, column: area.column, width: area.width, height: min(1, area.height)),
                             appearance: appearance, clock: clock, depth: app.navigator.screens.count, badge: app.shell.badge)
        var top = area.row + min(1, area.height)
        if app.shell.launch != .ready {
            let launchArea = ScreenArea(row: top, column: area.column, width: area.width, height: area.row + area.height - top)
            LaunchScreenWidget.draw(into: &screen, area: launchArea, title: app.navigator.profile.launchScreenTitle, phase: app.shell.launch,
                                    check: app.navigator.profile.launch)
            return FrameRegions(webView: ScreenArea(row: top, column: area.column, width: 0, height: 0))
        }
        var zones = NavigationBarWidget.ButtonZones()
        if appearance.barVisible {
            let barHeight = min(NavigationBarWidget.height, area.row + area.height - top)
            zones = NavigationBarWidget.draw(into: &screen, area: ScreenArea(row: top, column: area.column, width: area.width, height: barHeight), appearance: appearance)
            top += barHeight
        }
        let webArea = ScreenArea(row: top, column: area.column, width: area.width, height: area.row + area.height - top)
        if let top = app.top, app.topWebView != nil {
            let layout = app.layout(of: top.id, width: WebViewWidget.contentWidth(forWidth: area.width))
            WebViewWidget.draw(into: &screen, area: webArea, layout: layout, scrollOffset: viewport.scrollOffset,
                               focusedItem: viewport.focusedItem, focusedField: viewport.focusedField,
                               horizontalOffset: viewport.horizontalOffset, editing: viewport.editing)
        } else {
            screen.fill(rows: webArea.rows, columns: webArea.columns, style: .plain)
        }
        return FrameRegions(webView: webArea, leftButton: zones.left, rightButton: zones.right)
    }

    /// Draws the footer: the URL row in reverse video, then the message row.
    public static func drawFooter(_ footer: FooterContent, into screen: inout Screen, area: ScreenArea) {
        guard area.height > 0, area.width > 0 else { return }
        var messageRow = area.row
        if area.height >= 2 {
            let bar = CellStyle(reverse: true)
            screen.fill(rows: area.row..<(area.row + 1), columns: area.columns, style: bar)
            let positionWidth = footer.position.isEmpty ? 0 : TerminalText.width(of: footer.position) + 2
            let showsPosition = positionWidth > 0 && area.width - positionWidth >= 12
            let locationWidth = max(0, area.width - 2 - (showsPosition ? positionWidth : 0))
            screen.write(" " + TerminalText.truncate(footer.location, toWidth: locationWidth), row: area.row, column: area.column, style: bar, maxWidth: area.width)
            if showsPosition {
                screen.write(footer.position, row: area.row, column: area.column + area.width - positionWidth + 1, style: bar)
            }
            messageRow += 1
        }
        let style: CellStyle
        switch footer.tone {
        case .hint: style = CellStyle(dim: true)
        case .info, .prompt: style = .plain
        case .success: style = ChromeStyle.success
        case .warning: style = ChromeStyle.warning
        case .error: style = ChromeStyle.failure
        }
        screen.fill(rows: messageRow..<(messageRow + 1), columns: area.columns, style: .plain)
        let text = footer.tone == .prompt ? footer.message : " " + footer.message
        screen.write(TerminalText.truncate(text, toWidth: area.width), row: messageRow, column: area.column, style: style, maxWidth: area.width)
    }
}
