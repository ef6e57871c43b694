#!/usr/bin/env python3
"""Other engines in the real window, read through the AT-SPI bus as a screen reader would.
Preferences ▸ Engines refuses a command that is no engine, saying why under the command, and
adds `verso-engine nboard` (depth 2) under the name it gives itself once it has answered, then
the fake engine that plays illegal moves. New Game with the real engine as the opponent names it
in the subtitle, and it answers the person's move (the move list grows). With the fake one, its
illegal answer leaves a notice naming it until the person, playing White from there, moves.
Reuses verso_ui_test's helpers. Run inside dbus-run-session.
Usage: test-engines-window.py VERSO SCHEMA_DIR VERSO_ENGINE FAKE_ENGINE"""

import os
import shlex
import sys
import time

import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, wait_until, stop, key, accessibles, labels, button, press
from verso_ui_test.atspi import play_with_cursor, move_names, name_of, text_of
window = atspi_game.window
fail = window.fail

ENGINE, FAKE = sys.argv[3], sys.argv[4]
F5, F4 = 37, 29


def with_text(text):
    """The labels showing text; a selectable label (the error under the command, which a person
    may copy) is read through its text, as it has no name of its own."""
    shown = labels() + [text_of(node) for role, name, node in accessibles() if role == Atspi.Role.LABEL and not name]
    return [label for label in shown if label and text in label]


def notices():
    """The texts of the notices over the board (labels with the role of an alert)."""
    return [name or text_of(node) for role, name, node in accessibles() if role == Atspi.Role.ALERT]


def open_engines_page(env):
    key(env, 'ctrl+comma')
    page = wait_until(lambda: [node for role, name, node in accessibles()
                               if role in (Atspi.Role.TOGGLE_BUTTON, Atspi.Role.PUSH_BUTTON, Atspi.Role.PAGE_TAB)
                               and name.replace('_', '') == 'Engines'],
                      lambda: 'the Engines page in Preferences (%r)' % [(role.value_nick, name) for role, name, node in accessibles() if 'ngine' in name or 'eneral' in name], 15)
    key(env, 'alt+e')
    wait_until(lambda: [node for role, name, node in accessibles()
                        if role == Atspi.Role.TEXT and name_of(node) == 'Command'],
               'the command of Add an Engine', 10)


def add_engine(env, command, depth=None):
    # GTK lets AT-SPI move no keyboard focus, and Tab did not reach the entry row under Xvfb
    # without a window manager: the command is written through the text's editable interface.
    field = wait_until(lambda: [node for role, name, node in accessibles()
                                if role == Atspi.Role.TEXT and name_of(node) == 'Command'], 'the command', 10)[0]
    Atspi.EditableText.set_text_contents(field, command)
    wait_until(lambda: text_of(field) == command, 'the command to hold %r' % command, 10)
    if depth is not None:
        # GTK 4.8 names it "Depth, in moves Depth" (its own label, then its row's), GTK 4.18 "Depth".
        spin = wait_until(lambda: [node for role, name, node in accessibles() if role == Atspi.Role.SPIN_BUTTON and name.startswith('Depth')],
                          lambda: 'the depth (%r)' % [(role.value_nick, name) for role, name, node in accessibles() if role in (Atspi.Role.SPIN_BUTTON, Atspi.Role.TEXT) or 'epth' in name], 10)
        Atspi.Value.set_current_value(spin[0], depth)
    press(wait_until(lambda: button('Add'), 'the Add button', 10))


