/// The simulator's own colours (panels, footer), chosen to read on dark and light terminals.
enum ChromeStyle {
    static let border = CellStyle(foreground: .rgb(0x6C, 0x7A, 0x89))
    static let title = CellStyle(bold: true)
    static let dim = CellStyle(dim: true)
    static let bold = CellStyle(bold: true)
    static let success = CellStyle(foreground: .rgb(0x3F, 0xA3, 0x4D), bold: true)
    static let failure = CellStyle(foreground: .rgb(0xE0, 0x40, 0x40), bold: true)
    static let warning = CellStyle(foreground: .rgb(0xD7, 0x9B, 0x00), bold: true)
    static let external = CellStyle(foreground: .rgb(0x2A, 0xA1, 0xB3))
    static let deeplink = CellStyle(foreground: .rgb(0x4A, 0x7B, 0xD0))
    static let highlight = CellStyle(reverse: true)
}
