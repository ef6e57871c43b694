#!/usr/bin/env python3
"""End-to-end test of the desktop game: starts the real application under Xvfb with a fresh
home, plays with real X mouse clicks and key presses (xdotool), and reads the board back from
the screen's pixels. Usage: test-window.py PATH/TO/verso SCHEMA_DIR"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

VERSO, SCHEMA_DIR = sys.argv[1], sys.argv[2]
CELL_GREEN = (38, 135, 69)   # the classic theme's cell colour
EMPTY, BLACK, WHITE = '.', 'X', 'O'


SCREEN_ENV = {}


def fail(message):
    print('FAIL: ' + message, flush=True)
    # The screen as it was, for whoever reads the log (VERSO_TEST_SHOTS names a folder).
    if SCREEN_ENV and os.environ.get('VERSO_TEST_SHOTS'):
        path = os.path.join(os.environ['VERSO_TEST_SHOTS'], 'failure.png')
        subprocess.run(['import', '-window', 'root', path], env=SCREEN_ENV)
        print('screen saved as ' + path, flush=True)
    sys.exit(1)


def start_xvfb():
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(['Xvfb', '-displayfd', str(write_fd), '-screen', '0', '1000x1000x24',
                             '-nolisten', 'tcp'], pass_fds=[write_fd], stderr=subprocess.DEVNULL)
    os.close(write_fd)
    number = b''
    while not number.endswith(b'\n'):
        chunk = os.read(read_fd, 16)
        if not chunk:
            fail('Xvfb did not start')
        number += chunk
    os.close(read_fd)
    display = ':' + number.decode().strip()
    # The server said it is ready; make sure a client can connect before going on.
    for _ in range(100):
        if subprocess.run(['xdotool', 'getdisplaygeometry'], env=dict(os.environ, DISPLAY=display),
                          capture_output=True).returncode == 0:
            return xvfb, display
        time.sleep(0.1)
    fail('cannot connect to the X server at ' + display)


class Screen:
    def __init__(self, env):
        self.env = env
        SCREEN_ENV.update(env)

    def grab(self):
        data = subprocess.run(['import', '-window', 'root', '-depth', '8', 'ppm:-'], env=self.env,
                              capture_output=True, check=True).stdout
        # Binary PPM: "P6\n<w> <h>\n<max>\n" then RGB bytes.
        fields, position = [], 0
        while len(fields) < 4:
            while data[position:position + 1].isspace():
                position += 1
            end = position
            while not data[end:end + 1].isspace():
                end += 1
            fields.append(data[position:end])
            position = end
        self.width, self.height = int(fields[1]), int(fields[2])
        self.pixels = data[position + 1:]

    def pixel(self, x, y):
        offset = 3 * (int(y) * self.width + int(x))
        return tuple(self.pixels[offset:offset + 3])

    def find_board(self):
        """The bounding box of the cell-green pixels is the 8x8 grid."""
        xs, ys = [], []
        for y in range(0, self.height, 2):
            row = self.pixels[3 * y * self.width:3 * (y + 1) * self.width]
            for x in range(0, self.width, 2):
                r, g, b = row[3 * x:3 * x + 3]
                if abs(r - CELL_GREEN[0]) < 6 and abs(g - CELL_GREEN[1]) < 6 and abs(b - CELL_GREEN[2]) < 6:
                    xs.append(x)
                    ys.append(y)
        if len(xs) < 1000:
            return None
        left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
        cell = ((right - left) + (bottom - top) + 4) / 16.0
        return left - 1, top - 1, cell

    def square_centre(self, geometry, square):
        left, top, cell = geometry
        return left + (square % 8 + 0.5) * cell, top + (square // 8 + 0.5) * cell

    def read_board(self, geometry):
        """64 characters, a1..h8: X black, O white, . empty (sampled off-centre, clear of the marks)."""
        cell = geometry[2]
        board = ''
        for square in range(64):
            x, y = self.square_centre(geometry, square)
            samples = [self.pixel(x + dx * cell, y + dy * cell) for dx, dy in ((0, -0.22), (-0.2, 0.1), (0.2, 0.1))]
            kinds = set()
            for r, g, b in samples:
                if max(r, g, b) < 100:
                    kinds.add(BLACK)
                elif min(r, g, b) > 170:
                    kinds.add(WHITE)
                else:
                    kinds.add(EMPTY)
            board += kinds.pop() if len(kinds) == 1 else '?'
        return board


def flips(board, square, me):
    other = WHITE if me == BLACK else BLACK
    result = []
    column, row = square % 8, square // 8
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        c, r, run = column + dc, row + dr, []
        while 0 <= c < 8 and 0 <= r < 8 and board[r * 8 + c] == other:
            run.append(r * 8 + c)
            c, r = c + dc, r + dr
        if run and 0 <= c < 8 and 0 <= r < 8 and board[r * 8 + c] == me:
            result += run
    return result


def legal_moves(board, me):
    return [s for s in range(64) if board[s] == EMPTY and flips(board, s, me)]


def name(square):
    return 'abcdefgh'[square % 8] + str(square // 8 + 1)


START = '.' * 27 + 'OX' + '.' * 6 + 'XO' + '.' * 27


class App:
    def __init__(self, env, screen, log=None):
        """Starts the game; its output goes to the open file log when one is given."""
        self.env, self.screen = env, screen
        self.process = subprocess.Popen([VERSO], env=env, stdout=log, stderr=subprocess.STDOUT if log else None)
        self.geometry = None
        deadline = time.time() + 60
        while time.time() < deadline:
            time.sleep(0.3)
            if self.process.poll() is not None:
                fail('verso exited with status %d at start' % self.process.returncode)
            screen.grab()
            self.geometry = screen.find_board()
            if self.geometry and '?' not in screen.read_board(self.geometry):
                break
        if not self.geometry:
            fail('no board on the screen')
        print('board at x=%d y=%d, cell %.1f px' % self.geometry, flush=True)

    def board(self):
        self.screen.grab()
        return self.screen.read_board(self.geometry)

    def wait_for(self, condition, what, seconds=30):
        deadline = time.time() + seconds
        board = self.board()
        while time.time() < deadline:
            if condition(board):
                # The same twice in a row: no animation under way.
                time.sleep(0.4)
                again = self.board()
                if again == board:
                    return board
                board = again
                continue
            time.sleep(0.2)
            board = self.board()
        fail('timed out waiting for %s; board: %s' % (what, board))

    def click(self, square):
        x, y = self.screen.square_centre(self.geometry, square)
        subprocess.run(['xdotool', 'mousemove', str(int(x)), str(int(y)), 'click', '1'], env=self.env, check=True)

    def key(self, *keys):
        subprocess.run(['xdotool', 'key'] + list(keys), env=self.env, check=True)

    def quit(self):
        self.key('ctrl+q')
        try:
            status = self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            fail('verso did not quit on Ctrl+Q')
        if status != 0:
            fail('verso exited with status %d' % status)


def wait_for_window(env, title):
    """Waits until a visible window's title matches the regular expression title."""
    try:
        found = subprocess.run(['xdotool', 'search', '--sync', '--onlyvisible', '--name', title], env=env,
                               capture_output=True, text=True, timeout=15).stdout.split()
    except subprocess.TimeoutExpired:
        found = []
    if not found:
        fail('no window titled %s appeared' % title)


