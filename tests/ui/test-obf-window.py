#!/usr/bin/env python3
"""OBF files in the real window (src/ui/dialogs/verso-position-chooser.c,
src/ui/window/verso-window-files.c): `verso tests/data/fforum-20-39.obf` lists its 20
positions; Escape leaves the game shown as it was; the third chosen with the keys is on the
board, the title naming the file and the position as the file numbers it (#22); a single
position after a '%' comment opens at once.
Usage: test-obf-window.py PATH/TO/verso SCHEMA_DIR"""

import os
import subprocess
import time

from verso_ui_test import App, Screen, START, fail, pixel_session, record_env, wait_for_title, wait_for_window

FFORUM = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'data', 'fforum-20-39.obf')
CHOOSER = '^Choose a Position$'


def board_of(line):
    """The board the window shows for an OBF line: 64 squares, X black, O white, . empty."""
    return line[:64].replace('-', '.').replace('*', 'X')


def chooser_shown(env):
    return subprocess.run(['xdotool', 'search', '--onlyvisible', '--name', CHOOSER], env=env,
                          capture_output=True, text=True).stdout.split() != []


def test_choose_the_third(env, screen):
    with open(FFORUM) as f:
        lines = [line for line in f.read().split('\n') if line.strip()]
    if len(lines) != 20:
        fail('%s has %d positions, not 20' % (FFORUM, len(lines)))
    # Two players: nobody moves in the position chosen before it is read back.
    app = App(env, screen, args=[FFORUM], covered=True)
    wait_for_window(env, CHOOSER)
    app.key('Escape')
    deadline = time.time() + 10
    while chooser_shown(env):
        if time.time() > deadline:
            fail('Escape did not close the chooser')
        time.sleep(0.2)
    app.wait_for(lambda b: b == START, 'the game shown before, kept after Escape')
    print('Escape closed the chooser and kept the game', flush=True)
    app.quit()

    app = App(env, screen, args=[FFORUM], covered=True)
    wait_for_window(env, CHOOSER)
    app.key('Down', 'Down', 'Return')
    third = board_of(lines[2])
    app.wait_for(lambda b: b == third, 'the third position of %s' % FFORUM)
    print('the third position, chosen with Down Down Return, is on the board', flush=True)
    # The file names its positions #20 to #39: the title says which one came from where.
    wait_for_title(env, 'fforum-20-39.obf · #22 — Verso')
    print('the title names the file and the position: fforum-20-39.obf · #22', flush=True)
    if os.environ.get('VERSO_TEST_SHOTS'):
        app.key('F7')
        time.sleep(2)
        subprocess.run(['import', '-window', 'root', os.path.join(os.environ['VERSO_TEST_SHOTS'],
                                                                  'obf-scores.png')], env=env)
    app.quit()


def test_commented_single_position(env, screen, home):
    with open(FFORUM) as f:
        first = f.readline().strip()
    path = os.path.join(home, 'one.obf')
    with open(path, 'w') as f:
        f.write('%% fforum 20, with a comment first\n\n%s %% and after it\n' % first)
    app = App(env, screen, args=[path])
    app.wait_for(lambda b: b == board_of(first), 'the position of %s' % path)
    if chooser_shown(env):
        fail('a file of one position showed the chooser')
    print('a single position after a % comment opened at once', flush=True)
    app.quit()


def main():
    with pixel_session('verso-obf-', ('import',)) as (env, home):
        env = record_env(env, home, 'obf', 'two-players')
        screen = Screen(env)
        test_choose_the_third(env, screen)
        test_commented_single_position(env, screen, home)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
