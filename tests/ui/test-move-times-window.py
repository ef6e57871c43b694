#!/usr/bin/env python3
"""The time each move took in a clocked game, read through the AT-SPI bus as a screen reader
would: a tournament game (the first of tests/data/WTH_2020.wtb) written as a GGF with a 5-minute
clock and each move's seconds (some left out) opened from the command line shows beside each
timed move the time it took ("1:05", cut to whole seconds) and ends the move's accessible name
with it ("…, played in 1 minute 5 seconds"); a move without a time, and every pass, shows and says
none. The evaluation graph's reading of the move shown says its time too. At a phone's 360 px
with the move list shown (F9), every time lies whole inside its button and the window. The same
game without a clock (no TI) shows no time at all. Reuses verso_ui_test's helpers. Run inside
dbus-run-session.
Usage: test-move-times-window.py VERSO SCHEMA_DIR"""

import math
import os
import re
import subprocess

import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, window, wait_until, stop, key
from verso_ui_test.atspi import accessibles, move_names, MOVE_NAME
from verso_ui_test import shot
fail = window.fail
WTHOR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'data', 'WTH_2020.wtb')
# The seconds of the moves in turn, over and over: None writes the move without a time. 0.4 is
# under a second, 59.9 under a minute, 65.2 over one: whole seconds, cut.
SECONDS = (0.4, 3.21, None, 12.5, 65.2, 1, 0, 59.9, 125)
TIME_TEXT = re.compile(r'^\d+:\d\d$')


def plural(count, unit):
    return '%d %s%s' % (count, unit, '' if count == 1 else 's')


