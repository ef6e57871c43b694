#!/usr/bin/env python3
"""The board as a screen reader sees it: starts the real game under Xvfb with the AT-SPI bus,
moves the keyboard cursor, plays, and reads the board's accessible name and description back
through AT-SPI. Run inside dbus-run-session. Usage: test-accessibility.py VERSO SCHEMA_DIR"""

import subprocess
import sys
import time

# The session, verso_ui_test's helpers and the walk over the accessibles, shared by the
# AT-SPI window tests (importing it ends the test with SKIP without the AT-SPI bindings).
import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, GLib, window  # noqa: F401
VERSO, SCHEMA_DIR = sys.argv[1], sys.argv[2]


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
    with atspi_game.session('verso-a11y-') as (env, home):
        print('display ' + env['DISPLAY'], flush=True)
        app = atspi_game.start(env, [], find_board, 'the board on the accessibility bus')
        try:
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
            app.terminate()
            app.wait()


if __name__ == '__main__':
    main()
