/// What an Info.plist contributes to a profile (shell.md section 4), as the plist reader finds it.
public struct InfoPlistValues: Equatable, Sendable {
    /// `CFBundleURLTypes`' `CFBundleURLSchemes`, in order; nil when the plist has none.
    public var schemes: [String]?
    /// `CFBundleIdentifier`.
    public var bundleId: String?
    /// `NSAppTransportSecurity`.
    public var ats: AppProfile.AppTransportSecurity?
    /// `LSApplicationQueriesSchemes`.
    public var queriesSchemes: [String]?

    public init(schemes: [String]? = nil, bundleId: String? = nil, ats: AppProfile.AppTransportSecurity? = nil, queriesSchemes: [String]? = nil) {
        self.schemes = schemes
        self.bundleId = bundleId
        self.ats = ats
        self.queriesSchemes = queriesSchemes
    }
}

extension DecodedProfile {
    /// The profile over an Info.plist: each value the plist has is used unless the JSON profile
    /// sets that field itself (an explicit `"ats": null` too). Call it with
    /// `DecodedProfile()` for `--profile Info.plist` alone.
    public func merging(_ plist: InfoPlistValues) -> AppProfile {
        var merged = profile
        if let schemes = plist.schemes, !givenFields.contains("schemes") { merged.schemes = schemes }
        if let bundleId = plist.bundleId, !givenFields.contains("bundleId") { merged.bundleId = bundleId }
        if let ats = plist.ats, !givenFields.contains("ats") { merged.ats = ats }
        if let queriesSchemes = plist.queriesSchemes { merged.queriesSchemes = queriesSchemes }
        return merged
    }
}
