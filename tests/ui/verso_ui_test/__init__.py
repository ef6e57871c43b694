"""Helpers of the window tests (ui/test-*.py): the real game under Xvfb with a home of its own,
driven by X mouse clicks and key presses (xdotool) and read back from the screen's pixels, and
the rules of the game on boards written as 64 characters. Every test passes VERSO SCHEMA_DIR
as its first two arguments. The AT-SPI tests' session and walk are in verso_ui_test.atspi."""

import contextlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

VERSO, SCHEMA_DIR = sys.argv[1], sys.argv[2]
CELL_GREEN = (38, 135, 69)   # the classic theme's cell colour
EMPTY, BLACK, WHITE = '.', 'X', 'O'


SCREEN_ENV = {}


def shot(env, name):
    """The screen as NAME.png, for whoever looks at the window (VERSO_TEST_SHOTS names a folder)."""
    folder = os.environ.get('VERSO_TEST_SHOTS')
    if folder:
        subprocess.run(['import', '-window', 'root', os.path.join(folder, name + '.png')], env=env)


def fail(message):
    print('FAIL: ' + message, flush=True)
    # The screen as it was, for whoever reads the log (VERSO_TEST_SHOTS names a folder).
    if SCREEN_ENV and os.environ.get('VERSO_TEST_SHOTS'):
        path = os.path.join(os.environ['VERSO_TEST_SHOTS'], 'failure.png')
        subprocess.run(['import', '-window', 'root', path], env=SCREEN_ENV)
        print('screen saved as ' + path, flush=True)
    sys.exit(1)


# The least limit of a wait, in seconds (see wait_until).
WAIT_FLOOR = 20


def wait_until(condition, what, seconds=30, interval=0.1):
    """condition()'s first true value within seconds (asked every interval); the test fails
    naming what was awaited otherwise (what: a text, or a function giving it). Every wait of the window tests is one of these, never a
    fixed sleep: a loaded machine makes a sleep too short, an idle one makes it wasted. No wait is
    shorter than WAIT_FLOOR seconds: one ends as soon as its condition holds, so a long limit costs
    a passing test nothing, and a machine loaded by sanitizers and other work (a dialog took over
    5 s to appear under ASan beside a build) no longer fails one that would pass."""
    deadline = time.time() + max(seconds, WAIT_FLOOR)
    while True:
        value = condition()
        if value:
            return value
        if time.time() > deadline:
            fail('timed out after %g s waiting for %s' % (max(seconds, WAIT_FLOOR), what() if callable(what) else what))
        time.sleep(interval)


def holds(condition, what, seconds, interval=0.2):
    """Checks that condition() stays true for seconds (a thing that must not happen, e.g. the
    computer moving while paused); fails saying what (a text, or a function giving it) at the
    first time it does not. The one kind of wait that
    is a time: nothing can be awaited that proves a thing will never happen."""
    deadline = time.time() + seconds
    while True:
        if not condition():
            fail(what() if callable(what) else what)
        if time.time() > deadline:
            return
        time.sleep(interval)


def start_xvfb():
    read_fd, write_fd = os.pipe()
    # -noreset: by default the server resets when its last client leaves (the readiness probe
    # below is one), and a client connecting during the reset is refused.
    xvfb = subprocess.Popen(['Xvfb', '-displayfd', str(write_fd), '-screen', '0', '1000x1000x24',
                             '-nolisten', 'tcp', '-noreset'], pass_fds=[write_fd], stderr=subprocess.DEVNULL)
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
    wait_until(lambda: subprocess.run(['xdotool', 'getdisplaygeometry'], env=dict(os.environ, DISPLAY=display),
                                      capture_output=True).returncode == 0,
               'a client to connect to the X server at ' + display, 20)
    return xvfb, display


@contextlib.contextmanager
def xvfb_home(prefix):
    """A home in a new temporary folder named from prefix, and Xvfb on a display of its own;
    yields (home, display), and stops the server and removes the folder at the end."""
    home = tempfile.mkdtemp(prefix=prefix)
    xvfb, display = start_xvfb()
    try:
        yield home, display
    finally:
        xvfb.terminate()
        xvfb.wait()
        shutil.rmtree(home, ignore_errors=True)

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


def square_of(name):
    """The square (a1 = 0) of a name such as "d3"."""
    return (int(name[1]) - 1) * 8 + 'abcdefgh'.index(name[0])


START = '.' * 27 + 'OX' + '.' * 6 + 'XO' + '.' * 27


