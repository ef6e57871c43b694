#!/usr/bin/env python3
"""Other engines playing the computer's sides in the real window, read through the AT-SPI bus as
a screen reader would. Two engines are added through the settings' key file, as Preferences ▸
Engines keeps them: `verso-engine nboard` at depth 1, which names itself Verso, and the fake
engine that plays the first legal move. New Game, with the computer against itself, shows Black
played by the engine (no level for Black) and White by Verso's levels at Beginner; started, the
subtitle names both; the game, left halfway by a kill, comes back after a restart with the same
players and plays to its end, which the library keeps with the engine's name as Black. Then
New Game with the fake engine as White: one engine against the other, played to its end and
kept under both names.
Reuses verso_ui_test's helpers. Run inside dbus-run-session.
Usage: test-engine-game-window.py VERSO SCHEMA_DIR VERSO_ENGINE FAKE_ENGINE"""

import contextlib
import os
import shlex
import sqlite3
import sys

import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, GLib, wait_until, stop, key, accessibles, labels, button, move_names
window = atspi_game.window
fail = window.fail

ENGINE, FAKE = sys.argv[3], sys.argv[4]
ENDS = {'Black Wins', 'White Wins', 'Draw'}


def start(env):
    return atspi_game.start(env, [], lambda: button('Main Menu'), 'the window to appear')


def subtitle(black, white):
    return 'Computer against itself · %s against %s' % (black, white)


def combo_rows():
    """New Game's rows as a screen reader reads them, {title: the choice shown}: each combo row is
    named by its title, and its labels are the title and the choice (beside it, or under it)."""
    rows = {}
    for role, name, node in accessibles():
        if role == Atspi.Role.COMBO_BOX:
            texts = [text for text in labels_under(node) if text != name]
            rows[name] = texts[0] if len(texts) == 1 else texts
    return rows


def labels_under(node):
    """The names of the labels inside an accessible."""
    found, stack = [], [node]
    while stack:
        child = stack.pop()
        try:
            if child is not node and child.get_role() == Atspi.Role.LABEL:
                found.append(atspi_game.name_of(child))
            stack.extend(child.get_child_at_index(k) for k in range(child.get_child_count()))
        except (GLib.Error, AttributeError):
            continue
    return found


def new_game(env, expected_rows, absent_rows, names, name):
    """New Game once its rows show expected_rows ({title: choice, or the start of a level's
    text}) and none of absent_rows; Start, until the subtitle is names. The window reads the key
    file through GLib's file monitor, which may come late: a dialog opened before shows the old
    choices, and is closed (Start would write them back over the file) and opened again. A game
    in progress is discarded: there is none unless the window applied the change of players to
    the game shown, which it did at times and at others not."""
    seen = [None]

    def as_expected(rows):
        return (all(isinstance(rows.get(title), str) and rows[title].startswith(choice)
                    for title, choice in expected_rows.items())
                and not any(title in rows for title in absent_rows))

    def opened():
        key(env, 'ctrl+n')
        wait_until(lambda: button('Start') and 'Players' in combo_rows(), 'the New Game dialog', 10)
        seen[0] = combo_rows()
        if as_expected(seen[0]):
            return seen[0]
        key(env, 'Escape')
        wait_until(lambda: not button('Start'), 'New Game to close', 10)
        return None
    rows = wait_until(opened, lambda: 'New Game to show %r and none of %r (it shows %r)'
                      % (expected_rows, absent_rows, seen[0]), 40)
    print('New Game: %r' % rows, flush=True)
    window.shot(env, name)
    key(env, 'Return')
    if wait_until(lambda: names in labels() or button('Discard'), lambda: 'the subtitle %r (labels: %r)'
                  % (names, labels()), 15) is not True:
        key(env, 'alt+d')
        wait_until(lambda: names in labels(), lambda: 'the subtitle %r (labels: %r)' % (names, labels()), 15)


def wait_for_end(env, names, seconds):
    """Waits for the game-over dialog, the subtitle naming both players all along; closes it."""
    def over():
        if names not in labels():
            fail('the subtitle no longer names %r: %r' % (names, [t for t in labels() if 'against' in t]))
        return ENDS & set(labels())
    heading = wait_until(over, lambda: 'the end of the game (%d moves so far)' % len(move_names()), seconds)
    moves = move_names()
    print('%s: %s after %d moves' % (names, heading.pop(), len(moves)), flush=True)
    window.shot(env, 'engine-game-over')
    key(env, 'Escape')
    wait_until(lambda: not ENDS & set(labels()), 'the game-over dialog to close', 10)
    return moves


