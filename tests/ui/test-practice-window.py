#!/usr/bin/env python3
"""Practise in the real window, read through the AT-SPI bus as a screen reader would: a deck file
with one known card (the standard start, where the person played e6 and lost 8 discs) is seeded
in the data folder; Ctrl+Shift+P shows the card, the keyboard cursor answers it with the best move,
the verdict says so, the deck file records the answer and its new schedule, and Enter shows the
empty state with the next due time. Then a damaged deck file: the window starts, says so, keeps
the card that reads, and sets the damaged file aside at the first answer (a miss, graded in discs).
Last, a game against the computer where the person's move is a mistake (test-coach-window.py's
crafted game): the coach's grade puts the position in the deck file, and Practise asks it.
Run inside dbus-run-session. Usage: test-practice-window.py VERSO SCHEMA_DIR"""

import importlib.util
import os
import re

import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import wait_until, stop, key, board_description
from verso_ui_test.atspi import play_on_board, label_matching
window = atspi_game.window
fail = window.fail

START = '-' * 27 + 'OX------XO' + '-' * 27 + ' X'
CARD = ('[%s]\nplayed=e6\nscores=d3:0;c4:-3;f5:-2;e6:-8\nline=d3c3c4\njoined=1000\ndue=1000\n'
        'interval=0\nsuccesses=0\nmisses=0\nanswers=\n' % START)


def deck_path(home):
    return os.path.join(home, 'data', 'verso', 'practice.ini')


def write_deck(home, text):
    os.makedirs(os.path.dirname(deck_path(home)), exist_ok=True)
    with open(deck_path(home), 'wb') as file:
        file.write(text)


def read_deck(home):
    with open(deck_path(home), 'rb') as file:
        return file.read()


def start(env):
    return atspi_game.start(env, [], board_description, 'the board to appear')


def without_fatal_warnings(env):
    """env for a start where a warning is expected (the damaged file named in the log)."""
    return {name: value for name, value in env.items() if name != 'G_DEBUG'}


def test_answer_the_best_move(env, home):
    write_deck(home, CARD.encode())
    app = start(env)
    key(env, 'ctrl+shift+p')
    prompt = wait_until(lambda: label_matching(r'^Find the best move\. You played e6 here and lost 8 discs\.$'),
                        'the card\'s task', 15)
    print('the card says “%s”' % prompt, flush=True)
    play_on_board(env, 'Practice board', 'd3')
    verdict = wait_until(lambda: label_matching(r'^Best move! d3, 0$'), 'the verdict on d3', 10)
    line = wait_until(lambda: label_matching(r'Best line: d3 c3 c4'), 'the best line', 10)
    print('the verdict says “%s”, then “%s”' % (verdict, line.replace('\n', ' / ')), flush=True)
    deck = read_deck(home).decode()
    if not re.search(r'^answers=\d+:d3:0$', deck, re.M) or 'interval=86400' not in deck or 'successes=1' not in deck:
        fail('the deck file does not record the answer and a day\'s interval:\n' + deck)
    key(env, 'Return')
    empty = wait_until(lambda: label_matching(r'holds 1 position\. The next one is due in 1 day\.'),
                       'the empty state with the next due time', 10)
    print('then “%s”' % empty, flush=True)
    stop(app)


def test_damaged_deck(env, home):
    damaged = b'this line is no key\n' + CARD.encode() + b'[not a board]\nplayed=zz\n'
    write_deck(home, damaged)
    app = start(without_fatal_warnings(env))
    notice = wait_until(lambda: label_matching(r'Practice deck damaged'), 'the notice of the damaged deck', 15)
    print('the window says “%s”' % notice, flush=True)
    if os.path.exists(deck_path(home) + '.damaged'):
        fail('the damaged deck was set aside before anything was written')
    key(env, 'ctrl+shift+p')
    wait_until(lambda: label_matching(r'^Find the best move\. You played e6'), 'the card that reads', 15)
    play_on_board(env, 'Practice board', 'c4')
    verdict = wait_until(lambda: label_matching(r'^c4: −3, 3 discs worse than d3 \(0\)$'), 'the verdict on c4', 10)
    print('a miss: “%s”' % verdict, flush=True)
    wait_until(lambda: label_matching(r'^Missed\. This position comes back in 10 minutes\.'), 'the retry time', 10)
    wait_until(lambda: os.path.exists(deck_path(home) + '.damaged'), 'practice.ini.damaged', 10)
    with open(deck_path(home) + '.damaged', 'rb') as file:
        if file.read() != damaged:
            fail('practice.ini.damaged is not the damaged original')
    deck = read_deck(home)
    if b'no key' in deck or b'not a board' in deck or b':c4:3' not in deck:
        fail('the deck written again is not the card read with its answer:\n' + deck.decode('utf-8', 'replace'))
    print('the damaged file was set aside as practice.ini.damaged and the card kept with its answer', flush=True)
    stop(app)


def coach_window():
    """test-coach-window.py, for its crafted game with a bad move (its main does not run)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'test-coach-window.py')
    spec = importlib.util.spec_from_file_location('coach_window', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_mistake_joins_the_deck(env, home):
    coach = coach_window()
    os.remove(deck_path(home))
    os.remove(deck_path(home) + '.damaged')
    moves, bad, loss = coach.crafted_game()
    path = window.write_ggf(os.path.join(home, 'crafted.ggf'), moves)
    app = atspi_game.start(env, [path], board_description, 'the board to appear')
    board = window.play_moves(moves)
    coach.wait_for_board(coach.disc_counts(board) + ' Black to move.')
    atspi_game.play_with_cursor(env, bad)
    played = 'played=%s\n' % window.name(bad)
    wait_until(lambda: os.path.exists(deck_path(home)) and played in read_deck(home).decode(),
               'the bad move in the deck file', 30)
    print('the deck file holds the card of %s (%d discs lost)' % (window.name(bad), loss), flush=True)
    key(env, 'ctrl+shift+p')
    task = wait_until(lambda: label_matching(r'^Find the best move\. You played %s here and lost %d discs\.$'
                                             % (window.name(bad), loss)), 'the new card\'s task', 15)
    print('Practise asks: “%s”' % task, flush=True)
    stop(app)


def main():
    with atspi_game.session('verso-practice-') as (env, home):
        test_answer_the_best_move(env, home)
        test_damaged_deck(env, home)
        test_mistake_joins_the_deck(env, home)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
