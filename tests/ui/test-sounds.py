#!/usr/bin/env python3
"""The game's sounds in the real window (src/ui/app/verso-sounds.c): starts the game under Xvfb with
VERSO_DEBUG_SOUNDS=1, which prints "sound: NAME" on stderr for every sound played, and checks
that a disc sounds for the person's move and the computer's, nothing for undo and redo, a pass
and the end of a game (win, loss, draw) once each, and nothing with the setting off. Each game
runs as on a machine without a sound device or server (whatever this one has), and must stay
quiet there: not one line of alsa-lib's on stderr, the failure logged once, and no sound tried
after it. Uses verso_ui_test's helpers. Usage: test-sounds.py VERSO SCHEMA_DIR SOUND_DIR"""

import os
import shutil
import subprocess
import sys

import verso_ui_test as window
from verso_ui_test import BLACK, EMPTY, START, WHITE, App, fail

VERSO, SCHEMA_DIR, SOUND_DIR = sys.argv[1], sys.argv[2], sys.argv[3]
SOUNDS = ('disc', 'pass', 'win', 'loss', 'draw')


def after_move(board, square, me):
    result = list(board)
    for flipped in window.flips(board, square, me) + [square]:
        result[flipped] = me
    return ''.join(result)


def sounds_in(log_path):
    """The sounds the log says were played, in order."""
    with open(log_path, errors='replace') as log:
        return [line.split(':', 1)[1].strip() for line in log if line.startswith('sound: ')]


def wait_sounds(log_path, expected, what, seconds=10):
    """Waits until the log holds exactly the sounds expected (in order), then half a second more
    to see that nothing else follows."""
    def heard_otherwise():
        return '%s: expected the sounds %s, heard %s' % (what, expected, sounds_in(log_path))
    window.wait_until(lambda: sounds_in(log_path) == expected, heard_otherwise, seconds)
    window.holds(lambda: sounds_in(log_path) == expected, heard_otherwise, 0.5, interval=0.1)
    heard = sounds_in(log_path)
    print('%s: %s' % (what, ', '.join(heard) or 'silence'), flush=True)


def fresh_env(base, root, sounds=True):
    """An environment with a home of its own whose settings (a key file) set the "sounds" key,
    on a machine without sound: ALSA's default device is a card that is not there (alsa-lib
    says so on stderr unless the game stops it) and the PulseAudio server is nowhere."""
    settings = os.path.join(root, 'config', 'glib-2.0', 'settings')
    os.makedirs(settings)
    os.makedirs(os.path.join(root, 'cache'))
    with open(os.path.join(settings, 'keyfile'), 'w') as f:
        f.write("[io/github/verso/Verso]\ngame-mode='versus-computer'\nplayer-color='black'\n"
                "sounds=%s\nanimations=false\nwindow-width=800\nwindow-height=700\n"
                % ('true' if sounds else 'false'))
    with open(os.path.join(root, '.asoundrc'), 'w') as f:
        f.write('pcm.!default { type hw card VersoNoSuchCard }\n')
    return dict(base, HOME=root, XDG_DATA_HOME=os.path.join(root, 'data'),
                XDG_CONFIG_HOME=os.path.join(root, 'config'),
                XDG_CACHE_HOME=os.path.join(root, 'cache'), XDG_RUNTIME_DIR=root,
                GSETTINGS_BACKEND='keyfile',
                PULSE_SERVER='unix:' + os.path.join(root, 'no-pulse-server'))


def check_quiet(log_path, what, sounds_on=True):
    """Without a sound device the game says nothing on the terminal: no line of alsa-lib's own
    ("ALSA lib pcm.c:... Unknown PCM default", eight for each sound once), the first failure
    logged once (G_MESSAGES_DEBUG=Verso), and nothing tried after it: alsa-lib's messages,
    which the game sends to its debug log (G_MESSAGES_DEBUG=Verso-ALSA), all come before."""
    with open(log_path, errors='replace') as log:
        lines = log.read().splitlines()
    printed = [line for line in lines if 'ALSA lib' in line]
    if printed:
        fail('%s: alsa-lib wrote %d lines to stderr, the first: %s' % (what, len(printed), printed[0]))
    failures = [i for i, line in enumerate(lines) if 'Sounds: ' in line]
    if len(failures) != (1 if sounds_on else 0):
        fail('%s: the failure to play should be logged %s, it was %d times: %s'
             % (what, 'once' if sounds_on else 'never', len(failures),
                [lines[i] for i in failures]))
    later = [line for line in lines[failures[0] if failures else 0:] if 'Verso-ALSA' in line]
    if later:
        fail('%s: sounds were still tried after the first failure: %s' % (what, later[0]))
    print('%s: nothing from alsa-lib on stderr, %d of its lines in the debug log'
          % (what, sum('Verso-ALSA' in line for line in lines)), flush=True)


def ggf_position(board):
    """A GGF record starting from board with Black to move, no moves."""
    text = board.replace(BLACK, '*').replace(EMPTY, '-')
    return '(;GM[Othello]PC[Verso]PB[Anna]PW[Bert]TY[8]BO[8 %s *];)\n' % text


def kill(app):
    app.process.terminate()
    try:
        app.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        app.process.kill()
        app.process.wait()


