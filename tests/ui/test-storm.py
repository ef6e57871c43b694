#!/usr/bin/env python3
"""A seeded storm of impatient input on the real game under a bare Xvfb (no window manager):
clicks on random squares, undo, redo, new games through the dialog, hints, difficulty changes,
scores shown and hidden, Analyse Game interrupted, and moves through the record, many of them
while the computer thinks. Afterwards the game must still answer: no
window left open out of reach, keyboard focus back on the board, a move played by a click shows
on the screen, the window repaints at a new size, Ctrl+Q quits with status 0, the log holds no
GLib/GTK warning or critical, and the next start shows the same position.

Usage: test-storm.py VERSO SCHEMA_DIR [--seed N] [--events N] [--issue]
  --issue   replays the event sequence that once froze the window, then runs the same checks."""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

import verso_ui_test as wt

# The sequence of the first report: "N square" is a click on that square, then keys and pauses.
ISSUE_SEQUENCE = (
    '0 c2, 0.2 s, Ctrl+Z; 1 h8, 0.5 s; 2 b8; 3 g7; 4 e4; 5 a1; 6 a7, 0.05 s; 7 a4, 0.5 s; '
    '8 d6, 0.05 s; 9 h5, Ctrl+N, 0.3 s, Return; 10 b3, 0.2 s, Ctrl+Z; 11 f7, 0.05 s, Ctrl+Shift+Z; '
    '12 h7, Ctrl+N, 0.3 s, Return; 13 g7, 0.05 s, Ctrl+Shift+Z; 14 f2, 0.5 s; 15 b3, 0.5 s, '
    'Ctrl+Shift+Z; 16 a8, Ctrl+Shift+Z; 17 g3, 0.05 s; 18 a4, 0.05 s, Ctrl+N, 0.3 s, Return; '
    '19 f6, 0.5 s; 20 a7, 0.05 s; 21 d7, Ctrl+N, 0.3 s, Return; 22 f4, 0.5 s, Ctrl+N, 0.3 s, Return; '
    '23 f7, 0.2 s, Ctrl+Z; 24 f8; 25 c3; 26 e1, Ctrl+Z; 27 a8; 28 e4, 0.2 s, Ctrl+Z; 29 c6, 0.2 s, '
    'Ctrl+Z; 30 c5, 0.05 s; 31 e8, 0.2 s; 32 b1, 0.2 s, Ctrl+Shift+Z; 33 g4, 0.2 s, Ctrl+Z; '
    '34 d7, Ctrl+Z; 35 g3; 36 c8, 0.5 s')

# Levels the storm switches between; the fast ones often, so the computer answers within the storm.
STORM_LEVELS = ['beginner', 'novice', 'casual', 'intermediate', 'intermediate', 'advanced', 'expert']
SETTINGS_GROUP = '[io/github/verso/Verso]'


def square_index(name):
    return (ord(name[0]) - ord('a')) + (int(name[1]) - 1) * 8


def parse_issue_sequence():
    """A list of actions: ('click', square), ('key', keys) or ('sleep', seconds)."""
    actions = []
    for step in ISSUE_SEQUENCE.split(';'):
        parts = [part.strip() for part in step.split(',')]
        actions.append(('click', square_index(parts[0].split()[1])))
        for part in parts[1:]:
            if part.endswith(' s'):
                actions.append(('sleep', float(part[:-2])))
            else:
                actions.append(('key', part.lower()))
    return actions


