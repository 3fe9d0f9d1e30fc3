#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <ncursesw/curses.h>

/* The C library's cell width of a wide character, as ncurses counts it
   (declared here because SwiftPM drops pkg-config's -D_XOPEN_SOURCE). */
extern int wcwidth(wchar_t c);
static inline int webnav_wcwidth(wchar_t c) { return wcwidth(c); }

/* Macros and globals that Swift cannot reach directly, as inline functions. */

static inline WINDOW *webnav_stdscr(void) { return stdscr; }
static inline WINDOW *webnav_curscr(void) { return curscr; }
static inline int webnav_color_pairs(void) { return COLOR_PAIRS; }
static inline int webnav_rows(WINDOW *window) { return getmaxy(window); }
static inline int webnav_columns(WINDOW *window) { return getmaxx(window); }

static inline attr_t webnav_attributes(int bold, int underline, int reverse, int dim) {
    attr_t attributes = A_NORMAL;
    if (bold) attributes |= A_BOLD;
    if (underline) attributes |= A_UNDERLINE;
    if (reverse) attributes |= A_REVERSE;
    if (dim) attributes |= A_DIM;
    return attributes;
}

/* Writes one cell: `text` is a spacing character, up to CCHARW_MAX - 1 combining
   characters, and a terminating 0; `pair` may exceed a short (extended pairs). */
static inline int webnav_put_cell(WINDOW *window, int row, int column,
                                  const wchar_t *text, attr_t attributes, int pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, 0, &pair) != OK) return ERR;
    return mvwadd_wch(window, row, column, &cell);
}

/* The string capability `name`, or NULL when the entry lacks it. */
static inline const char *webnav_string_capability(const char *name) {
    char *value = tigetstr(name);
    return value == (char *)-1 ? NULL : value;
}

static inline mmask_t webnav_mouse_mask(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED;
}

/* 1 press, 2 release, 3 wheel up, 4 wheel down, 0 anything else. */
static inline int webnav_mouse_kind(mmask_t state) {
    if (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return 1;
    if (state & BUTTON1_RELEASED) return 2;
    if (state & BUTTON4_PRESSED) return 3;
    if (state & BUTTON5_PRESSED) return 4;
    return 0;
}