def test_moves_undo_redo(env, screen, home):
    """A move of the person and the computer's answer make one disc sound each; undo and redo
    make none; the next move sounds again."""
    log_path = os.path.join(home, 'play.log')
    with open(log_path, 'w') as log:
        app = App(env, screen, log=log)
        board = app.wait_for(lambda b: b == START, 'the start position')
        wait_sounds(log_path, [], 'the start')
        moves = window.legal_moves(board, BLACK)
        board = window.play_round(app, board, moves[0])
        wait_sounds(log_path, ['disc', 'disc'], 'a move and the computer\'s answer')
        discs = window.count(board, BLACK) + window.count(board, WHITE)
        app.key('ctrl+z')
        app.wait_for(lambda b: window.count(b, BLACK) + window.count(b, WHITE) == discs - 2, 'undo')
        app.key('ctrl+shift+z')
        app.wait_for(lambda b: b == board, 'redo')
        wait_sounds(log_path, ['disc', 'disc'], 'undo and redo')
        board = window.play_round(app, board, window.legal_moves(board, BLACK)[0])
        wait_sounds(log_path, ['disc'] * 4, 'the next round')
        app.quit()
    check_quiet(log_path, 'moves, undo and redo')


def test_setting_off(env, screen, home):
    """With the setting off nothing sounds."""
    log_path = os.path.join(home, 'off.log')
    with open(log_path, 'w') as log:
        app = App(env, screen, log=log)
        board = app.wait_for(lambda b: b == START, 'the start position')
        window.play_round(app, board, window.legal_moves(board, BLACK)[-1])
        wait_sounds(log_path, [], 'a round with the setting off')
        app.quit()
    check_quiet(log_path, 'a round with the setting off', sounds_on=False)


def test_position(env, screen, home, label, board, square, expected):
    """Opens board (Black, the person, to move), plays square and checks the sounds."""
    path = os.path.join(home, label + '.ggf')
    with open(path, 'w') as f:
        f.write(ggf_position(board))
    log_path = os.path.join(home, label + '.log')
    with open(log_path, 'w') as log:
        app = App(env, screen, log=log, args=[path])
        app.wait_for(lambda b: b == board, 'the position of ' + label)
        app.click(square)
        result = after_move(board, square, BLACK)
        # At the end the game-over dialog covers the board: the sounds are the evidence there.
        if EMPTY in result:
            app.wait_for(lambda b: b == result, 'the move %s in %s' % (window.name(square), label))
        wait_sounds(log_path, expected, label)
        kill(app)
    check_quiet(log_path, label)


def end_board(black_after):
    """A board, Black to move, whose one empty square a1 Black takes (turning b1 over) to fill
    the board with black_after black discs: only a1's row flips, its column and diagonal hold
    no white run."""
    board = [EMPTY, WHITE, BLACK] + [BLACK] * 61
    board[8] = board[9] = BLACK  # a2, b2
    white_needed = 64 - black_after
    for square in range(63, 9, -1):
        if white_needed == 0:
            break
        board[square] = WHITE
        white_needed -= 1
    return ''.join(board)


def main():
    for tool in ('Xvfb', 'xdotool', 'import'):
        if not shutil.which(tool):
            print('SKIP: %s is not installed' % tool)
            sys.exit(77)
    for sound in SOUNDS:
        if not os.path.exists(os.path.join(SOUND_DIR, sound + '.wav')):
            fail('no %s.wav in %s' % (sound, SOUND_DIR))
    with window.xvfb_home('verso-sounds-') as (home, display):
        base = dict(os.environ)
        base.update({
            'DISPLAY': display, 'GSETTINGS_SCHEMA_DIR': SCHEMA_DIR, 'VERSO_SOUNDDIR': SOUND_DIR,
            'VERSO_DEBUG_SOUNDS': '1', 'G_MESSAGES_DEBUG': 'Verso Verso-ALSA',
            'GTK_A11Y': 'none', 'NO_AT_BRIDGE': '1', 'GDK_BACKEND': 'x11',
            'GSK_RENDERER': os.environ.get('GSK_RENDERER', 'cairo'), 'ASAN_OPTIONS': 'detect_leaks=0',
        })
        base.pop('WAYLAND_DISPLAY', None)
        screen = window.Screen(base)
        test_moves_undo_redo(fresh_env(base, os.path.join(home, 'on')), screen, home)
        test_setting_off(fresh_env(base, os.path.join(home, 'off'), sounds=False), screen, home)

        # A move after which White cannot move but Black can: the disc, then the pass.
        pass_board = '.X' + EMPTY * 41 + WHITE + EMPTY * 10 + WHITE + EMPTY * 3 + WHITE + BLACK + EMPTY * 3 + BLACK
        pass_move = 57  # b8
        reached = after_move(pass_board, pass_move, BLACK)
        if pass_move not in window.legal_moves(pass_board, BLACK) or WHITE not in reached \
                or window.legal_moves(reached, WHITE) or not window.legal_moves(reached, BLACK):
            fail('the pass position does not make White pass')
        test_position(fresh_env(base, os.path.join(home, 'pass')), screen, home, 'pass',
                      pass_board, pass_move, ['disc', 'pass'])

        # The last move of a game won, lost and drawn by the person (Black).
        for label, black_after in (('win', 40), ('loss', 20), ('draw', 32)):
            board = end_board(black_after)
            final = after_move(board, 0, BLACK)
            if final.count(BLACK) != black_after or EMPTY in final:
                fail('the %s position ends with %d black discs' % (label, final.count(BLACK)))
            test_position(fresh_env(base, os.path.join(home, label)), screen, home, label,
                          board, 0, ['disc', label])
    print('PASS')


if __name__ == '__main__':
    main()
