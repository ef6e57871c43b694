#!/usr/bin/env python3
"""Benchmark of the desktop game under Xvfb: launch to first frame, the longest main-loop stall
while the computer thinks, and resident memory after a whole game played with mouse clicks; or,
with `analysis`, the analysis of a tournament game (the first of 60 moves won by at most 4 discs
in tests/data/WTH_2020.wtb, or game INDEX): Analyse Game's time, then, in a new process, the time
the scores on the board (F7) take to reach depth 20 after its 20th move, with the longest
main-loop stall in each. GSK_RENDERER chooses GTK's renderer (under Xvfb "gl" draws in software).
Usage: bench-window.py PATH/TO/verso SCHEMA_DIR [LEVEL] [SEED]
       bench-window.py PATH/TO/verso SCHEMA_DIR analysis [INDEX]
Prints numbers; never fails on them."""

import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'ui'))
import verso_ui_test as wt  # noqa: E402  (reads VERSO and SCHEMA_DIR from sys.argv)

LEVEL = sys.argv[3] if len(sys.argv) > 3 else 'intermediate'
SEED = int(sys.argv[4]) if len(sys.argv) > 4 else 1
WTHOR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'data', 'WTH_2020.wtb')
PROBE = re.compile(r'stall probe: (?:thought ([0-9.]+) s|scores at depth (\d+)( \(exact\))? after ([0-9.]+) s), '
                   r'longest main-loop gap ([0-9.]+) ms, of which main-thread CPU ([0-9.]+) ms')


def bench_env(home, keys):
    """The environment of a game with a home of its own whose settings hold keys."""
    settings_dir = os.path.join(home, 'config', 'glib-2.0', 'settings')
    os.makedirs(settings_dir)
    os.makedirs(os.path.join(home, 'cache'))
    with open(os.path.join(settings_dir, 'keyfile'), 'w') as f:
        f.write('[io/github/verso/Verso]\n' + ''.join('%s=%s\n' % item for item in keys.items()))
    env = dict(os.environ)
    env.update({
        'HOME': home,
        'XDG_DATA_HOME': os.path.join(home, 'data'), 'XDG_CONFIG_HOME': os.path.join(home, 'config'),
        'XDG_CACHE_HOME': os.path.join(home, 'cache'), 'XDG_RUNTIME_DIR': home,
        'GSETTINGS_BACKEND': 'keyfile', 'GSETTINGS_SCHEMA_DIR': wt.SCHEMA_DIR,
        'GTK_A11Y': 'none', 'NO_AT_BRIDGE': '1', 'GDK_BACKEND': 'x11',
        'VERSO_DEBUG_STALLS': '1', 'G_MESSAGES_DEBUG': 'Verso',
    })
    env.pop('G_DEBUG', None)
    return env


def probe_lines(log_path):
    """The stall probe's lines so far: (seconds thought or None, depth or None, exact, seconds
    to that depth or None, longest gap ms, main-thread CPU ms)."""
    with open(log_path) as log:
        return [(float(m.group(1)) if m.group(1) else None, int(m.group(2)) if m.group(2) else None,
                 bool(m.group(3)), float(m.group(4)) if m.group(4) else None, float(m.group(5)), float(m.group(6)))
                for m in PROBE.finditer(log.read())]


