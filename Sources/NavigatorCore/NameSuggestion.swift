/// Finds the known name a misspelt one was probably meant to be (`titel` → `title`).
public enum NameSuggestion {
    /// The nearest known name within a small edit distance (case ignored), or nil.
    public static func nearest(to name: String, among known: [String]) -> String? {
        let lowered = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in known {
            let candidateCharacters = Array(candidate.lowercased())
            let limit = max(1, min(2, candidate.count / 3))
            // The distance is at least the difference in length: a long name costs nothing more.
            guard abs(lowered.count - candidateCharacters.count) <= limit else { continue }
            let distance = editDistance(lowered, candidateCharacters)
            if distance <= limit, best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
