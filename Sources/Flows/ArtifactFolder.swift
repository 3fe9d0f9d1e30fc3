#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import NavigatorCore
import Threading
import TerminalUI

/// The artifacts folder (`run --artifacts DIR`, default `webnav-artifacts/`): a named `snapshot`
/// writes `NAME.txt` and `NAME.svg` there, and a failing flow its failure picture.
///
/// Each run starts from an empty folder (`startAfresh`), so no picture of an earlier run is
/// left to be taken for this one's; a marker file says the folder is webnav's to empty.
///
/// A name two flows of one run both use is prefixed with each flow's file name (`checkout-cart`),
/// decided before the run from the flows themselves, so the files are the same whatever
/// order `--jobs` finishes them in. Files are written whole to a temporary name and renamed.
public final class ArtifactFolder: @unchecked Sendable {
    /// The folder, as given (messages and reports show paths under it as the user wrote it).
    public let path: String
    private let sharedNames: Set<String>
    private let lock = Lock()
    private var created = false

    /// A folder for the artifacts of `flows`.
    public init(path: String, flows: [Flow]) {
        self.path = path
        var users: [String: Set<String>] = [:]
        for flow in flows {
            for step in flow.steps {
                if case .snapshot(let name?) = step.command { users[name, default: []].insert(flow.path) }
            }
        }
        sharedNames = Set(users.filter { $0.value.count > 1 }.keys)
    }

    /// Why the folder cannot be written, checked before any flow runs; nil when it can.
    public func problem() -> String? {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return isDirectory ? (access(path, W_OK) == 0 ? nil : "the folder cannot be written") : "not a folder"
        }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return access(parent, W_OK) == 0 ? nil : "its folder cannot be written"
    }

    /// The file that marks a folder as webnav's artifacts folder.
    public static let markerName = ".webnav-artifacts"

    /// Empties the folder from an earlier run. Only a folder webnav made (it holds the marker),
    /// or one that holds nothing but `.txt` and `.svg` files (an older webnav's), is emptied;
    /// any other folder with files in it is an error, so `--artifacts .` never deletes a project.
    public func startAfresh() throws(UserError) {
        let fileManager = FileManager.default
        guard let entries = try? fileManager.contentsOfDirectory(atPath: path), !entries.isEmpty else { return }
        let ours = entries.contains(Self.markerName)
            || entries.allSatisfy { ($0.hasSuffix(".txt") || $0.hasSuffix(".svg")) && !Self.isDirectory(path + "/" + $0) }
        guard ours else {
            throw UserError("--artifacts: the folder holds files webnav did not write; give an empty or new folder", path: path)
        }
        for entry in entries where entry != Self.markerName {
            do { try fileManager.removeItem(atPath: path + "/" + entry) } catch {
                throw UserError("cannot empty the artifacts folder: \(ReadFailure.reason(error))", path: path + "/" + entry)
            }
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }

    /// Writes a snapshot as `NAME.txt` and `NAME.svg`; returns the paths written.
    func writeSnapshot(_ screen: Screen, name: String, flowPath: String) throws -> [String] {
        let base = sharedNames.contains(name) ? "\(Self.stem(of: flowPath))-\(name)" : name
        return try write(text: screen.lines.joined(separator: "\n") + "\n", svg: SVGRenderer().render(screen), base: base)
    }

    /// Writes a failing flow's picture as `FLOW.failure.txt` (with the stack) and `.svg`.
    func writeFailure(_ screen: Screen, stack: [String], flowPath: String) throws -> [String] {
        let text = (screen.lines + [""] + stack).joined(separator: "\n") + "\n"
        return try write(text: text, svg: SVGRenderer().render(screen), base: "\(Self.stem(of: flowPath)).failure")
    }

    private func write(text: String, svg: String, base: String) throws -> [String] {
        lock.lock()
        defer { lock.unlock() }
        if !created {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let marker = URL(fileURLWithPath: path, isDirectory: true).appendingPathComponent(Self.markerName)
            if !FileManager.default.fileExists(atPath: marker.path) {
                try Data("webnav writes and empties this folder (run --artifacts)\n".utf8).write(to: marker)
            }
            created = true
        }
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        var written: [String] = []
        // Page titles reach the stack lines: the text file shows controls and bidi overrides as
        // escapes, as standard output does (VisibleText); the SVG escapes its own.
        for (suffix, contents) in [("txt", VisibleText.escaping(text, keepingLines: true)), ("svg", svg)] {
            try Data(contents.utf8).write(to: folder.appendingPathComponent("\(base).\(suffix)"), options: .atomic)
            written.append((path.hasSuffix("/") ? path : path + "/") + "\(base).\(suffix)")
        }
        return written
    }

    /// A flow's file name without `.flow`, its folders joined with `-` so names stay flat.
    static func stem(of flowPath: String) -> String {
        var name = flowPath.hasSuffix(".flow") ? String(flowPath.dropLast(5)) : flowPath
        while name.hasPrefix("./") { name.removeFirst(2) }
        while name.hasPrefix("/") { name.removeFirst() }
        return name.replacing("/", with: "-")
    }
}
