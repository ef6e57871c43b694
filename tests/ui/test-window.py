#!/usr/bin/env python3
"""End-to-end test of the desktop game: starts the real application under Xvfb with a fresh
home, plays with real X mouse clicks and key presses (xdotool), and reads the board back from
the screen's pixels. Usage: test-window.py PATH/TO/verso SCHEMA_DIR [PART...]"""

import os
import shutil
import subprocess
import sys
import time

from verso_ui_test import (BLACK, EMPTY, SCHEMA_DIR, START, WHITE, App, Screen, count, fail, flips,
                           ggf_moves, holds, legal_moves, log_count, name, play_moves, play_round,
                           random_game, random_game_file, record_env, wait_for_title,
                           wait_for_window, wait_until, window_appears, window_gone, xvfb_home)


# --- files and the clipboard (src/ui/window/verso-window-files.c) ---

def test_open_from_command_line(env, screen, home):
    """`verso FILE` with a 60-move GGF shows its last position; the time to that is printed."""
    moves, final, path = random_game_file(home, 'sixty.ggf', 60, 60)
    # A game in progress that was never saved would be lost: opening over it asks first.
    session = os.path.join(env['XDG_DATA_HOME'], 'verso', 'game.ini')
    with open(session, 'w') as f:
        f.write('[Verso Game]\nVersion=1\nBlack=human\nWhite=human\nLevel=%s\nMoves=f5d6\n'
                'Shown=2\nModified=true\n' % 'casual')
    app = App(env, screen, args=[path], covered=True)
    wait_for_window(env, '^Save Changes$')
    app.key('alt+d')  # Discard (the default response is Save)
    app.wait_for(lambda b: b == final, 'the last position of %s after Discard' % path)
    app.quit()
    print('opening over a game in progress asked first', flush=True)

    # The time to open, from a start with no game to keep (a finished game leaves no session).
    if os.path.exists(session):
        os.remove(session)
    log_path = os.path.join(home, 'open.log')
    started = time.time()
    with open(log_path, 'w') as log:
        app = App(dict(env, G_MESSAGES_DEBUG='Verso'), screen, log=log, args=[path])
        app.wait_for(lambda b: b == final, 'the last position of %s' % path)
    print('verso FILE: a 60-move GGF on the screen at its last position within %.2f s of the start '
          '(polled every 0.2 s)' % (time.time() - started), flush=True)
    with open(log_path) as log:
        for line in log:
            if 'First frame drawn' in line or 'Read ' in line:
                print('  ' + line.strip(), flush=True)
    wait_for_title(env, 'sixty.ggf — Verso')
    # Opened and not changed: quitting asks nothing.
    app.quit()


def test_save_and_unsaved_changes(env, screen, home):
    """A move marks the title; Ctrl+S writes the file; Ctrl+Q over unsaved changes asks first:
    Escape keeps the game, Return saves and quits."""
    moves, board, path = random_game_file(home, 'short.ggf', 20, 20)
    app = App(env, screen, args=[path])
    app.wait_for(lambda b: b == board, 'the 20-move game from %s' % path)
    wait_for_title(env, 'short.ggf — Verso')
    board = play_round(app, board, legal_moves(board, BLACK)[0])
    wait_for_title(env, '• short.ggf — Verso')
    app.key('ctrl+s')
    wait_for_title(env, 'short.ggf — Verso')
    if len(ggf_moves(path)) != 22:
        fail('Ctrl+S wrote %d moves to %s, not 22' % (len(ggf_moves(path)), path))
    print('a move marked the title; Ctrl+S saved 22 moves', flush=True)

    board = play_round(app, board, legal_moves(board, BLACK)[0])
    wait_for_title(env, '• short.ggf — Verso')
    app.key('ctrl+q')
    wait_for_window(env, '^Save Changes$')
    app.key('Escape')
    wait_for_title(env, '• short.ggf — Verso')
    if app.process.poll() is not None:
        fail('verso quit although the question about unsaved changes was cancelled')
    app.key('ctrl+q')
    wait_for_window(env, '^Save Changes$')
    app.key('Return')
    try:
        app.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        fail('verso did not quit after Save')
    if len(ggf_moves(path)) != 24:
        fail('Save on quit wrote %d moves to %s, not 24' % (len(ggf_moves(path)), path))
    print('Ctrl+Q over unsaved changes asked; Cancel kept the game, Save saved 24 moves and quit', flush=True)


