#!/usr/bin/env python3
"""The person's rating and Match My Level in the real window, read through the AT-SPI bus as a
screen reader would. A statistics file with a history of rated games is seeded in the data
folder: Statistics says "Your rating: R ± I" (the last game's rating, its 95 % interval) and the
graph's accessible description names the games, the first, last and highest ratings. Then New
Game with the Match My Level switch turned on: the new game's subtitle names the level nearest
the seeded rating and the rating, read from data/level-ratings.txt. After one move the window is
closed (Ctrl+Q) and started again: the saved game comes back with its move and still plays as
Match my level (the session's LevelMix). Last, a saved game against that mix, four empty squares
from its end, is played out with the board's keys: the game-over dialog says "Your rating: R
(±C)", R and C as statistics.ini's [rating] group then has them (its new last line, and the
change from the line before), Statistics counts one rated game more, and the game is kept in the
game library (library.sqlite, read with Python's sqlite3). Reuses verso_ui_test's
helpers. Run inside dbus-run-session. Usage: test-rating-window.py VERSO SCHEMA_DIR"""

import os
import re
import sqlite3
import subprocess
import time

import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, wait_until, stop, key, accessibles, labels, button, press, open_statistics  # noqa: F401
from verso_ui_test.atspi import MOVE_NAME, move_names, board_description, play_with_cursor, settings_env
from verso_ui_test import shot
window = atspi_game.window
fail = window.fail

LEVELS = ('beginner', 'novice', 'casual', 'intermediate', 'advanced', 'expert', 'master')
NAMES = dict(zip(LEVELS, ('Beginner', 'Novice', 'Casual', 'Intermediate', 'Advanced', 'Expert', 'Master')))


def level_ratings():
    """The levels' ratings from data/level-ratings.txt: {id: rating}."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'data', 'level-ratings.txt')
    ratings = {}
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) == 3 and fields[0] in LEVELS:
                ratings[fields[0]] = float(fields[1])
    return ratings


def history(ratings, games):
    """A history of games rated from 1000 upwards, the last just now, ending at the intermediate
    level's rating plus 10 (so Match My Level plays mostly as Intermediate): [(time, rating,
    deviation)]."""
    now = int(time.time())
    last = ratings['intermediate'] + 10
    values = [1000 + (last - 1000) * i / (games - 1) for i in range(games)]
    values[games // 2] += 80   # a peak above the line: the highest is not the last
    return [(now - (games - 1 - i) * 3600, round(v, 1), round(300 - 10 * i, 1)) for i, v in enumerate(values)]


def write_statistics(home, entries):
    path = os.path.join(home, 'verso', 'statistics.ini')
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write('[standard.casual]\nwon=%d\nlost=0\ndrawn=0\ndiscs=%d\n[rating]\n' % (len(entries), 10 * len(entries)))
        for i, (when, value, deviation) in enumerate(entries):
            f.write('%d=%d %.1f %.1f casual 992.0 120.0 1.0\n' % (i + 1, when, value, deviation))


def test_statistics_rating(env, entries):
    when, value, deviation = entries[-1]
    open_statistics(env)
    title = wait_until(lambda: [n for n in labels() if n.startswith('Your rating: ')], 'the rating row', 10)[0]
    found = re.match(r'^Your rating: (\d+) ± (\d+)$', title)
    if not found or int(found.group(1)) != round(value) or abs(int(found.group(2)) - 1.96 * deviation) > 1.5:
        fail('the rating row says %r, not %d ± %.0f' % (title, round(value), 1.96 * deviation))
    graph = wait_until(lambda: [node for role, name, node in accessibles() if name == 'Your rating over time'],
                       'the rating graph', 10)[0]
    expected = '%d rated games: first %.0f, last %.0f, highest %.0f.' % (
        len(entries), entries[0][1], value, max(e[1] for e in entries))
    if graph.get_description() != expected:
        fail('the graph is described as %r, not %r' % (graph.get_description(), expected))
    print('Statistics: “%s”; the graph: “%s”' % (title, expected), flush=True)
    shot(env, 'statistics-rating')
    key(env, 'Escape')
    wait_until(lambda: not button('Reset…'), 'the Statistics window to close', 10)


def test_match_my_level(env, entries, ratings, settings_file):
    key(env, 'ctrl+n')
    # The switch, named by its row's title (GTK gives a switch the check box's role).
    switch = wait_until(lambda: [node for role, name, node in accessibles()
                                 if role == Atspi.Role.CHECK_BOX and name == 'Match My Level'],
                        'the Match My Level switch', 10)
    press(switch[0])
    wait_until(lambda: switch[0].get_state_set().contains(Atspi.StateType.CHECKED), 'the switch to be on', 10)
    print('New Game: Match My Level turned on', flush=True)
    wait_until(lambda: [n for n in labels() if n.startswith('Plays at your rating: about ')], 'the row\'s strength', 10)
    shot(env, 'match-my-level')
    key(env, 'alt+s')  # "_Start"
    pattern = r'^You play black · Match my level: about (\w+) \(([\d,.\u202f ]+)\)$'
    try:
        subtitle = wait_until(lambda: [n for n in labels() if re.match(pattern, n)], 'a subtitle naming the level', 15)[0]
    except SystemExit:
        print('the labels: %r' % [n for n in labels() if 'play' in n], flush=True)
        print(open(settings_file).read(), flush=True)
        raise
    name, rating = re.match(pattern, subtitle).groups()
    if name != NAMES['intermediate'] or int(re.sub(r'\D', '', rating)) != round(entries[-1][1]):
        fail('the subtitle is %r, not Intermediate at %d' % (subtitle, round(entries[-1][1])))
    with open(settings_file) as f:
        if 'match-my-level=true' not in f.read():
            fail('the setting match-my-level was not written')
    print('the subtitle says “%s”' % subtitle, flush=True)
    return subtitle, int(re.sub(r'\D', '', rating))


# --- the game kept across a restart ---

def after_move(board, square, colour):
    """The board after colour plays square."""
    after = list(board)
    for flipped in window.flips(board, square, colour) + [square]:
        after[flipped] = colour
    return ''.join(after)


def played():
    """The move list's moves in order: [(colour, square or None for a pass)]."""
    moves = []
    for name in move_names():
        colour, move = MOVE_NAME.match(name).group(2, 3)
        moves.append((window.BLACK if colour == 'Black' else window.WHITE, None if move == 'pass' else window.square_of(move)))
    return moves