def wait_log(log_path, found, seconds):
    """The first of the probe's lines found picks within seconds, or None."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        for line in probe_lines(log_path):
            if found(line):
                return line
        time.sleep(0.2)
    return None


def bench_analysis(home, display):
    """Analyse Game of a 60-move tournament game, then scores to depth 20 after its 20th move."""
    index = int(sys.argv[4]) if len(sys.argv) > 4 else None
    for i in [index] if index is not None else range(1000):
        moves = wt.wthor_moves(WTHOR, i)
        if len(moves) == 60 and (index is not None or abs(2 * wt.wthor_black_discs(WTHOR, i) - 64) <= 4):
            break
    text, final = wt.played_ggf(moves, 'PC[WTHOR 2020]')
    path = os.path.join(home, 'game.ggf')
    with open(path, 'w') as f:
        f.write(text)
    env = dict(bench_env(home, {'game-mode': "'two-players'", 'window-width': '900', 'window-height': '700'}),
               DISPLAY=display)
    log_path = os.path.join(home, 'verso.log')
    with open(log_path, 'w') as log:
        process = subprocess.Popen([wt.VERSO, path], env=env, stdout=log, stderr=log)
        wt.wait_for_title(env, 'game.ggf — Verso', 60)
        time.sleep(1)
        subprocess.run(['xdotool', 'key', 'ctrl+shift+a'], env=env, check=True)
        review = wait_log(log_path, lambda line: line[0] is not None, 300)
        process.terminate()
        process.wait(timeout=10)
    # A new process (nothing analysed yet): the position after the 20th move, then F7.
    with open(log_path, 'w') as log:
        process = subprocess.Popen([wt.VERSO, path], env=env, stdout=log, stderr=log)
        wt.wait_for_title(env, 'game.ggf — Verso', 60)
        time.sleep(1)
        subprocess.run(['xdotool', 'key', 'Home'] + ['alt+Right'] * 20, env=env, check=True)
        time.sleep(1)
        subprocess.run(['xdotool', 'key', 'F7'], env=env, check=True)
        deep = wait_log(log_path, lambda line: line[1] is not None and (line[1] >= 20 or line[2]), 120)
        depths = [line for line in probe_lines(log_path) if line[1] is not None]
        subprocess.run(['import', '-window', 'root', os.path.join(os.environ.get('VERSO_BENCH_SHOTS', home),
                                                                   'scores-after-move-20.png')], env=env)
        process.terminate()
        process.wait(timeout=10)
    print('game %d of %s: 60 moves' % (i, os.path.basename(WTHOR)))
    if review:
        print('Analyse Game: %.2f s; longest main-loop gap %.2f ms (main-thread CPU in it %.2f ms)'
              % (review[0], review[4], review[5]))
    else:
        print('Analyse Game: did not end within 300 s')
    print('scores after move 20 (F7): ' + ', '.join('depth %d%s at %.2f s' % (d, ' exact' if x else '', t)
                                                  for _, d, x, t, _, _ in depths))
    if deep:
        print('scores reached depth %d in %.2f s; longest main-loop gap %.2f ms (main-thread CPU %.2f ms)'
              % (deep[1], deep[3], deep[4], deep[5]))
    else:
        print('scores did not reach depth 20 within 120 s')


def main():
    with wt.xvfb_home('verso-bench-') as (home, display):
        if LEVEL == 'analysis':
            return bench_analysis(home, display)
        env = dict(bench_env(home, {'level': "'%s'" % LEVEL}), DISPLAY=display)
        log_path = os.path.join(home, 'verso.log')
        rand = random.Random(SEED)
        screen = wt.Screen(env)
        with open(log_path, 'w') as log:
            started = time.time()
            process = subprocess.Popen([wt.VERSO], env=env, stdout=log, stderr=log)
            geometry = None
            while time.time() - started < 30 and not geometry:
                screen.grab()
                geometry = screen.find_board()
            visible_ms = (time.time() - started) * 1000
            app = wt.App.__new__(wt.App)
            app.env, app.screen, app.process, app.geometry = env, screen, process, geometry
            board = app.wait_for(lambda b: '?' not in b, 'the board')
            moves = 0
            # The end-of-game dialog covers some squares (read as '?'): the game is over.
            while '?' not in board:
                legal = wt.legal_moves(board, wt.BLACK)
                if not legal:
                    break
                square = rand.choice(legal)
                expected = list(board)
                for s in wt.flips(board, square, wt.BLACK) + [square]:
                    expected[s] = wt.BLACK
                expected = ''.join(expected)
                total = expected.count('X') + expected.count('O')
                app.click(square)
                moves += 1
                if wt.legal_moves(expected, wt.WHITE):
                    board = app.wait_for(lambda b: '?' in b or b.count('X') + b.count('O') > total and
                                         (wt.legal_moves(b, wt.BLACK) or not wt.legal_moves(b, wt.WHITE)),
                                         'the computer', seconds=120)
                else:
                    board = app.wait_for(lambda b: '?' in b or b == expected, 'a pass', seconds=30)
            time.sleep(1.0)
            rss = subprocess.run(['ps', '-o', 'rss=', '-p', str(process.pid)], capture_output=True, text=True).stdout.strip()
            screen.grab()
            subprocess.run(['import', '-window', 'root', os.path.join(os.environ.get('VERSO_BENCH_SHOTS', home), 'game-over-%s.png' % LEVEL)], env=env)
            process.terminate()
            process.wait(timeout=10)
        with open(log_path) as log:
            text = log.read()
        first = re.search(r'First frame drawn ([0-9.]+) ms', text)
        stalls = [(float(a), float(b), float(c)) for a, b, c in
                  re.findall(r'thought ([0-9.]+) s, longest main-loop gap ([0-9.]+) ms, of which main-thread CPU ([0-9.]+) ms', text)]
        print('level %s: %d moves by black, game over' % (LEVEL, moves))
        print('launch to first frame (in process): %s ms' % (first.group(1) if first else '?'))
        print('launch to board visible on screen (outside, 1 grab ~ 50-100 ms): %.0f ms' % visible_ms)
        if stalls:
            longest_think = max(stalls)
            print('computer moves: %d; longest think %.2f s: longest main-loop gap %.2f ms (main-thread CPU in it %.2f ms)' % ((len(stalls),) + longest_think))
            print('over all thinking: longest main-loop gap %.2f ms, longest main-thread CPU between turns %.2f ms' %
                  (max(s[1] for s in stalls), max(s[2] for s in stalls)))
            gaps = sorted(s[1] for s in stalls)
            cpus = sorted(s[2] for s in stalls)
            print('per move, median main-loop gap %.2f ms, median main-thread CPU %.2f ms; first move: %.2f ms gap, %.2f ms CPU' %
                  (gaps[len(gaps) // 2], cpus[len(cpus) // 2], stalls[0][1], stalls[0][2]))
        print('resident memory after the game: %s KiB' % rss)


if __name__ == '__main__':
    main()
