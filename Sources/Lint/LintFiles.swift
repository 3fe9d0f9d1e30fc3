import Foundation
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

    public func kind(of path: String) -> LintFileKind? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue ? .folder : .file
    }

    public func files(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { enumerator.skipDescendants() }
                continue
            }
            switch enumerator.fileAttributes?[.type] as? FileAttributeType {
            case .typeRegular?: found.append(relative)
            // A link to a file counts; a link to a folder is not followed (no loops).
            case .typeSymbolicLink? where kind(of: folder + "/" + relative) == .file: found.append(relative)
            default: break
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
        switch (path as NSString).pathExtension.lowercased() {
        case "html", "htm": return .page
        case "js", "mjs": return .script
        case "flow": return .flow
        case "plist": return .plist
        case "apns": return .payload
        default: return nil
        }
    }
}
