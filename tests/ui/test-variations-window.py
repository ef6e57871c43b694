#!/usr/bin/env python3
"""Variations in the real window, read through the AT-SPI bus as a screen reader would, driven by
the keyboard alone: a game of five moves, three moves back (Alt+Left), another move played on the
board (its cursor and Return) starts a variation; the move list names the old line's move as a
branch ("Main line: 2. Black c3"); Alt+Up and Alt+Down switch between the two lines; Ctrl+Shift+Up
promotes the variation shown to the main line and Ctrl+Delete deletes the other, which its
toast's Undo brings back. Killed (kill -9)
with the variation shown and started again, the game comes back from the saved session with the
same line, the branch row and the variation bar. Reuses
verso_ui_test's helpers. Run inside dbus-run-session. Usage: test-variations-window.py VERSO
SCHEMA_DIR"""

import os
import re

import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, GLib, window, wait_until, stop, key  # noqa: F401
from verso_ui_test.atspi import accessibles, labels, board_description, play_with_cursor  # noqa: F401
from verso_ui_test import shot
fail = window.fail
MOVE_NAME = atspi_game.MOVE_NAME
BRANCH_NAME = re.compile(r'^(Main line|Variation): \d+\. (Black|White) ([a-h][1-8]|pass)$')


def buttons(pattern):
    return sorted(name for role, name, node in accessibles()
                  if role == Atspi.Role.PUSH_BUTTON and pattern.match(name))


def line():
    """The moves of the line shown, in order: "f5 d6 c3"."""
    moves = []
    for name in buttons(MOVE_NAME):
        match = MOVE_NAME.match(name)
        moves.append((int(match.group(1)), match.group(2) == 'White', match.group(3)))
    return ' '.join(square for number, white, square in sorted(moves))


def expect(what, moves, branches, variation_label):
    """Waits until the line is moves, the branch buttons are branches and the variation bar says
    variation_label (None: hidden)."""
    def shown():
        bar = [n for n in labels() if n.startswith('Variation from move ')]
        return (line() == moves and buttons(BRANCH_NAME) == sorted(branches)
                and bar == ([variation_label] if variation_label else []))
    try:
        wait_until(shown, what, 15)
    except SystemExit:
        print('line %r, branches %r, labels %r' % (line(), buttons(BRANCH_NAME),
                                                   [n for n in labels() if n.startswith('Variation')]), flush=True)
        raise
    print('%s: %s; %s' % (what, moves, ', '.join(branches) or 'no branch'), flush=True)


def read_text(path):
    try:
        with open(path) as f:
            return f.read()
    except FileNotFoundError:
        return ''


def square(name):
    return window.square_of(name)


def main():
    with atspi_game.session('verso-variations-') as (env, home):
        root = os.path.join(home, 'variations')
        settings = os.path.join(root, 'config', 'glib-2.0', 'settings')
        os.makedirs(settings)
        with open(os.path.join(settings, 'keyfile'), 'w') as f:
            f.write("[io/github/verso/Verso]\nwindow-width=900\nwindow-height=700\ngame-mode='two-players'\n")
        env = dict(atspi_game.home_env(env, root), XDG_RUNTIME_DIR=root, GSETTINGS_BACKEND='keyfile')
        path = window.write_ggf(os.path.join(root, 'five.ggf'), [square(m) for m in ('f5', 'd6', 'c3', 'd3', 'c4')])
        app = atspi_game.start(env, [path], lambda: len(buttons(MOVE_NAME)) == 5, 'the five moves of the file')

        expect('the file', 'f5 d6 c3 d3 c4', [], None)
        key(env, 'alt+Left', 'alt+Left', 'alt+Left')
        # Three moves back the board shows black to move with c5 among the moves (after f5 d6:
        # three discs each).
        wait_until(lambda: 'Black 3, white 3. Black to move.' in board_description(),
                   'the position after f5 d6, three moves back', 15)
        play_with_cursor(env, square('c5'))
        expect('another move three moves back', 'f5 d6 c5', ['Main line: 2. Black c3'], 'Variation from move 2')
        shot(env, 'variation-move-list')

        key(env, 'alt+Up')
        expect('Alt+Up: the old line', 'f5 d6 c3 d3 c4', ['Variation: 2. Black c5'], None)
        key(env, 'alt+Down')
        expect('Alt+Down: the variation again', 'f5 d6 c5', ['Main line: 2. Black c3'], 'Variation from move 2')

        # Killed with the variation shown: the saved session brings back the tree and the line.
        saved = os.path.join(root, 'data', 'verso', 'game.ini')
        wait_until(lambda: 'Moves=f5d6c5\n' in read_text(saved) and 'Tree=' in read_text(saved),
                   'the variation in the saved session', 10)
        app.kill()
        app.wait()
        app = atspi_game.start(env, [], lambda: len(buttons(MOVE_NAME)) == 3, 'the restored game')
        expect('kill -9 and a restart', 'f5 d6 c5', ['Main line: 2. Black c3'], 'Variation from move 2')
        shot(env, 'variation-restored')

        key(env, 'ctrl+shift+Up')
        expect('Ctrl+Shift+Up: promoted', 'f5 d6 c5', ['Variation: 2. Black c3'], None)

        key(env, 'alt+Down')
        expect('Alt+Down: the old line, now a variation', 'f5 d6 c3 d3 c4', ['Main line: 2. Black c5'],
               'Variation from move 2')
        key(env, 'ctrl+Delete')
        expect('Ctrl+Delete: deleted', 'f5 d6 c5', [], None)
        # Its toast's Undo brings the variation back, shown as before.
        undo = wait_until(lambda: atspi_game.button('Undo'), 'the toast\'s Undo button', 10)
        undo.get_action_iface().do_action(0)
        expect('Undo: the variation back', 'f5 d6 c3 d3 c4', ['Main line: 2. Black c5'],
               'Variation from move 2')
        key(env, 'ctrl+Delete')
        expect('Ctrl+Delete again: deleted', 'f5 d6 c5', [], None)
        stop(app)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
