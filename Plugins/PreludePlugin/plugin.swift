import Foundation
import PackagePlugin

/// Generates ScriptRuntime's prelude sources at build time: BindingsGenerator reads the
/// module's IDL/*.webidl, Prelude/*.js, NativePrelude/*.js, SharedPrelude/*.js and the Swift
/// files that define natives, and writes PreludeSource.swift, NativePreludeSource.swift and
/// DOMNative.swift into the plugin's work folder, which SwiftPM compiles with the module.
/// Nothing it writes is committed.
@main
struct PreludePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let sources = module.directoryURL
        let output = context.pluginWorkDirectoryURL
        var inputs: [URL] = []
        for (folder, suffix) in [("IDL", ".webidl"), ("Prelude", ".js"), ("NativePrelude", ".js"), ("SharedPrelude", ".js")] {
            let url = sources.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            inputs += names.filter { $0.hasSuffix(suffix) }.sorted().map { url.appendingPathComponent($0) }
        }
        inputs += ["NativeDOM.swift", "NativeWindow.swift", "NativeBridge.swift"].map { sources.appendingPathComponent($0) }
        return [.buildCommand(
            displayName: "Generating the DOM prelude and bindings from IDL",
            executable: try context.tool(named: "BindingsGenerator").url,
            arguments: [sources.path, output.path],
            inputFiles: inputs,
            outputFiles: ["PreludeSource.swift", "NativePreludeSource.swift", "DOMNative.swift"].map { output.appendingPathComponent($0) }
        )]
    }
}
