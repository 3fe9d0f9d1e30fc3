#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What webnav takes from an app's Info.plist: a plain value the host merges into the profile
/// (the JSON profile's own fields win).
public struct InfoPlist: Equatable, Sendable {
    /// `CFBundleIdentifier` → `bundleId`.
    public var bundleIdentifier: String?
    /// Every `CFBundleURLTypes[].CFBundleURLSchemes[]` → `schemes`, in order.
    public var urlSchemes: [String]
    /// `NSAppTransportSecurity` → `ats`.
    public var appTransportSecurity: PropertyValue?
    /// `LSApplicationQueriesSchemes`: the schemes `canOpenURL` may ask about.
    public var queriesSchemes: [String]
    /// Values that were not used, and why (`$(PRODUCT_BUNDLE_IDENTIFIER)` left unexpanded, a
    /// wrong type).
    public var warnings: [String]

    public init(bundleIdentifier: String? = nil, urlSchemes: [String] = [], appTransportSecurity: PropertyValue? = nil,
                queriesSchemes: [String] = [], warnings: [String] = []) {
        self.bundleIdentifier = bundleIdentifier
        self.urlSchemes = urlSchemes
        self.appTransportSecurity = appTransportSecurity
        self.queriesSchemes = queriesSchemes
        self.warnings = warnings
    }

    /// Reads an XML or binary property list file.
    public static func read(path: String) throws(InfoPlistError) -> InfoPlist {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw InfoPlistError(path: path, reason: !exists ? "no such file" : isDirectory ? "a folder, not a file" : "cannot be read")
        }
        return try parse(data, path: path)
    }

    /// Reads property-list bytes; `path` names them in errors and warnings.
    public static func parse(_ data: Data, path: String) throws(InfoPlistError) -> InfoPlist {
        let value: PropertyValue
        do {
            value = try PropertyListReader.read([UInt8](data))
        } catch {
            throw InfoPlistError(path: path, reason: error.reason, line: error.line, column: error.column)
        }
        guard let root = value.dictionaryValue else {
            throw InfoPlistError(path: path, reason: "the top level is not a dictionary")
        }
        var plist = InfoPlist()
        func warn(_ text: String) { plist.warnings.append("\(path): \(text)") }
        func strings(_ key: String, _ value: PropertyValue?) -> [String] {
            guard let value else { return [] }
            guard let array = value.arrayValue else {
                warn("\(key) must be an array of strings, found \(value.typeName); ignored")
                return []
            }
            return array.compactMap { element in
                guard let string = element.stringValue else {
                    warn("\(key) holds \(element.typeName), not a string; ignored")
                    return nil
                }
                return string
            }
        }

        switch root["CFBundleIdentifier"] {
        case .string(let identifier)? where identifier.contains("$("):
            warn("CFBundleIdentifier is a build setting (\(identifier)), not a value; set bundleId in the profile")
        case .string(let identifier)?:
            plist.bundleIdentifier = identifier
        case let other?:
            warn("CFBundleIdentifier must be a string, found \(other.typeName); ignored")
        case nil:
            break
        }
        if let types = root["CFBundleURLTypes"] {
            if let array = types.arrayValue {
                for (index, type) in array.enumerated() {
                    guard let dictionary = type.dictionaryValue else {
                        warn("CFBundleURLTypes[\(index)] must be a dictionary, found \(type.typeName); ignored")
                        continue
                    }
                    for scheme in strings("CFBundleURLTypes[\(index)].CFBundleURLSchemes", dictionary["CFBundleURLSchemes"]) {
                        if scheme.contains("$(") {
                            warn("URL scheme \(scheme) is a build setting, not a value; ignored")
                        } else if !plist.urlSchemes.contains(scheme) {
                            plist.urlSchemes.append(scheme)
                        }
                    }
                }
            } else {
                warn("CFBundleURLTypes must be an array, found \(types.typeName); ignored")
            }
        }
        plist.appTransportSecurity = root["NSAppTransportSecurity"]
        plist.queriesSchemes = strings("LSApplicationQueriesSchemes", root["LSApplicationQueriesSchemes"])
        return plist
    }
}

/// An Info.plist that could not be read: one line naming the file, and the line and column of
/// an XML list's fault.
public struct InfoPlistError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var line: Int?
    public var column: Int?

    public init(path: String, reason: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.reason = reason
        self.line = line
        self.column = column
    }

    public var description: String {
        guard let line, let column else { return "\(path): \(reason)" }
        return "\(path):\(line):\(column): \(reason)"
    }
}
