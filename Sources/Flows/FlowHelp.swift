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
        ("include PATH [NAME=\"value\"]...", "run another flow file's steps here (relative to this file; at most 64 deep), passing the fragment's parameters"),
        ("param NAME [\"DEFAULT\"]", "in a fragment: a parameter the include passes, with its default (without one, the include must pass it)"),
        ("set NAME \"value\", set NAME js \"EXPR\" [in WORLD]", "a variable for ${NAME} in later steps: the value, or what the expression gives on the top page (a string as it is, else JSON)"),
        ("if CONDITION, else, end", "the steps up to end (or else) when the condition holds, else those after else"),
        ("repeat N, repeat while CONDITION [max N], end", "the steps up to end N times (0 to 10000), or while the condition holds, at most N times (default 100; still true after that fails)"),
        ("retry N, end", "the steps up to end again, up to N more times (1 to 100), while one of them fails"),
        ("route \"PATTERN\" file \"PATH\" [status N] [header \"NAME: VALUE\"]... [delay DURATION]", "answer the requests whose URL the pattern matches (** any characters, * any but /) with the file: status 200, Content-Type from its extension, at once or after the delay on the app's clock"),
        ("route \"PATTERN\" abort", "fail those requests (error -1005, the connection lost); the last route added that matches answers"),
        ("offline, online", "every http(s) request fails as without a network (error -1009), routed or not; the network comes back"),
        ("scroll to \"TEXT\"", "scroll the web view until the first line holding the text shows"),
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
        ("eval \"JS\" [in WORLD]", "the app's evaluateJavaScript on the top page, in the page world or a content world (defaultClient, any name); the result (or WebKit's error 4 or 5) goes to the trace (run --trace, --json, --junit, --html)"),
        ("call \"BODY\" [NAME VALUE]... [in WORLD]", "the app's callAsyncJavaScript: BODY runs as an async function whose parameters are the NAMEs; VALUE is a \"quoted string\" or a JSON literal (3, true, null); its Promise is awaited"),
        ("tap notification [action \"TITLE\"]", "tap the banner's notification (else the newest in the list), or one of its actions; either way the app opens the payload's link"),
        ("expect depth N", "the stack holds N screens"),
        ("expect title \"T\"", "the top screen's bar title"),
        ("expect bar visible|hidden", "whether the top screen has a bar"),
        ("expect left visible|hidden, expect right visible|hidden", "the bar's buttons"),
        ("expect color nav|tint|status \"#RGB\"|\"#RRGGBB\"", "a resolved colour"),
        ("expect url \"U\", expect url ~ \"S\"", "the page URL (absolute, or relative to the pages folder) equals U / contains S"),
        ("expect page \"T\"", "the page's <title>"),
        ("expect text \"S\", expect no text \"S\"", "the rendered page text (line breaks count as spaces), shown or not"),
        ("expect visible \"S\"", "the text shows in the web view's rows on the screen: not scrolled away, not under a dialog, the launch screen or the privacy guard"),
        ("expect focus \"NAME\"", "the focused element is the field with that label, placeholder, aria-label or name, or the link or button with that text"),
        ("expect request \"PATTERN\" [method M] [body ~ \"S\"]", "since the last action the app requested a URL the pattern matches (with that method, with a body containing S)"),
        ("expect stack \"A\" \"B\" ...", "screen labels, bottom to top"),
        ("expect event \"S\"", "an event since the last action contains S (the launch counts as the first action)"),
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

    /// The rules above the table (the help and the manual page say them the same way).
    public static let introduction = [
        "Flow files: one step per line; # starts a comment (not inside a quoted string, a word such as page.html#top, or tap #3);",
        "arguments are bare words or \"quoted strings\" with \\\" and \\\\. Lines may end in LF or CRLF; a UTF-8 BOM is skipped.",
        "A folder given to webnav run runs every *.flow under it, sorted, except _*.flow fragments (for include).",
        "${NAME} in any argument is a variable: from --env NAME=VALUE, the profile's env, set or param ($${ writes ${);",
        "one that nothing gives is an error at its line and column. A CONDITION (if, repeat while) is any expectation",
        "without expect (text \"S\", visible \"S\", depth N, …), js \"EXPR\" (its value is truthy), dialog (one is open), or not CONDITION.",
    ]

    /// The table as the README has it (a test holds the two equal).
    public static var markdownTable: String {
        let rows = steps.map { step in
            "| `\(step.syntax.replacing("|", with: "\\|"))` | \(step.meaning.replacing("|", with: "\\|")) |"
        }
        return (["| step | meaning |", "|---|---|"] + rows).joined(separator: "\n")
    }

    /// The text of `webnav help flows`: a step longer than the column has its meaning on the next line.
    public static var text: String {
        let column = 50
        var lines = introduction + ["", "steps:"]
        for step in steps {
            if step.syntax.count < column {
                lines.append("  \(step.syntax)\(String(repeating: " ", count: column - step.syntax.count))  \(step.meaning)")
            } else {
                lines += ["  \(step.syntax)", "  " + String(repeating: " ", count: column) + "  \(step.meaning)"]
            }
        }
        return lines.joined(separator: "\n")
    }
}
