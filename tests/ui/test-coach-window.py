#!/usr/bin/env python3
"""The coach and Analyse Game in the real window, read through the AT-SPI bus as a screen reader
would: a person's bad move against the computer gets its grade in the move list (the discs it
loses are checked by a small exact solver here); Analyse Game grades every move of a 60-move game,
and its Cancel stops it at once and leaves the window responsive; killed (SIGKILL) right after,
the window restarts with every grade and the summary back. Reuses verso_ui_test's helpers.
Run inside dbus-run-session. Usage: test-coach-window.py VERSO SCHEMA_DIR"""

import os
import re
import time

# The session, verso_ui_test's helpers and the walk over the accessibles, shared by the
# AT-SPI window tests (importing it ends the test with SKIP without the AT-SPI bindings).
import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, GLib, window, wait_until, stop, key  # noqa: F401
from verso_ui_test.atspi import accessibles, move_names, board_description  # noqa: F401
fail, BLACK, WHITE, EMPTY = window.fail, window.BLACK, window.WHITE, window.EMPTY
MOVE_NAME = atspi_game.MOVE_NAME
GRADE_NAME = re.compile(r'^, (good|inaccuracy|mistake|blunder), (\d+) discs? lost$')


# --- the exact value of a small endgame, to know what the coach must say ---

def play(board, square, me):
    after = list(board)
    for flipped in window.flips(board, square, me) + [square]:
        after[flipped] = me
    return ''.join(after)


def solve(board, me):
    """The final disc difference for me with perfect play of both sides (empties to the winner)."""
    other = WHITE if me == BLACK else BLACK
    moves = window.legal_moves(board, me)
    if not moves:
        if not window.legal_moves(board, other):
            difference = board.count(me) - board.count(other)
            empties = board.count(EMPTY)
            return difference + empties if difference > 0 else difference - empties if difference < 0 else 0
        return -solve(board, other)
    return max(-solve(play(board, move, me), other) for move in moves)


def grade_for_loss(loss):
    return 'best' if loss == 0 else 'good' if loss <= 2 else 'inaccuracy' if loss <= 5 else \
        'mistake' if loss <= 11 else 'blunder'


def crafted_game():
    """A random game of 52 moves (black to move, 8 empties) where one of black's moves loses at
    least 6 discs against the best: (moves, that move, the discs it loses)."""
    for seed in range(1000):
        moves, board = window.random_game(seed, 52)
        scores = {move: -solve(play(board, move, BLACK), WHITE) for move in window.legal_moves(board, BLACK)}
        if len(scores) < 2:
            continue
        worst = min(scores, key=scores.get)
        loss = max(scores.values()) - scores[worst]
        if loss >= 6:
            print('seed %d: black to move, %s loses %d discs (%s)' % (
                seed, window.name(worst), loss, ', '.join('%s %+d' % (window.name(m), s) for m, s in scores.items())),
                flush=True)
            return moves, worst, loss
    fail('no position with a bad move in 1000 random games')


# --- the accessibility tree ---


def wait_for_board(part, seconds=30):
    """Waits until the board's accessible description says part (the board is read as a screen
    reader reads it: its pixels are not this test's business)."""
    return wait_until(lambda: part in board_description() and board_description(),
                      'the board to say “%s” (it says “%s”)' % (part, board_description()), seconds)


def disc_counts(board):
    return 'Black %d, white %d.' % (board.count(BLACK), board.count(WHITE))


def start(env, path):
    """The game with the file at path open, or (None) the saved session."""
    return atspi_game.start(env, [path] if path else [], board_description, 'the board to appear')


def analysing():
    return any(role == Atspi.Role.PROGRESS_BAR for role, name, node in accessibles())


def check_grade(name):
    """A graded move's name agrees with itself: its grade is the one its lost discs give."""
    suffix = MOVE_NAME.match(name).group(4)
    if suffix is None or suffix == ', best move':
        return
    match = GRADE_NAME.match(suffix)
    if not match:
        fail('the move is named %r: not a move, a grade and the discs lost' % name)
    if grade_for_loss(int(match.group(2))) != match.group(1):
        fail('%r: %s discs lost is not graded %s' % (name, match.group(2), match.group(1)))


def test_coach_grades_a_bad_move(env, home):
    """Against the computer, with the coach on (the default): the person's move that loses discs
    is named in the move list with its grade and the exact discs it lost, and the coach's
    summary names it as the worst."""
    moves, bad, loss = crafted_game()
    path = window.write_ggf(os.path.join(home, 'crafted.ggf'), moves)
    app = start(env, path)
    board = window.play_moves(moves)
    wait_for_board(disc_counts(board) + ' Black to move.')
    atspi_game.play_with_cursor(env, bad)
    expected = '27. Black %s, %s, %d discs lost' % (window.name(bad), grade_for_loss(loss), loss)
    wait_until(lambda: expected in move_names(), 'the move list to say “%s”' % expected, 30)
    print('the move list says “%s”' % expected, flush=True)
    # The opening's book moves are graded from the book as soon as the game is open: one of them
    # may have lost as much, and the first of the worst is named.
    worst = re.compile(r'Worst: (\d+)\.\u00a0([a-h][1-8]), (\d+) discs lost')

    def names_worst():
        for role, name, node in accessibles():
            match = worst.search(name) if role == Atspi.Role.LABEL else None
            if match and (match.group(1, 2) == ('27', window.name(bad)) and int(match.group(3)) == loss
                          or int(match.group(1)) < 27 and int(match.group(3)) >= loss):
                return match.group(0)
        return None
    wait_until(expand_summary, 'the coach\'s summary, folded to its first line, to open', 10)
    named = wait_until(names_worst, 'the coach\'s summary to name 27. %s or a worse move before it'
                       % window.name(bad), 10)
    print('the coach\'s summary names “%s”' % named, flush=True)
    # The game has unsaved changes, which Ctrl+Q would ask about: this test is done with it, and
    # the next one starts afresh.
    stop(app)
    os.remove(os.path.join(home, 'data', 'verso', 'game.ini'))