def board_after(moves):
    """The board after played() moves from the start."""
    board = window.START
    for colour, square in moves:
        if square is not None:
            board = after_move(board, square, colour)
    return board


def session_path(env):
    return os.path.join(env['XDG_DATA_HOME'], 'verso', 'game.ini')


def saved_value(env, name):
    """The saved game's value of key name, or None."""
    with open(session_path(env)) as f:
        for line in f:
            if line.startswith(name + '='):
                return line[len(name) + 1:].rstrip('\n')
    return None


def start_window(env):
    return atspi_game.start(env, [], lambda: button('Main Menu'), 'the window to appear')


def quit_window(env, app):
    """Ctrl+Q, as a person ends the game: the window saves the game in progress and closes."""
    key(env, 'ctrl+q')
    try:
        app.wait(timeout=20)
    except subprocess.TimeoutExpired:
        fail('verso still runs 20 s after Ctrl+Q')


def wait_for_black(env, count, what):
    """Waits until the move list holds more than count moves, the last White's, and the board
    says Black (the person) is to move, or that the game is over; returns played()."""
    def ready():
        moves, description = played(), board_description()
        last = moves[-1][0] if moves else window.WHITE
        if len(moves) > count and ('The game is over.' in description
                                   or last == window.WHITE and 'Black to move.' in description):
            return [moves]  # true when the game has no moves yet
        return None
    try:
        return wait_until(ready, what, 30)[0]
    except SystemExit:
        print('the board: %r; the moves: %r' % (board_description(), move_names()), flush=True)
        raise


def test_session(env, app, subtitle):
    """One move in the Match my level game and the computer's answer, the window closed and
    started again: the same moves, the same subtitle. Returns the running game and the mix."""
    wait_for_black(env, -1, 'black to move in the new game')
    play_with_cursor(env, window.square_of('f5'))
    moves = wait_for_black(env, 1, 'the computer to answer f5')
    if moves[0] != (window.BLACK, window.square_of('f5')):
        fail('the move list starts with %r, not Black f5' % move_names()[0])
    quit_window(env, app)
    mix = saved_value(env, 'LevelMix')
    if not mix or saved_value(env, 'Moves') != ''.join(window.name(s) for c, s in moves if s is not None):
        fail('the saved game has no LevelMix or other moves:\n%s' % open(session_path(env)).read())
    print('closed after %s; saved with LevelMix=%s' % (saved_value(env, 'Moves'), mix), flush=True)
    app = start_window(env)
    wait_until(lambda: subtitle in labels(), 'the subtitle “%s” after the restart' % subtitle, 15)
    again = wait_for_black(env, 0, 'the saved game\'s moves after the restart')
    if again != moves:
        fail('after the restart the moves are %r, not %r' % (move_names(), moves))
    print('started again: the same %d moves, the subtitle “%s”' % (len(again), subtitle), flush=True)
    return app, mix


