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
}
