#!/usr/bin/env python3
"""A record of a game between two players in the real window, read through the AT-SPI bus as a
screen reader would: a tournament game (the first of tests/data/WTH_2020.wtb, written as a GGF
with its players' names and ratings) opened from the command line in a game against the computer
shows the players in the subtitle and above the move list and the result by the winner's name;
Ctrl+Z then End brings no game-over dialog and no computer move; Play From Here, as the side to
move against the computer, turns it into a game against the computer with the moves after the
position kept. Reuses verso_ui_test's helpers. Run inside dbus-run-session.
Usage: test-record-window.py VERSO SCHEMA_DIR"""

import os

# The session, verso_ui_test's helpers and the walk over the accessibles, shared by the
# AT-SPI window tests (importing it ends the test with SKIP without the AT-SPI bindings).
import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, GLib, window, wait_until, stop, key  # noqa: F401
from verso_ui_test.atspi import accessibles, labels, move_names, button  # noqa: F401
from verso_ui_test import shot
fail, BLACK, WHITE, EMPTY = window.fail, window.BLACK, window.WHITE, window.EMPTY
WTHOR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'data', 'WTH_2020.wtb')
GAME_OVER_HEADINGS = {'You Win!', 'You Lose', 'Draw', 'Black Wins', 'White Wins'}


def record_ggf(moves):
    """The tournament game as a GGF between two named players: (text, final board)."""
    return window.played_ggf(moves, 'PC[Paris Open]DT[2020.05.16_14:00:00.CET]PB[Alice Martin]PW[Bob Chen]'
                                    'BR[2105]')


def wait_for_label(text, seconds=20):
    wait_until(lambda: text in labels(), '“%s”' % text, seconds)
    print('shown: %s' % text, flush=True)


def main():
    with atspi_game.session('verso-record-') as (env, home):
        moves = window.wthor_moves(WTHOR, 0)
        text, final = record_ggf(moves)
        black, white = window.count(final, BLACK), window.count(final, WHITE)
        empties = 64 - black - white
        if black == white:
            result = 'Draw %d–%d' % (black + empties // 2, white + empties // 2)
        elif black > white:
            result = 'Alice Martin wins %d–%d' % (black + empties, white)
        else:
            result = 'Bob Chen wins %d–%d' % (white + empties, black)
        path = os.path.join(home, 'paris.ggf')
        with open(path, 'w') as f:
            f.write(text)

        # The settings' mode is the default, a person (black) against the computer.
        app = atspi_game.start(env, [path], lambda: 'Alice Martin (2105) against Bob Chen' in labels(),
                               'the record’s players in the subtitle')
        try:
            print('%d moves of a WTHOR game; result %s' % (len(moves), result), flush=True)
            # The subtitle, and the side pane's label over the move list: both say the players.
            wait_until(lambda: labels().count('Alice Martin (2105) against Bob Chen') >= 2,
                       'the players above the move list', 20)
            wait_for_label('Paris Open · 2020.05.16')
            wait_for_label(result)
            if any(label.startswith('You ') or 'computer' in label for label in labels()):
                fail('a record speaks of you or the computer: %s' % labels())
            shot(env, 'records-reviewed-game')

            # Back one move and to the end again: no game-over dialog, no computer move.
            length = len(move_names())
            key(env, 'ctrl+z')
            wait_until(lambda: any(label.endswith(' to move') for label in labels()), 'whose move it is', 10)
            key(env, 'End')
            wait_for_label(result)
            window.holds(lambda: not GAME_OVER_HEADINGS & set(labels()),
                         lambda: 'a game-over dialog appeared in a record: %s' % (GAME_OVER_HEADINGS & set(labels())), 2)
            print('Ctrl+Z then End: the result again, no game-over dialog', flush=True)

            # Six moves back: Play From Here as the side to move, against the computer.
            key(env, 'ctrl+z', 'ctrl+z', 'ctrl+z', 'ctrl+z', 'ctrl+z', 'ctrl+z')
            to_move = wait_until(lambda: [label for label in labels() if label in ('Alice Martin to move', 'Bob Chen to move')],
                                 'a player to move', 10)[0]
            play_from_here = wait_until(lambda: button('Play From Here…'), 'the Play From Here button', 10)
            Atspi.Action.do_action(play_from_here, 0)
            choice = 'Play Black' if to_move.startswith('Alice') else 'Play White'
            wait_until(lambda: button(choice), 'the question’s %s' % choice, 10)
            shot(env, 'records-play-from-here')
            # The side to move is the question's default answer: Enter gives it.
            key(env, 'Return')
            wait_for_label('Your turn')
            wait_until(lambda: any(label.startswith('You play') for label in labels()), 'the subtitle of a game against the computer', 10)
            if 'Alice Martin (2105) against Bob Chen' in labels():
                fail('the players are still shown after Play From Here')
            if len(move_names()) != length:
                fail('Play From Here kept %d moves of %d' % (len(move_names()), length))
            print('Play From Here: a game against the computer, the %d moves kept' % length, flush=True)
            print('PASS', flush=True)
        finally:
            stop(app)


if __name__ == '__main__':
    main()
