import NavigatorCore

/// `webnav resolve URL... [--json]`: classify and parse each URL, explain the bar it gives.
enum ResolveCommand {
    static let spec = CommandSpec(
        name: "resolve", operands: "URL...", brief: "what each URL is: kind, action, configuration, appearance, warnings",
        summary: "Classify and parse each URL: kind, action, configuration, resolved appearance, warnings.",
        options: [OptionSpec(name: "json", valueName: nil, help: "one JSON object per line instead of text")],
        positionalName: "at least one URL", minimumPositionals: 1, maximumPositionals: nil,
        details: "Every input is classified, unparsable ones included (kind invalid with a reason); the exit code is 0.\nDynamic warnings (removeStack-noop) need a stack and appear in flows and the terminal UI."
    )

    static func run(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        let environment = try AppEnvironment.load(arguments)
        try environment.reportWarnings()
        let classifier = URLClassifier(profile: environment.profile)
        for input in arguments.positionals {
            let classification = classifier.classify(input)
            try StandardStream.output.line(arguments.has("json") ? json(classification) : text(classification))
        }
        return 0
    }

    static func json(_ classification: URLClassification) -> String {
        let deeplink = classification.deeplink
        var config = "null", appearance = "null"
        if let configuration = deeplink?.configuration {
            config = JSONText.object([
                ("host", JSONText.quote(configuration.host)),
                ("url", JSONText.optional(configuration.urlString)),
                ("title", JSONText.optional(configuration.title)),
                ("leftBtn", JSONText.optional(configuration.leftBtn)),
                ("rightBtn", JSONText.optional(configuration.rightBtn)),
                ("navigationColor", JSONText.optional(configuration.navigationColor)),
                ("statusBarColor", JSONText.optional(configuration.statusBarColor)),
                ("tintColor", JSONText.optional(configuration.tintColor)),
                ("removeStack", JSONText.optional(configuration.removeStack)),
                ("navigationBarIsEnable", configuration.navigationBarIsEnable ? "true" : "false"),
            ])
            let resolved = configuration.appearance
            appearance = JSONText.object([
                ("barVisible", resolved.barVisible ? "true" : "false"),
                ("title", JSONText.quote(resolved.title)),
                ("leftButton", resolved.leftButton ? "true" : "false"),
                ("rightButton", resolved.rightButton ? "true" : "false"),
                ("navigationColor", JSONText.quote(resolved.navigationColor.hex)),
                ("tintColor", JSONText.quote(resolved.tintColor.hex)),
                ("statusBarColor", JSONText.quote(resolved.statusBarColor.hex)),
            ])
        }
        let warnings = (deeplink?.warnings ?? []).map {
            JSONText.object([("code", JSONText.quote($0.code.rawValue)), ("message", JSONText.quote($0.message))])
        }
        return JSONText.object([
            ("input", JSONText.quote(classification.input)),
            ("url", JSONText.quote(classification.url)),
            ("kind", JSONText.quote(classification.kind.rawValue)),
            ("action", JSONText.optional(deeplink?.action.rawValue)),
            ("reason", JSONText.optional(classification.reason)),
            ("config", config),
            ("appearance", appearance),
            ("warnings", JSONText.array(warnings)),
        ])
    }

    static func text(_ classification: URLClassification) -> String {
        var lines = [classification.input]
        if classification.url != classification.input { lines.append("  as the app sees it: \(classification.url)") }
        guard let deeplink = classification.deeplink else {
            let reason = classification.reason.map { " (\($0))" } ?? ""
            lines.append("  kind: \(classification.kind.rawValue)\(reason)")
            return lines.joined(separator: "\n")
        }
        let configuration = deeplink.configuration
        func show(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "absent" }
        func show(_ value: Bool?) -> String { value.map { $0 ? "true" : "false" } ?? "absent" }
        lines.append("  kind: deeplink, host \"\(deeplink.host)\" → \(deeplink.action.rawValue)")
        lines.append("  url: \(show(configuration.urlString))  title: \(show(configuration.title))  leftBtn: \(show(configuration.leftBtn))  rightBtn: \(show(configuration.rightBtn))  removeStack: \(show(configuration.removeStack))")
        lines.append("  navigationColor: \(show(configuration.navigationColor))  statusBarColor: \(show(configuration.statusBarColor))  tintColor: \(show(configuration.tintColor))")
        let appearance = configuration.appearance
        if appearance.barVisible {
            lines.append("  bar: visible, title \"\(appearance.title)\", left \(appearance.leftButton ? "‹ shown" : "hidden"), right \(appearance.rightButton ? "✕ shown" : "hidden")")
            lines.append("  colours: nav \(appearance.navigationColor.hex), tint \(appearance.tintColor.hex), status \(appearance.statusBarColor.hex)")
        } else {
            lines.append("  bar: hidden (no bar parameter present); status \(appearance.statusBarColor.hex)")
        }
        if deeplink.warnings.isEmpty {
            lines.append("  warnings: none")
        } else {
            lines.append("  warnings:")
            lines += deeplink.warnings.map { "    \($0.code.rawValue): \($0.message)" }
        }
        return lines.joined(separator: "\n")
    }
}
