#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import NavigatorCore
import ScriptRuntime

/// Checks the profile's scripts before anything runs: each parses, and each handler's and
/// intercept's value is a function. A problem is one line at the place the script is named.
enum ProfileScripts {
    static func check(_ profile: AppProfile) throws(UserError) {
        let scripts = profile.scripts
        guard !scripts.isEmpty, let checker = try? ProfileScriptCheck() else { return }
        for script in scripts {
            let source: String
            let sourceURL: String
            switch script.source {
            case .inline(let text, _):
                source = text
                sourceURL = script.keyPath
            case .file(let reference):
                // A syntax error quotes the text where it stopped: a file that is not a script the
                // user meant (a profile naming /etc/passwd, or a link to it) is refused unread.
                guard Self.isJavaScriptFile(reference.path) else {
                    throw UserError("\(JSONText.excerpt(script.keyPath)): \(reference.path) is not a JavaScript file (a script file's name, links resolved, ends in .js)",
                                    at: reference.location)
                }
                guard let data = FileManager.default.contents(atPath: reference.path) else {
                    throw UserError("\(script.keyPath): cannot read \(reference.path)", at: reference.location)
                }
                source = String(decoding: data, as: UTF8.self)
                sourceURL = reference.path
            }
            guard let problem = checker.problem(in: source, sourceURL: sourceURL, mustBeFunction: script.mustBeFunction) else { continue }
            let key = JSONText.excerpt(script.keyPath)
            let message: String
            switch (script.source, problem.line, problem.column) {
            case (.file(let reference), let line?, let column?): message = "\(key): \(reference.path):\(line):\(column): \(problem.message)"
            case (.file(let reference), let line?, nil): message = "\(key): \(reference.path):\(line): \(problem.message)"
            case (.file(let reference), nil, _): message = "\(key): \(reference.path): \(problem.message)"
            case (.inline, let line?, let column?): message = "\(key): line \(line), column \(column) of the script: \(problem.message)"
            case (.inline, let line?, nil): message = "\(key): line \(line) of the script: \(problem.message)"
            case (.inline, nil, _): message = "\(key): \(problem.message)"
            }
            throw UserError(message, at: script.source.location)
        }
    }

    /// Whether a path, symbolic links resolved, names a `.js` file.
    static func isJavaScriptFile(_ path: String) -> Bool {
        guard let resolved = realpath(path, nil) else { return path.lowercased().hasSuffix(".js") }
        defer { free(resolved) }
        return String(cString: resolved).lowercased().hasSuffix(".js")
    }
}
