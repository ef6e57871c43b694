#!/usr/bin/env python3
"""Ctrl+Q with a question or a secondary window open, under a bare Xvfb (no window manager): for
each, a new game in a home of its own, a move played, the window opened by its keys, then Ctrl+Q
(the position chooser of an OBF file comes at the start instead).
The game must end with status 0 and the log hold no GLib or GTK warning or critical: a dialog
let go of after the main window was gone once disconnected its handlers from the freed window
("g_signal_handlers_disconnect_matched: assertion 'G_TYPE_CHECK_INSTANCE (instance)' failed",
four times, on Ctrl+N, Return, then Ctrl+Q with "Save the Game in Progress?" open).

Usage: test-quit-window.py VERSO SCHEMA_DIR [NAME...] (NAME: a case below, to run only those)"""

import os
import re
import sys
import time

import verso_ui_test as wt

# Each case: its name, and its steps after the first move: keys pressed, or ('window', title)
# to wait until a window so titled shows (and has the keyboard).
CASES = [
    # Ctrl+N, Return: the New Game dialog's Start, then "Save the Game in Progress?".
    ('save-after-new-game', ['ctrl+n', ('window', '^New Game$'), 'Return', ('window', '^Save Changes$')]),
    ('new-game', ['ctrl+n', ('window', '^New Game$')]),
    # Set Up Position (Ctrl+E), then its Play: the question before the set-up game replaces this one.
    ('save-after-set-up-position', ['ctrl+e', ('sleep', 1), 'alt+p', ('window', '^Save Changes$')]),
    ('set-up-position', ['ctrl+e', ('sleep', 1)]),
    ('practise', ['ctrl+shift+p', ('window', '^Practise$')]),
    # The Library (its search has the keyboard) and the opening trainer.
    ('library', ['ctrl+shift+l', ('window', '^Library$')]),
    ('train-openings', ['ctrl+shift+t', ('window', '^Train Openings$')]),
    ('preferences', ['ctrl+comma', ('window', '^Preferences$')]),
    # Analyse Game under way.
    ('analyse-game', ['ctrl+shift+a', ('sleep', 0.5)]),
    # The main menu's Statistics (its mnemonic), and its last item but Quit, About Verso.
    ('statistics', ['F10', ('sleep', 0.5), 't', ('window', '^Statistics$')]),
    # About and the shortcuts window set no title of their own: X names them after the program.
    ('about', ['F10', ('sleep', 0.5), 'Up', 'Up', 'Return', ('window', '^verso$')]),
    ('shortcuts', ['ctrl+question', ('window', '^verso$')]),
    # An OBF file of several positions opened at the start: the chooser of its positions.
    ('position-chooser', [('window', '^Choose a Position$')]),
]
# The shortcuts window logs GTK 4.8's "GtkLabel … reported min width -3" as it lays itself out,
# with or without quitting (another matter), and on a loaded machine that can come after Ctrl+Q:
# for it that one warning is passed over wherever it stands, and every other line is read.
OPENING_WARNS = {'shortcuts': re.compile(r'Gtk-WARNING \*\*.*GtkLabel .* reported min width -\d+, but sizes must be >= 0')}
# The cases that start with a file, and show no board to play on before it.
FILES = {'position-chooser': os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'data',
                                          'fforum-20-39.obf')}

# "(verso:123): GLib-GObject-CRITICAL **: …", "Gtk-WARNING **", or a message of no domain.
PROBLEM = re.compile(r'(WARNING|CRITICAL) \*\*')


def run_case(env, home, screen, name, steps):
    folder = os.path.join(home, name)
    case_env = dict(env, HOME=folder, XDG_DATA_HOME=os.path.join(folder, 'data'),
                    XDG_CONFIG_HOME=os.path.join(folder, 'config'), XDG_CACHE_HOME=os.path.join(folder, 'cache'),
                    XDG_RUNTIME_DIR=folder, GSETTINGS_BACKEND='keyfile')
    # Warnings are read from the log, so that one is reported rather than aborting the game.
    case_env.pop('G_DEBUG', None)
    os.makedirs(folder)
    log_path = os.path.join(folder, 'verso.log')
    screen.env = case_env
    failure, app = None, None
    with open(log_path, 'w') as log:
        try:
            if name in FILES:
                app = wt.App(case_env, screen, log, args=[FILES[name]], covered=True)
            else:
                app = wt.App(case_env, screen, log)
                # A move, so the game has changes to ask about.
                wt.play_round(app, wt.START, wt.square_of('f5'))
            for step in steps:
                if isinstance(step, tuple) and step[0] == 'window':
                    wt.wait_for_window(case_env, step[1])
                elif isinstance(step, tuple) and step[0] == 'sleep':
                    time.sleep(step[1])
                else:
                    app.key(step)
        except SystemExit:
            failure = 'the case could not be played'
        log.flush()
        if not failure:
            try:
                app.quit()
            except SystemExit:
                # wt.fail said why (a crash, no exit); the log says what came before.
                failure = 'Ctrl+Q did not end the game cleanly'
        if app and app.process.poll() is None:
            app.process.kill()
        if app:
            app.process.wait()
    with open(log_path, 'rb') as log:
        data = log.read()
    text = data.decode(errors='replace')
    passed_over = OPENING_WARNS.get(name)
    problems = [line for line in text.splitlines()
                if PROBLEM.search(line) and not (passed_over and passed_over.search(line))]
    if problems and not failure:
        failure = 'Ctrl+Q left %d warning lines, the first: %s' % (len(problems), problems[0])
    if failure:
        print('--- verso log ---\n' + text.rstrip() + '\n--- end of log ---', flush=True)
        print('FAIL: %s: %s' % (name, failure), flush=True)
        return False
    print('ok: %s' % name, flush=True)
    return True


def main():
    wanted = sys.argv[3:]
    unknown = [name for name in wanted if name not in dict(CASES)]
    if unknown:
        wt.fail('no such case: %s' % ', '.join(unknown))
    with wt.pixel_session('verso-quit-') as (env, home):
        screen = wt.Screen(env)
        # Every case runs, so that one failure does not hide another.
        failed = [name for name, steps in CASES
                  if (not wanted or name in wanted) and not run_case(env, home, screen, name, steps)]
    if failed:
        wt.fail('%d of the cases failed: %s' % (len(failed), ', '.join(failed)))


main()
