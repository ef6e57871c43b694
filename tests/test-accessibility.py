#!/usr/bin/env python3
"""The board as a screen reader sees it: starts the real game under Xvfb with the AT-SPI bus,
moves the keyboard cursor, plays, and reads the board's accessible name and description back
through AT-SPI. Run inside dbus-run-session. Usage: test-accessibility.py VERSO SCHEMA_DIR"""

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time

try:
    import gi
    gi.require_version('Atspi', '2.0')
    from gi.repository import Atspi
except (ImportError, ValueError) as error:
    print('SKIP: AT-SPI bindings are not installed (%s)' % error)
    sys.exit(77)

VERSO, SCHEMA_DIR = sys.argv[1], sys.argv[2]
# The X server is started as the window test starts it.
_spec = importlib.util.spec_from_file_location('window', os.path.join(os.path.dirname(__file__), 'test-window.py'))
window = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(window)
BUS_LAUNCHER = '/usr/libexec/at-spi-bus-launcher'
# The walk over the game's accessibles, shared by the AT-SPI window tests.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_game  # noqa: E402


def fail(message):
    print('FAIL: ' + message, flush=True)
    sys.exit(1)


def find_board():
    return atspi_game.find(lambda node: node.get_role() == Atspi.Role.TABLE and node.get_name() == 'Board')


def find_named(name):
    """An accessible of the game named name, or None."""
    # A move in the list may carry the coach's grade after its name ("1. Black f5, best move").
    return atspi_game.find(lambda node: node.get_name() == name
                           or (node.get_name() or '').startswith(name + ', '))


def wait_for_named(name, seconds=15):
    deadline = time.time() + seconds
    while time.time() < deadline:
        node = find_named(name)
        if node:
            print('found %s “%s”' % (node.get_role_name(), name), flush=True)
            return node
        time.sleep(0.3)
    fail('nothing is named “%s”' % name)


def wait_for_description(part, seconds=30):
    deadline = time.time() + seconds
    description = None
    while time.time() < deadline:
        board = find_board()
        if board:
            description = board.get_description()
            if part in description:
                print('board: ' + description, flush=True)
                return description
        time.sleep(0.3)
    fail('the board never said “%s”; last description: %s' % (part, description))


def main():
    for tool in ('Xvfb', 'xdotool', BUS_LAUNCHER):
        if not shutil.which(tool):
            print('SKIP: %s is not installed' % tool)
            sys.exit(77)
    home = tempfile.mkdtemp(prefix='verso-a11y-')
    xvfb, display = window.start_xvfb()
    env = dict(os.environ)
    for name in ('LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'GTK_A11Y', 'NO_AT_BRIDGE'):
        env.pop(name, None)
    env.update({
        'DISPLAY': display, 'HOME': home, 'LANG': 'C.UTF-8',
        'XDG_DATA_HOME': os.path.join(home, 'data'), 'XDG_CONFIG_HOME': os.path.join(home, 'config'),
        'XDG_CACHE_HOME': os.path.join(home, 'cache'), 'XDG_RUNTIME_DIR': home,
        'GSETTINGS_BACKEND': 'memory', 'GSETTINGS_SCHEMA_DIR': SCHEMA_DIR,
        'GDK_BACKEND': 'x11', 'GSK_RENDERER': 'cairo', 'ASAN_OPTIONS': 'detect_leaks=0',
    })
    os.environ['DISPLAY'] = display
    print('display ' + display, flush=True)
    bus = subprocess.Popen([BUS_LAUNCHER, '--launch-immediately'], env=env)
    app = None
    try:
        time.sleep(1)
        app = subprocess.Popen([VERSO], env=env)
        time.sleep(0.5)
        if app.poll() is not None:
            fail('verso exited with status %d at start' % app.returncode)
        wait_for_description('Black 2, white 2. Black to move. Cursor on d3: empty, a legal move.')
        subprocess.run(['xdotool', 'mousemove', '5', '300', 'key', 'Right', 'Right', 'Down', 'Down'], env=env, check=True)
        wait_for_description('Cursor on f5: empty, a legal move.')
        subprocess.run(['xdotool', 'key', 'Return'], env=env, check=True)
        # The person's move (4 black, 1 white) and then the computer's answer (3 and 3).
        wait_for_description('Black 3, white 3. Black to move.')
        # The move list names each move by its number, its player and its square.
        wait_for_named('1. Black f5')
        print('PASS', flush=True)
    finally:
        if app:
            app.terminate()
            app.wait()
        bus.terminate()
        bus.wait()
        xvfb.terminate()
        xvfb.wait()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == '__main__':
    main()
