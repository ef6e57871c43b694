#!/usr/bin/env python3
"""The Library in the real window, read through the AT-SPI bus as a screen reader would. The
person's library is filled from a WTHOR file with `verso-engine library import`, as a script
would; Ctrl+Shift+L opens it with the search under the keyboard and the newest 200 games listed; typing
"tiger" keeps the games whose players or opening hold it, as many as Python's sqlite3 counts in
the file; Enter opens the newest of them as a record whose moves are the library's; This Position
(Alt+P) at its end finds that one game; its Delete button and the question's Delete remove it from
the file. A game's Tags button asks for its tags: "study" typed and Enter shows them in its row
and keeps them in the file. Last, Export… with the search "tiger" writes the games it keeps to a GGF file typed in
the file chooser, one record a line, each the library's moves, then to an SGF file (its name ending in .SGF), one
game tree each in the list's order; two games selected, Export… writes those two alone; Import… of an SGF
collection typed in the chooser adds its two good games, not the bad one. Reuses verso_ui_test's helpers. Run inside dbus-run-session.
Usage: test-library-window.py VERSO SCHEMA_DIR VERSO_ENGINE WTHOR_FILE"""

import os
import re
import sqlite3
import subprocess
import sys
import time

import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, wait_until, stop, key, accessibles, labels, button, press, focused_text  # noqa: F401
from verso_ui_test.atspi import move_names, text_of
window = atspi_game.window
fail = window.fail

ENGINE, WTHOR = sys.argv[3], sys.argv[4]
SEARCH = 'tiger'


def library_path(env):
    return os.path.join(env['XDG_DATA_HOME'], 'verso', 'library.sqlite')


def query(env, sql, *parameters):
    with sqlite3.connect('file:%s?mode=ro' % library_path(env), uri=True) as db:
        return db.execute(sql, parameters).fetchall()


def matching(env):
    """The games the search should keep, newest first, as the library sorts them."""
    pattern = '%' + SEARCH + '%'
    return query(env, 'SELECT id, black, white, moves FROM games WHERE black LIKE ? OR white LIKE ? '
                      'OR opening LIKE ? ORDER BY date DESC, id DESC', pattern, pattern, pattern)


def open_library(env):
    key(env, 'ctrl+shift+l')
    wait_until(lambda: button('Import…') and focused_text() is not None, 'the Library with its search focused', 15)


