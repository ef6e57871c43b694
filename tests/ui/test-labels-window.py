#!/usr/bin/env python3
"""No text cut short, at the default 720 x 800 and at a phone's 360 x 640: a tournament record
reviewed (Analyse Game) with its side pane shown, the Database panel (at the record's end and at
its first positions, with the book's values, and the scores' depth beside Play From Here), New
Game, Preferences,
Statistics after one rated game, and a new game with the scores on the board, each walked by the window's label probe (VERSO_DEBUG_LABELS,
src/ui/app/verso-label-probe.c), which logs every label drawn with an ellipsis or wrapped inside a
word (at the default size no word may be: "depth 24" once showed as "dept-" over "h 24"); AT-SPI,
which reads a label's whole text, cannot tell. At the phone size each dialog is made as narrow as the
screen, as a phone's would be. Statistics draws the rating of that one game as a point in the
middle of its margin. Uses verso_ui_test's helpers. Run inside dbus-run-session.
Usage: test-labels-window.py VERSO SCHEMA_DIR"""

import os
import re
import subprocess
import time

# The session, verso_ui_test's helpers and the walk over the accessibles, shared by the
# AT-SPI window tests (importing it ends the test with SKIP without the AT-SPI bindings).
import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, window, wait_until, stop, key, accessibles
fail = window.fail
RECORD = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'data', 'wthor-2020-game-1.sgf')
SIZES = ((720, 800), (360, 640))
WALKED = re.compile(r'^label probe: walked (.*) \((\d+) labels\)$')


class Probe:
    """The label probe's log: which windows it walked, at which sizes, and what it found cut."""

    def __init__(self, path, words_whole):
        self.path = path
        # Whether a word wrapped in two fails (in a window wide enough for each word whole).
        self.words_whole = words_whole

    def lines(self):
        with open(self.path, errors='replace') as f:
            return [line.rstrip('\n') for line in f if line.startswith('label probe: ')]

    def walks(self):
        return [match.group(1) for line in self.lines() if (match := WALKED.match(line))]

    def found(self, what):
        """The texts logged as what befell them ('cut short', 'word broken')."""
        prefix = 'label probe: %s: ' % what
        return [line[len(prefix):] for line in self.lines() if line.startswith(prefix)]

    def settle(self, where, shown=lambda walked: True):
        """Waits for a walk after what was just done whose windows shown() accepts: the probe logs
        a walk once what it walks (the windows, their sizes, the labels mapped) has stayed the
        same over two of its turns, and again every two seconds while it stays. Fails on any label
        cut short so far."""
        before = len(self.walks())
        walked = wait_until(lambda: len(self.walks()) > before and shown(self.walks()[-1]) and self.walks()[-1],
                            '%s: the label probe to walk the windows' % where, 30)
        cut = self.found('cut short')
        if cut:
            fail('%s: cut short with an ellipsis: %s' % (where, cut))
        broken = self.found('word broken')
        if broken and self.words_whole:
            fail('%s: a word wrapped in two: %s' % (where, broken))
        print('%s: no label cut short in %s' % (where, walked), flush=True)


def write_statistics(data_home):
    """One rated game, won against Casual: the rating's first point, its margin wide."""
    folder = os.path.join(data_home, 'verso')
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, 'statistics.ini'), 'w') as f:
        f.write('[standard.casual]\nwon=1\nlost=0\ndrawn=0\ndiscs=20\n[rating]\n'
                '1=%d 1054.0 305.6 casual 992.0 120.0 1.0\n' % (int(time.time()) - 3600))


def window_id(env, title):
    found = subprocess.run(['xdotool', 'search', '--onlyvisible', '--name', title], env=env,
                           capture_output=True, text=True).stdout.split()
    return found[0] if found else None


def shows(walked, title, size):
    """Whether the walk went through the window titled title, at the phone size once narrowed
    (its width as GTK has it, which may count the shadows of its decorations)."""
    found = re.search(r"'%s' (\d+)x" % re.escape(title), walked)
    return found is not None and (size[0] >= 720 or int(found.group(1)) <= size[0] + 100)


def narrow_dialog(env, title, size):
    """At the phone size, the dialog as wide as the screen (no window manager here to make it)."""
    if size[0] >= 720:
        return
    dialog = wait_until(lambda: window_id(env, '^%s$' % title), 'the %s window' % title, 15)
    subprocess.run(['xdotool', 'windowsize', dialog, str(size[0]), str(size[1])], env=env, check=True)


