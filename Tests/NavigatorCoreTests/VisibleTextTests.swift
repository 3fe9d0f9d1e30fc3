import TestSupport
import XCTest
@testable import NavigatorCore

final class VisibleTextTests: XCTestCase {
    /// The rule written scalar by scalar, as it was before the byte scan.
    private func reference(_ text: String, keepingLines: Bool) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            guard VisibleText.isUnsafe(scalar), !(keepingLines && (scalar == "\n" || scalar == "\t")) else {
                output.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\u{1B}": output += "\\e"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            case "\n": output += "\\n"
            default: output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return output
    }

    func testEscapes() {
        XCTAssertEqual(VisibleText.escaping("a\u{1B}[31mb\tc\r\nd\u{7}\u{7F}\u{9B}\u{202E}\u{2066}é\u{2028}"),
                       "a\\e[31mb\\tc\\r\\nd\\u{7}\\u{7F}\\u{9B}\\u{202E}\\u{2066}é\u{2028}")
        XCTAssertEqual(VisibleText.escaping("a\tb\r\nc\n", keepingLines: true), "a\tb\\r\nc\n")
        XCTAssertEqual(VisibleText.escaping(""), "")
        XCTAssertEqual(VisibleText.escaping("\u{0}"), "\\u{0}")
        XCTAssertEqual(VisibleText.escaping("\u{80}\u{9F}\u{A0}\u{2029}\u{202F}\u{2065}\u{206A}"), "\\u{80}\\u{9F}\u{A0}\u{2029}\u{202F}\u{2065}\u{206A}")
    }

    /// The byte scan agrees with the scalar rule on generated text mixing ASCII, every unsafe
    /// class, their UTF-8 neighbours and wide characters.
    func testAgreesWithTheScalarRule() {
        var generator = SeededGenerator(seed: 17)
        let alphabet = ["a", " ", "\n", "\t", "\r", "\u{0}", "\u{1B}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "é",
                        "\u{2029}", "\u{202A}", "\u{202E}", "\u{202F}", "\u{2065}", "\u{2066}", "\u{2069}", "\u{206A}",
                        "한", "🇰🇷", "\u{FEFF}", "\u{E2}"]
        for _ in 0..<2_000 {
            let text = generator.string(from: alphabet, length: Int(generator.next() % 24))
            for keepingLines in [false, true] {
                XCTAssertEqual(VisibleText.escaping(text, keepingLines: keepingLines), reference(text, keepingLines: keepingLines),
                               "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }
}
