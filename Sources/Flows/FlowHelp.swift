/// The flow syntax as `webnav help flows` prints it: every step, with what it does.
public enum FlowHelp {
    /// Each step's syntax and meaning; a test checks that every command and expectation word is here.
    public static let steps: [(syntax: String, meaning: String)] = [
        ("open URL", "deliver a URL from outside the app (deeplinks are routed, pages load in the top screen)"),
        ("tap \"TEXT\" | tap #N | tap css \"SELECTOR\" | tap left | tap right", "a link or button by its text (exact, else a unique case-insensitive substring), by number, any element by a CSS selector, or a bar button; on a page with scripts the tap fires click first and follows a link unless a handler called preventDefault()"),
        ("back", "the back gesture: web history back, else pop"),
        ("close", "the right button's action (even when hidden)"),
        ("reload", "reload the top page"),
        ("size COLSxROWS", "the simulated screen size (default 80x24, 20x6 to 1000x1000)"),
        ("snapshot [\"NAME\"]", "put the rendered screen into the output; named, also NAME.txt and NAME.svg in the artifacts folder"),
        ("include PATH", "run another flow file's steps here (relative to this file; at most 64 deep)"),
        ("wait DURATION", "let virtual time pass (500ms, 2s, 1m), running the app's and the pages' timers that fall due"),
        ("wait until text \"S\" [timeout DURATION]", "let virtual time pass timer by timer until the text shows (default timeout 10s); else fail"),
        ("fill TARGET \"text\"", "type into a field as the keyboard would (focus, input per character, change); TARGET: its label, placeholder, aria-label or name, #N (the N-th field) or css \"SELECTOR\""),
        ("select TARGET \"option\"", "choose an option of a <select> by its text or value (input, change)"),
        ("check TARGET, uncheck TARGET", "tap a checkbox or radio button unless it already is so"),
        ("accept, dismiss, answer \"text\"", "press OK or Cancel on the open JavaScript dialog, or type into a prompt and press OK; any other action fails while a dialog is open"),
        ("clear data", "empty every website data store: cookies, localStorage, sessionStorage"),
        ("background, foreground", "the app leaves for the background (its privacyGuard shows) or comes back"),
        ("restart", "a fresh stack from the root, stores kept (the launch check runs again)"),
        ("push FILE", "deliver a remote notification (an .apns payload, as xcrun simctl push takes it)"),
        ("notify FILE [after DURATION]", "a local notification, now or after virtual time passes"),
        ("eval \"JS\" [in WORLD]", "the app's evaluateJavaScript on the top page, in the page world or a content world (defaultClient, any name); the result (or WebKit's error 4 or 5) goes to the transcript"),
        ("call \"BODY\" [NAME VALUE]... [in WORLD]", "the app's callAsyncJavaScript: BODY runs as an async function whose parameters are the NAMEs; VALUE is a \"quoted string\" or a JSON literal (3, true, null); its Promise is awaited"),
        ("tap notification [action \"TITLE\"]", "tap the banner's notification (else the newest in the list), or one of its actions; either way the app opens the payload's link"),
        ("expect depth N", "the stack holds N screens"),
        ("expect title \"T\"", "the top screen's bar title"),
        ("expect bar visible|hidden", "whether the top screen has a bar"),
        ("expect left visible|hidden, expect right visible|hidden", "the bar's buttons"),
        ("expect color nav|tint|status \"#RGB\"|\"#RRGGBB\"", "a resolved colour"),
        ("expect url \"U\", expect url ~ \"S\"", "the page URL (absolute, or relative to the pages folder) equals U / contains S"),
        ("expect page \"T\"", "the page's <title>"),
        ("expect text \"S\", expect no text \"S\"", "the rendered page text (line breaks count as spaces)"),
        ("expect stack \"A\" \"B\" ...", "screen labels, bottom to top"),
        ("expect event \"S\"", "an event since the last action contains S"),
        ("expect warning CODE", "the last deeplink produced that linter warning"),
        ("expect cookie \"NAME\" \"VALUE\"", "the top screen's store holds the cookie for the top page's URL (HttpOnly too)"),
        ("expect launch ready, expect launch failed \"S\"", "the root screen is up / the liveness check failed with a reason containing S"),
        ("expect notification \"TITLE\"", "a notification with this title (else body) is on the banner or in the list"),
        ("expect badge N", "the number on the app's icon"),
        ("expect privacy guard visible|hidden", "whether the privacyGuard covers the device (while the app is in the background)"),
        ("expect dialog alert|confirm|prompt \"MESSAGE\"", "a JavaScript dialog of that kind with that message is open"),
        ("expect no dialog", "no JavaScript dialog is open"),
        ("expect console \"S\"", "a console message since the last action contains S"),
        ("expect js \"EXPR\" VALUE [in WORLD]", "the expression's value (evaluateJavaScript) is the string VALUE, or equals VALUE read as JSON"),
        ("expect message NAME [VALUE]", "the page posted a message to that handler since the last action (with a body that is the string VALUE or equals VALUE as JSON)"),
        ("expect download \"NAME\" [BYTES]", "the app saved a download under NAME (of BYTES bytes) since the last action"),
        ("expect no script errors", "no script error since the app started (run --strict fails a flow on any)"),
    ]

    /// The text of `webnav help flows`.
    public static var text: String {
        let width = steps.map(\.syntax.count).max() ?? 0
        var lines = [
            "Flow files: one step per line; # starts a comment (not inside a quoted string, a word such as page.html#top, or tap #3);",
            "arguments are bare words or \"quoted strings\" with \\\" and \\\\. Lines may end in LF or CRLF; a UTF-8 BOM is skipped.",
            "A folder given to webnav run runs every *.flow under it, sorted, except _*.flow fragments (for include).",
            "",
            "steps:",
        ]
        for step in steps {
            let padding = String(repeating: " ", count: max(0, width - step.syntax.count))
            lines.append("  \(step.syntax)\(padding)  \(step.meaning)")
        }
        return lines.joined(separator: "\n")
    }
}
