#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import NavigatorCore
import PageKit

/// The files the linter reads: handed to it, so that it reaches the file system only here.
public protocol LintFiles: Sendable {
    /// A file's bytes (a regular file, within the page size limit).
    func read(_ path: String) throws -> Data
    /// Whether `path` is a regular file, a folder, or neither (missing).
    func kind(of path: String) -> LintFileKind?
    /// Every file under a folder, as paths relative to it, sorted; hidden files and folders
    /// (names starting with `.`) are left out.
    func files(under folder: String) -> [String]
    /// The path with `.`, `..` and symbolic links resolved; nil when nothing is there (the
    /// flows' web views decide read access on it, as on disk).
    func canonicalPath(_ path: String) -> String?
}

public enum LintFileKind: Sendable {
    case file, folder
}

/// The local file system.
public struct DiskFiles: LintFiles {
    public init() {}

    public func read(_ path: String) throws -> Data {
        try FilePageReader().read(URL(fileURLWithPath: path))
    }

    public func canonicalPath(_ path: String) -> String? {
        FilePageReader().canonicalPath(URL(fileURLWithPath: path))
    }

    public func kind(of path: String) -> LintFileKind? {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory ? .folder : .file
    }

    /// Every file under `folder` (relative paths, sorted), leaving out hidden files and
    /// folders; a folder that cannot be listed is skipped.
    public func files(under folder: String) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let relativeFolder = pending.popLast() {
            let listed = relativeFolder.isEmpty ? folder : folder + "/" + relativeFolder
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: listed) else { continue }
            for name in names where !name.hasPrefix(".") {
                let relative = relativeFolder.isEmpty ? name : relativeFolder + "/" + name
                var status = stat()
                guard lstat(folder + "/" + relative, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFREG: found.append(relative)
                case S_IFDIR: pending.append(relative)
                // A link to a file counts; a link to a folder is not followed (no loops).
                case S_IFLNK where kind(of: folder + "/" + relative) == .file: found.append(relative)
                default: break
                }
            }
        }
        return found.sorted()
    }
}

/// What a file is to the linter, by its name.
enum LintInputKind: Equatable, Sendable {
    case page, script, flow, plist, payload, profile

    static func of(_ path: String, profilePath: String?) -> LintInputKind? {
        if let profilePath, path == profilePath { return .profile }
        switch LocalPath.extensionName(path).lowercased() {
        case "html", "htm": return .page
        case "js", "mjs": return .script
        case "flow": return .flow
        case "plist": return .plist
        case "apns": return .payload
        default: return nil
        }
    }
}
