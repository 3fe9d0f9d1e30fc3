import PageKit
import TerminalUI

/// A message in the footer's second row: what an action did, a toast, or an error.
struct FooterMessage: Equatable {
    /// How long toasts stay when no key is pressed.
    static let toastDuration = Duration.seconds(5)

    var text: String
    var tone: FooterContent.Tone
    /// When it goes away by itself; nil: only at the next key.
    var expiry: ContinuousClock.Instant?

    func isShown(at now: ContinuousClock.Instant) -> Bool {
        expiry.map { now < $0 } ?? true
    }

    /// The message as rows of `width` cells (each after a one-cell margin), wrapped at spaces:
    /// one row when it fits or when it is a hint (the focused link's URL and key reminders are
    /// cut, as a browser's status bar cuts them); else as many rows as it needs, at most
    /// `available`, so what happened (warnings, errors, events) is not cut.
    func rows(width: Int, available: Int) -> [String] {
        let room = max(1, width - 1)
        guard available >= 2, tone != .hint, TerminalText.width(of: text) > room else { return [text] }
        var rows: [String] = []
        var rest = Substring(text)
        while rest.last == " " { rest = rest.dropLast() }
        while !rest.isEmpty {
            if rows.count == available - 1 || TerminalText.width(of: rest) <= room {
                rows.append(TerminalText.truncate(String(rest), toWidth: room))
                break
            }
            var fitting = rest.startIndex
            var used = 0
            while fitting < rest.endIndex {
                let cells = TerminalText.width(of: rest[fitting])
                if used + cells > room { break }
                used += cells
                fitting = rest.index(after: fitting)
            }
            if fitting == rest.startIndex { fitting = rest.index(after: fitting) }
            var breakAt = fitting
            // At a space, unless that leaves most of the row empty (a long path is split instead).
            if fitting < rest.endIndex, rest[fitting] != " ", let space = rest[..<fitting].lastIndex(of: " "),
               TerminalText.width(of: rest[..<space]) * 2 > room {
                breakAt = space
            }
            rows.append(String(rest[..<breakAt]))
            rest = rest[breakAt...].drop { $0 == " " }
        }
        return rows
    }
}
