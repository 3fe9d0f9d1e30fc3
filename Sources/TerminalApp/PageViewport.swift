import PageKit

/// The visible window of a laid-out page: which lines show, and which link or button has the focus.
///
/// The focus is always on an item that can be seen, or on none: after every change the
/// focused item, once scrolled out of view, gives way to the first visible one (so
/// `Enter` never follows a link the user cannot see), and a page just loaded gets its
/// first visible item focused, as lynx does.
struct PageViewport {
    var layout: PageLayout
    /// Rows of the web view.
    var height: Int
    var scrollOffset: Int
    var focusedItem: Int?
    /// Whether the focus was given by scrolling (the first visible item), not chosen: then
    /// Shift-Tab starts from the bottom of the view (after End, the last visible link).
    var focusIsAutomatic = false
    /// Columns of page text the web view shows, and the first of them (wide `<pre>` lines and
    /// tables scroll sideways).
    var width = Int.max
    var horizontalOffset = 0

    init(layout: PageLayout, height: Int, scrollOffset: Int, focusedItem: Int?, focusIsAutomatic: Bool = false,
         width: Int = .max, horizontalOffset: Int = 0) {
        self.layout = layout
        self.height = max(0, height)
        self.scrollOffset = scrollOffset
        self.focusedItem = focusedItem
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

    /// Focuses the next item, or the first after the top of the view; wraps to the first.
    mutating func focusNext() {
        let candidates = layout.items.indices.filter { !layout.items[$0].regions.isEmpty }
        guard let first = candidates.first else { return }
        let next: Int
        if let focusedItem {
            next = candidates.first { $0 > focusedItem } ?? first
        } else {
            next = candidates.first { firstLine(of: $0) >= scrollOffset } ?? first
        }
        focus(next)
    }

    /// Focuses the previous item, or the last before the bottom of the view; wraps to the last.
    mutating func focusPrevious() {
        let candidates = layout.items.indices.filter { !layout.items[$0].regions.isEmpty }
        guard let last = candidates.last else { return }
        let previous: Int
        if focusIsAutomatic, let lastVisible = candidates.last(where: isVisible) {
            previous = lastVisible
        } else if let focusedItem {
            previous = candidates.last { $0 < focusedItem } ?? last
        } else {
            previous = candidates.last { firstLine(of: $0) < scrollOffset + height } ?? last
        }
        focus(previous)
    }

    /// Focuses an item and scrolls as little as needed to show it.
    mutating func focus(_ item: Int, scrollingSideways: Bool = true) {
        guard layout.items.indices.contains(item) else { return }
        let lines = layout.items[item].regions.map(\.line)
        if let top = lines.min(), let bottom = lines.max() {
            if top < scrollOffset {
                scrollOffset = top
            } else if bottom >= scrollOffset + height {
                scrollOffset = min(top, bottom - height + 1)
            }
        }
        if scrollingSideways, width != .max, let first = layout.items[item].regions.first?.columns {
            if first.lowerBound < horizontalOffset {
                horizontalOffset = first.lowerBound
            } else if first.upperBound > horizontalOffset + width {
                horizontalOffset = min(first.lowerBound, first.upperBound - width)
            }
        }
        focusedItem = item
        focusIsAutomatic = false
        settle()
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
        if let focusedItem, isVisible(focusedItem) { return }
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

    private func isVisible(_ item: Int) -> Bool {
        guard layout.items.indices.contains(item) else { return false }
        let lines = visibleLines
        return layout.items[item].regions.contains { lines.contains($0.line) }
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

    private func firstLine(of item: Int) -> Int {
        layout.items[item].regions.map(\.line).min() ?? 0
    }
}