# --- a rated game to its end ---

END_PLIES = 56


def first_legal(board):
    """The person's move in play_to_end: Black's first legal move, or None."""
    legal = window.legal_moves(board, window.BLACK)
    return legal[0] if legal else None


def person_ends(board, colour, last, replies):
    """Whether the game from board, colour to move, last the colour of the last disc played, ends
    on a move of the person playing first_legal, whatever the computer plays; replies counts the
    computer's turns with a move."""
    other = window.WHITE if colour == window.BLACK else window.BLACK
    legal = window.legal_moves(board, colour)
    if not legal:
        return last == window.BLACK if not window.legal_moves(board, other) else person_ends(board, other, last, replies)
    if colour == window.BLACK:
        return person_ends(after_move(board, first_legal(board), colour), other, colour, replies)
    replies.append(len(legal))
    return all(person_ends(after_move(board, square, colour), other, colour, replies) for square in legal)


def near_end_game():
    """The first END_PLIES moves of a game of random legal moves without passes (the first seed
    that fits), Black to move, after which the computer has a choice of moves at least once and
    the person's move ends the game whatever the computer plays: a game the same in every run
    but for the computer's choice, the mix being random. The coach is off (settings_env's keys):
    the rating's line must be in the dialog's first text, not come with a grade after the end."""
    for seed in range(500):
        moves, board = window.random_game(seed, END_PLIES)
        replies = []
        if first_legal(board) is not None and person_ends(board, window.BLACK, window.WHITE, replies) \
           and max(replies, default=0) > 1:
            return moves
    fail('no random game of %d plies ends on the person\'s move' % END_PLIES)


def write_near_end(env, moves, mix):
    """The session: the person (black) against the computer playing the mix, standard rules from
    the start, moves played and shown, no undo."""
    with open(session_path(env), 'w') as f:
        f.write('[Verso Game]\nVersion=1\nBlack=human\nWhite=computer\nLevel=intermediate\n'
                'BlackLevel=intermediate\nWhiteLevel=intermediate\nLevelMix=%s\nRules=standard\n'
                'GivenMoves=0\nMoves=%s\nShown=%d\nPaused=false\nModified=false\nRecord=false\n'
                % (mix, ''.join(window.name(s) for s in moves), len(moves)))


def play_to_end(env):
    """The person's moves, the first legal one each turn, until the game is over; returns
    played()."""
    moves = wait_for_black(env, END_PLIES - 1, 'the saved game, Black to move')
    while 'The game is over.' not in board_description():
        square = first_legal(board_after(moves))
        play_with_cursor(env, square)
        moves = wait_for_black(env, len(moves), 'the computer\'s answer to %s' % window.name(square))
    return moves


def rating_lines(env):
    """statistics.ini's [rating] group in order: [(rating, opponent's rating, score)]."""
    entries, group = {}, None
    with open(os.path.join(env['XDG_DATA_HOME'], 'verso', 'statistics.ini')) as f:
        for line in f:
            line = line.strip()
            if line.startswith('['):
                group = line
            elif group == '[rating]' and '=' in line:
                number, fields = line.split('=', 1)
                fields = fields.split()
                entries[int(number)] = (float(fields[1]), float(fields[4]), float(fields[6]))
    return [entries[n] for n in sorted(entries)]


RATING_LINE = re.compile(r'Your rating: (\d+) \(([+−±])(\d+)\)')


def game_over_rating(heading):
    """The rating line of the game-over dialog, read once the dialog shows heading."""
    try:
        return wait_until(lambda: [m for m in map(RATING_LINE.search, labels()) if m], 'the rating in the dialog', 10)[0]
    except SystemExit:
        print('the labels: %r' % labels(), flush=True)
        raise