def write_session(env, modified):
    """A two-player game f5 d6 in the session, never saved to a file; returns its board."""
    with open(os.path.join(env['XDG_DATA_HOME'], 'verso', 'game.ini'), 'w') as f:
        f.write('[Verso Game]\nVersion=1\nBlack=human\nWhite=human\nLevel=casual\nMoves=f5d6\n'
                'Shown=2\nModified=%s\n' % ('true' if modified else 'false'))
    return play_moves([37, 43])


def start_over_modified_game(env, app):
    """Start in New Game, over a modified game: the question comes. On a loaded machine the first
    Alt+S can reach the dialog before its buttons take keys; it is pressed again then."""
    wait_for_window(env, '^New Game$')
    app.key('alt+s')  # "_Start"
    if not window_appears(env, '^Save Changes$', 10) and window_appears(env, '^New Game$', 1):
        print('note: Start in New Game was lost; pressed again', flush=True)
        app.key('alt+s')
    wait_for_window(env, '^Save Changes$')


def test_new_game_asks_first(env, screen, home):
    """New Game over an unfinished game never saved asks first, as Open and Paste do: Cancel
    keeps it, Discard starts the new game; over one not modified it asks nothing."""
    board = write_session(env, True)
    app = App(env, screen)
    app.wait_for(lambda b: b == board, 'the modified game f5 d6 from the session')
    app.key('ctrl+n')
    start_over_modified_game(env, app)
    app.key('Escape')
    window_gone(env, '^Save Changes$')
    app.wait_for(lambda b: b == board, 'the game kept after Cancel')
    app.key('ctrl+n')
    start_over_modified_game(env, app)
    app.key('alt+d')  # "_Discard"
    app.wait_for(lambda b: b == START, 'the new game after Discard')
    app.quit()
    print('New Game over a modified game asked; Cancel kept it, Discard started anew', flush=True)

    # Not modified: the new game comes at once (a question would leave f5 d6 on the board).
    board = write_session(env, False)
    app = App(env, screen)
    app.wait_for(lambda b: b == board, 'the unmodified game f5 d6 from the session')
    app.key('ctrl+n')
    wait_for_window(env, '^New Game$')
    app.key('alt+s')
    app.wait_for(lambda b: b == START, 'the new game without a question')
    app.quit()
    print('New Game over an unmodified game asked nothing', flush=True)


def clipboard_set(env, text):
    subprocess.run(['xclip', '-selection', 'clipboard', '-i'], input=text.encode(), env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)


def clipboard_get(env):
    return subprocess.run(['xclip', '-selection', 'clipboard', '-o'], env=env, capture_output=True,
                          text=True, timeout=10).stdout


def test_clipboard(env, screen, home):
    """Ctrl+V opens a pasted transcript, Ctrl+C copies it back, and a malformed one changes
    nothing (its notice, in the debug log, says it was read)."""
    log_path = os.path.join(home, 'clipboard.log')
    log = open(log_path, 'w')
    app = App(dict(env, G_MESSAGES_DEBUG='Verso'), screen, log=log)
    moves, board = random_game(3, 12)
    transcript = ''.join(name(m) for m in moves)
    clipboard_set(env, transcript + '\n')
    app.key('ctrl+v')
    app.wait_for(lambda b: b == board, 'the pasted 12-move transcript %s' % transcript)
    print('Ctrl+V opened the pasted transcript %s' % transcript, flush=True)

    clipboard_set(env, 'nothing')
    app.key('ctrl+c')
    deadline = time.time() + 10
    while clipboard_get(env).strip().lower() != transcript:
        if time.time() > deadline:
            fail('Ctrl+C copied %r, not %r' % (clipboard_get(env), transcript))
        time.sleep(0.2)
    print('Ctrl+C copied the transcript', flush=True)

    # The 12th move replaced by one that is not legal there: the game stays as it was.
    before = play_moves(moves[:11])
    illegal = [s for s in range(64) if before[s] == EMPTY and s not in legal_moves(before, WHITE)][0]
    refused = 'Notice: The pasted text is not a game'

    def paste_refused(text):
        """Ctrl+V of text until its refusal is logged: the window owned the clipboard after
        Ctrl+C, and a Ctrl+V before it has learnt that xclip took it over pastes its own copy
        again (the game shown, which changes nothing)."""
        clipboard_set(env, text)
        before = log_count(log_path, refused)

        def refused_now():
            app.key('ctrl+v')
            deadline = time.time() + 3
            while time.time() < deadline:
                if log_count(log_path, refused) > before:
                    return True
                time.sleep(0.1)
            return False
        wait_until(refused_now, 'a line "%s" in %s' % (refused, log_path), 30)
    paste_refused(''.join(name(m) for m in moves[:11]) + name(illegal))
    app.wait_for(lambda b: b == board, 'the board unchanged by a malformed paste', seconds=10)
    paste_refused('f5 d6 c3 hello')
    app.wait_for(lambda b: b == board, 'the board unchanged by a pasted text with a word', seconds=10)
    print('malformed pastes were refused and left the game as it was', flush=True)
    app.quit()
    log.close()


