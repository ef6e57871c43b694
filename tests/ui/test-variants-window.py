#!/usr/bin/env python3
"""Variants, the computer against itself and the statistics in the real window, read through the
AT-SPI bus as a screen reader would: New Game with the Reverse rules and a balanced start gives a
game of eight given moves whose subtitle says Reverse; the computer playing itself with a level
for each side stops on Pause and goes on after Resume (the P key); a game against the computer
finished by the person's move adds one result to the statistics (once, not again after undo and
redo), shown in the Statistics window, and Reset empties them. Reuses verso_ui_test's helpers.
Run inside dbus-run-session. Usage: test-variants-window.py VERSO SCHEMA_DIR [TEST...] (TEST: a
test function's name without "test_", to run only those)"""

import os
import re
import sys
import time

# The session, verso_ui_test's helpers and the walk over the accessibles, shared by the
# AT-SPI window tests (importing it ends the test with SKIP without the AT-SPI bindings).
import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, GLib, window, wait_until, stop, key  # noqa: F401
from verso_ui_test.atspi import accessibles, labels, move_names, board_description, button  # noqa: F401
from verso_ui_test.atspi import press, open_statistics, settings_env
from verso_ui_test import shot
fail, BLACK, WHITE, EMPTY = window.fail, window.BLACK, window.WHITE, window.EMPTY


# --- the accessibility tree ---


def start(env, args=()):
    return atspi_game.start(env, args, lambda: button('Main Menu'), 'the window to appear')


# --- the tests ---

def test_reverse_balanced_start(env, home):
    """New Game (its choices from the settings, accepted with Return) with Reverse and a balanced
    start: eight moves are recorded at once, none by a player, and the subtitle says Reverse."""
    env = settings_env(env, home, 'reverse', {'game-mode': "'two-players'"})
    app = start(env)
    if move_names():
        fail('a standard new game has moves: %s' % move_names())
    key(env, 'ctrl+n')
    wait_until(lambda: [n for n in labels() if n.startswith('Standard: most discs win')],
                       'the New Game dialog\'s Rules row', 10)
    # The choices are written in the key file the window reads; the dialog shows them.
    with open(os.path.join(env['XDG_CONFIG_HOME'], 'glib-2.0', 'settings', 'keyfile'), 'a') as f:
        f.write("rules='reverse'\nstart='balanced'\n")
    key(env, 'Escape')
    wait_until(lambda: not [n for n in labels() if n.startswith('Standard: most discs win')], 'the dialog to close', 10)
    key(env, 'ctrl+n')
    wait_until(lambda: 'Reverse: fewest discs win' in labels() and 'Balanced opening drawn at random' in labels(),
               'the dialog to show Reverse and the balanced start', 10)
    shot(env, 'new-game-dialog')
    key(env, 'Return')
    names = wait_until(lambda: len(move_names()) == 8 and move_names(), 'the eight moves of a balanced start', 15)
    subtitle = wait_until(lambda: [n for n in labels() if n.startswith('Reverse · ')], 'a subtitle saying Reverse', 10)
    if subtitle[0] != 'Reverse · Two players':
        fail('the subtitle is %r' % subtitle[0])
    # Two players: nobody plays until a person does, so the record is the given moves alone.
    window.holds(lambda: len(move_names()) == 8, lambda: 'the record grew without a move: %s' % move_names(), 1)
    print('Reverse and a balanced start: %s; “%s”' % (' '.join(sorted(names, key=lambda n: int(n.split('.')[0]))),
                                                     subtitle[0]), flush=True)
    stop(app)


def test_computer_against_itself(env, home):
    """The computer plays itself, Beginner against Novice: Pause stops its moves, P resumes. A
    second between moves keeps the game going for a minute: at 0.2 s, an AddressSanitizer build
    reading the window through the AT-SPI bus on a loaded machine once reached the game's end
    before Pause, and a finished game has nothing to pause."""
    env = settings_env(env, home, 'computer', {
        'game-mode': "'computer-only'", 'black-level': "'beginner'", 'white-level': "'novice'",
        'computer-pause': '1.0'})
    app = start(env)
    wait_until(lambda: 'Computer against itself · Beginner against Novice' in labels(),
               'the subtitle to name both levels', 10)
    wait_until(lambda: len(move_names()) >= 4, 'the computer to play a few moves', 30)
    wait_until(lambda: button('Pause'), 'the Pause button', 10)
    # Pause by its key, P: an action asked for through the AT-SPI bus was lost twice when the
    # application was busy (an AddressSanitizer build on a loaded machine). Once more only if,
    # after 20 s, the button still says Pause (a second press sooner could undo a slow first).
    key(env, 'p')
    deadline = time.time() + 20
    while not button('Resume') and time.time() < deadline:
        time.sleep(0.3)
    if not button('Resume') and button('Pause'):
        print('no Resume 20 s after P: pressed once more', flush=True)
        key(env, 'p')
    wait_until(lambda: button('Resume'), 'the button to become Resume', 20)
    shot(env, 'paused')
    paused_at = len(move_names())
    # A move a second: three seconds without one say the computer stopped.
    window.holds(lambda: len(move_names()) == paused_at, lambda: 'the computer went on playing after Pause: '
                 '%d moves, then %d' % (paused_at, len(move_names())), 3)
    print('paused at %d moves; none played in 3 s' % paused_at, flush=True)
    key(env, 'p')
    wait_until(lambda: len(move_names()) > paused_at + 1, 'the computer to go on after P', 20)
    if not button('Pause'):
        fail('after P the button is not Pause again')
    print('P resumed: %d moves' % len(move_names()), flush=True)
    stop(app)


