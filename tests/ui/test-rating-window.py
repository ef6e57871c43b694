#!/usr/bin/env python3
"""The person's rating and Match My Level in the real window, read through the AT-SPI bus as a
screen reader would. A statistics file with a history of rated games is seeded in the data
folder: Statistics says "Your rating: R ± I" (the last game's rating, its 95 % interval) and the
graph's accessible description names the games, the first, last and highest ratings. Then New
Game with the Match My Level switch turned on: the new game's subtitle names the level nearest
the seeded rating and the rating, read from data/level-ratings.txt. Reuses verso_ui_test's
helpers. Run inside dbus-run-session. Usage: test-rating-window.py VERSO SCHEMA_DIR"""

import os
import re
import subprocess
import time

import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, wait_until, stop, key, accessibles, labels, button, press, open_statistics  # noqa: F401
fail = atspi_game.window.fail

LEVELS = ('beginner', 'novice', 'casual', 'intermediate', 'advanced', 'expert', 'master')
NAMES = dict(zip(LEVELS, ('Beginner', 'Novice', 'Casual', 'Intermediate', 'Advanced', 'Expert', 'Master')))


def level_ratings():
    """The levels' ratings from data/level-ratings.txt: {id: rating}."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'data', 'level-ratings.txt')
    ratings = {}
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) == 3 and fields[0] in LEVELS:
                ratings[fields[0]] = float(fields[1])
    return ratings


def history(ratings, games):
    """A history of games rated from 1000 upwards, the last just now, ending at the intermediate
    level's rating plus 10 (so Match My Level plays mostly as Intermediate): [(time, rating,
    deviation)]."""
    now = int(time.time())
    last = ratings['intermediate'] + 10
    values = [1000 + (last - 1000) * i / (games - 1) for i in range(games)]
    values[games // 2] += 80   # a peak above the line: the highest is not the last
    return [(now - (games - 1 - i) * 3600, round(v, 1), round(300 - 10 * i, 1)) for i, v in enumerate(values)]


def write_statistics(home, entries):
    path = os.path.join(home, 'verso', 'statistics.ini')
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write('[standard.casual]\nwon=%d\nlost=0\ndrawn=0\ndiscs=%d\n[rating]\n' % (len(entries), 10 * len(entries)))
        for i, (when, value, deviation) in enumerate(entries):
            f.write('%d=%d %.1f %.1f casual 992.0 120.0 1.0\n' % (i + 1, when, value, deviation))


def settings_env(env, home, keys):
    root = os.path.join(home, 'rating')
    settings = os.path.join(root, 'config', 'glib-2.0', 'settings')
    os.makedirs(settings)
    with open(os.path.join(settings, 'keyfile'), 'w') as f:
        f.write('[io/github/verso/Verso]\nwindow-width=900\nwindow-height=700\n')
        for name, value in keys.items():
            f.write('%s=%s\n' % (name, value))
    return dict(atspi_game.home_env(env, root), XDG_RUNTIME_DIR=root, GSETTINGS_BACKEND='keyfile')


def shot(env, name):
    folder = os.environ.get('VERSO_TEST_SHOTS')
    if folder:
        subprocess.run(['import', '-window', 'root', os.path.join(folder, name + '.png')], env=env)


def test_statistics_rating(env, entries):
    when, value, deviation = entries[-1]
    open_statistics(env)
    title = wait_until(lambda: [n for n in labels() if n.startswith('Your rating: ')], 'the rating row', 10)[0]
    found = re.match(r'^Your rating: (\d+) ± (\d+)$', title)
    if not found or int(found.group(1)) != round(value) or abs(int(found.group(2)) - 1.96 * deviation) > 1.5:
        fail('the rating row says %r, not %d ± %.0f' % (title, round(value), 1.96 * deviation))
    graph = wait_until(lambda: [node for role, name, node in accessibles() if name == 'Your rating over time'],
                       'the rating graph', 10)[0]
    expected = '%d rated games: first %.0f, last %.0f, highest %.0f.' % (
        len(entries), entries[0][1], value, max(e[1] for e in entries))
    if graph.get_description() != expected:
        fail('the graph is described as %r, not %r' % (graph.get_description(), expected))
    print('Statistics: “%s”; the graph: “%s”' % (title, expected), flush=True)
    shot(env, 'statistics-rating')
    key(env, 'Escape')
    wait_until(lambda: not button('Reset…'), 'the Statistics window to close', 10)


def test_match_my_level(env, entries, ratings, settings_file):
    key(env, 'ctrl+n')
    # The switch, named by its row's title (GTK gives a switch the check box's role).
    switch = wait_until(lambda: [node for role, name, node in accessibles()
                                 if role == Atspi.Role.CHECK_BOX and name == 'Match My Level'],
                        'the Match My Level switch', 10)
    press(switch[0])
    wait_until(lambda: switch[0].get_state_set().contains(Atspi.StateType.CHECKED), 'the switch to be on', 10)
    print('New Game: Match My Level turned on', flush=True)
    wait_until(lambda: [n for n in labels() if n.startswith('Plays at your rating: about ')], 'the row\'s strength', 10)
    shot(env, 'match-my-level')
    key(env, 'alt+s')  # "_Start"
    pattern = r'^You play black · Match my level: about (\w+) \(([\d,.\u202f ]+)\)$'
    try:
        subtitle = wait_until(lambda: [n for n in labels() if re.match(pattern, n)], 'a subtitle naming the level', 15)[0]
    except SystemExit:
        print('the labels: %r' % [n for n in labels() if 'play' in n], flush=True)
        print(open(settings_file).read(), flush=True)
        raise
    name, rating = re.match(pattern, subtitle).groups()
    if name != NAMES['intermediate'] or int(re.sub(r'\D', '', rating)) != round(entries[-1][1]):
        fail('the subtitle is %r, not Intermediate at %d' % (subtitle, round(entries[-1][1])))
    with open(settings_file) as f:
        if 'match-my-level=true' not in f.read():
            fail('the setting match-my-level was not written')
    print('the subtitle says “%s”' % subtitle, flush=True)


def main():
    ratings = level_ratings()
    if len(ratings) != len(LEVELS):
        fail('data/level-ratings.txt lacks a level: %s' % sorted(ratings))
    with atspi_game.session('verso-rating-') as (env, home):
        env = settings_env(env, home, {'game-mode': "'versus-computer'", 'player-color': "'black'"})
        entries = history(ratings, 12)
        write_statistics(env['XDG_DATA_HOME'], entries)
        app = atspi_game.start(env, [], lambda: button('Main Menu'), 'the window to appear')
        test_statistics_rating(env, entries)
        test_match_my_level(env, entries, ratings,
                            os.path.join(env['XDG_CONFIG_HOME'], 'glib-2.0', 'settings', 'keyfile'))
        stop(app)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
