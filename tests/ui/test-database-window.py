#!/usr/bin/env python3
"""The Database panel in the real window, read through the AT-SPI bus as a screen reader would:
F8 shows it; at the start its rows are the four first moves: the first named with its games,
Black's average and shares, the three others as its games (the start being one position under the
symmetries); Tab reaches a row and Return plays its move, after which the rows are White's replies;
F8 again hides it. Add Games…, a folder typed in its chooser, indexes that folder's WTHOR file
with a progress bar: the start's rows then count that file's games, the line under the heading
says what was added, and the index is kept in the user's cache. Run inside dbus-run-session. Usage: test-database-window.py VERSO SCHEMA_DIR"""

import os
import re
import shutil
import subprocess

import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, GLib, window, wait_until, stop, key, accessibles
fail = window.fail
WTHOR_2020 = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'data', 'WTH_2020.wtb')
# The average with a true minus sign (U+2212), as every score is written; "0.0" has no sign.
ROW_NAME = re.compile(r'^([a-h][1-8]): (\d+) games?, Black (?:[+\u2212]\d+\.\d|0\.0) discs on average, '
                      r'wins \d+ %, draws \d+ %, loses \d+ %; ')
REPEAT_NAME = re.compile(r'^([a-h][1-8])   the games of ([a-h][1-8]); ')


def rows():
    """(move, games, node) of every row of the panel shown."""
    found = []
    for role, name, node in accessibles():
        match = ROW_NAME.match(name)
        if match and role == Atspi.Role.LIST_ITEM:
            found.append((match.group(1), int(match.group(2)), node))
    return found


def repeats():
    """(move, the move whose games it shares) of every row of the panel that repeats another."""
    return [(match.group(1), match.group(2)) for role, name, node in accessibles()
            if role == Atspi.Role.LIST_ITEM and (match := REPEAT_NAME.match(name))]


def first_moves():
    """The start's rows, once shown: one of every game, and the three others repeating it."""
    shown, repeated = rows(), repeats()
    if len(shown) == 1 and len(repeated) == 3 and all(same == shown[0][0] for m, same in repeated):
        return shown
    return None


def toolkit_version():
    """The GTK version the game runs on, as the AT-SPI bus says it, e.g. (4, 8)."""
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        application = desktop.get_child_at_index(i)
        try:
            if application is not None and application.get_name() == 'verso':
                return tuple(int(part) for part in application.get_toolkit_version().split('.')[:2])
        except GLib.Error:
            continue  # a program that left the bus meanwhile
    fail('the game is not on the accessibility bus')


def focused_row():
    for move, games, node in rows():
        if node.get_state_set().contains(Atspi.StateType.FOCUSED):
            return move
    return None