def kept_games(env):
    """The library's games: (black, white, black's level, white's level, moves)."""
    path = os.path.join(env['XDG_DATA_HOME'], 'verso', 'library.sqlite')
    if not os.path.exists(path):
        return []
    with contextlib.closing(sqlite3.connect(path)) as library:
        return library.execute('SELECT black, white, black_level, white_level, moves FROM games ORDER BY id').fetchall()


def check_kept(env, expected, moves):
    """The library's last game is expected (black, white, black's level, white's level), with the
    moves of the move list (the library writes a pass as PA), and it is kept once."""
    games = wait_until(lambda: kept_games(env), 'a game in the library', 10)
    last = games[-1]
    played = [m.split()[2].rstrip(',') for m in moves]
    if last[:4] != expected:
        fail('the library keeps %r, not %r' % (last[:4], expected))
    if last[4] != ''.join('PA' if move == 'pass' else move for move in played):
        fail('the library keeps the moves %r, the move list has %r' % (last[4], played))
    if len([game for game in games if game[:4] == expected]) != 1:
        fail('the library keeps the game more than once: %r' % games)
    print('kept: %r, %d moves' % (last[:4], len(played)), flush=True)


def main():
    verso = '%s nboard' % shlex.quote(ENGINE)
    fake = '%s %s good' % (shlex.quote(sys.executable), shlex.quote(FAKE))
    engines = '[(%s, %s, 1), (%s, %s, 1)]' % (repr('Verso'), repr(verso), repr('Fake-good'), repr(fake))
    with atspi_game.session('verso-engine-game-') as (env, home):
        # Two people to start with: nothing plays before New Game. Black's level is Advanced and
        # White's Beginner: White's row must show Beginner, and Black's level row none.
        env = atspi_game.settings_env(env, home, 'sides', {
            'game-mode': "'two-players'", 'engines': engines, 'coach': 'false', 'computer-pause': '0.2',
            'black-level': "'advanced'", 'white-level': "'beginner'"})
        keyfile = os.path.join(env['XDG_CONFIG_HOME'], 'glib-2.0', 'settings', 'keyfile')
        session = os.path.join(env['XDG_DATA_HOME'], 'verso', 'game.ini')
        app = start(env)
        try:
            atspi_game.wait_for_game()
            # The engine as Black, Verso's levels as White (white-engine is empty by default).
            atspi_game.set_settings(keyfile, {'game-mode': "'computer-only'", 'black-engine': "'Verso'"})
            names = subtitle('Verso', 'Beginner')
            new_game(env, {'Players': 'Computer against itself', 'Black': 'Verso', 'White': 'Verso’s levels',
                           'White’s level': 'Beginner'}, ['Black’s level', 'Opponent', 'Difficulty'],
                     names, 'new-game-engine-against-level')

            # Killed halfway, the game comes back with its engine and goes on.
            wait_until(lambda: len(move_names()) >= 12, lambda: 'twelve moves (%r)' % move_names(), 60)
            before = move_names()
            stop(app)
            # A move may have come between the reading and the kill.
            before = before[:-1]
            with open(session) as f:
                saved = f.read()
            if 'BlackEngineName=Verso' not in saved or 'WhiteEngine' in saved:
                fail('the session does not keep the engine as Black alone:\n' + saved)
            print('killed after %d moves; the session keeps Black\'s engine' % len(before), flush=True)
            app = start(env)
            atspi_game.wait_for_game()
            wait_until(lambda: names in labels(), lambda: 'the subtitle %r after the restart (labels: %r)'
                       % (names, labels()), 15)
            wait_until(lambda: len(move_names()) > len(before), 'the game to go on after the restart', 30)
            if move_names()[:len(before)] != before:
                fail('the moves after the restart %r do not start with those before %r' % (move_names(), before))
            moves = wait_for_end(env, names, 180)
            check_kept(env, ('Verso', 'Verso (Beginner)', '', 'beginner'), moves)

            # One engine against the other.
            atspi_game.set_settings(keyfile, {'white-engine': "'Fake-good'"})
            names = subtitle('Verso', 'Fake-good')
            new_game(env, {'Players': 'Computer against itself', 'Black': 'Verso', 'White': 'Fake-good'},
                     ['Black’s level', 'White’s level', 'Opponent'], names, 'new-game-engine-against-engine')
            moves = wait_for_end(env, names, 180)
            check_kept(env, ('Verso', 'Fake-good', '', ''), moves)
            print('PASS', flush=True)
        finally:
            stop(app)


if __name__ == '__main__':
    main()
