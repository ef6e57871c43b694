#!/usr/bin/env python3
"""The board's options in the real window (issue 34): with the board turned a quarter clockwise
(board-orientation 'rotate-90'), the start is drawn turned, a click on the pixel where f5 is
drawn plays f5, the move list still names it f5 and the board reads back turned; with move
numbers on, the disc of move 1 carries a light number that a start disc has not, and the board's
description says "move 1"; a legal square under the pointer marks the disc its move would flip;
Export Position's caption, typed in its options, reaches the SVG (its <title>). Run inside
dbus-run-session. Usage: test-board-options-window.py VERSO SCHEMA_DIR"""

import os
import subprocess

import verso_ui_test.atspi as atspi_game
from verso_ui_test import (App, Screen, START, fail, flips, name, square_of, wait_for_file, wait_for_focus,
                           wait_for_window)


def turned(square):
    """The cell (column + 8 * row, from the top left) where square is drawn turned a quarter
    clockwise: a1 top right."""
    column, row = square % 8, square // 8
    return (7 - row) + 8 * column


def drawn(board):
    """A board (a1..h8) as the screen shows it turned: the characters in the cells' order."""
    cells = ['?'] * 64
    for square in range(64):
        cells[turned(square)] = board[square]
    return ''.join(cells)


def settings_env(env, root, keys):
    """env with the settings in a key file of its own holding keys."""
    folder = os.path.join(root, 'config', 'glib-2.0', 'settings')
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, 'keyfile'), 'w') as f:
        f.write('[io/github/verso/Verso]\n' + ''.join('%s=%s\n' % item for item in keys.items()))
    return dict(env, GSETTINGS_BACKEND='keyfile')


def light_pixels(app, square):
    """The light pixels near the centre of the cell where square is drawn (a number or a mark
    of white on a black disc)."""
    app.screen.grab()
    x, y = app.screen.square_centre(app.geometry, turned(square))
    reach = int(app.geometry[2] * 0.14)
    return sum(1 for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)
               if min(app.screen.pixel(x + dx, y + dy)) > 190)


def move_pointer(app, square):
    x, y = app.screen.square_centre(app.geometry, turned(square))
    subprocess.run(['xdotool', 'mousemove', str(int(x)), str(int(y))], env=app.env, check=True)


def test_rotated_click(app):
    f5 = square_of('f5')
    app.wait_for(lambda b: b == drawn(START), 'the start drawn turned')
    app.click(turned(f5))
    after = START[:f5] + 'X' + START[f5 + 1:]
    after = after[:square_of('e5')] + 'X' + after[square_of('e5') + 1:]
    app.wait_for(lambda b: b == drawn(after), 'f5 played and drawn turned')
    names = atspi_game.wait_until(lambda: atspi_game.move_names(), 'the move list', 15)
    if names[0].split(',')[0] != '1. Black f5':
        fail('the move list names the first move %r, not "1. Black f5"' % names[0])
    print('rotated: the click on the cell drawn for f5 played f5; move list %s' % names, flush=True)
    return after


def test_move_numbers(app):
    numbered, plain = light_pixels(app, square_of('f5')), light_pixels(app, square_of('e4'))
    if numbered < 6 or plain > 0:
        fail('move numbers: %d light pixels on f5 (move 1), %d on e4 (a start disc)' % (numbered, plain))
    description = atspi_game.wait_until(
        lambda: 'Cursor on f5' in atspi_game.board_description() and atspi_game.board_description(),
        'the cursor on f5', 10)
    if 'black disc, move 1.' not in description:
        fail('the board does not say the number of the disc under the cursor: %s' % description)
    print('move numbers: %d light pixels on f5, none on e4; "%s"' % (numbered, description), flush=True)


def test_flip_preview(app, board):
    f6, e5 = square_of('f6'), square_of('e5')
    if flips(board, f6, 'O') != [e5]:
        fail('the test expects white f6 to flip e5 only: %s' % [name(s) for s in flips(board, f6, 'O')])
    before = light_pixels(app, e5)
    move_pointer(app, f6)
    atspi_game.wait_until(lambda: light_pixels(app, e5) > before + 6, 'e5 marked under f6', 10)
    move_pointer(app, square_of('a8'))
    atspi_game.wait_until(lambda: light_pixels(app, e5) == before, 'the mark gone with the pointer', 10)
    print('flip preview: e5 marked while the pointer rests on f6', flush=True)


def test_export_caption(app, root):
    path = os.path.join(root, 'captioned.svg')
    caption = 'Board options test & caption'
    app.key('ctrl+shift+e')
    wait_for_window(app.env, '^Picture of the Position$')
    wait_for_focus(app.env, 'Picture of the Position')
    atspi_game.fill_field(app.env, 'Caption', caption)
    app.key('Return')
    wait_for_window(app.env, '^Export Position$')
    wait_for_focus(app.env, 'Export Position')
    atspi_game.fill_field(app.env, 'Name:', path)
    app.key('Return')
    svg = wait_for_file(path, 'the SVG %s written whole' % path, lambda text: '</svg>' in text)
    if '<title>Board options test &amp; caption</title>' not in svg:
        fail('the caption typed is not in %s' % path)
    print('export: the caption typed is the title of %s' % path, flush=True)


def main():
    with atspi_game.session('verso-board-options-', ('import',)) as (env, root):
        env = settings_env(env, root, {'game-mode': "'two-players'", 'board-orientation': "'rotate-90'",
                                       'show-move-numbers': 'true', 'window-width': '900',
                                       'window-height': '700'})
        env.pop('G_DEBUG', None)  # GTK's file chooser warns of the portal in a private home
        app = App(env, Screen(env))
        try:
            board = test_rotated_click(app)
            test_move_numbers(app)
            test_flip_preview(app, board)
            test_export_caption(app, root)
        finally:
            app.process.terminate()
            app.process.wait()
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
