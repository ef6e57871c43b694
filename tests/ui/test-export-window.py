#!/usr/bin/env python3
"""Diagrams in the real window (src/ui/window/verso-window-export.c): after f5, Copy as Image
(Ctrl+Alt+C) puts a 480 x 480 PNG on the clipboard (read back with xclip), and Export Position…
(Ctrl+Shift+E), its options taken as they are and a path typed in the file chooser, writes an SVG with one shaded disc per disc.
Usage: test-export-window.py PATH/TO/verso SCHEMA_DIR"""

import os
import shutil
import struct
import subprocess
import time

import verso_ui_test.atspi as atspi_game
from verso_ui_test import (App, Screen, START, fail, record_env, wait_for_file, wait_for_focus,
                           wait_for_window)

F5 = 4 * 8 + 5


def clipboard_png(env):
    """The clipboard's image/png, once it is there (None after 10 s)."""
    deadline = time.time() + 10
    while time.time() < deadline:
        got = subprocess.run(['xclip', '-selection', 'clipboard', '-t', 'image/png', '-o'], env=env,
                             capture_output=True, timeout=10).stdout
        if got.startswith(b'\x89PNG\r\n\x1a\n'):
            return got
        time.sleep(0.3)
    return None


def test_copy_image(app, env):
    app.key('ctrl+alt+c')
    png = clipboard_png(env)
    if not png:
        fail('Copy as Image put no PNG on the clipboard')
    if png[12:16] != b'IHDR' or struct.unpack('>II', png[16:24]) != (480, 480):
        fail('the copied PNG is not 480 x 480: %r' % (png[12:24],))
    print('Copy as Image: a 480 x 480 PNG on the clipboard (%d bytes)' % len(png), flush=True)


def test_export(app, env, home):
    path = os.path.join(home, 'after-f5.svg')
    app.key('ctrl+shift+e')
    # The options first (caption, width, move numbers, as last chosen): Return goes on.
    wait_for_window(env, '^Picture of the Position$')
    wait_for_focus(env, 'Picture of the Position')
    app.key('Return')
    wait_for_window(env, '^Export Position$')
    wait_for_focus(env, 'Export Position')
    # The name field has the keyboard: a whole path typed replaces its text.
    atspi_game.fill_field(env, 'Name:', path)
    app.key('Return')
    svg = wait_for_file(path, lambda: 'Export Position to write %s whole%s' % (
        path, '' if app.process.poll() is None else ' (verso exited)'), lambda text: '</svg>' in text)
    # After f5: four black discs and one white, each shaded by a radial gradient of its own.
    if not svg.startswith('<?xml') or svg.count('<radialGradient') != 5:
        fail('%s is not an SVG of five discs: %d gradients' % (path, svg.count('<radialGradient')))
    print('Export Position: %s, five discs' % path, flush=True)
    if os.environ.get('VERSO_TEST_SHOTS'):
        shutil.copy(path, os.environ['VERSO_TEST_SHOTS'])


def main():
    with atspi_game.session('verso-export-', ('xclip',)) as (env, home):
        # GTK's own file chooser warns that it cannot measure the document portal's folder in the
        # test's private home: a warning of GTK's, not the game's, which must not end it.
        env.pop('G_DEBUG', None)
        env = record_env(env, home, 'export', 'two-players')
        screen = Screen(env)
        app = App(env, screen)
        app.wait_for(lambda b: b == START, 'the start')
        atspi_game.wait_for_game()
        app.click(F5)
        app.wait_for(lambda b: b != START, 'f5 played')
        test_copy_image(app, env)
        test_export(app, env, home)
        app.quit()
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
