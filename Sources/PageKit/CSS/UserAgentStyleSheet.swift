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

    /// WebKit's `html.css` rules for the other properties `getComputedStyle` reports (margins,
    /// font sizes and weights, link colour), read only by cascades that keep them.
    static let computedValuesText = """
        body { margin: 8px }
        p, dl, blockquote, figure { margin-top: 1em; margin-bottom: 1em }
        blockquote, figure { margin-left: 40px; margin-right: 40px }
        ul, ol, menu, dir { margin-top: 1em; margin-bottom: 1em; padding-left: 40px }
        h1 { font-size: 2em; margin-top: 0.67em; margin-bottom: 0.67em; font-weight: bold }
        h2 { font-size: 1.5em; margin-top: 0.83em; margin-bottom: 0.83em; font-weight: bold }
        h3 { font-size: 1.17em; margin-top: 1em; margin-bottom: 1em; font-weight: bold }
        h4 { margin-top: 1.33em; margin-bottom: 1.33em; font-weight: bold }
        h5 { font-size: 0.83em; margin-top: 1.67em; margin-bottom: 1.67em; font-weight: bold }
        h6 { font-size: 0.67em; margin-top: 2.33em; margin-bottom: 2.33em; font-weight: bold }
        b, strong, th { font-weight: bolder }
        i, em, cite, var, dfn, address { font-style: italic }
        pre, code, kbd, samp, tt, xmp, plaintext, listing { font-family: monospace }
        small { font-size: smaller }
        big { font-size: larger }
        a:any-link { color: rgb(0, 0, 238) }
        center, th { text-align: center }
        pre, xmp, plaintext, listing { white-space: pre }
        textarea { white-space: pre-wrap }
        nobr { white-space: nowrap }
        dd { margin-left: 40px }
        """
}
