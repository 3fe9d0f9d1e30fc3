import PageKit

/// The visible window of a laid-out page: which lines show, and which link or button has the focus.
///
/// The focus is always on an item that can be seen, or on none: after every change the
/// focused item, once scrolled out of view, gives way to the first visible one (so
/// `Enter` never follows a link the user cannot see), and a page just loaded gets its
/// first visible item focused, as lynx does.
struct PageViewport {
    /// A link or button (by index into the layout's items), or a form field (into its fields).
    enum Focusable: Equatable {
        case item(Int)
        case field(Int)
    }

    var layout: PageLayout
    /// Rows of the web view.
    var height: Int
    var scrollOffset: Int
    var focusedItem: Int?
    /// The focused form field; never set together with `focusedItem`.
    var focusedField: Int?
    /// Whether the focus was given by scrolling (the first visible item), not chosen: then
    /// Shift-Tab starts from the bottom of the view (after End, the last visible link).
    var focusIsAutomatic = false
    /// Columns of page text the web view shows, and the first of them (wide `<pre>` lines and
    /// tables scroll sideways).
    var width = Int.max
    var horizontalOffset = 0

    init(layout: PageLayout, height: Int, scrollOffset: Int, focusedItem: Int?, focusedField: Int? = nil,
         focusIsAutomatic: Bool = false, width: Int = .max, horizontalOffset: Int = 0) {
        self.layout = layout
        self.height = max(0, height)
        self.scrollOffset = scrollOffset
        self.focusedItem = focusedItem
        self.focusedField = focusedItem == nil ? focusedField : nil
        self.focusIsAutomatic = focusIsAutomatic
        self.width = max(1, width)
        self.horizontalOffset = horizontalOffset
        settle()
    }

    /// The largest sideways offset: the widest line's end at the right edge.
    var maxHorizontalOffset: Int { width == .max ? 0 : max(0, layout.contentWidth - width) }

    /// Moves the view `columns` to the right (left when negative).
    mutating func scrollSideways(by columns: Int) {
        horizontalOffset += columns
        settle()
    }

    /// The largest scroll offset: the last line at the bottom of the view.
    var maxOffset: Int { max(0, layout.lines.count - height) }

    var visibleLines: Range<Int> { scrollOffset..<min(layout.lines.count, scrollOffset + height) }

    /// Moves the view `lines` down (up when negative).
    mutating func scroll(by lines: Int) {
        scroll(to: scrollOffset + lines)
    }

    mutating func scroll(to offset: Int) {
        scrollOffset = offset
        settle()
    }

    /// What has the focus.
    var focus: Focusable? {
        if let focusedItem { return .item(focusedItem) }
        return focusedField.map { .field($0) }
    }

    /// The links, buttons and fields that can take the focus (drawn somewhere), in reading order.
    var focusables: [Focusable] {
        var all: [(line: Int, column: Int, focusable: Focusable)] = []
        for (index, item) in layout.items.enumerated() {
            if let first = item.regions.first { all.append((first.line, first.columns.lowerBound, .item(index))) }
        }
        for (index, field) in layout.fields.enumerated() {
            if let first = field.regions.first { all.append((first.line, first.columns.lowerBound, .field(index))) }
        }
        all.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        return all.map(\.focusable)
    }

    /// Focuses the next link, button or field, or the first after the top of the view; wraps to the first.
    mutating func focusNext() {
        let candidates = focusables
        guard let first = candidates.first else { return }
        let next: Focusable
        if let focus, let current = candidates.firstIndex(of: focus) {
            next = current + 1 < candidates.count ? candidates[current + 1] : first
        } else {
            next = candidates.first { firstLine(of: $0) >= scrollOffset } ?? first
        }
        focus(next)
    }

    /// Focuses the previous link, button or field, or the last before the bottom of the view; wraps to the last.
    mutating func focusPrevious() {
        let candidates = focusables
        guard let last = candidates.last else { return }
        let previous: Focusable
        if focusIsAutomatic, let lastVisible = candidates.last(where: isVisible) {
            previous = lastVisible
        } else if let focus, let current = candidates.firstIndex(of: focus) {
            previous = current > 0 ? candidates[current - 1] : last
        } else {
            previous = candidates.last { firstLine(of: $0) < scrollOffset + height } ?? last
        }
        focus(previous)
    }