# --- the move list, navigation and setting up a position (verso-move-list.c, verso-window.c) ---

ACCENT = (53, 132, 228)  # the highlighted move's background (libadwaita's light accent)


def highlighted_move(app):
    """The box (left, top, right, bottom) of the highlighted move in the list, right of the board."""
    screen = app.screen
    screen.grab()
    left_limit = int(app.geometry[0] + 8 * app.geometry[2] + 20)
    xs, ys = [], []
    for y in range(0, screen.height, 2):
        for x in range(left_limit, screen.width, 2):
            r, g, b = screen.pixel(x, y)
            if abs(r - ACCENT[0]) < 12 and abs(g - ACCENT[1]) < 12 and abs(b - ACCENT[2]) < 12:
                xs.append(x)
                ys.append(y)
    if len(xs) < 50:
        fail('no highlighted move in the move list')
    return min(xs), min(ys), max(xs), max(ys)


def wait_highlight_moves(app, before):
    deadline = time.time() + 5
    while time.time() < deadline:
        box = highlighted_move(app)
        if box != before:
            return box
        time.sleep(0.1)
    fail('the highlighted move did not change from %s' % (before,))


def test_move_list(env, screen, home):
    """Two players, a 12-move game from a file: the move list's highlight follows Alt+Left; a
    click on move 10 shows the position after 10 moves; Home, End, Alt+Left and Alt+Right go
    through the record."""
    moves, final, path = random_game_file(home, 'twelve.ggf', 9, 12)
    env = record_env(env, home, 'move-list', 'two-players')
    app = App(env, screen, args=[path])
    app.wait_for(lambda b: b == final, 'the 12-move game from %s' % path)
    # Move 12 is white's in row 6; move 11 black's in row 6; move 9 black's in row 5.
    white12 = highlighted_move(app)
    app.key('alt+Left')
    app.wait_for(lambda b: b == play_moves(moves[:11]), 'Alt+Left to show the position after 11 moves')
    black11 = wait_highlight_moves(app, white12)
    app.key('alt+Left', 'alt+Left')
    app.wait_for(lambda b: b == play_moves(moves[:9]), 'two more Alt+Left to show move 9')
    black9 = wait_highlight_moves(app, black11)
    if not (black11[0] < white12[0] and abs(black11[1] - white12[1]) < 4 and black9[1] < black11[1]):
        fail('the move list is not in rows of black and white moves: %s %s %s' % (white12, black11, black9))
    app.key('End')
    app.wait_for(lambda b: b == final, 'End to show the last position')
    wait_highlight_moves(app, black9)
    # Move 10: white's column (of move 12), black's row 5 (of move 9).
    x, y = (white12[0] + white12[2]) // 2, (black9[1] + black9[3]) // 2
    subprocess.run(['xdotool', 'mousemove', str(x), str(y), 'click', '1'], env=env, check=True)
    app.wait_for(lambda b: b == play_moves(moves[:10]), 'a click on move 10 in the list')
    box = wait_highlight_moves(app, white12)
    if abs(box[0] - white12[0]) > 4 or abs(box[1] - black9[1]) > 4:
        fail('move 10 is not the highlighted one after the click: %s' % (box,))
    print('move list: a click on move 10 showed the position after 10 moves', flush=True)
    app.key('Home')
    app.wait_for(lambda b: b == START, 'Home to show the start')
    app.key('alt+Right')
    app.wait_for(lambda b: b == play_moves(moves[:1]), 'Alt+Right to show the first move')
    app.key('End')
    app.wait_for(lambda b: b == final, 'End to show the last position again')
    # A move played in the middle of the record starts a variation; undo still works.
    app.key('alt+Left', 'alt+Left')
    middle = app.wait_for(lambda b: b == play_moves(moves[:10]), 'Alt+Left twice')
    other = [m for m in legal_moves(middle, BLACK) if m != moves[10]][0]
    app.click(other)
    app.wait_for(lambda b: b == play_moves(moves[:10] + [other]), 'a new move in the middle of the record')
    app.key('ctrl+z')
    app.wait_for(lambda b: b == middle, 'undo of the new move')
    print('Home, End, Alt+Left and Alt+Right went through the record', flush=True)
    # The file changed: quitting would ask about saving (tested elsewhere).
    app.process.kill()
    app.process.wait()


