/// Element and attribute names the layout and the parser look at, interned at fixed atoms.
///
/// Every document's name table starts with these, in this order, so a name's atom
/// can be compared with `KnownName.rawValue` without touching strings.
enum KnownName: Int32, CaseIterable {
    // Document structure and metadata.
    case html, head, body, title, meta, link, base, script, style, template, noscript
    // Blocks.
    case p, div, section, article, header, footer, nav, main, aside, figure, figcaption
    case form, fieldset, legend, address, details, summary, dialog, center, hgroup, search
    case h1, h2, h3, h4, h5, h6
    case br, hr, wbr, pre, listing, xmp, plaintext, blockquote
    case ul, ol, li, menu, dir, dl, dt, dd
    case table, caption, thead, tbody, tfoot, tr, td, th, colgroup, col
    // Interactive and replaced content.
    case a, button, input, select, option, optgroup, textarea, label, datalist
    case img, svg, iframe, frameset, frame, noframes, object, embed, video, audio, canvas
    case source, track, param, map, area
    // Phrasing.
    case b, strong, i, em, cite, `var`, dfn, code, kbd, samp, tt, q, span, sub, sup
    // Attributes.
    case href, src, alt, type, value, name, id, hidden, start, checked, selected
    case disabled, placeholder, size, action, method, target, multiple, cols, colspan
    case ariaLabel, httpEquiv, content, charset, open
    // Elements only the tree builder looks at.
    case basefont, bgsound, applet, marquee, keygen, noembed, image, big, font, nobr, s, small, strike, u
    case ruby, rb, rp, rt, rtc, math, mi, mo, mn, ms, mtext, annotationXML, mglyph, malignmark
    case foreignObject, desc
    // Attributes only the tree builder looks at.
    case color, face, encoding
    // The customizable select's element the tree builder clones the selected option into.
    case selectedcontent

    /// The name as it appears in HTML (SVG's `foreignObject` as adjusted by the tree builder).
    var string: String {
        switch self {
        case .ariaLabel: return "aria-label"
        case .httpEquiv: return "http-equiv"
        case .annotationXML: return "annotation-xml"
        default: return String(describing: self)
        }
    }

    /// The atom of each known name, by its string.
    static let atoms: [String: Int32] = {
        var atoms: [String: Int32] = [:]
        for name in allCases { atoms[name.string] = name.rawValue }
        return atoms
    }()

    /// The heading level of `h1`…`h6`, else nil.
    var headingLevel: Int? {
        switch self {
        case .h1: return 1
        case .h2: return 2
        case .h3: return 3
        case .h4: return 4
        case .h5: return 5
        case .h6: return 6
        default: return nil
        }
    }
}
