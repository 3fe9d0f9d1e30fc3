import XCTest
@testable import TerminalUI

final class ColorModeTests: XCTestCase {
    func testDetection() {
        let cases: [([String: String], Int?, ColorMode, UInt)] = [
            (["NO_COLOR": "1"], 256, .none, #line),
            (["NO_COLOR": "1", "COLORTERM": "truecolor"], 1 << 24, .none, #line),
            (["NO_COLOR": ""], 256, .ansi256, #line),
            (["NO_COLOR": "", "COLORTERM": "truecolor"], 8, .trueColor, #line),
            (["COLORTERM": "truecolor"], 8, .trueColor, #line),
            (["COLORTERM": "24bit"], nil, .trueColor, #line),
            (["COLORTERM": "TrueColor"], 256, .trueColor, #line),
            (["COLORTERM": "yes"], 256, .ansi256, #line),
            ([:], 1 << 24, .trueColor, #line),
            ([:], 256, .ansi256, #line),
            ([:], 88, .ansi8, #line),
            ([:], 16, .ansi8, #line),
            ([:], 8, .ansi8, #line),
            ([:], 2, .none, #line),
            ([:], 0, .none, #line),
            (["TERM": "xterm-256color"], nil, .ansi256, #line),
            (["TERM": "xterm-direct"], nil, .trueColor, #line),
            (["TERM": "xterm"], nil, .ansi8, #line),
            (["TERM": "dumb"], nil, .none, #line),
            ([:], nil, .none, #line),
        ]
        for (environment, colors, expected, line) in cases {
            XCTAssertEqual(ColorMode.detect(environment: environment, terminfoColors: colors), expected, line: line)
        }
    }

    func testDirectVariantOnlyWhenCOLORTERMPromisesTrueColor() {
        let truecolor = ["COLORTERM": "truecolor"]
        XCTAssertEqual(ColorMode.directVariant(of: "xterm-256color", environment: truecolor), "xterm-direct")
        XCTAssertEqual(ColorMode.directVariant(of: "tmux-256color", environment: ["COLORTERM": "24bit"]), "tmux-direct")
        XCTAssertEqual(ColorMode.directVariant(of: "xterm", environment: truecolor), "xterm-direct")
        XCTAssertNil(ColorMode.directVariant(of: "xterm-direct", environment: truecolor))
        XCTAssertNil(ColorMode.directVariant(of: "dumb", environment: truecolor))
        XCTAssertNil(ColorMode.directVariant(of: "xterm-256color", environment: [:]))
        XCTAssertNil(ColorMode.directVariant(of: "xterm-256color", environment: ["COLORTERM": "truecolor", "NO_COLOR": "1"]))
    }
}

final class ColorQuantizerTests: XCTestCase {
    func testKnownColorsTo256() {
        XCTAssertEqual(ColorQuantizer.nearest256(red: 0xFF, green: 0, blue: 0), 196)
        XCTAssertEqual(ColorQuantizer.nearest256(red: 0xFF, green: 0xFF, blue: 0xFF), 231)
        XCTAssertEqual(ColorQuantizer.nearest256(red: 0, green: 0, blue: 0), 16)
        XCTAssertEqual(ColorQuantizer.nearest256(red: 0x80, green: 0x80, blue: 0x80), 244)
        XCTAssertEqual(ColorQuantizer.nearest256(red: 0x3F, green: 0x51, blue: 0xB5), 61)
        // #292F33 is a dark grey: grey 236 (48,48,48) is 59 away, the nearest cube colour 17 (0,0,95) 5826.
        XCTAssertEqual(ColorQuantizer.nearest256(red: 0x29, green: 0x2F, blue: 0x33), 236)
        XCTAssertEqual(distance((0x29, 0x2F, 0x33), xterm256(236)), 59)
    }

    func testNearest256MatchesExhaustiveSearch() {
        var generator = SystemRandomNumberGenerator()
        var samples: [(UInt8, UInt8, UInt8)] = [(0x29, 0x2F, 0x33), (47, 48, 115), (114, 115, 155), (3, 3, 3), (250, 250, 250)]
        for _ in 0..<2000 {
            samples.append((UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
                            UInt8.random(in: 0...255, using: &generator)))
        }
        for (r, g, b) in samples {
            let chosen = ColorQuantizer.nearest256(red: r, green: g, blue: b)
            let best = (16...255).map { distance((Int(r), Int(g), Int(b)), xterm256($0)) }.min()!
            XCTAssertEqual(distance((Int(r), Int(g), Int(b)), xterm256(chosen)), best, "(\(r),\(g),\(b)) → \(chosen)")
        }
    }

    func testKnownColorsTo8() {
        XCTAssertEqual(ColorQuantizer.nearest8(red: 0xFF, green: 0, blue: 0), 1)
        XCTAssertEqual(ColorQuantizer.nearest8(red: 0, green: 0xFF, blue: 0), 2)
        XCTAssertEqual(ColorQuantizer.nearest8(red: 0xFF, green: 0xFF, blue: 0), 3)
        XCTAssertEqual(ColorQuantizer.nearest8(red: 0, green: 0, blue: 0xFF), 4)
        XCTAssertEqual(ColorQuantizer.nearest8(red: 0x3F, green: 0x51, blue: 0xB5), 4)
        XCTAssertEqual(ColorQuantizer.nearest8(red: 0x29, green: 0x2F, blue: 0x33), 0)
        XCTAssertEqual(ColorQuantizer.nearest8(red: 0xFF, green: 0xFF, blue: 0xFF), 7)
    }

    func testHexParsing() {
        XCTAssertEqual(TerminalColor(hex: "#FF0000"), .rgb(255, 0, 0))
        XCTAssertEqual(TerminalColor(hex: "292f33"), .rgb(0x29, 0x2F, 0x33))
        XCTAssertNil(TerminalColor(hex: "#FFF"))
        XCTAssertNil(TerminalColor(hex: "#GG0000"))
        XCTAssertEqual(TerminalColor.rgb(0x29, 0x2F, 0x33).description, "#292F33")
    }

    /// The RGB of an xterm-256 index from 16 up.
    private func xterm256(_ index: Int) -> (Int, Int, Int) {
        if index >= 232 { let level = 8 + 10 * (index - 232); return (level, level, level) }
        let levels = [0, 95, 135, 175, 215, 255]
        let cube = index - 16
        return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
    }

    private func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }
}
