#!/usr/bin/env python3
"""Scores on the board and the evaluation graph in the real window: starts the game under Xvfb
with the AT-SPI bus, toggles the scores with F7 and reads them back from the board's accessible
description and its pixels, finds a score's line again after a restart, then opens a recorded
game and moves through it with a click on the graph and the arrow keys. Uses verso_ui_test's helpers. Run inside dbus-run-session.
Usage: test-analysis-window.py VERSO SCHEMA_DIR"""

import os
import re
import subprocess
import sys
import time

# The session, verso_ui_test's helpers and the walk over the accessibles, shared by the
# AT-SPI window tests (importing it ends the test with SKIP without the AT-SPI bindings).
import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, GLib, window  # noqa: F401
fail, BLACK, START, name = window.fail, window.BLACK, window.START, window.name

VERSO, SCHEMA_DIR = sys.argv[1], sys.argv[2]
GRAPH_PADDING = 6   # verso-eval-graph.c: PADDING, around the plot


def find_accessible(role, accessible_name):
    """The game's accessible with this role and name, or None."""
    return atspi_game.find(lambda node: node.get_role() == role and node.get_name() == accessible_name)


def wait_for_description(role, accessible_name, condition, what, seconds=30):
    """Waits until condition holds of the accessible's description; returns the description."""
    deadline = time.time() + seconds
    description = None
    while time.time() < deadline:
        node = find_accessible(role, accessible_name)
        if node:
            description = node.get_description()
            if condition(description):
                print('%s: %s' % (accessible_name, description), flush=True)
                return description
        time.sleep(0.3)
    fail('timed out waiting for %s; last description of %s: %s' % (what, accessible_name, description))


def board_description(condition, what, seconds=30):
    return wait_for_description(Atspi.Role.TABLE, 'Board', condition, what, seconds)


def graph_description(condition, what, seconds=30):
    return wait_for_description(Atspi.Role.SLIDER, 'Evaluation graph', condition, what, seconds)


def scores_in(description):
    """{square name: (score, exact)} from "Scores: f5 +4 best exact, d6 −2." in a description."""
    found = re.search(r'Scores: (.*)\.$', description)
    if not found:
        return {}
    scores = {}
    for entry in found.group(1).split(', '):
        words = entry.split(' ')
        scores[words[0]] = (int(words[1].replace('\u2212', '-')), 'exact' in words[2:])
    return scores


def scores_for(board):
    """A condition: the description lists a score for every legal move of black on board, and
    for nothing else."""
    expected = {name(s) for s in window.legal_moves(board, BLACK)}
    return lambda description: set(scores_in(description)) == expected


def chip_shown(app, square):
    """Whether the square shows a score's chip: below the centre, where a legal-move dot leaves
    the square's green, the chip is dark (black to move)."""
    x, y = app.screen.square_centre(app.geometry, square)
    app.screen.grab()
    pixel = app.screen.pixel(x, y + app.geometry[2] * 0.3)
    return sum(abs(a - b) for a, b in zip(pixel, window.CELL_GREEN)) > 90


def check_line(board, me, line):
    """Fails unless line ("d3 c3 c4 …", "pass" for a pass) is legal move by move from board."""
    moves = [move for move in line.split() if move != '…']
    for move in moves:
        other = window.WHITE if me == BLACK else BLACK
        if move == 'pass':
            if window.legal_moves(board, me):
                fail('the line %s passes where %s can move' % (line, 'black' if me == BLACK else 'white'))
            me = other
            continue
        square = window.square_of(move)
        if square not in window.legal_moves(board, me):
            fail('the line %s plays %s, not a legal move there' % (line, move))
        after = list(board)
        for flipped in window.flips(board, square, me) + [square]:
            after[flipped] = me
        board, me = ''.join(after), other
    if len(moves) < 2:
        fail('the line %s has fewer than two moves' % line)
    print('the line of the cursor\'s square: %s (legal move by move)' % line, flush=True)


def test_scores_on_the_board(env, screen):
    """F7 shows a score on every legal square, refreshed after each move, and hides them again."""
    app = window.App(env, screen)
    board = app.board()
    if board != START:
        fail('the game did not start from the start position: %s' % board)
    board_description(lambda d: 'Scores:' not in d, 'a board without scores at first')

    app.key('F7')
    description = board_description(scores_for(board), 'a score on each of the four first moves')
    legal = window.legal_moves(board, BLACK)
    # The screen shows them from a frame after the board says so (a while under the sanitizers).
    deadline = time.time() + 15
    while not all(chip_shown(app, square) for square in legal) and time.time() < deadline:
        time.sleep(0.2)
    for square in legal:
        if not chip_shown(app, square):
            fail('no score is drawn on %s' % name(square))
    best = max(score for score, _ in scores_in(description).values())
    if not re.search(r' [+\u2212]?%d best' % abs(best), description):
        fail('the best score (%d) is not marked best: %s' % (best, description))
    print('F7: scores on the four legal moves', flush=True)
    # The cursor starts on d3, a scored square: the board reads out its line, legal move by move.
    description = board_description(lambda d: re.search(r' Line: (depth \d+|exact): d3 [^.]*\. ', d),
                                    'the line of d3, where the cursor is')
    check_line(board, BLACK, re.search(r' Line: (?:depth \d+|exact): ([^.]*)\. ', description).group(1))

    # The person plays (the cursor starts on d3) and the computer answers, with the scores shown.
    # (The pixels of the board are read with the scores hidden: a chip reads as a disc.)
    app.key('Return')
    board_description(lambda d: 'Black 3, white 3. Black to move.' in d and 'Scores:' in d,
                      'the computer\'s answer and the scores of the new position')

    app.key('F7')
    board_description(lambda d: 'Scores:' not in d, 'the scores to go with F7')
    board = app.wait_for(lambda b: b[19] == BLACK and window.count(b, BLACK) == 3 and window.count(b, window.WHITE) == 3,
                         'the board after d3 and the answer, without scores')
    deadline = time.time() + 15
    while any(chip_shown(app, s) for s in window.legal_moves(board, BLACK)) and time.time() < deadline:
        time.sleep(0.2)
    if any(chip_shown(app, s) for s in window.legal_moves(board, BLACK)):
        fail('a score is still drawn after F7 hid them')
    print('F7 again: the scores are gone', flush=True)

    app.key('F7')
    board_description(scores_for(board), 'the scores of the new position, shown again')
    # The coach scored both moves for the graph.
    graph_description(lambda d: d.startswith('Move 2 of 2: ') and 'not analysed' not in d,
                      'the graph to score the computer\'s answer')
    app.key('F7')
    app.quit()


