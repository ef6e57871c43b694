#!/usr/bin/env python3
"""F1 and the main menu's Help in the real window ask the desktop for help:verso: a fake help
browser, registered for help: URIs in a private home (mimeapps.list), writes down the URI it is
given. Without any help browser the window says so in a toast (read through AT-SPI) and goes on.
Reuses test-window.py's helpers. Run inside dbus-run-session.
Usage: test-help-window.py VERSO SCHEMA_DIR"""

import os
import subprocess
import sys
import time

# The session, test-window.py's helpers and the walk over the accessibles, shared by the
# AT-SPI window tests (importing it ends the test with SKIP without the AT-SPI bindings).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_game  # noqa: E402
from atspi_game import Atspi, GLib, window  # noqa: E402,F401
fail = window.fail

HELP_URI = 'help:verso'
# Without a help browser (GLib: no application for help: URIs), or should it fail otherwise.
NO_BROWSER_TOASTS = ('Install Yelp to read the help', 'The help could not be opened')


def make_home(base, name, with_browser):
    """A fresh home; with_browser: a fake help browser that writes each URI it opens, one a
    line, to HOME/opened, set as the default for help: URIs. Without: help: URIs are handed to
    no application (Yelp, if the machine has it, is removed from them)."""
    home = os.path.join(base, name)
    applications = os.path.join(home, 'data', 'applications')
    config = os.path.join(home, 'config')
    os.makedirs(applications)
    os.makedirs(config)
    os.makedirs(os.path.join(home, 'cache'))
    if with_browser:
        browser = os.path.join(home, 'fake-help-browser')
        with open(browser, 'w') as f:
            f.write('#!/bin/sh\nprintf "%%s\\n" "$@" >> "%s"\n' % os.path.join(home, 'opened'))
        os.chmod(browser, 0o755)
        with open(os.path.join(applications, 'fake-help.desktop'), 'w') as f:
            f.write('[Desktop Entry]\nType=Application\nName=Fake help browser\n'
                    'Exec=%s %%u\nMimeType=x-scheme-handler/help;\nNoDisplay=true\n' % browser)
        associations = '[Default Applications]\nx-scheme-handler/help=fake-help.desktop\n'
    else:
        associations = '[Removed Associations]\nx-scheme-handler/help=yelp.desktop;org.gnome.Yelp.desktop;\n'
    with open(os.path.join(config, 'mimeapps.list'), 'w') as f:
        f.write(associations)
    return home




def opened_uris(home):
    try:
        with open(os.path.join(home, 'opened')) as f:
            return f.read().split()
    except FileNotFoundError:
        return []


def wait_for_uris(home, count, what):
    deadline = time.time() + 15
    while time.time() < deadline:
        uris = opened_uris(home)
        if len(uris) >= count:
            return uris
        time.sleep(0.2)
    fail('%s: the help browser was not asked for %s (it got %s)' % (what, HELP_URI, opened_uris(home)))


def test_f1_and_menu_open_help(base_env, base):
    home = make_home(base, 'with-browser', True)
    env = atspi_game.home_env(base_env, home)
    app = window.App(env, window.Screen(env))
    app.key('F1')
    uris = wait_for_uris(home, 1, 'F1')
    if uris != [HELP_URI]:
        fail('F1 asked for %s, not %s' % (uris, HELP_URI))
    # The main menu (F10), then its Help item, found by its label through AT-SPI.
    app.key('F10')
    item = None
    deadline = time.time() + 10
    while item is None and time.time() < deadline:
        time.sleep(0.3)
        item = atspi_game.find(lambda node: node.get_name() == 'Help'
                               and node.get_role_name() in ('menu item', 'push button', 'button'))
    if item is None:
        fail('no Help item in the main menu')
    Atspi.Action.do_action(item, 0)
    uris = wait_for_uris(home, 2, 'the Help menu item')
    if uris != [HELP_URI, HELP_URI]:
        fail('the Help menu item asked for %s, not %s' % (uris[1:], HELP_URI))
    app.quit()
    print('F1 and Help in the menu opened %s' % HELP_URI, flush=True)


def test_no_help_browser_says_so(base_env, base):
    home = make_home(base, 'without-browser', False)
    env = atspi_game.home_env(base_env, home)
    log_path = os.path.join(home, 'log')
    with open(log_path, 'w') as log:
        app = window.App(env, window.Screen(env), log=log)
        app.key('F1')
        toast = None
        deadline = time.time() + 15
        while toast is None and time.time() < deadline:
            time.sleep(0.3)
            toast = atspi_game.find(lambda node: node.get_name() in NO_BROWSER_TOASTS)
        if toast is None:
            fail('without a help browser, F1 showed no message saying the help could not be opened')
        print('without a help browser: "%s"' % toast.get_name(), flush=True)
        # The game goes on: a move is still played.
        board = app.board()
        if board != window.START:
            fail('the board changed on F1: %s' % board)
        app.click(window.legal_moves(board, window.BLACK)[0])
        app.wait_for(lambda b: b != window.START, 'a move after the help failed to open')
        app.quit()


def main():
    with atspi_game.session('verso-help-') as (env, base):
        test_f1_and_menu_open_help(env, base)
        test_no_help_browser_says_so(env, base)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