    /// Focuses an item and scrolls as little as needed to show it.
    mutating func focus(_ item: Int, scrollingSideways: Bool = true) {
        focus(.item(item), scrollingSideways: scrollingSideways)
    }

    /// Focuses a link, button or field and scrolls as little as needed to show it.
    mutating func focus(_ focusable: Focusable, scrollingSideways: Bool = true) {
        let regions: [ItemRegion]
        switch focusable {
        case .item(let item):
            guard layout.items.indices.contains(item) else { return }
            regions = layout.items[item].regions
        case .field(let field):
            guard layout.fields.indices.contains(field) else { return }
            regions = layout.fields[field].regions
        }
        let lines = regions.map(\.line)
        if let top = lines.min(), let bottom = lines.max() {
            if top < scrollOffset {
                scrollOffset = top
            } else if bottom >= scrollOffset + height {
                scrollOffset = min(top, bottom - height + 1)
            }
        }
        if scrollingSideways, width != .max, let first = regions.first?.columns {
            if first.lowerBound < horizontalOffset {
                horizontalOffset = first.lowerBound
            } else if first.upperBound > horizontalOffset + width {
                horizontalOffset = min(first.lowerBound, first.upperBound - width)
            }
        }
        switch focusable {
        case .item(let item): (focusedItem, focusedField) = (item, nil)
        case .field(let field): (focusedItem, focusedField) = (nil, field)
        }
        focusIsAutomatic = false
        settle()
    }

    /// The form field drawn at a cell of the page text, if any.
    func field(atLine line: Int, column: Int) -> Int? {
        guard layout.lines.indices.contains(line) else { return nil }
        for run in layout.lines[line].runs where run.columns.contains(column) {
            if let field = run.style.field { return field }
        }
        return nil
    }

    /// The item drawn at a cell of the page text, if any.
    func item(atLine line: Int, column: Int) -> Int? {
        guard layout.lines.indices.contains(line) else { return nil }
        for run in layout.lines[line].runs where run.columns.contains(column) {
            if let item = run.style.item { return item.index }
        }
        return nil
    }

    /// How far down the view is, as pagers say it: `All`, `Top`, `Bot` or a percentage.
    var position: String {
        if maxOffset == 0 { return "All" }
        if scrollOffset == 0 { return "Top" }
        if scrollOffset >= maxOffset { return "Bot" }
        return "\(scrollOffset * 100 / maxOffset)%"
    }

    /// Clamps the offset and moves the focus onto a visible item.
    private mutating func settle() {
        scrollOffset = min(max(0, scrollOffset), maxOffset)
        horizontalOffset = min(max(0, horizontalOffset), maxHorizontalOffset)
        if let focus, isVisible(focus) { return }
        focusedField = nil
        focusedItem = firstVisibleItem()
        focusIsAutomatic = true
    }

    /// The first line at or after `start` (before it, with `backward`) whose text contains
    /// `text`, ignoring case; wraps around the page. Nil when no line has it.
    func line(containing text: String, from start: Int, backward: Bool = false) -> Int? {
        let count = layout.lines.count
        guard count > 0, !text.isEmpty else { return nil }
        let needle = text.lowercased()
        for step in 0..<count {
            let index = ((backward ? start - step : start + step) % count + count) % count
            if layout.lines[index].text.lowercased().contains(needle) { return index }
        }
        return nil
    }

    private func isVisible(_ focusable: Focusable) -> Bool {
        let lines = visibleLines
        return regions(of: focusable).contains { lines.contains($0.line) }
    }

    private func regions(of focusable: Focusable) -> [ItemRegion] {
        switch focusable {
        case .item(let item): return layout.items.indices.contains(item) ? layout.items[item].regions : []
        case .field(let field): return layout.fields.indices.contains(field) ? layout.fields[field].regions : []
        }
    }

    /// The first item with text in view, found from the visible lines alone.
    private func firstVisibleItem() -> Int? {
        var first: Int?
        for line in visibleLines {
            for run in layout.lines[line].runs {
                if let item = run.style.item?.index, item < (first ?? Int.max) { first = item }
            }
        }
        return first
    }

    private func firstLine(of focusable: Focusable) -> Int {
        regions(of: focusable).map(\.line).min() ?? 0
    }
}
