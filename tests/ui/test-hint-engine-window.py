#!/usr/bin/env python3
"""Hints from another engine in the real window, read through the AT-SPI bus as a screen reader
would. The key file adds two engines, `verso-engine nboard` (depth 2) as "Verso NBoard" and the
fake engine that answers with illegal moves, and names the first in hint-engine: Hint (Ctrl+H)
shows its move, named. Then the fake one gives the hints: the notice names it and what it did,
and gives Verso's own hint instead. Then the fake one is removed from the engines: Verso's own
hint again, unnamed.
Reuses verso_ui_test's helpers. Run inside dbus-run-session.
Usage: test-hint-engine-window.py VERSO SCHEMA_DIR VERSO_ENGINE FAKE_ENGINE"""

import os
import re
import shlex
import sys
import time

import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, wait_until, stop, key, accessibles, labels, button
window = atspi_game.window
fail = window.fail

ENGINE, FAKE = sys.argv[3], sys.argv[4]
START_MOVES = {'d3', 'c4', 'f5', 'e6'}
ENGINE_HINT = re.compile(r'^Best move by Verso NBoard: ([a-h][1-8])'
                         r'(, (winning|losing) by about \d+ discs?|, about even)?$')
FAILED_HINT = re.compile(r'^The engine “Fake-illegal” suggested an illegal move\. '
                         r'Verso gives this hint instead:\nBest move: ([a-h][1-8]), ')
VERSO_HINT = re.compile(r'^Best move: ([a-h][1-8]), ')


def gvariant_string(text):
    return '"%s"' % text.replace('\\', '\\\\').replace('"', '\\"')


def engines_value(engines):
    """The engines key, a(ssi), in GVariant's text."""
    return '[%s]' % ', '.join('(%s, %s, %d)' % (gvariant_string(name), gvariant_string(command), depth)
                              for name, command, depth in engines)


def notices():
    """The notices over the board: a label whose role is alert, read as it is announced."""
    return [name for role, name, node in accessibles() if role == Atspi.Role.ALERT and name]


def shown(pattern):
    """The first notice pattern matches, as a match, or None."""
    for notice in notices():
        found = pattern.match(notice)
        if found:
            return found
    return None


def hint_until(env, pattern, what):
    """Asks hints (Ctrl+H) until one shows as pattern: the window learns of a change of the key
    file through a file monitor, which may come late. The match."""
    def asked():
        key(env, 'ctrl+h')
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            found = shown(pattern)
            if found:
                return found
            time.sleep(0.2)
        return None
    try:
        return wait_until(asked, what, 60)
    except SystemExit:
        print('notices: %r; labels: %r' % (notices(), [label for label in labels() if label][:30]),
              flush=True)
        raise


def main():
    verso = ('Verso NBoard', '%s nboard' % shlex.quote(ENGINE), 2)
    fake = ('Fake-illegal', '%s %s illegal' % (shlex.quote(sys.executable), shlex.quote(FAKE)), 1)
    with atspi_game.session('verso-hint-engine-') as (env, home):
        env = atspi_game.settings_env(env, home, 'hint-engine', {
            'game-mode': "'two-players'", 'engines': engines_value([verso, fake]),
            'hint-engine': "'Verso NBoard'"})
        keyfile = os.path.join(env['XDG_CONFIG_HOME'], 'glib-2.0', 'settings', 'keyfile')
        app = atspi_game.start(env, [], lambda: button('Main Menu'), 'the window to appear')
        try:
            atspi_game.wait_for_game()
            found = hint_until(env, ENGINE_HINT, 'the hint of Verso NBoard')
            if found.group(1) not in START_MOVES:
                fail('Verso NBoard hinted %s, not a move of the start' % found.group(1))
            print('engine: %s' % found.string, flush=True)
            window.shot(env, 'hint-engine')

            atspi_game.set_settings(keyfile, {'hint-engine': "'Fake-illegal'"})
            found = hint_until(env, FAILED_HINT, 'the notice naming Fake-illegal, with Verso\'s hint')
            if found.group(1) not in START_MOVES:
                fail('Verso hinted %s, not a move of the start' % found.group(1))
            print('failed: %s' % found.string.replace('\n', ' / '), flush=True)
            window.shot(env, 'hint-engine-failed')

            # Removed from the engines, the fake one gives no hint: Verso does, unnamed.
            atspi_game.set_settings(keyfile, {'engines': engines_value([verso])})

            # (The notice of the failure starts otherwise: it never matches Verso's alone.)
            found = hint_until(env, VERSO_HINT, 'Verso\'s own hint, the engine removed')
            print('removed: %s' % found.string, flush=True)
            print('PASS', flush=True)
        finally:
            stop(app)


if __name__ == '__main__':
    main()
