/// Renders a `Screen` as text with SGR escape codes, what `webnav preview` prints.
///
/// Each row becomes one line ending in `\n`, so the output has exactly `height`
/// lines. Between cells only the attributes that change are sent; a line whose
/// style is not plain at its end is closed with a reset. In `.none` mode the output
/// is the plain text with trailing spaces trimmed; in the other modes rows keep
/// their full width so that background bands show.
public struct ANSIRenderer: Sendable {
    public var mode: ColorMode

    public init(mode: ColorMode) {
        self.mode = mode
    }

    public func render(_ screen: Screen) -> String {
        if mode == .none {
            return screen.lines.map { $0 + "\n" }.joined()
        }
        var output = ""
        output.reserveCapacity(screen.width * screen.height * 2)
        for row in 0..<screen.height {
            var current = CellStyle.plain
            for column in 0..<screen.width {
                let cell = screen[row, column]
                if cell.isContinuation { continue }
                if cell.style != current {
                    output += transition(from: current, to: cell.style)
                    current = cell.style
                }
                output += cell.character
            }
            if current != .plain { output += "\u{1B}[0m" }
            output += "\n"
        }
        return output
    }

    /// The shortest SGR sequence that turns `old` into `new` (a full reset when
    /// `new` is plain).
    func transition(from old: CellStyle, to new: CellStyle) -> String {
        if new == .plain { return "\u{1B}[0m" }
        var codes: [String] = []
        if (old.bold && !new.bold) || (old.dim && !new.dim) {
            codes.append("22")
            if new.bold { codes.append("1") }
            if new.dim { codes.append("2") }
        } else {
            if new.bold && !old.bold { codes.append("1") }
            if new.dim && !old.dim { codes.append("2") }
        }
        if new.underline != old.underline { codes.append(new.underline ? "4" : "24") }
        if new.reverse != old.reverse { codes.append(new.reverse ? "7" : "27") }
        let foreground = code(for: new.foreground, background: false)
        if foreground != code(for: old.foreground, background: false) { codes.append(foreground) }
        let background = code(for: new.background, background: true)
        if background != code(for: old.background, background: true) { codes.append(background) }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private func code(for color: TerminalColor, background: Bool) -> String {
        guard case let .rgb(r, g, b) = color else { return background ? "49" : "39" }
        switch mode {
        case .trueColor:
            return "\(background ? 48 : 38);2;\(r);\(g);\(b)"
        case .ansi256:
            return "\(background ? 48 : 38);5;\(ColorQuantizer.nearest256(red: r, green: g, blue: b))"
        case .ansi8, .none:
            return "\((background ? 40 : 30) + ColorQuantizer.nearest8(red: r, green: g, blue: b))"
        }
    }
}