LINE_OF_D3 = re.compile(r' Line: depth (\d+): (d3 [^.]*)\. ')


def test_lines_survive_a_restart(env, screen):
    """Issue 45: a score's line is kept with the saved session. The start position's scores
    deepened to depth 16 or more, Verso quits and starts again: shown at once, before the new
    search could reach that depth again, d3's score still has its line (read out for the cursor,
    which starts on d3), at the depth it had."""
    app = window.App(env, screen)
    app.key('Home')
    board_description(lambda d: 'Black 2, white 2. Black to move.' in d, 'the start position')
    app.key('F7')
    description = board_description(lambda d: LINE_OF_D3.search(d) and int(LINE_OF_D3.search(d).group(1)) >= 16,
                                    'the line of d3 at depth 16 or more', 120)
    depth = int(LINE_OF_D3.search(description).group(1))
    app.key('F7')
    board_description(lambda d: 'Scores:' not in d, 'the scores to go with F7')
    app.quit()

    app = window.App(env, screen)
    board_description(lambda d: 'Black 2, white 2. Black to move.' in d, 'the start position again')
    app.key('F7')
    description = board_description(lambda d: 'Scores:' in d, 'the scores shown again', 10)
    found = LINE_OF_D3.search(description)
    if not found or int(found.group(1)) < depth:
        fail('after a restart the first scores read have no line of d3 at depth %d or more: %s'
             % (depth, description))
    check_line(START, BLACK, found.group(2))
    print('after a restart d3 still has its line at depth %s: %s' % (found.group(1), found.group(2)),
          flush=True)
    app.key('F7')
    app.quit()


# verso-eval-graph.c draws its plot in the classic squares' colour darkened by a quarter of the
# frame's (0.07, 0.29, 0.15): (0.13, 0.47, 0.24).
PLOT_GREEN = (33, 120, 61)


def graph_point(app, ply, plies):
    """Where on the screen the graph's x for ply is, at half its height: the plot is found as the
    box of its background's pixels right of the board."""
    screen = app.screen
    screen.grab()
    board_right = int(app.geometry[0] + 8 * app.geometry[2])
    xs, ys = [], []
    for y in range(0, screen.height):
        for x in range(board_right, screen.width):
            pixel = screen.pixel(x, y)
            if all(abs(a - b) < 6 for a, b in zip(pixel, PLOT_GREEN)):
                xs.append(x)
                ys.append(y)
    if len(xs) < 1000:
        fail('no evaluation graph on the screen')
    left, right, top, bottom = min(xs), max(xs) + 1, min(ys), max(ys) + 1
    print('the graph\'s plot spans x %d..%d, y %d..%d' % (left, right, top, bottom), flush=True)
    return left + (right - left) * ply / plies, (top + bottom) / 2


def test_graph_goes_to_a_move(env, screen, home):
    """A click on the graph shows the position after the move under it; Left goes back one."""
    moves, _, path = window.random_game_file(home, 'forty.ggf', 23, 40)
    # Without the game left by the first test, opening asks nothing.
    session = os.path.join(env['XDG_DATA_HOME'], 'verso', 'game.ini')
    if os.path.exists(session):
        os.remove(session)
    app = window.App(env, screen, args=[path])
    app.wait_for(lambda b: b == window.play_moves(moves), 'the last position of the game opened')
    graph_description(lambda d: d.startswith('Move 40 of 40'), 'the graph to show the last move')

    # The x axis spans the 60 empties of the start.
    x, y = graph_point(app, 12, 60)
    subprocess.run(['xdotool', 'mousemove', str(int(x)), str(int(y)), 'click', '1'], env=env, check=True)
    app.wait_for(lambda b: b == window.play_moves(moves[:12]), 'the position after move 12, clicked on the graph')
    graph_description(lambda d: d.startswith('Move 12 of 40'), 'the graph to show move 12')
    app.key('Left')
    app.wait_for(lambda b: b == window.play_moves(moves[:11]), 'the position after move 11 (Left)')
    graph_description(lambda d: d.startswith('Move 11 of 40'), 'the graph to show move 11')
    app.key('End')
    app.wait_for(lambda b: b == window.play_moves(moves), 'the last position again (End)')
    print('the graph went to move 12 on a click, to 11 with Left, to the end with End', flush=True)
    app.quit()


def main():
    with atspi_game.session('verso-analysis-', tools=('import',)) as (env, home):
        screen = window.Screen(env)
        test_scores_on_the_board(env, screen)
        test_lines_survive_a_restart(env, screen)
        test_graph_goes_to_a_move(env, screen, home)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
