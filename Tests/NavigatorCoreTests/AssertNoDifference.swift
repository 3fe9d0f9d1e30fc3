import XCTest

/// Asserts two values are equal, printing a line diff of their dumps when they are not.
func assertNoDifference<T: Equatable>(_ expected: T, _ actual: T, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    guard expected != actual else { return }
    var expectedDump = "", actualDump = ""
    dump(expected, to: &expectedDump)
    dump(actual, to: &actualDump)
    let expectedLines = expectedDump.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actualDump.split(separator: "\n", omittingEmptySubsequences: false)
    var diff: [String] = []
    for index in 0..<max(expectedLines.count, actualLines.count) {
        let e = index < expectedLines.count ? String(expectedLines[index]) : nil
        let a = index < actualLines.count ? String(actualLines[index]) : nil
        if e == a { diff.append("  \(e!)") } else {
            if let e { diff.append("− \(e)") }
            if let a { diff.append("+ \(a)") }
        }
    }
    XCTFail("\(message)\n(− expected, + actual)\n" + diff.joined(separator: "\n"), file: file, line: line)
}
