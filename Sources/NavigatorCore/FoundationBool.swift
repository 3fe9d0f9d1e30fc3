/// `NSString.boolValue` as the app reads boolean parameters on iOS.
///
/// Skip leading whitespace, then one optional `+` or `-`, then any `0`s; the value is true
/// iff the next character is one of `tTyY123456789`. So `ture` is true and `on` is false.
enum FoundationBool {
    /// The boolean the app reads from a parameter value.
    static func value(of string: String) -> Bool {
        var scalars = string.unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars = scalars.dropFirst() }
        if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
        while scalars.first == "0" { scalars = scalars.dropFirst() }
        guard let decisive = scalars.first else { return false }
        return "tTyY123456789".unicodeScalars.contains(decisive)
    }

    /// Whether the value is one of the spellings nobody misreads: true/false/yes/no/1/0, in any case.
    static func isConventional(_ string: String) -> Bool {
        ["true", "false", "yes", "no", "1", "0"].contains(string.lowercased())
    }
}