def add_games(env, root, shipped):
    """Add Games… on a folder holding WTH_2020.wtb: the start's rows then count its games."""
    folder = os.path.join(root, 'wthor')
    os.makedirs(folder)
    shutil.copy(WTHOR_2020, folder)
    add = wait_until(lambda: atspi_game.button('Add Games…'), 'the Add Games… button', 10)
    add.get_action_iface().do_action(0)
    window.wait_for_window(env, '^Choose a Folder of WTHOR Games$')
    # The chooser's location field takes a whole path, pasted at once and without its last slash:
    # GTK 4.18 completes what is typed, to the folder's only file when the slash is there, and
    # adds the slash as a selected completion, which Delete takes back. Return then chooses the
    # folder (GTK 4.8) or opens it (GTK 4.18), where the chooser's Add button chooses it.
    subprocess.run(['xclip', '-selection', 'clipboard'], input=folder.encode(), env=env, check=True)
    key(env, 'ctrl+l')
    wait_until(atspi_game.focused_text, 'the chooser\'s location field to have the keyboard', 15)
    key(env, 'ctrl+a', 'ctrl+v')
    typed = wait_until(lambda: (atspi_game.focused_text() or ('',))[0].startswith(folder) and atspi_game.focused_text(),
                       'the folder pasted into the location field', 15)[0]
    if typed == folder and toolkit_version() >= (4, 18):
        # GTK 4.18 completes a moment after the text (the slash, selected); 4.8 does not.
        typed = wait_until(lambda: (atspi_game.focused_text() or (folder,))[0] != folder and atspi_game.focused_text(),
                           'the location field to complete %s' % folder, 15)[0]
    if typed != folder:
        key(env, 'Delete')
    key(env, 'Return')
    # GTK 4.8 chooses the folder at Return; GTK 4.18 opens it and its Add button chooses it.
    if toolkit_version() >= (4, 18):
        wait_until(lambda: atspi_game.button('Add'), 'the chooser\'s Add button', 15)
        key(env, 'alt+a')  # "_Add"
    window.window_gone(env, '^Choose a Folder of WTHOR Games$')
    indexed = wait_until(lambda: first_moves() and {g for m, g, n in rows()} != {shipped} and rows(),
                         'the start\'s rows to count the added games', 60)
    counts = {games for move, games, node in indexed}
    if not 10 < min(counts) < shipped:
        fail('after Add Games the start\'s rows count %s games (the shipped index: %d)' % (counts, shipped))
    said = 'Added %d games of wthor: ' % min(counts)
    wait_until(lambda: any(name.startswith(said) and name.endswith(' positions')
                           for role, name, node in accessibles()),
               'the line under the heading to say "%s… positions"' % said, 10)
    cached = [name for name in os.listdir(os.path.join(root, 'cache', 'verso'))] \
        if os.path.isdir(os.path.join(root, 'cache', 'verso')) else []
    if not cached:
        fail('Add Games kept nothing in the cache folder %s' % os.path.join(root, 'cache', 'verso'))
    print('Add Games: WTH_2020.wtb indexed, %d games at the start; cache %s' % (min(counts), cached), flush=True)


def main():
    with atspi_game.session('verso-database-', ('xclip',)) as (env, home):
        root = os.path.join(home, 'database')
        settings = os.path.join(root, 'config', 'glib-2.0', 'settings')
        os.makedirs(settings)
        with open(os.path.join(settings, 'keyfile'), 'w') as f:
            f.write("[io/github/verso/Verso]\nwindow-width=900\nwindow-height=700\n"
                    "game-mode='two-players'\nstart='standard'\n")
        env = dict(atspi_game.home_env(env, root), XDG_RUNTIME_DIR=root, GSETTINGS_BACKEND='keyfile')
        app = atspi_game.start(env, [], lambda: atspi_game.board_description(), 'the board')
        if rows():
            fail('the panel is shown before F8')
        key(env, 'F8')
        start = wait_until(first_moves, 'one row of games and three repeating it at the start', 20)
        moves = sorted([start[0][0]] + [move for move, same in repeats()])
        if moves != ['c4', 'd3', 'e6', 'f5']:
            fail('the start\'s rows are %s' % moves)
        counts = {games for move, games, node in start}
        if min(counts) < 1000:
            fail('the first moves are played in few games: %s' % counts)
        print('start: %s, %d games, the others the same' % (' '.join(moves), min(counts)), flush=True)

        for _ in range(40):
            if focused_row():
                break
            key(env, 'Tab')
        move = wait_until(focused_row, 'a row of the panel focused by Tab', 5)
        key(env, 'Return')
        # A book move is graded from the book at once: "1. Black d3, best move".
        shown = '1. Black %s' % move
        wait_until(lambda: any(name == shown or name.startswith(shown + ', ') for name in atspi_game.move_names()),
                   'the move list to show %s' % move, 15)
        replies = wait_until(lambda: rows() and all(m != move for m, g, n in rows()) and rows(),
                             'White\'s replies', 15)
        total = sum(games for m, games, node in replies)
        if total > min(counts):
            fail('White\'s replies count %d games, more than the %d after %s' % (total, min(counts), move))
        print('Return on %s: played; replies %s' % (move, ' '.join(m for m, g, n in replies)), flush=True)

        key(env, 'F8')
        wait_until(lambda: not rows(), 'F8 to hide the panel', 10)
        key(env, 'ctrl+z')
        key(env, 'F8')
        wait_until(first_moves, 'the start\'s rows again', 20)
        add_games(env, root, min(counts))
        stop(app)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