def review(env, probe, where):
    """Analyse Game on the record, to its end: the grades and the coach's summary shown."""
    key(env, 'ctrl+shift+a')
    wait_until(lambda: any(role == Atspi.Role.PUSH_BUTTON and name.startswith('Cancel the Analysis')
                           for role, name, node in accessibles()), '%s: the analysis to start' % where, 15)
    wait_until(lambda: not any(role == Atspi.Role.PUSH_BUTTON and name.startswith('Cancel the Analysis')
                               for role, name, node in accessibles()), '%s: the analysis to end' % where, 240)
    wait_until(lambda: any(role == Atspi.Role.LABEL and name.startswith('Black: ')
                           for role, name, node in accessibles()), '%s: the coach\'s summary' % where, 15)


def dialog(env, probe, where, keys, title, size):
    """A dialog opened by keys, walked at the size, closed with Escape."""
    key(env, *keys)
    narrow_dialog(env, title, size)
    probe.settle('%s, %s' % (where, title), lambda walked: shows(walked, title, size))
    key(env, 'Escape')
    wait_until(lambda: window_id(env, '^%s$' % title) is None, '%s: %s to close' % (where, title), 15)


def check_size(env, root, size):
    where = '%d x %d' % size
    home = os.path.join(root, 'at-%d' % size[0])
    env = atspi_game.home_env(env, home)
    settings = os.path.join(env['XDG_CONFIG_HOME'], 'glib-2.0', 'settings')
    os.makedirs(settings, exist_ok=True)
    with open(os.path.join(settings, 'keyfile'), 'w') as f:
        f.write('[io/github/verso/Verso]\nwindow-width=%d\nwindow-height=%d\n' % size)
    write_statistics(env['XDG_DATA_HOME'])
    log = os.path.join(home, 'verso.log')
    env = dict(env, GSETTINGS_BACKEND='keyfile', VERSO_DEBUG_LABELS='1')
    with open(log, 'w') as out:
        app = subprocess.Popen([window.VERSO, RECORD], env=env, stderr=out)
    probe = Probe(log, size[0] >= 720)
    try:
        wait_until(lambda: app.poll() is not None or probe.walks(), '%s: the window' % where, 60)
        if app.poll() is not None:
            fail('verso exited with status %d at start' % app.returncode)
        # The review shows the side pane, over the board at the phone size.
        review(env, probe, where)
        probe.settle('%s, a reviewed record' % where)
        key(env, 'F8')
        probe.settle('%s, the Database' % where)
        # The opening's positions, where the rows have the book's values and openings' names,
        # with the scores on the board and their depth beside Play From Here.
        key(env, 'F7')
        for moves in range(0, 5, 2):
            key(env, 'Home', *['alt+Right'] * moves)
            probe.settle('%s, the Database and the scores after %d moves' % (where, moves))
        key(env, 'F7', 'End', 'F8')
        dialog(env, probe, where, ['ctrl+n'], 'New Game', size)
        dialog(env, probe, where, ['ctrl+comma'], 'Preferences', size)
        atspi_game.open_statistics(env)
        narrow_dialog(env, 'Statistics', size)
        probe.settle('%s, Statistics' % where, lambda walked: shows(walked, 'Statistics', size))
        key(env, 'Escape')
        # A new game, its first move to find with the scores on the board and their depth in the
        # status line, the move list beside the board (at the phone size it covers the board).
        if size[0] < 720:
            return
        wait_until(lambda: window_id(env, '^Statistics$') is None, '%s: Statistics to close' % where, 15)
        key(env, 'ctrl+n')
        wait_until(lambda: window_id(env, '^New Game$'), '%s: New Game' % where, 15)
        key(env, 'Return')
        wait_until(lambda: window_id(env, '^New Game$') is None, '%s: New Game to close' % where, 15)
        key(env, 'F7')
        wait_until(lambda: any(role == Atspi.Role.LABEL and name.startswith('depth ')
                               for role, name, node in accessibles()), '%s: the scores\' depth' % where, 60)
        probe.settle('%s, a new game with the scores' % where)
    finally:
        stop(app)


def main():
    with atspi_game.session('verso-labels-') as (env, root):
        for size in SIZES:
            check_size(env, root, size)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