def count(board, colour):
    return board.count(colour)


def play_round(app, board, square):
    """The person (black) plays square; waits for the computer's answer. Returns the new board."""
    expected = list(board)
    for flipped in flips(board, square, BLACK) + [square]:
        expected[flipped] = BLACK
    expected = ''.join(expected)
    app.click(square)
    discs = count(board, BLACK) + count(board, WHITE)
    # The answer may turn the person's new disc over again: count discs, not colours.
    after = app.wait_for(lambda b: '?' not in b and count(b, BLACK) + count(b, WHITE) == discs + 2
                         or not legal_moves(expected, WHITE) and b == expected,
                         'the computer to answer %s' % name(square))
    new_white = [s for s in range(64) if after[s] == WHITE and expected[s] == EMPTY]
    if legal_moves(expected, WHITE):
        if len(new_white) != 1:
            fail('expected one new white disc after %s, got %s' % (name(square), [name(s) for s in new_white]))
        reply = new_white[0]
        if reply not in legal_moves(expected, WHITE):
            fail('the computer played an illegal move %s' % name(reply))
        answered = list(expected)
        for flipped in flips(expected, reply, WHITE) + [reply]:
            answered[flipped] = WHITE
        if ''.join(answered) != after:
            fail('the board after %s %s is not what the rules give:\n%s\n%s' % (name(square), name(reply), after, ''.join(answered)))
        print('black %s, white answered %s' % (name(square), name(reply)), flush=True)
    return after


