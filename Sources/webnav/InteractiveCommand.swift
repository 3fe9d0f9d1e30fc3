import Foundation
import Glibc
import Flows
import NavigatorCore
import Simulator
import TerminalApp
import TerminalUI

/// `webnav` and `webnav open URL...`: the terminal UI; `webnav run --step FLOW`: stepping through a flow.
enum InteractiveCommand {
    static let startSpec = CommandSpec(
        name: "", synopsis: "[--profile FILE] [--pages DIR]",
        summary: "The terminal UI on the app's root page.",
        options: [], positionalName: "nothing", minimumPositionals: 0, maximumPositionals: 0
    )

    static let openSpec = CommandSpec(
        name: "open", synopsis: "open URL...",
        summary: "The terminal UI, after delivering each URL in order (deeplinks are routed, pages load in the top screen).",
        options: [], positionalName: "at least one URL", minimumPositionals: 1, maximumPositionals: nil,
        details: "Relative page URLs resolve against the current folder. Keys: ? in the terminal UI lists them."
    )

    static func start(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        try requireTerminal()
        let environment = try AppEnvironment.load(arguments)
        try environment.reportWarnings()
        try environment.requirePagesFolder()
        let terminal = try startTerminal()
        let host = launchedHost(environment)
        var state = TerminalAppState(app: host.snapshot.app, size: terminal.size, parser: fileParser)
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true).absoluteString
        let loop = TerminalAppLoop()
        // The profile's warnings, in the log and the footer, where the user looks.
        loop.perform(profileWarningEffects(environment), on: &state, host: host)
        for url in arguments.positionals {
            loop.perform(state.open(url, base: base), on: &state, host: host)
        }
        loop.run(&state, host: host, on: terminal)
        return state.exitStatus
    }

    static func open(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        try start(arguments)
    }

    static let recordSpec = CommandSpec(
        name: "record", synopsis: "record FILE.flow",
        summary: "The terminal UI, writing every action as a flow step into FILE as it happens; on quit the state reached is appended as expectations.",
        options: [], positionalName: "one flow file to write", minimumPositionals: 1, maximumPositionals: 1,
        details: "Replay it with webnav run FILE.flow. R in the terminal UI starts and stops a recording too."
    )

    /// `webnav record FILE.flow`: the terminal UI, recording.
    static func record(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        try requireTerminal()
        let path = arguments.positionals[0]
        let environment = try AppEnvironment.load(arguments)
        try environment.reportWarnings()
        try environment.requirePagesFolder()
        let recording: RecordingFile
        do {
            recording = try RecordingFile(path: path)
        } catch {
            throw UserError(error.message)
        }
        let terminal = try startTerminal()
        let host = launchedHost(environment)
        var state = TerminalAppState(app: host.snapshot.app, size: terminal.size, parser: fileParser)
        TerminalAppLoop().run(&state, host: host, on: terminal, recording: recording)
        return state.exitStatus
    }

    /// The flow beside the screen; exit 0 when every step ran and passed, else 1.
    static func stepThrough(_ flow: Flow, environment: AppEnvironment) throws(UserError) -> Int32 {
        try requireTerminal()
        try environment.requirePagesFolder()
        let terminal = try startTerminal()
        let host = launchedHost(environment)
        var state = TerminalAppState(app: host.snapshot.app, size: terminal.size, stepping: flow, parser: fileParser)
        let loop = TerminalAppLoop()
        loop.perform(profileWarningEffects(environment), on: &state, host: host)
        loop.run(&state, host: host, on: terminal)
        for line in state.stepSummary ?? [] { try StandardStream.output.line(line) }
        return state.exitStatus
    }

    private static func profileWarningEffects(_ environment: AppEnvironment) -> [TerminalAppEffect] {
        environment.profileWarnings.isEmpty ? [] : [.perform(.observe(environment.profileWarnings.map { AppEvent(.warning, $0) }))]
    }

    static func requireTerminal() throws(UserError) {
        if let reason = TerminalAvailability.check(environment: ProcessInfo.processInfo.environment, stdinIsTTY: isatty(STDIN_FILENO) == 1) {
            throw UserError("the terminal UI needs a terminal: \(reason)")
        }
    }

    /// A host running the app on its root page, reading pages again when their files change
    /// (so `r` shows an edit).
    private static func launchedHost(_ environment: AppEnvironment) -> AppHost {
        let host = AppHost(profile: environment.profile, pagesBase: environment.pagesFolder, store: environment.pageStore(revalidates: true),
                           clock: .real)
        host.perform(.launch)
        return host
    }

    /// ncurses on the terminal: standard output, or `/dev/tty` when standard output is not a
    /// terminal (`webnav > file` keeps escape codes out of the file, as `vim > file` does).
    private static func startTerminal() throws(UserError) -> NcursesTerminal {
        var output = STDOUT_FILENO
        if isatty(STDOUT_FILENO) != 1 {
            output = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
            guard output >= 0 else {
                throw UserError("the terminal UI needs a terminal: standard output is not one, and /dev/tty cannot be opened")
            }
        }
        defer { if output != STDOUT_FILENO { close(output) } }
        do {
            return try NcursesTerminal(environment: ProcessInfo.processInfo.environment, output: output)
        } catch {
            throw UserError("the terminal UI cannot start: \(error)")
        }
    }

    /// Reads the files that `include` names at the `:` prompt.
    private static let fileParser = FlowParser.files
}