def last_move_game():
    """A random game of 58 moves after which black has a move that ends the game, by itself or
    with white's forced reply into the last square: (moves, black's move, the final board)."""
    for seed in range(1000):
        moves, board = window.random_game(seed, 58)
        for square in window.legal_moves(board, BLACK):
            after = window.play_moves(moves + [square])
            replies = window.legal_moves(after, WHITE)
            if replies:
                return moves, square, window.play_moves(moves + [square, replies[0]])
            if not window.legal_moves(after, BLACK):
                return moves, square, after
    fail('no game ending with black\'s move in 1000 random games')


LEVELS = ('Beginner', 'Novice', 'Casual', 'Intermediate', 'Advanced', 'Expert', 'Master')


def stats_rows():
    """What the Statistics window's rows say: (levels, counts, means), each sorted."""
    names = labels()
    return (sorted(n for n in names if n in LEVELS),
            sorted(n for n in names if re.match(r'^Won \d+ · Lost \d+ · Drawn \d+$', n)),
            sorted(n for n in names if n.startswith('Mean disc difference: ')))


def test_statistics(env, home):
    """A game against the computer (Beginner) opened three moves from its end and finished by the
    person: one result, with the final disc difference, counted once; Reset empties the results
    and leaves Your Openings, which the library keeps."""
    moves, square, final = last_move_game()
    margin = final.count(BLACK) - final.count(WHITE)
    margin += (64 - final.count(BLACK) - final.count(WHITE)) * (1 if margin > 0 else -1 if margin < 0 else 0)
    env = settings_env(env, home, 'statistics', {
        'game-mode': "'versus-computer'", 'player-color': "'black'", 'level': "'beginner'"})
    path = window.write_ggf(os.path.join(env['HOME'], 'near-end.ggf'), moves)
    stats_file = os.path.join(env['XDG_DATA_HOME'], 'verso', 'statistics.ini')
    app = start(env, [path])
    wait_until(lambda: len(move_names()) == 58, 'the 58 moves of the file', 15)
    open_statistics(env)
    wait_until(lambda: 'No Games Yet' in labels(), 'the empty statistics', 5)
    shot(env, 'statistics-empty')
    key(env, 'Escape')
    wait_until(lambda: not button('Reset…'), 'the Statistics window to close', 5)

    # The person's last move through the board's keyboard: Return plays on the cursor.
    atspi_game.play_with_cursor(env, square)
    wait_until(lambda: os.path.exists(stats_file), 'the statistics file after the game\'s end', 30)
    with open(stats_file) as f:
        print('statistics file:\n' + f.read().strip(), flush=True)
    # The game-over dialog; then undo and redo come back to the same end.
    wait_until(lambda: {'You Win!', 'You Lose', 'Draw'} & set(labels()), 'the game-over dialog', 10)
    key(env, 'Escape')
    wait_until(lambda: not {'You Win!', 'You Lose', 'Draw'} & set(labels()), 'the game-over dialog to close', 10)
    ended = board_description()
    key(env, 'ctrl+z')
    wait_until(lambda: board_description() != ended, 'Ctrl+Z to take back the last move (the board\'s '
               'description to change from %r)' % ended, 10)
    key(env, 'ctrl+shift+z')
    wait_until(lambda: {'You Win!', 'You Lose', 'Draw'} & set(labels()), 'the game-over dialog again after Redo', 10)
    key(env, 'Escape')
    wait_until(lambda: not {'You Win!', 'You Lose', 'Draw'} & set(labels()), 'the game-over dialog to close', 10)

    open_statistics(env)
    rows = wait_until(lambda: stats_rows()[0] and stats_rows(), 'a row in the Statistics window', 5)
    expected_mean = ('+%d.0' % margin) if margin > 0 else ('\u2212%d.0' % -margin) if margin < 0 else '0.0'
    expected_counts = 'Won %d · Lost %d · Drawn %d' % (margin > 0, margin < 0, margin == 0)
    # The level's row, and the opening's under Your Openings (the game kept in the library once,
    # though it ended twice): the same mean.
    expected = (['Beginner'], [expected_counts], ['Mean disc difference: ' + expected_mean] * 2)
    if rows != expected:
        fail('the Statistics window shows %r, not %r' % (rows, expected))
    opening = 'As Black: ' + expected_counts
    if len([n for n in labels() if n.split('\n')[0] == opening]) != 1:
        fail('Your Openings does not show the game once: %r' % [n for n in labels() if n.startswith('As ')])
    print('Statistics: Beginner, %s, mean %s (counted once after undo and redo)' % (expected_counts, expected_mean),
          flush=True)
    shot(env, 'statistics')

    press(button('Reset…'))
    # The question's buttons stand twice in its tree (side by side and stacked), and pressing the
    # hidden one does nothing: from the keyboard, as Cancel has it first, Tab to Reset, Space.
    wait_until(lambda: 'Reset the Statistics?' in labels(), 'the Reset confirmation', 5)
    key(env, 'Tab')
    key(env, 'space')
    # Reset forgets the results and the rating; the games kept in the library stay, and with them
    # Your Openings.
    wait_until(lambda: not stats_rows()[0] and not stats_rows()[1], 'the level\'s results to go after Reset', 5)
    if len([n for n in labels() if n.split('\n')[0] == opening]) != 1:
        fail('Your Openings went with Reset: %r' % [n for n in labels() if n.startswith('As ')])
    print('Reset emptied the results; Your Openings stays', flush=True)
    stop(app)


def main():
    with atspi_game.session('verso-variants-') as (env, home):
        chosen = sys.argv[3:]
        for test in (test_reverse_balanced_start, test_computer_against_itself, test_statistics):
            if not chosen or test.__name__[len('test_'):] in chosen:
                test(env, home)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