def main():
    for tool in ('Xvfb', 'xdotool', 'import'):
        if not shutil.which(tool):
            print('SKIP: %s is not installed' % tool)
            sys.exit(77)
    home = tempfile.mkdtemp(prefix='verso-e2e-')
    xvfb, display = start_xvfb()
    env = dict(os.environ)
    env.update({
        'DISPLAY': display, 'HOME': home,
        'XDG_DATA_HOME': os.path.join(home, 'data'), 'XDG_CONFIG_HOME': os.path.join(home, 'config'),
        'XDG_CACHE_HOME': os.path.join(home, 'cache'), 'XDG_RUNTIME_DIR': home,
        'GSETTINGS_BACKEND': 'memory', 'GSETTINGS_SCHEMA_DIR': SCHEMA_DIR,
        'GTK_A11Y': 'none', 'NO_AT_BRIDGE': '1', 'GDK_BACKEND': 'x11',
        # Xvfb has only software OpenGL, slow to start (seconds under the sanitizers); the Cairo
        # renderer draws the same pixels quickly.
        'GSK_RENDERER': os.environ.get('GSK_RENDERER', 'cairo'),
        # GTK's and fontconfig's caches live for the whole process; leaks are checked on the model.
        'ASAN_OPTIONS': 'detect_leaks=0',
    })
    env.pop('WAYLAND_DISPLAY', None)
    os.makedirs(env['XDG_CACHE_HOME'])
    save_file = os.path.join(home, 'data', 'verso', 'game.ini')
    screen = Screen(env)
    try:
        # First start: the person plays black against the computer; the start position.
        app = App(env, screen)
        board = app.board()
        if board != START:
            fail('first start does not show the start position: %s' % board)

        # A click on an occupied or illegal square changes nothing.
        # Its toast covers the bottom row for two seconds (never the turn line under the board):
        # the board is read once the toast has gone.
        app.click(0)
        app.wait_for(lambda b: b == START, 'the start position, unchanged by an illegal click', seconds=8)

        # The keyboard: the click left the cursor on a1; the arrows take it to d3, Return plays.
        app.key('Right', 'Right', 'Right', 'Down', 'Down', 'Return')
        board = app.wait_for(lambda b: b[19] == BLACK and count(b, BLACK) + count(b, WHITE) == 6,
                             'the keyboard move d3 and the computer\'s answer')
        print('black d3 (keyboard), the computer answered', flush=True)

        # Two rounds with the mouse.
        for _ in range(2):
            moves = legal_moves(board, BLACK)
            if not moves:
                fail('no legal move for black on %s' % board)
            board = play_round(app, board, moves[len(moves) // 2])
        before_undo = board

        # Ctrl+Z takes back the computer's answer and the person's move.
        app.key('ctrl+z')
        undone = app.wait_for(lambda b: count(b, BLACK) + count(b, WHITE) == count(before_undo, BLACK) + count(before_undo, WHITE) - 2,
                              'undo')
        app.key('ctrl+shift+z')
        app.wait_for(lambda b: b == before_undo, 'redo')

        # Quitting saves the game; the next start shows it again.
        app.quit()
        if not os.path.exists(save_file):
            fail('no saved game at %s' % save_file)
        app = App(env, screen)
        restored = app.wait_for(lambda b: '?' not in b, 'the restored board')
        if restored != before_undo:
            fail('the restored game differs:\n%s\n%s' % (restored, before_undo))
        print('game restored after restart', flush=True)

        # Killed (SIGKILL) at rest, the game comes back whole.
        app.process.kill()
        app.process.wait()
        app = App(env, screen)
        if app.wait_for(lambda b: '?' not in b, 'the board after a kill') != restored:
            fail('the game killed at rest did not come back')
        # Killed while the computer thinks, it loses nothing either: the person's move is kept,
        # and the computer answers it after the next start.
        discs = count(restored, BLACK) + count(restored, WHITE)
        square = legal_moves(restored, BLACK)[0]
        app.click(square)
        deadline = time.time() + 10
        while app.board()[square] != BLACK:  # no settling: the computer's answer must not come first
            if time.time() > deadline:
                fail('the move %s did not show' % name(square))
        app.process.kill()
        app.process.wait()
        app = App(env, screen)
        restored = app.wait_for(lambda b: '?' not in b and count(b, BLACK) + count(b, WHITE) == discs + 2,
                                'the computer to answer %s after the kill and restart' % name(square))
        print('killed twice with kill -9; no move was lost', flush=True)

        # Quitting while the computer thinks stops it and still ends cleanly.
        app.click(legal_moves(restored, BLACK)[0])
        time.sleep(0.1)
        app.quit()
        print('quit while the computer was thinking', flush=True)

        # A corrupt save file is set aside and a fresh game starts.
        with open(save_file, 'wb') as f:
            f.write(b'\x00\x01 not a saved game')
        app = App(env, screen)
        if app.wait_for(lambda b: '?' not in b, 'a fresh board') != START:
            fail('a corrupt save did not give a fresh game')
        aside = [n for n in os.listdir(os.path.dirname(save_file)) if n.startswith('game.ini.unreadable-')]
        if not aside:
            fail('the corrupt save file was not set aside')
        print('corrupt save set aside as %s' % aside[0], flush=True)

        # The shortcuts work from every window of the game: Ctrl+Z in the Preferences window
        # undoes the move on the board, Ctrl+N there opens the New Game dialog, Ctrl+Q in that
        # dialog quits; and closing a dialog gives the keyboard back to the main window.
        board = play_round(app, START, 19)
        app.key('ctrl+comma')
        wait_for_window(env, '^Preferences$')
        app.key('ctrl+z')
        app.key('Escape')
        app.wait_for(lambda b: b == START, 'Ctrl+Z in the Preferences window to undo')
        focused = subprocess.run(['xdotool', 'getwindowfocus', 'getwindowname'], env=env,
                                 capture_output=True, text=True).stdout.strip()
        if focused != 'Verso':
            fail('after the Preferences window closed, the keyboard focus is on %r' % focused)
        app.key('ctrl+comma')
        wait_for_window(env, '^Preferences$')
        app.key('ctrl+n')
        wait_for_window(env, '^New Game$')
        app.quit()
        print('Ctrl+Z, Ctrl+N and Ctrl+Q worked from the dialogs', flush=True)
        print('PASS', flush=True)
    finally:
        xvfb.terminate()
        xvfb.wait()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == '__main__':
    main()