class App:
    def __init__(self, env, screen, log=None, args=(), covered=False):
        """Starts the game (with args on its command line); its output goes to the open file log
        when one is given. covered: a dialog comes over the board at once (the board is found,
        not read whole)."""
        self.env, self.screen = env, screen
        self.process = subprocess.Popen([VERSO] + list(args), env=env, stdout=log, stderr=subprocess.STDOUT if log else None)
        started = time.time()
        self.geometry = None
        self.locate(covered=covered)
        print('board at x=%d y=%d, cell %.1f px' % self.geometry
              + ', %.1f s after the start' % (time.time() - started), flush=True)

    def locate(self, covered=False, other_than=None, seconds=60):
        """Finds the board (self.geometry) once the layout has settled: in the same place in two
        grabs in a row, and other than other_than when given (the layout around it changed);
        read whole unless covered."""
        last = [None]

        def settled():
            if self.process.poll() is not None:
                fail('verso exited with status %d' % self.process.returncode)
            self.screen.grab()
            geometry = self.screen.find_board()
            steady = (geometry is not None and geometry == last[0] and geometry != other_than
                      and (covered or '?' not in self.screen.read_board(geometry)))
            last[0] = geometry
            return steady and geometry
        self.geometry = wait_until(settled, lambda: 'the board on the screen, settled%s%s (found: %s)' % (
            '' if covered else ' and readable', ' elsewhere than %s' % (other_than,) if other_than else '',
            last[0]), seconds, interval=0.3)

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


def window_appears(env, title, seconds=15):
    """The ids of the visible windows whose title matches the regular expression title, once
    there is one within seconds; [] when none appeared."""
    # Searched again and again, never with --sync: a window that vanishes while xdotool walks the
    # tree (a menu's, a closing dialog's) ends it with an X error (BadWindow), which --sync took
    # for the end of the search, returning nothing at once.
    deadline = time.time() + seconds
    while True:
        found = subprocess.run(['xdotool', 'search', '--onlyvisible', '--name', title], env=env,
                               capture_output=True, text=True).stdout.split()
        if found or time.time() > deadline:
            return found
        time.sleep(0.1)


def window_gone(env, title, seconds=15):
    """Waits until no visible window's title matches the regular expression title."""
    wait_until(lambda: subprocess.run(['xdotool', 'search', '--onlyvisible', '--name', title], env=env,
                                      capture_output=True).returncode != 0 or None,
               'the window titled %s to close' % title, seconds)


def log_count(path, text):
    """How many lines of the log file at path hold text."""
    with open(path, errors='replace') as log:
        return sum(text in line for line in log)


def wait_for_log(path, text, before, seconds=15):
    """Waits until the log at path holds more lines with text than before (log_count before the
    action awaited); returns the new count."""
    return wait_until(lambda: log_count(path, text) > before and log_count(path, text),
                      'a line "%s" in %s' % (text, path), seconds)


def wait_for_file(path, what, whole=lambda text: True, seconds=15):
    """The text of the file at path once it is there and whole(text) holds; what names it."""
    def read():
        try:
            with open(path, errors='replace') as f:
                text = f.read()
        except FileNotFoundError:
            return None
        return whole(text) and text
    return wait_until(read, what, seconds)


def wait_for_window(env, title):
    """Waits until a visible window's title matches the regular expression title."""
    found = window_appears(env, title)
    if not found:
        fail('no window titled %s appeared' % title)
    # Keys sent before the new window has the keyboard go to the one behind it (a bare X server
    # gives it the focus when GTK asks, which can come late on a loaded machine).
    deadline = time.time() + 5
    while time.time() < deadline:
        focus = subprocess.run(['xdotool', 'getwindowfocus'], env=env, capture_output=True, text=True).stdout.strip()
        if focus in found:
            return
        time.sleep(0.1)
    print('note: the window titled %s did not get the keyboard within 5 s' % title, flush=True)


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


def play_moves(moves):
    """The board after moves (no passes) from the start."""
    board, me = START, BLACK
    for square in moves:
        after = list(board)
        for flipped in flips(board, square, me) + [square]:
            after[flipped] = me
        board, me = ''.join(after), WHITE if me == BLACK else BLACK
    return board


def random_game(seed, length):
    """A game of random legal moves from the start, without passes: (moves, final board)."""
    rng = random.Random(seed)
    while True:
        moves = []
        while len(moves) < length:
            legal = legal_moves(play_moves(moves), BLACK if len(moves) % 2 == 0 else WHITE)
            if not legal:
                break
            moves.append(rng.choice(legal))
        if len(moves) == length:
            return moves, play_moves(moves)


def ggf(moves):
    start = START.replace(BLACK, '*').replace(EMPTY, '-')
    return '(;GM[Othello]PC[Verso]PB[Anna]PW[Bert]TY[8]BO[8 %s *]%s;)\n' % (
        start, ''.join('%s[%s]' % ('BW'[i % 2], name(m)) for i, m in enumerate(moves)))