def shown(seconds):
    """The move list's text for a move's time: "1:05"."""
    whole = math.floor(seconds)
    return '%d:%02d' % (whole // 60, whole % 60)


def said(seconds):
    """What a screen reader hears of it: "1 minute 5 seconds", "less than a second"."""
    whole = math.floor(seconds)
    if whole == 0 and seconds > 0:
        return 'less than a second'
    if whole >= 60:
        return '%s %s' % (plural(whole // 60, 'minute'), plural(whole % 60, 'second'))
    return plural(whole, 'second')


def timed_ggf(moves, clock):
    """The game as a GGF, each move with its time from SECONDS (and TI[5:00] when clock), and
    every ply of it as the move list has them, the passes GGF leaves out put back:
    (text, [(ply's name, its seconds or None)])."""
    text, _ = window.played_ggf(moves, 'PC[Paris Open]PB[Alice Martin]PW[Bob Chen]'
                                    + ('TI[5:00]' if clock else ''))
    plies, colour = [], 'B'
    written = iter(SECONDS * 10)

    def with_time(match):
        nonlocal colour
        seconds = next(written)
        if match.group(1) != colour:
            plies.append(('pass', None))
        plies.append((match.group(2), seconds))
        colour = 'W' if match.group(1) == 'B' else 'B'
        return '%s[%s%s]' % (match.group(1), match.group(2), '' if seconds is None else '//%.2f' % seconds)
    return re.sub(r'([BW])\[([a-h][1-8])\]', with_time, text), plies


def move_buttons():
    """The move list's buttons in the order of the record: [(accessible name, node)]."""
    found = [(name, node) for role, name, node in accessibles()
             if role == Atspi.Role.PUSH_BUTTON and MOVE_NAME.match(name)]
    return sorted(found, key=lambda item: (int(MOVE_NAME.match(item[0]).group(1)),
                                           MOVE_NAME.match(item[0]).group(2) != 'Black'))


def time_labels(button):
    """The labels inside a move's button that show a time ("0:12"): [(text, node)]."""
    found = []
    for node in walk_under(button):
        if node.get_role() == Atspi.Role.LABEL and TIME_TEXT.match(node.get_name() or ''):
            found.append((node.get_name(), node))
    return found


def walk_under(node):
    stack = [node.get_child_at_index(k) for k in range(node.get_child_count())]
    while stack:
        child = stack.pop()
        if child is None:
            continue
        yield child
        stack.extend(child.get_child_at_index(k) for k in range(child.get_child_count()))


def graph_description():
    for role, name, node in accessibles():
        if role == Atspi.Role.SLIDER and name == 'Evaluation graph':
            return node.get_description() or ''
    return ''


def open_game(env, path, plies):
    return atspi_game.start(env, [path], lambda: len(move_names()) == len(plies),
                            'the %d moves of the record in the move list' % len(plies))


def check_moves(plies):
    """Each timed move shows its time and says it; the others (passes too) neither."""
    buttons = move_buttons()
    if len(buttons) != len(plies):
        fail('%d moves in the list, %d in the record' % (len(buttons), len(plies)))
    timed = 0
    for (name, button), (square, seconds) in zip(buttons, plies):
        if MOVE_NAME.match(name).group(3) != square:
            fail('the move list has %r where the record has %s' % (name, square))
        texts = [text for text, node in time_labels(button)]
        if seconds is None or square == 'pass':
            if 'played in' in name or texts:
                fail('%r has no time in the record, yet shows %s' % (name, texts))
            continue
        if not name.endswith(', played in %s' % said(seconds)):
            fail('%r does not say it was played in %s (%g s)' % (name, said(seconds), seconds))
        if texts != [shown(seconds)]:
            fail('%r shows %s beside its square, not %s (%g s)' % (name, texts, shown(seconds), seconds))
        timed += 1
    print('%d moves, %d of them shown and said with their time, e.g. %r' % (len(plies), timed, buttons[4][0]),
          flush=True)


def check_graph(env, plies):
    """The graph's reading of the move shown ends with its time; back to a move without one, it
    says none."""
    last = len(plies)
    description = wait_until(lambda: graph_description().startswith('Move %d of %d' % (last, last))
                             and graph_description(), 'the graph to read the last move', 15)
    square, seconds = plies[-1]
    if seconds is None or ', played in %s.' % said(seconds) not in description:
        fail('the graph reads %r of %s, played in %s' % (description, square, seconds))
    print('graph: %s' % description, flush=True)
    back = next(k for k in range(last - 1, 0, -1) if plies[k - 1][1] is None)
    key(env, *['ctrl+z'] * (last - back))
    description = wait_until(lambda: graph_description().startswith('Move %d of %d' % (back, last))
                             and graph_description(), 'the graph to read move %d' % back, 15)
    if 'played in' in description:
        fail('move %d has no time, yet the graph reads %r' % (back, description))
    key(env, 'End')


def frame():
    return wait_until(lambda: next((node for role, name, node in accessibles() if role == Atspi.Role.FRAME), None),
                      'the window', 10)


def check_narrow(env, plies):
    """At 360 px with the move list shown, each time lies whole inside its button and the window."""
    window_id = subprocess.run(['xdotool', 'search', '--onlyvisible', '--name', 'timed'], env=env,
                               capture_output=True, text=True).stdout.split()
    if len(window_id) != 1:
        fail('expected one window of the game, found %s' % window_id)
    subprocess.run(['xdotool', 'windowsize', window_id[0], '360', '640'], env=env, check=True)
    wait_until(lambda: Atspi.Component.get_extents(frame(), Atspi.CoordType.WINDOW).width <= 380,
               'the window to be 360 px wide', 15)
    # The side pane folds over the board there; F9 shows it, sliding in.
    key(env, 'F9')
    edge = Atspi.Component.get_extents(frame(), Atspi.CoordType.WINDOW)
    last = [None]

    def places():
        """Where each time and its button are, once the pane has slid in (its Last Move button
        whole on the window) and they keep still."""
        last_move = [node for role, name, node in accessibles()
                     if role == Atspi.Role.PUSH_BUTTON and name == 'Last Move']
        if len(last_move) != 1:
            return None
        end = Atspi.Component.get_extents(last_move[0], Atspi.CoordType.WINDOW)
        if end.width <= 0 or end.x + end.width > edge.x + edge.width:
            return None
        now = []
        for name, button in move_buttons():
            for text, label in time_labels(button):
                inner = Atspi.Component.get_extents(label, Atspi.CoordType.WINDOW)
                outer = Atspi.Component.get_extents(button, Atspi.CoordType.WINDOW)
                now.append((name, text, inner.x, inner.width, outer.x, outer.width))
        still, last[0] = now == last[0], now
        return still and now and now
    placed = wait_until(places, 'the move list to slide in and keep still', 20)
    for name, text, x, width, button_x, button_width in placed:
        if width <= 0 or x < button_x or x + width > button_x + button_width:
            fail('%r: its time %s (%d + %d) is not whole inside its button (%d + %d)'
                 % (name, text, x, width, button_x, button_width))
        if x < edge.x or x + width > edge.x + edge.width:
            fail('%r: its time %s (%d + %d) is cut by the window (%d + %d)'
                 % (name, text, x, width, edge.x, edge.width))
    shot(env, 'move-times-narrow')
    print('360 px: the %d times whole inside their buttons and the window (%d px wide)'
          % (len(placed), edge.width), flush=True)


def open_record(env, home, moves, clock):
    """The record of moves, with a clock and its times or without, written and opened: the window
    and the record's length."""
    text, plies = timed_ggf(moves, clock=clock)
    path = os.path.join(home, 'timed.ggf' if clock else 'plain.ggf')
    with open(path, 'w') as f:
        f.write(text)
    return open_game(env, path, plies), plies


def main():
    with atspi_game.session('verso-move-times-') as (env, home):
        moves = window.wthor_moves(WTHOR, 0)
        env = atspi_game.settings_env(env, home, 'times', {})

        app, plies = open_record(env, home, moves, clock=True)
        try:
            check_moves(plies)
            shot(env, 'move-times')
            check_graph(env, plies)
            check_narrow(env, plies)
        finally:
            stop(app)

        # The same record without a clock: its moves' times are not read, and none is shown.
        app, plies = open_record(env, home, moves, clock=False)
        try:
            names = [name for name, button in move_buttons()]
            shown_times = [text for name, button in move_buttons() for text, node in time_labels(button)]
            if any('played in' in name for name in names) or shown_times:
                fail('a record without a clock shows times %s, says %s'
                     % (shown_times, [name for name in names if 'played in' in name]))
            print('without a clock: no time shown or said', flush=True)
            print('PASS', flush=True)
        finally:
            stop(app)


if __name__ == '__main__':
    main()