def test_move_list_follows_play(env, screen, home):
    """A move played at the end of a long game adds a row below the visible part of the list:
    the list scrolls so that the new, current move shows highlighted."""
    moves, final, path = random_game_file(home, 'fifty.ggf', 13, 50)
    env = record_env(env, home, 'move-list-follows', 'two-players')
    app = App(env, screen, args=[path])
    app.wait_for(lambda b: b == final, 'the 50-move game from %s' % path)
    last = highlighted_move(app)
    square = legal_moves(final, BLACK)[0]
    app.click(square)
    app.wait_for(lambda b: b == play_moves(moves + [square]), 'the move %s' % name(square))
    box = wait_highlight_moves(app, last)
    # Move 50 was white's; the new one is black's, in the next row, scrolled into view.
    if box[0] >= last[0] or box[1] < last[1] - 4:
        fail('the new move is not highlighted in the black column of the next row: %s, was %s'
             % (box, last))
    print('the move list scrolled to the move just played', flush=True)
    app.process.kill()
    app.process.wait()


def test_paused_computer(env, screen, home):
    """Against the computer, going back to its turn with moves after it, it waits until asked."""
    moves, final, path = random_game_file(home, 'paused.ggf', 11, 12)
    env = record_env(env, home, 'paused', 'versus-computer')
    app = App(env, screen, args=[path])
    app.wait_for(lambda b: b == final, 'the 12-move game from %s' % path)
    app.key('alt+Left')
    paused = app.wait_for(lambda b: b == play_moves(moves[:11]), 'Alt+Left to the computer\'s turn')
    holds(lambda: app.board() == paused, 'the computer played in a position reached by going back', 2)
    app.key('alt+l')  # "_Let It Play" in the status line
    app.wait_for(lambda b: '?' not in b and count(b, BLACK) + count(b, WHITE) == count(paused, BLACK) + count(paused, WHITE) + 1,
                 'the computer to play after "Let It Play"')
    print('paused computer: it waited, and played when asked', flush=True)
    app.process.kill()  # the file changed: quitting would ask about saving
    app.process.wait()


def find_board_again(app):
    """The board after the layout under it changed size (the editor is taller than the status line)."""
    app.locate(other_than=app.geometry, seconds=15)


def test_set_up_position(env, screen, home):
    """Ctrl+E sets up a position: an empty board, black d4 (Play refused: neither side can move),
    white e4 and d5 (clicks cycle empty, black, white), Play; then black's move f4 is played on
    it by the rules."""
    env = record_env(env, home, 'set-up', 'two-players')
    app = App(env, screen)
    app.key('ctrl+e')
    app.key('alt+e')  # "_Empty Board"
    find_board_again(app)
    app.wait_for(lambda b: b == EMPTY * 64, 'the empty board')
    d4, e4, d5, f4 = 27, 28, 35, 29
    # A lone black disc: neither side can move, so Play is refused and the editor stays (the
    # clicks below would otherwise be moves in a finished game, which change nothing).
    app.click(d4)
    app.wait_for(lambda b: b[d4] == BLACK, 'black d4 alone')
    # Refused at once (the key is handled before the clicks after it): the clicks set up.
    app.key('alt+p')  # "_Play"
    for square in (e4, d5):
        app.click(square)
        app.wait_for(lambda b: b[square] == BLACK, 'a click to make %s black' % name(square))
        app.click(square)
        app.wait_for(lambda b: b[square] == WHITE, 'a second click to make %s white' % name(square))
    set_up = list(EMPTY * 64)
    set_up[d4], set_up[e4], set_up[d5] = BLACK, WHITE, WHITE
    set_up = ''.join(set_up)
    app.wait_for(lambda b: b == set_up, 'the position set up with clicks')
    # The keyboard cycles too: the cursor is on d5 (the last click); Return makes it empty,
    # then black, then white again.
    app.key('Return')
    app.wait_for(lambda b: b[d5] == EMPTY, 'Return to empty d5')
    app.key('Return', 'Return')
    app.wait_for(lambda b: b == set_up, 'Return twice more to make d5 white again')
    app.key('alt+p')  # "_Play"
    find_board_again(app)
    app.wait_for(lambda b: b == set_up, 'the game from the set-up position')
    app.click(f4)
    expected = list(set_up)
    for square in flips(set_up, f4, BLACK) + [f4]:
        expected[square] = BLACK
    app.wait_for(lambda b: b == ''.join(expected), 'black f4 played on the set-up position')
    print('set up a position with clicks and keys, played f4 on it', flush=True)
    # Cancel gives the game back as it was.
    played = ''.join(expected)
    app.key('ctrl+e', 'alt+e')
    find_board_again(app)
    app.wait_for(lambda b: b == EMPTY * 64, 'the empty board in the editor')
    app.key('alt+c')  # "_Cancel"
    find_board_again(app)
    app.wait_for(lambda b: b == played, 'Cancel to give the game back')
    print('Cancel in the editor gave the game back', flush=True)
    app.quit()


