#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import NavigatorCore
import Simulator
import TerminalUI

/// `webnav preview URL... [--size COLSxROWS] [--color auto|always|never]`: one frame after the URLs.
enum PreviewCommand {
    static let spec = CommandSpec(
        name: "preview", operands: "[URL...]", brief: "one frame of the screen after the URLs (no URL: the root screen)",
        summary: "Deliver each URL to a fresh app (none: the root screen), then print one frame of the screen (at most ROWS lines) and exit.",
        options: [
            OptionSpec(name: "size", valueName: "COLSxROWS", help: "the screen size (default 80x24, at least 20x6)"),
            OptionSpec(name: "color", valueName: "WHEN", help: "auto (when stdout is a terminal), always (24-bit colour) or never",
                       values: .choices(["auto", "always", "never"])),
            OptionSpec(name: "svg", valueName: "FILE", help: "also write the frame as an SVG picture (its real colours)", values: .files(["svg"])),
        ],
        positionalName: "URLs", minimumPositionals: 0, maximumPositionals: nil,
        details: "The linter's warnings for the URLs go to stderr. NO_COLOR (set and non-empty) turns colour off, unless --color always.",
        operandValues: .pagesFolderPages
    )

    static func run(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        let size = try size(arguments.value("size") ?? "80x24")
        let mode = try colorMode(arguments.value("color") ?? "auto")
        let environment = try AppEnvironment.load(arguments)
        try environment.reportWarnings()
        try environment.requirePagesFolder()
        let host = AppHost(profile: environment.profile, pagesBase: environment.pagesFolder, store: environment.pageStore(revalidates: false))
        var app = host.perform(.launch).app
        // A frame of the app as it is after launching: the launch screen's delay passes (in
        // virtual time), a failed liveness check stays on screen with its reason.
        if app.shell.launch == .waiting, let launch = environment.profile.launch {
            app = host.perform(.wait(.milliseconds(launch.delayMs))).app
        }
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true).absoluteString
        for url in arguments.positionals {
            let before = app.eventLog.total
            let previous = app
            app = host.perform(.navigator(.urlOpened(url, base: base))).app
            if let reason = app.localPageFailure(since: previous) { throw UserError("cannot open page: \(reason)", path: url) }
            for event in app.eventLog.events(since: before) where event.kind == .warning {
                try StandardStream.error.line("\(url): \(event.text)")
            }
        }
        let frame = DeviceRenderer.frame(of: app, columns: size.columns, rows: size.rows)
        if let path = arguments.value("svg") {
            do {
                try Data(SVGRenderer().render(frame).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw UserError("cannot write the SVG picture: \(ErrorDescription.reason(error))", path: path)
            }
        }
        // The frame's cells hold no control characters (`Screen.write` drops them); the renderer's
        // own escape sequences are the only ones sent.
        try StandardStream.output.raw(ANSIRenderer(mode: mode).render(frame))
        return 0
    }

    static func size(_ text: String) throws(UserError) -> TerminalSize {
        guard let size = TerminalSize(parsing: text) else {
            throw UserError("--size takes COLSxROWS, such as 80x24, got \"\(text)\"")
        }
        guard size.isSupported else { throw UserError("--size must be between 20x6 and 1000x1000, got \(text)") }
        return size
    }

    static func colorMode(_ choice: String) throws(UserError) -> ColorMode {
        let environment = ProcessInfo.processInfo.environment
        // An explicit --color always wins over NO_COLOR (no-color.org: "user-level configuration
        // files and per-instance command-line arguments should override"); NO_COLOR rules auto.
        switch choice {
        case "never": return .none
        case "always": return .trueColor
        case "auto":
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
            return isatty(STDOUT_FILENO) == 1 ? ColorMode.detect(environment: environment, terminfoColors: nil) : .none
        default: throw UserError("--color takes auto, always or never, got \"\(choice)\"")
        }
    }
}
