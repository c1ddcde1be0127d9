/*
 * A curses that draws nothing, for timing BSD mille's game logic without a terminal
 * (scripts/bench-mille.sh, issue 12). Part of Progressive Touring, not of bsdgames: it stands in
 * for <curses.h> when mille's sources are compiled, and every drawing or input call becomes a
 * no-op that yields 0. The harness never reaches them on its path (it makes no illegal move, so
 * mille never prints an error), but they must compile.
 */
#ifndef TOURING_NO_CURSES_H
#define TOURING_NO_CURSES_H

#include <stdio.h>

typedef unsigned char bool;
#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif
#define OK 0
#define ERR (-1)

typedef struct touring_no_window WINDOW;

/* Assigned to by mille (stdscr = Board): a real variable, defined in harness.c. */
extern WINDOW *stdscr;
extern WINDOW *curscr;
extern int COLS, LINES;

/* Every call below does nothing and yields 0. */
#define initscr(...) 0
#define endwin(...) 0
#define newwin(...) ((WINDOW *)0)
#define delwin(...) 0
#define cbreak(...) 0
#define noecho(...) 0
#define idlok(...) 0
#define leaveok(...) 0
#define clearok(...) 0
#define mvcur(...) 0
#define refresh(...) 0
#define wrefresh(...) 0
#define move(...) 0
#define wmove(...) 0
#define addch(...) 0
#define mvaddch(...) 0
#define waddch(...) 0
#define mvwaddch(...) 0
#define addstr(...) 0
#define mvaddstr(...) 0
#define waddstr(...) 0
#define mvwaddstr(...) 0
#define printw(...) 0
#define mvprintw(...) 0
#define wprintw(...) 0
#define mvwprintw(...) 0
#define vwprintw(...) 0
#define clrtoeol(...) 0
#define wclrtoeol(...) 0
#define clrtobot(...) 0
#define wclrtobot(...) 0
#define erase(...) 0
#define werase(...) 0
#define clear(...) 0
#define wclear(...) 0
#define inch(...) 0
#define winch(...) 0
#define standout(...) 0
#define standend(...) 0
#define killchar(...) 0
#define erasechar(...) 0
#define unctrl(...) ""

#endif