def test_play(env, screen, home):
    """Against the computer: a first start, moves by the mouse and the keyboard, illegal clicks,
    undo and redo, the game kept over a quit and two kills, a quit while the computer thinks, a
    corrupt save set aside, and the shortcuts from every window of the game."""
    save_file = os.path.join(home, 'data', 'verso', 'game.ini')
    # First start: the person plays black against the computer; the start position.
    app = App(env, screen)
    board = app.board()
    if board != START:
        fail('first start does not show the start position: %s' % board)

    # A click on an occupied or illegal square changes nothing.
    # Its toast covers the bottom row for two seconds (never the turn line under the board):
    # the board is read once the toast has gone.
    app.click(0)
    app.wait_for(lambda b: b == START, 'the start position, unchanged by an illegal click', seconds=8)

    # The keyboard: the click left the cursor on a1; the arrows take it to d3, Return plays.
    app.key('Right', 'Right', 'Right', 'Down', 'Down', 'Return')
    board = app.wait_for(lambda b: b[19] == BLACK and count(b, BLACK) + count(b, WHITE) == 6,
                         'the keyboard move d3 and the computer\'s answer')
    print('black d3 (keyboard), the computer answered', flush=True)

    # Two rounds with the mouse.
    for _ in range(2):
        moves = legal_moves(board, BLACK)
        if not moves:
            fail('no legal move for black on %s' % board)
        board = play_round(app, board, moves[len(moves) // 2])
    before_undo = board

    # Ctrl+Z takes back the computer's answer and the person's move.
    app.key('ctrl+z')
    undone = app.wait_for(lambda b: count(b, BLACK) + count(b, WHITE) == count(before_undo, BLACK) + count(before_undo, WHITE) - 2,
                          'undo')
    app.key('ctrl+shift+z')
    app.wait_for(lambda b: b == before_undo, 'redo')

    # Quitting saves the game; the next start shows it again.
    app.quit()
    if not os.path.exists(save_file):
        fail('no saved game at %s' % save_file)
    app = App(env, screen)
    restored = app.wait_for(lambda b: '?' not in b, 'the restored board')
    if restored != before_undo:
        fail('the restored game differs:\n%s\n%s' % (restored, before_undo))
    print('game restored after restart', flush=True)

    # Killed (SIGKILL) at rest, the game comes back whole.
    app.process.kill()
    app.process.wait()
    app = App(env, screen)
    if app.wait_for(lambda b: '?' not in b, 'the board after a kill') != restored:
        fail('the game killed at rest did not come back')
    # Killed while the computer thinks, it loses nothing either: the person's move is kept,
    # and the computer answers it after the next start.
    discs = count(restored, BLACK) + count(restored, WHITE)
    square = legal_moves(restored, BLACK)[0]
    app.click(square)
    deadline = time.time() + 10
    while app.board()[square] != BLACK:  # no settling: the computer's answer must not come first
        if time.time() > deadline:
            fail('the move %s did not show' % name(square))
    app.process.kill()
    app.process.wait()
    app = App(env, screen)
    restored = app.wait_for(lambda b: '?' not in b and count(b, BLACK) + count(b, WHITE) == discs + 2,
                            'the computer to answer %s after the kill and restart' % name(square))
    print('killed twice with kill -9; no move was lost', flush=True)

    # Quitting while the computer thinks stops it and still ends cleanly: Ctrl+Q as soon as
    # the person's move shows.
    square = legal_moves(restored, BLACK)[0]
    app.click(square)
    wait_until(lambda: app.board()[square] == BLACK, 'the move %s to show' % name(square), 10)
    app.quit()
    print('quit while the computer was thinking', flush=True)

    # A corrupt save file is set aside and a fresh game starts.
    with open(save_file, 'wb') as f:
        f.write(b'\x00\x01 not a saved game')
    app = App(env, screen)
    if app.wait_for(lambda b: '?' not in b, 'a fresh board') != START:
        fail('a corrupt save did not give a fresh game')
    aside = [n for n in os.listdir(os.path.dirname(save_file)) if n.startswith('game.ini.unreadable-')]
    if not aside:
        fail('the corrupt save file was not set aside')
    print('corrupt save set aside as %s' % aside[0], flush=True)

    # The shortcuts work from every window of the game: Ctrl+Z in the Preferences window
    # undoes the move on the board, Ctrl+N there opens the New Game dialog, Ctrl+Q in that
    # dialog quits; and closing a dialog gives the keyboard back to the main window.
    board = play_round(app, START, 19)
    app.key('ctrl+comma')
    wait_for_window(env, '^Preferences$')
    app.key('ctrl+z')
    app.key('Escape')
    app.wait_for(lambda b: b == START, 'Ctrl+Z in the Preferences window to undo')
    focused = subprocess.run(['xdotool', 'getwindowfocus', 'getwindowname'], env=env,
                             capture_output=True, text=True).stdout.strip()
    if focused != 'Verso':
        fail('after the Preferences window closed, the keyboard focus is on %r' % focused)
    app.key('ctrl+comma')
    wait_for_window(env, '^Preferences$')
    app.key('ctrl+n')
    wait_for_window(env, '^New Game$')
    app.quit()
    print('Ctrl+Z, Ctrl+N and Ctrl+Q worked from the dialogs', flush=True)


PARTS = {
    'play': [test_play],
    'files': [test_open_from_command_line, test_save_and_unsaved_changes,
              test_new_game_asks_first, test_clipboard],
    'record': [test_move_list, test_move_list_follows_play, test_paused_computer, test_set_up_position],
}


def main():
    """The parts named on the command line after VERSO SCHEMA_DIR (play, files, record; all
    without one), each a meson test of its own so that they run side by side."""
    parts = sys.argv[3:] or list(PARTS)
    if set(parts) - set(PARTS):
        print('usage: test-window.py VERSO SCHEMA_DIR [%s]...' % ' | '.join(PARTS))
        sys.exit(2)
    for tool in ('Xvfb', 'xdotool', 'import', 'xclip'):
        if not shutil.which(tool):
            print('SKIP: %s is not installed' % tool)
            sys.exit(77)
    with xvfb_home('verso-e2e-') as (home, display):
        env = dict(os.environ)
        env.update({
            'DISPLAY': display, 'HOME': home,
            'XDG_DATA_HOME': os.path.join(home, 'data'), 'XDG_CONFIG_HOME': os.path.join(home, 'config'),
            'XDG_CACHE_HOME': os.path.join(home, 'cache'), 'XDG_RUNTIME_DIR': home,
            'GSETTINGS_BACKEND': 'memory', 'GSETTINGS_SCHEMA_DIR': SCHEMA_DIR,
            'GTK_A11Y': 'none', 'NO_AT_BRIDGE': '1', 'GDK_BACKEND': 'x11',
            # Xvfb has only software OpenGL, slow to start (seconds under the sanitizers); the Cairo
            # renderer draws the same pixels quickly.
            'GSK_RENDERER': os.environ.get('GSK_RENDERER', 'cairo'),
            # GTK's and fontconfig's caches live for the whole process; leaks are checked on the model.
            'ASAN_OPTIONS': 'detect_leaks=0',
        })
        env.pop('WAYLAND_DISPLAY', None)
        os.makedirs(env['XDG_CACHE_HOME'])
        os.makedirs(os.path.join(env['XDG_DATA_HOME'], 'verso'))
        screen = Screen(env)
        for part in parts:
            print('--- %s' % part, flush=True)
            for test in PARTS[part]:
                test(env, screen, home)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