def main():
    with atspi_game.session('verso-library-') as (env, home):
        # GTK's own file chooser warns that it cannot measure the document portal's folder in the
        # test's private home: a warning of GTK's, not the game's, which must not end it.
        env.pop('G_DEBUG', None)
        env = atspi_game.settings_env(env, home, 'library', {'game-mode': "'two-players'"})
        os.makedirs(os.path.dirname(library_path(env)), exist_ok=True)
        imported = subprocess.run([ENGINE, 'library', 'import', '--library', library_path(env), WTHOR],
                                  env=env, capture_output=True, text=True)
        total = query(env, 'SELECT count(*) FROM games')[0][0]
        if imported.returncode != 0 or total <= 200:
            fail('the import gave status %d and %d games: %s' % (imported.returncode, total, imported.stderr))
        print('library: %d games imported' % total, flush=True)
        app = atspi_game.start(env, [], lambda: button('Main Menu'), 'the window to appear')
        try:
            atspi_game.wait_for_game()
            open_library(env)
            wait_until(lambda: 'The first 200 games: search to find others' in labels(), 'the first page\'s summary', 15)
            expected = matching(env)
            subprocess.run(['xdotool', 'type', '--delay', '30', SEARCH], env=env, check=True)
            summary = '%d games' % len(expected)
            wait_until(lambda: summary in labels(), lambda: 'the summary “%s” (labels: %r)' % (summary, labels()[:8]), 15)
            print('“%s” keeps %s' % (SEARCH, summary), flush=True)

            # Enter opens the newest as a record: its players in the window, the library's moves.
            game_id, black, white, moves = expected[0]
            key(env, 'Return')
            players = '%s against %s' % (black, white)
            wait_until(lambda: players in labels(), 'the record of %s' % players, 15)
            plies = len(moves) // 2
            wait_until(lambda: len(move_names()) == plies, lambda: 'the move list to hold %d moves (it holds %d)'
                       % (plies, len(move_names())), 15)
            print('opened: %s, %d moves' % (players, plies), flush=True)

            # This Position at its end: that game alone; then Delete removes it from the file.
            open_library(env)
            key(env, 'alt+p')
            wait_until(lambda: '1 game' in labels(), 'the one game through the position shown', 15)
            delete = wait_until(lambda: [node for role, name, node in accessibles() if role == Atspi.Role.PUSH_BUTTON
                                         and name == 'Delete the game %s – %s' % (black, white)],
                                'the game\'s Delete button', 10)[0]
            press(delete)
            wait_until(lambda: 'Delete This Game?' in labels(), 'the question', 10)
            # From the keyboard, as Cancel has it first: Tab to Delete, Space. (The question's
            # buttons stand twice in its tree, side by side and stacked, and pressing one through
            # AT-SPI while the dialog closes leaves libatspi 2.46 taking the game for gone.)
            key(env, 'Tab')
            key(env, 'space')
            try:
                wait_until(lambda: 'No game reached the position shown.' in labels(), 'the list without it', 15)
            except SystemExit:
                print('labels: %r; %d games in the file' % (labels(), query(env, 'SELECT count(*) FROM games')[0][0]), flush=True)
                raise
            if query(env, 'SELECT count(*) FROM games WHERE id = ?', game_id)[0][0] != 0 \
               or query(env, 'SELECT count(*) FROM games')[0][0] != total - 1:
                fail('the game is still in %s' % library_path(env))
            print('deleted: %d games left' % (total - 1), flush=True)
            key(env, 'Escape')
            wait_until(lambda: not button('Import…'), 'the Library to close', 10)

            # Export… of the games "tiger" keeps (the one deleted gone): GGF, one record a line.
            open_library(env)
            subprocess.run(['xdotool', 'type', '--delay', '30', SEARCH], env=env, check=True)
            kept = matching(env)
            wait_until(lambda: '%d games' % len(kept) in labels(), 'the search again', 15)

            # A game's tags: its Tags button, "study" typed in the question's entry (focused, its
            # cursor after the tags it has), Enter; the row says them, the file keeps them.
            tagged, tag_black, tag_white, _ = kept[0]
            tags = wait_until(lambda: [node for role, name, node in accessibles() if role == Atspi.Role.PUSH_BUTTON
                                       and name == 'Tags of the game %s – %s' % (tag_black, tag_white)],
                              'the game\'s Tags button', 10)[0]
            press(tags)
            wait_until(lambda: 'Tags' in labels() and focused_text() is not None, 'the question about its tags', 10)
            subprocess.run(['xdotool', 'type', '--delay', '30', 'study'], env=env, check=True)
            key(env, 'Return')
            wait_until(lambda: any(label.endswith('Tags: study') for label in labels()),
                       lambda: 'the row to show its tag (labels: %r)' % labels()[:8], 15)
            if query(env, 'SELECT tag FROM tags WHERE game = ?', tagged) != [('study',)]:
                fail('the tags of game %d in the file: %r' % (tagged, query(env, 'SELECT tag, game FROM tags')))
            print('tagged: %s – %s with “study”' % (tag_black, tag_white), flush=True)
            key(env, 'alt+e')
            window.wait_for_window(env, '^Export Games$')
            window.wait_for_focus(env, 'Export Games')
            path = os.path.join(home, 'tiger.ggf')
            atspi_game.fill_field(env, 'Name:', path)
            key(env, 'Return')
            text = window.wait_for_file(path, 'the export to %s' % path,
                                        lambda text: text.count('\n') == len(kept))
            records = text.splitlines()
            if [r.startswith('(;GM[Othello]') for r in records] != [True] * len(kept):
                fail('%s is not %d GGF records: %r' % (path, len(kept), records[:2]))
            exported = sorted(''.join(re.findall(r'[BW]\[([a-h][1-8]|PA)', r)).lower() for r in records)
            if exported != sorted(m.lower() for _, _, _, m in kept):
                fail('the exported moves are not the library\'s')
            print('exported: %d games to %s' % (len(kept), path), flush=True)

            # The same games as SGF: a name ending in .sgf (any case) makes a collection, one game
            # tree each (none of these has variations), in the list's order, with the library's
            # moves and players. (verso-engine reads no SGF: the trees are split here.)
            def export_as(name, check, title='Export Games'):
                key(env, 'alt+e')
                window.wait_for_window(env, '^%s$' % title)
                window.wait_for_focus(env, title)
                target = os.path.join(home, name)
                atspi_game.fill_field(env, 'Name:', target)
                key(env, 'Return')
                return window.wait_for_file(target, 'the export to %s' % target, check)

            def without_passes(moves):
                return moves.lower().replace('pa', '')

            text = export_as('tiger.SGF', lambda text: text.count('(;GM[2]') == len(kept))
            trees = ['(;GM[2]' + tree for tree in text.split('(;GM[2]')[1:]]
            if len(trees) != len(kept) or not text.startswith('(;GM[2]'):
                fail('tiger.SGF is not %d SGF game trees: %r' % (len(kept), text[:200]))
            sgf_moves = [''.join(re.findall(r';[BW]\[([a-h][1-8])\]', tree)) for tree in trees]
            if sgf_moves != [without_passes(m) for _, _, _, m in kept]:
                fail('the SGF games\' moves are not the library\'s, in its order: %r' % sgf_moves[:2])
            if 'PB[%s]' % kept[0][1] not in trees[0] or 'PW[%s]' % kept[0][2] not in trees[0]:
                fail('the first SGF game does not name %s and %s: %s' % (kept[0][1], kept[0][2], trees[0][:120]))
            print('exported: %d games to tiger.SGF' % len(trees), flush=True)

            # Two games selected (the first and the third, as a screen reader selects in the list):
            # Export… then writes those two alone, as GGF.
            games = wait_until(lambda: [node for role, name, node in accessibles() if name == 'Games'
                                        and role == Atspi.Role.LIST], 'the list of games', 10)[0]
            for index in (0, 2):
                Atspi.Selection.select_child(games, index)
            wait_until(lambda: Atspi.Selection.get_n_selected_children(games) == 2, 'the two games selected', 10)
            # The chooser's title says so.
            text = export_as('two.ggf', lambda text: text.count('\n') == 2, 'Export 2 Selected Games')
            records = text.splitlines()
            exported = [''.join(re.findall(r'[BW]\[([a-h][1-8]|PA)', r)).lower() for r in records]
            if exported != [kept[0][3].lower(), kept[2][3].lower()]:
                fail('two.ggf does not hold the games selected: %r' % records)
            print('exported: the 2 games selected to two.ggf', flush=True)

            # Import… of an SGF collection typed in the chooser's location: its two good games
            # added, the one that does not read skipped, each kept with the file as its source.
            sgf = os.path.join(home, 'club.sgf')
            with open(sgf, 'w') as f:
                f.write('(;GM[2]FF[4]SZ[8]PB[Ann Club]PW[Bob Club]DT[2024-01-02];B[f5];W[d6];B[c3](;W[d3])(;W[f4]))\n'
                        '(;GM[2]FF[4]SZ[8]PB[Cleo Club]PW[Dan Club];B[f5];W[a1])\n'
                        '(;GM[2]FF[4]SZ[8]PB[Eve Club]PW[Fay Club];B[d3];W[c5])\n')
            key(env, 'alt+i')
            window.wait_for_window(env, '^Import Games$')
            window.wait_for_focus(env, 'Import Games')
            # A "/" typed in the chooser opens its location (GTK 4.18 has Ctrl+L open nothing in
            # the Recent view it starts in); the path is written there whole, as typing it let
            # GTK 4.18's completion add to it.
            key(env, 'slash')
            field = wait_until(lambda: (lambda node: node if node is not None and text_of(node).startswith('/') else None)(
                atspi_game.focused_field()), 'the chooser\'s location', 15)
            Atspi.EditableText.set_text_contents(field, sgf)
            wait_until(lambda: text_of(field) == sgf, 'the location to hold %s' % sgf, 10)
            # Return in the location goes to the file's folder and selects it, and Return again
            # imports it: Return while the chooser has the keyboard, until the games are kept.

            def sgf_games():
                return sorted(query(env, 'SELECT black FROM games WHERE source = ?', sgf))

            def accepted():
                if window.window_title(env) == 'Import Games':
                    key(env, 'Return')
                    # One key at a time: a Return queued after the chooser closed would open the
                    # Library's first game. (A chooser still open after 3 s takes the next one.)
                    deadline = time.monotonic() + 3
                    while time.monotonic() < deadline and window.window_title(env) == 'Import Games':
                        time.sleep(0.1)
                return sgf_games()
            # The report is a toast, which goes: the file says what was imported.
            wait_until(accepted, 'the chooser to take the file and the games to be kept', 30)
            if sgf_games() != [('Ann Club',), ('Eve Club',)]:
                fail('the games of %s in the library: %r' % (sgf, sgf_games()))
            print('imported from %s: %r' % (sgf, sgf_games()), flush=True)
            key(env, 'Escape')
            print('PASS', flush=True)
        finally:
            stop(app)


if __name__ == '__main__':
    main()