def check_rated(heading, found, lines, before, mix_rating):
    """The dialog's "Your rating: R (±C)" against the statistics file's new last line."""
    if len(lines) != before + 1:
        fail('statistics.ini has %d rating lines after the game, not %d' % (len(lines), before + 1))
    (last, opponent, score), previous = lines[-1], lines[-2][0]
    shown, sign, change = int(found.group(1)), found.group(2), int(found.group(3))
    signed = {'+': change, '−': -change, '±': 0 if change == 0 else None}[sign]
    # The file keeps a tenth: the dialog's whole numbers are within rounding of it.
    if signed is None or abs(shown - last) > 0.55 or abs(signed - (last - previous)) > 0.6:
        fail('the dialog says %r; statistics.ini went from %.1f to %.1f' % (found.group(0), previous, last))
    if abs(opponent - mix_rating) > 0.55:
        fail('the game was rated against %.1f, not the mix\'s %d' % (opponent, mix_rating))
    if score != {'You Win!': 1.0, 'You Lose': 0.0, 'Draw': 0.5}[heading]:
        fail('the dialog says %r but statistics.ini scores the game %.1f' % (heading, score))


def check_kept(env, played_moves):
    """The game just ended is in the game library, as `verso-engine library` reads it: once, its
    moves those played (its passes written PA), played here against the computer's level, ended on the board."""
    path = os.path.join(env['XDG_DATA_HOME'], 'verso', 'library.sqlite')
    if not os.path.exists(path):
        fail('no game library at %s after the game ended' % path)
    with sqlite3.connect('file:%s?mode=ro' % path, uri=True) as db:
        rows = db.execute('SELECT moves, source, black_level, white_level, ending, disc_difference FROM games').fetchall()
    transcript = ''.join(window.name(square) for colour, square in played_moves if square is not None)
    if len(rows) != 1 or rows[0][0].lower().replace('pa', '') != transcript or rows[0][1:5] != ('played', '', 'intermediate', 0):
        fail('the library holds %r, not the game played (%s)' % (rows, transcript))
    print('kept in the library: %d moves, Black %+d' % (len(transcript) // 2, rows[0][5]), flush=True)


def test_rated_game(env, mix_rating):
    """The seeded game played out: the dialog's rating line agrees with statistics.ini, and
    Statistics counts one rated game more. Returns the running game."""
    before = len(rating_lines(env))
    app = start_window(env)
    played_moves = play_to_end(env)
    heading = wait_until(lambda: [n for n in labels() if n in ('You Win!', 'You Lose', 'Draw')],
                         'the game-over dialog', 15)[0]
    if [colour for colour, square in played_moves if square is not None][-1] != window.BLACK:
        fail('the game did not end on the person\'s move: %r' % move_names()[-3:])
    found = game_over_rating(heading)
    print('the game ended after %d moves: “%s”, “%s”' % (len(played_moves), heading, found.group(0)), flush=True)
    shot(env, 'game-over-rating')
    lines = rating_lines(env)
    check_rated(heading, found, lines, before, mix_rating)
    check_kept(env, played_moves)
    key(env, 'Escape')
    wait_until(lambda: heading not in labels(), 'the game-over dialog to close', 10)
    open_statistics(env)
    expected = '%d rated games: first %.0f, last %.0f, highest %.0f.' % (
        len(lines), lines[0][0], lines[-1][0], max(line[0] for line in lines))
    graph = wait_until(lambda: [node for role, name, node in accessibles() if name == 'Your rating over time'
                                and node.get_description() == expected], 'the graph described as “%s”' % expected, 10)
    print('Statistics: “%s”' % graph[0].get_description(), flush=True)
    key(env, 'Escape')
    return app


def main():
    ratings = level_ratings()
    if len(ratings) != len(LEVELS):
        fail('data/level-ratings.txt lacks a level: %s' % sorted(ratings))
    with atspi_game.session('verso-rating-') as (env, home):
        env = settings_env(env, home, 'rating', {'game-mode': "'versus-computer'", 'player-color': "'black'", 'coach': 'false'})
        entries = history(ratings, 12)
        write_statistics(env['XDG_DATA_HOME'], entries)
        app = start_window(env)
        test_statistics_rating(env, entries)
        subtitle, mix_rating = test_match_my_level(env, entries, ratings,
                                                   os.path.join(env['XDG_CONFIG_HOME'], 'glib-2.0', 'settings', 'keyfile'))
        app, mix = test_session(env, app, subtitle)
        quit_window(env, app)
        write_near_end(env, near_end_game(), mix)
        app = test_rated_game(env, mix_rating)
        stop(app)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