def random_storm(seed, events):
    """A seeded storm, weighted towards clicks, with the pauses of an impatient person."""
    rng = random.Random(seed)
    actions = []
    kinds = ['click'] * 10 + ['undo'] * 2 + ['redo'] * 2 + ['new', 'hint', 'level', 'scores', 'analyse'] \
        + ['navigate'] * 2
    for _ in range(events):
        kind = rng.choice(kinds)
        if kind == 'click':
            actions.append(('click', rng.randrange(64)))
        elif kind == 'undo':
            actions.append(('key', 'ctrl+z'))
        elif kind == 'redo':
            actions.append(('key', 'ctrl+shift+z'))
        elif kind == 'hint':
            actions.append(('key', 'ctrl+h'))
        elif kind == 'scores':
            # Scores on the board while the position changes under them, then off again (the
            # board is read by its pixels at the end).
            actions.append(('key', 'F7'))
            actions.append(('sleep', rng.choice([0.05, 0.3, 1.0])))
            actions.append(('key', 'F7'))
        elif kind == 'analyse':
            # Analyse Game, interrupted by a new game, an undo, a move back to the start or the
            # move list closed.
            actions.append(('key', 'ctrl+shift+a'))
            actions.append(('sleep', rng.choice([0.05, 0.3, 1.0])))
            actions.append(('key', rng.choice(['ctrl+n', 'ctrl+z', 'Home', 'F9'])))
        elif kind == 'navigate':
            actions.append(('key', rng.choice(['Home', 'End', 'alt+Left', 'alt+Right', 'alt+l'])))
        elif kind == 'level':
            actions.append(('level', rng.choice(STORM_LEVELS)))
        else:
            actions.append(('key', 'ctrl+n'))
            actions.append(('sleep', rng.choice([0.05, 0.3, 0.3])))
            answer = rng.choice(['Return', 'Return', 'Escape'])
            actions.append(('key', answer))
            if answer == 'Return':
                # Start over an unfinished game asks about it first: Discard.
                actions += [('sleep', 0.3), ('key', 'alt+d')]
        pause = rng.choice([0, 0, 0, 0.05, 0.05, 0.2, 0.5])
        if pause:
            actions.append(('sleep', pause))
    return actions


def readable_but_hint(board):
    """Every square read, except perhaps one hint the storm asked for: a pale disc on a legal
    move, which stays until the position changes."""
    unknown = [square for square, disc in enumerate(board) if disc == '?']
    if not unknown:
        return True
    plain = board.replace('?', wt.EMPTY)
    return len(unknown) == 1 and any(unknown[0] in wt.legal_moves(plain, colour)
                                     for colour in (wt.BLACK, wt.WHITE))