def new_game_against(env, keyfile, opponent, discard):
    """New Game after the key file names the opponent: the window learns of the change through a
    file monitor, which may come late; the game is started again until the subtitle names it. The
    key file is written again before each try: New Game opened before the window learnt of it
    stores the opponent it showed, the old one, over the file."""
    subtitle = 'You play black · %s' % opponent

    def started():
        atspi_game.set_settings(keyfile, {'opponent': "'%s'" % opponent})
        key(env, 'ctrl+n')
        wait_until(lambda: button('Start'), 'the New Game dialog', 10)
        key(env, 'Return')
        if discard:
            # The game in progress is asked about: Discard by its mnemonic.
            wait_until(lambda: button('Discard'), 'the question about the game in progress', 10)
            key(env, 'alt+d')
        # (A try whose game is still Verso's is no failure, and says nothing.)
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            if subtitle in labels():
                return True
            time.sleep(0.2)
        return False
    wait_until(started, 'a new game whose subtitle is “%s”' % subtitle, 40)


def main():
    with atspi_game.session('verso-engines-') as (env, home):
        env = atspi_game.settings_env(env, home, 'engines', {
            'game-mode': "'versus-computer'", 'player-color': "'black'", 'coach': 'false'})
        keyfile = os.path.join(env['XDG_CONFIG_HOME'], 'glib-2.0', 'settings', 'keyfile')
        app = atspi_game.start(env, [], lambda: button('Main Menu'), 'the window to appear')
        try:
            atspi_game.wait_for_game()
            open_engines_page(env)
            add_engine(env, 'verso-no-such-engine --nboard')
            try:
                wait_until(lambda: with_text('The engine did not start'), 'the reason the command is refused', 15)
            except SystemExit:
                window.shot(env, 'engines-add')
                add = button('Add')
                print('Add sensitive: %s; labels: %r' % (add and add.get_state_set().contains(Atspi.StateType.SENSITIVE),
                                                         [l for l in labels() if l][:40]), flush=True)
                raise
            if button('Remove verso-no-such-engine --nboard'):
                fail('a command that is no engine was added')
            print('refused: %s' % with_text('The engine did not start')[0].replace('\n', ' / '), flush=True)

            add_engine(env, '%s nboard' % shlex.quote(ENGINE), depth=2)
            wait_until(lambda: button('Remove Verso'), 'the engine added under its own name, Verso', 20)
            if with_text('The engine did not start'):
                fail('the reason of the refused command stays after an engine was added')
            add_engine(env, '%s %s illegal' % (shlex.quote(sys.executable), shlex.quote(FAKE)))
            wait_until(lambda: button('Remove Fake-illegal'), 'the fake engine added as Fake-illegal', 20)
            print('added: Verso (depth 2), Fake-illegal', flush=True)
            window.shot(env, 'engines-preferences')
            key(env, 'Escape')
            wait_until(lambda: not button('Remove Verso'), 'Preferences to close', 10)

            # The real engine answers the person's move.
            new_game_against(env, keyfile, 'Verso', discard=False)
            play_with_cursor(env, F5)
            wait_until(lambda: len(move_names()) >= 2, lambda: 'the engine to answer f5 (moves: %r)' % move_names(), 30)
            print('Verso over NBoard answered: %r' % move_names()[:2], flush=True)

            # The fake engine answers with an illegal move: the notice names it, and the person
            # plays White on from the last legal move.
            new_game_against(env, keyfile, 'Fake-illegal', discard=True)
            play_with_cursor(env, F5)
            notice = 'The engine “Fake-illegal” played an illegal move. You play White from here.'
            try:
                wait_until(lambda: notice in notices(), lambda: 'the notice naming the engine (moves %r, notices %r)'
                           % (move_names(), notices()), 30)
            except SystemExit:
                window.shot(env, 'engines-notice')
                raise
            window.shot(env, 'engines-failed')
            if len(move_names()) != 1:
                fail('the moves after the illegal answer: %r' % move_names())
            play_with_cursor(env, F4)
            wait_until(lambda: len(move_names()) == 2, lambda: 'the person\'s move for White (moves: %r)' % move_names(), 15)
            # The notice stayed until the person's move.
            wait_until(lambda: notice not in notices(), 'the notice to go after the person\'s move', 10)
            print('after the illegal move: %r' % move_names(), flush=True)
            print('PASS', flush=True)
        finally:
            stop(app)


if __name__ == '__main__':
    main()