@contextlib.contextmanager
def pixel_session(prefix, tools=()):
    """Xvfb and a private home for a test that reads the window from its pixels (no accessibility
    bus): yields (env, home). Ends with SKIP when Xvfb, xdotool or one of tools is missing."""
    for tool in ('Xvfb', 'xdotool') + tuple(tools):
        if not shutil.which(tool):
            print('SKIP: %s is not installed' % tool)
            sys.exit(77)
    with xvfb_home(prefix) as (home, display):
        env = dict(os.environ)
        env.update({
            'DISPLAY': display, 'GSETTINGS_SCHEMA_DIR': SCHEMA_DIR,
            'GTK_A11Y': 'none', 'NO_AT_BRIDGE': '1', 'GDK_BACKEND': 'x11',
            # Xvfb has only software OpenGL; the Cairo renderer draws the same pixels quickly.
            'GSK_RENDERER': os.environ.get('GSK_RENDERER', 'cairo'),
            'ASAN_OPTIONS': 'detect_leaks=0',
        })
        env.pop('WAYLAND_DISPLAY', None)
        yield env, home


def wthor_moves(path, index):
    """The squares (a1 = 0) of game index of a WTHOR file (.wtb), each 10 * row + column there."""
    with open(path, 'rb') as f:
        data = f.read()
    record = data[16 + 68 * index:16 + 68 * (index + 1)]
    return [(b // 10 - 1) * 8 + b % 10 - 1 for b in record[8:] if b]


def wthor_black_discs(path, index):
    """Black's discs at the end of game index of a WTHOR file, as the file records them."""
    with open(path, 'rb') as f:
        f.seek(16 + 68 * index + 6)
        return f.read(1)[0]


def played_ggf(moves, header):
    """The GGF of a game as WTHOR keeps it (passes left out: a move not legal for the side to
    move is the other side's), with header's properties before the board: (text, final board)."""
    board, me, written = START, BLACK, ''
    for square in moves:
        if square not in legal_moves(board, me):
            me = WHITE if me == BLACK else BLACK
        if square not in legal_moves(board, me):
            fail('the game is not legal at %s' % name(square))
        after = list(board)
        for flipped in flips(board, square, me) + [square]:
            after[flipped] = me
        written += '%s[%s]' % ('B' if me == BLACK else 'W', name(square))
        board, me = ''.join(after), WHITE if me == BLACK else BLACK
    start = START.replace(BLACK, '*').replace(WHITE, 'O').replace(EMPTY, '-')
    return '(;GM[Othello]%sTY[8]BO[8 %s *]%s;)\n' % (header, start, written), board


def write_ggf(path, moves):
    """Writes the game of moves (ggf) to path; returns path."""
    with open(path, 'w') as f:
        f.write(ggf(moves))
    return path


def random_game_file(folder, name, seed, length):
    """A random game (random_game) written as folder/name: (moves, final board, path)."""
    moves, final = random_game(seed, length)
    return moves, final, write_ggf(os.path.join(folder, name), moves)


def window_title(env):
    return subprocess.run(['xdotool', 'getwindowfocus', 'getwindowname'], env=env,
                          capture_output=True, text=True).stdout.strip()


def wait_for_title(env, title, seconds=10):
    deadline = time.time() + seconds
    while window_title(env) != title:
        if time.time() > deadline:
            fail('the window title is %r, not %r' % (window_title(env), title))
        time.sleep(0.1)


def wait_for_focus(env, title, seconds=15):
    """Waits until the window with the keyboard is titled title (keys go there then)."""
    wait_until(lambda: window_title(env) == title, lambda: 'the window titled %r to have the keyboard '
               '(it is %r)' % (title, window_title(env)), seconds)


def ggf_moves(path):
    with open(path) as f:
        text = f.read()
    return re.findall(r'[BW]\[([a-hA-H][1-8]|PA|pass)', text)


def record_env(env, home, name, mode):
    """An environment with its own home whose settings (a key file) choose the game mode."""
    root = os.path.join(home, name)
    settings = os.path.join(root, 'config', 'glib-2.0', 'settings')
    os.makedirs(settings)
    os.makedirs(os.path.join(root, 'cache'))
    with open(os.path.join(settings, 'keyfile'), 'w') as f:
        f.write("[io/github/verso/Verso]\ngame-mode='%s'\nplayer-color='black'\n"
                "window-width=900\nwindow-height=700\n" % mode)
    return dict(env, HOME=root, XDG_DATA_HOME=os.path.join(root, 'data'),
                XDG_CONFIG_HOME=os.path.join(root, 'config'), XDG_CACHE_HOME=os.path.join(root, 'cache'),
                XDG_RUNTIME_DIR=root, GSETTINGS_BACKEND='keyfile')