class Storm:
    def __init__(self, args):
        self.args = args
        self.home = tempfile.mkdtemp(prefix='verso-storm-')
        self.xvfb, display = wt.start_xvfb()
        self.settings = os.path.join(self.home, 'config', 'glib-2.0', 'settings', 'keyfile')
        os.makedirs(os.path.dirname(self.settings))
        os.makedirs(os.path.join(self.home, 'cache'))
        self.log_path = os.path.join(self.home, 'verso.log')
        self.env = dict(os.environ)
        self.env.update({
            'DISPLAY': display, 'HOME': self.home,
            'XDG_DATA_HOME': os.path.join(self.home, 'data'),
            'XDG_CONFIG_HOME': os.path.join(self.home, 'config'),
            'XDG_CACHE_HOME': os.path.join(self.home, 'cache'), 'XDG_RUNTIME_DIR': self.home,
            # The keyfile backend lets the test change the difficulty from outside, as the
            # Preferences window would, and keeps the settings for the second start.
            'GSETTINGS_BACKEND': 'keyfile', 'GSETTINGS_SCHEMA_DIR': wt.SCHEMA_DIR,
            'GTK_A11Y': 'none', 'NO_AT_BRIDGE': '1', 'GDK_BACKEND': 'x11',
            'GSK_RENDERER': os.environ.get('GSK_RENDERER', 'cairo'),
            'ASAN_OPTIONS': 'detect_leaks=0',
        })
        # Warnings are read from the log, so that one is reported rather than aborting the game.
        self.env.pop('G_DEBUG', None)
        self.env.pop('WAYLAND_DISPLAY', None)
        self.screen = wt.Screen(self.env)
        self.app = None
        self.log = None

    def fail(self, message):
        self.dump_log()
        wt.fail(message)

    def dump_log(self):
        if self.log_path and os.path.exists(self.log_path):
            with open(self.log_path, errors='replace') as f:
                text = f.read()
            if text.strip():
                print('--- verso log ---\n' + text.rstrip() + '\n--- end of log ---', flush=True)

    def start(self):
        self.log = open(self.log_path, 'a')
        self.app = wt.App(self.env, self.screen, self.log)

    def xdotool(self, *words, check=True):
        result = subprocess.run(['xdotool'] + list(words), env=self.env, capture_output=True, text=True)
        if check and result.returncode != 0:
            self.fail('xdotool %s failed: %s' % (' '.join(words), result.stderr.strip()))
        return result.stdout

    def set_level(self, level):
        """Writes the settings file whole and renames it over the old one, as a program would
        (GLib's file monitor may miss a file rewritten in place): the level, the person playing
        black against the computer (clicks on the New Game dialog may have changed it) and the
        scores off (an F7 of the storm may have gone to a dialog and left them on, drawn as dark
        discs that read as black ones)."""
        with open(self.settings + '.new', 'w') as f:
            f.write("%s\nlevel='%s'\ngame-mode='versus-computer'\nplayer-color='black'\n"
                    "show-scores=false\n" % (SETTINGS_GROUP, level))
        os.replace(self.settings + '.new', self.settings)

    def windows(self):
        """The app's visible top-level windows (X window ids)."""
        out = self.xdotool('search', '--onlyvisible', '--pid', str(self.app.process.pid), check=False)
        return [int(word) for word in out.split()]

    def window_name(self, window):
        return self.xdotool('getwindowname', str(window), check=False).strip()

    def main_window(self):
        for window in self.windows():
            if self.window_name(window) == 'Verso':
                return window
        self.fail('the main window is not visible; windows: %s' %
                  [self.window_name(w) for w in self.windows()])

    def run_actions(self, actions):
        for number, (kind, value) in enumerate(actions):
            if self.app.process.poll() is not None:
                self.fail('verso exited with status %d during the storm (action %d)' %
                          (self.app.process.returncode, number))
            if kind == 'click':
                x, y = self.screen.square_centre(self.app.geometry, value)
                self.xdotool('mousemove', str(int(x)), str(int(y)), 'click', '1')
            elif kind == 'key':
                self.xdotool('key', value)
            elif kind == 'level':
                self.set_level(value)
            elif kind == 'sleep':
                time.sleep(value)

    def settle(self):
        """After the storm: every dialog closed by the keyboard alone, the board at rest."""
        self.set_level('beginner')
        for _ in range(6):
            time.sleep(0.8)
            extra = [w for w in self.windows() if self.window_name(w) != 'Verso']
            if not extra:
                break
            # Keys go where the keyboard focus is: the open dialog must have it.
            self.xdotool('key', 'Escape')
        else:
            self.fail('a window stayed open and did not take Escape: %s' %
                      [self.window_name(w) for w in self.windows()])
        focus = int(self.xdotool('getwindowfocus', check=False).strip() or 0)
        main = self.main_window()
        if focus != main:
            self.fail('after the dialogs closed the keyboard focus is on window %d, not on the main window %d'
                      % (focus, main))
        # Analyse Game opens the move list, which folds over the board in this narrow window:
        # when the board stays hidden, F9 (Show Moves) must close the list and show it again.
        deadline = time.time() + 5
        while time.time() < deadline and not readable_but_hint(self.app.board()):
            time.sleep(0.3)
        if not readable_but_hint(self.app.board()):
            self.xdotool('key', 'F9')
        return self.app.wait_for(readable_but_hint, 'a readable board', seconds=30)

    def check_answers(self):
        """A click plays a move that shows on the screen (a new game first if this one is over)."""
        board = self.settle()
        # Still thinking? The board keeps still once the computer has answered: at the beginner
        # level (set above) it answers within about 1.5 s, the pause before its move included.
        deadline = time.time() + 30
        while time.time() < deadline:
            time.sleep(3)
            again = self.app.board()
            if again == board:
                break
            board = again
        moves = wt.legal_moves(board, wt.BLACK)
        if not moves:
            # Over (or white to move with the computer stuck): a new game must start.
            self.xdotool('key', 'ctrl+n')
            wt.wait_for_window(self.env, '^New Game$')
            self.xdotool('key', 'Return')
            # The unfinished game may be asked about first, the question coming late on a loaded
            # machine: Discard until the new game shows.
            deadline = time.time() + 10
            while time.time() < deadline and self.app.board() != wt.START:
                time.sleep(0.5)
                self.xdotool('key', 'alt+d')
            board = self.app.wait_for(lambda b: b == wt.START, 'a new game after the storm')
            moves = wt.legal_moves(board, wt.BLACK)
        # The computer's answer may turn the new disc over again, and a hint left by the storm
        # (drawn as a pale disc) goes with the move: the square must hold a disc, and the board
        # must have one or two discs more than before, the hint aside.
        square = moves[len(moves) // 2]
        discs = wt.count(board, wt.BLACK) + wt.count(board, wt.WHITE)
        self.app.click(square)
        after = self.app.wait_for(
            lambda b: '?' not in b and b[square] != wt.EMPTY
            and discs <= wt.count(b, wt.BLACK) + wt.count(b, wt.WHITE) <= discs + 2,
            'the click on %s to show' % wt.name(square))
        print('after the storm a click on %s played and showed' % wt.name(square), flush=True)
        return after

    def check_repaints(self):
        main = self.main_window()
        before = self.app.geometry
        # A size the board must change for, whatever the storm left (the move list beside the
        # board or folded): a narrow window makes it smaller than it can be at any wider one.
        self.xdotool('windowsize', str(main), '440', '560')
        deadline = time.time() + 10
        while time.time() < deadline:
            time.sleep(0.3)
            self.screen.grab()
            geometry = self.screen.find_board()
            if geometry and abs(geometry[2] - before[2]) > 4:
                break
        else:
            self.fail('the board was not redrawn at the new window size')
        self.app.geometry = geometry
        print('repainted at a new size: cell %.1f px, was %.1f px' % (geometry[2], before[2]), flush=True)

    def check_log(self):
        self.log.flush()
        with open(self.log_path, errors='replace') as f:
            bad = [line for line in f if 'CRITICAL' in line or 'WARNING' in line]
        if bad:
            self.fail('the log holds warnings:\n' + ''.join(bad[:20]))

    def run(self, actions, label):
        self.start()
        started = time.time()
        self.run_actions(actions)
        print('%s: %d actions in %.1f s' % (label, len(actions), time.time() - started), flush=True)
        self.check_answers()
        self.check_repaints()
        # The position after the computer's answer is the one that must come back.
        time.sleep(1.0)
        board = self.app.wait_for(lambda b: '?' not in b, 'the board at rest')
        self.app.quit()
        self.check_log()
        self.start()
        restored = self.app.wait_for(lambda b: '?' not in b, 'the restored board')
        if restored != board:
            self.fail('the next start shows another position:\n%s\n%s' % (restored, board))
        print('the next start restored the position', flush=True)
        self.app.quit()
        self.check_log()

    def close(self):
        if self.app and self.app.process.poll() is None:
            self.app.process.kill()
        if self.log:
            self.log.close()
        self.xvfb.terminate()
        self.xvfb.wait()
        shutil.rmtree(self.home, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('verso')
    parser.add_argument('schema_dir')
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--events', type=int, default=300)
    parser.add_argument('--issue', action='store_true')
    args = parser.parse_args()
    for tool in ('Xvfb', 'xdotool', 'import'):
        if not shutil.which(tool):
            print('SKIP: %s is not installed' % tool)
            sys.exit(77)
    if args.issue:
        actions, label = parse_issue_sequence(), 'the reported sequence'
    else:
        actions, label = random_storm(args.seed, args.events), 'seed %d, %d events' % (args.seed, args.events)
    storm = Storm(args)
    try:
        storm.run(actions, label)
        print('PASS', flush=True)
    finally:
        storm.close()


if __name__ == '__main__':
    main()
