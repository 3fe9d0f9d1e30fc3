/// The user-agent style sheet's rules for `display`: WebKit's `html.css` (Source/WebCore/css/
/// html.css, the rules that set `display`), with what WebKit does elsewhere written as rules
/// from HTML's rendering section (§15): `[hidden]` (a presentational hint in WebKit),
/// closed `dialog`, `datalist`, `audio` without controls, and `noscript` when scripts run.
///
/// Author rules override these, as in browsers: `<div hidden class=shown>` with
/// `.shown { display: block }` shows.
enum UserAgentStyleSheet {
    static let text = """
        html, body, p, address, article, aside, div, footer, header, hgroup, main, nav, section, search,
        blockquote, figcaption, figure, center, hr, h1, h2, h3, h4, h5, h6, ul, menu, dir, ol, dd, dl, dt,
        form, legend, fieldset, pre, xmp, plaintext, listing, details, summary, frameset, frame, dialog { display: block }
        head, link, meta, script, style, title, area, param, noframes, template, datalist, base, basefont, noembed,
        rp { display: none }
        marquee, input, textarea, select, button, meter, progress { display: inline-block }
        input[type="hidden"] { display: none }
        li { display: list-item }
        table { display: table }
        thead { display: table-header-group }
        tbody { display: table-row-group }
        tfoot { display: table-footer-group }
        col { display: table-column }
        colgroup { display: table-column-group }
        tr { display: table-row }
        td, th { display: table-cell }
        caption { display: table-caption }
        ruby > rt { display: block }
        slot { display: contents }
        [hidden]:not(embed) { display: none }
        dialog:not([open]) { display: none }
        audio:not([controls]) { display: none !important }
        @media (scripting) { noscript { display: none !important } }
        """

    static let sheet = StyleSheetParser.parse(text)
}
