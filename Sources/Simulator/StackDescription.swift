import NavigatorCore

/// The stack as text: one line per screen, bottom to top, with its bar settings.
public enum StackDescription {
    /// `stack (bottom to top):` then `  1. Label  url  bar: …` lines.
    public static func lines(of app: SimulatedApp) -> [String] {
        ["stack (bottom to top):"] + app.navigator.screens.enumerated().map { index, screen in
            "  \(index + 1). \(screen.label)  \(app.navigator.displayURL(screen.currentPage.url))  \(barSummary(screen.appearance))"
        }
    }

    /// A one-line summary of a screen's bars: `no bar`, or title, buttons and colours.
    public static func barSummary(_ appearance: BarAppearance) -> String {
        guard appearance.barVisible else { return "no bar (status \(appearance.statusBarColor.hex))" }
        var parts = ["title \"\(appearance.title)\""]
        if appearance.leftButton { parts.append("‹") }
        if appearance.rightButton { parts.append("✕") }
        parts.append("nav \(appearance.navigationColor.hex)")
        parts.append("tint \(appearance.tintColor.hex)")
        parts.append("status \(appearance.statusBarColor.hex)")
        return "bar: " + parts.joined(separator: ", ")
    }
}