def test_analyse_game(env, home):
    """A 60-move game opened from a file: Analyse Game cancelled at once stops, and the window
    still goes through the record; run again, it grades every move within the time allowed."""
    moves, final, path = window.random_game_file(home, 'sixty.ggf', 60, 60)
    app = start(env, path)
    wait_for_board(disc_counts(final))
    wait_until(lambda: len(move_names()) == 60, 'the 60 moves in the move list', 15)

    key(env, 'ctrl+shift+a')
    cancel = wait_until(lambda: [node for role, name, node in accessibles()
                                 if role == Atspi.Role.PUSH_BUTTON and name.startswith('Cancel the Analysis')], 'the analysis\' Cancel button', 10)
    started = time.time()
    Atspi.Action.do_action(cancel[0], 0)
    wait_until(lambda: not analysing(), 'the analysis to stop after Cancel', 5)
    print('Cancel stopped the analysis within %.1f s' % (time.time() - started), flush=True)
    key(env, 'Home')
    wait_for_board('Black 2, white 2. Black to move.', 10)
    # Not End: the last position of a finished game brings the game-over dialog, which would
    # take the keys that follow.
    key(env, 'alt+Right')
    wait_for_board('Black 4, white 1. White to move.', 10)

    key(env, 'ctrl+shift+a')
    started = time.time()
    wait_until(analysing, 'the analysis to start again', 10)
    # Sixty moves at the review's depth take some 30 s on a quiet machine, and over 180 s in the
    # sanitizers' debug build on a loaded one (CI's ASan pass ran out once): the wait has room.
    # Its end is the last grade with no progress bar left: in the debug build the bar was seen
    # gone for a moment between two positions while 36 moves had no grade yet.
    def graded_and_done():
        names = move_names()
        return (not analysing() and len(names) == 60
                and all(MOVE_NAME.match(name).group(4) is not None for name in names))
    try:
        wait_until(graded_and_done, 'the analysis to grade every move and end', 400)
    except SystemExit:
        pass  # said below, with the moves left without a grade
    seconds = time.time() - started
    names = move_names()
    ungraded = [name for name in names if MOVE_NAME.match(name).group(4) is None]
    if len(names) != 60 or ungraded:
        fail('after Analyse Game, %d of %d moves have no grade: %s' % (len(ungraded), len(names), ungraded[:5]))
    for name in names:
        check_grade(name)
    print('Analyse Game graded all 60 moves in %.1f s (%s)' % (seconds, names[-1]), flush=True)
    test_grades_survive_a_kill(env, app, names)


HEADLINE = re.compile(r'^(Black: |White: )?\d+ (blunder|mistake|inaccurac)')


def expand_summary():
    """The coach's summary shows its first line under the moves and the rest when opened, as a
    click on that line does: the line's expander activated. False while there is no summary."""
    for role, name, node in accessibles():
        if role != Atspi.Role.LABEL or not HEADLINE.match(name):
            continue
        parent = node.get_parent()
        while parent is not None:
            action = parent.get_action_iface()
            if action is not None and action.get_n_actions() > 0:
                action.do_action(0)
                return True
            parent = parent.get_parent()
    return False


def summary():
    """The coach's summary in the move list: a label per colour of a record, 'Black: ...' first."""
    return [name for role, name, node in accessibles() if role == Atspi.Role.LABEL and name.startswith('Black: ')]


def test_grades_survive_a_kill(env, app, names):
    """Killed (SIGKILL) as soon as the analysis ends, the window restarts with the game, every
    grade and the coach's summary as they were, from its session, without analysing again."""
    before = summary()
    if not before:
        fail('no coach summary after Analyse Game')
    app.kill()
    app.wait()
    app = start(env, None)
    wait_until(lambda: len(move_names()) == 60, 'the 60 moves in the move list after a kill', 15)
    wait_until(lambda: move_names() == names, 'the grades back after a kill (%s)' % move_names()[:3], 10)
    if analysing():
        fail('the restored game is being analysed again')
    wait_until(lambda: summary() == before, 'the summary back after a kill: %s' % summary(), 10)
    print('after a kill the 60 grades and the summary came back', flush=True)
    stop(app)


def main():
    with atspi_game.session('verso-coach-') as (env, home):
        test_coach_grades_a_bad_move(env, home)
        test_analyse_game(env, home)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
