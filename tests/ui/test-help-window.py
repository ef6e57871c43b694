#!/usr/bin/env python3
"""F1 and the main menu's Help in the real window ask the desktop for help:verso: a fake help
browser, registered for help: URIs in a private home (mimeapps.list), writes down the URI it is
given. Without a help browser the manual built as HTML (help/meson.build, VERSO_HELPDIR) opens
in the web browser, a fake one registered for text/html: the index page of the user's language,
or of the English original. With neither, a dialog says what to install and where the HTML
manual is (read through AT-SPI), Escape closes it, and the game goes on. Reuses verso_ui_test's helpers. Run inside dbus-run-session.
Usage: test-help-window.py VERSO SCHEMA_DIR HELP_HTML_DIR"""

import os
import sys
import time
import urllib.parse
import urllib.request

# The session, verso_ui_test's helpers and the walk over the accessibles, shared by the
# AT-SPI window tests (importing it ends the test with SKIP without the AT-SPI bindings).
import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, GLib, window  # noqa: F401
fail = window.fail

HELP_URI = 'help:verso'
HELP_HTML_DIR = os.path.realpath(sys.argv[3])
# The pages every index links to (help/C/*.page but the index).
HELP_PAGES = ('rules', 'play', 'levels', 'analysis', 'files', 'keyboard', 'preferences', 'statistics')
# Neither a help browser nor a web browser (GIO: no application for the URI): a dialog says what
# to install, by its package, and where the HTML manual is.
NEITHER_SAYS = 'Install Yelp (the package yelp) or a web browser to read the help.'
# What opens help: URIs, HTML files, and what GIO may pick for those too: the types HTML is a
# kind of (text/plain: a text editor), and file: URIs.
HELP_TYPES = ('x-scheme-handler/help',)
HTML_TYPES = ('text/html', 'application/xhtml+xml', 'text/plain', 'x-scheme-handler/file')


def installed_handlers(types):
    """The desktop file IDs of the applications installed on this machine that say they open
    one of types."""
    handlers = set()
    data_dirs = os.environ.get('XDG_DATA_DIRS') or '/usr/local/share:/usr/share'
    for data_dir in data_dirs.split(':'):
        applications = os.path.join(data_dir, 'applications')
        for folder, _, names in os.walk(applications):
            for name in names:
                if not name.endswith('.desktop'):
                    continue
                try:
                    with open(os.path.join(folder, name), errors='replace') as f:
                        lines = f.read().splitlines()
                except OSError:
                    continue
                for line in lines:
                    if line.startswith('MimeType='):
                        if set(line[len('MimeType='):].split(';')) & set(types):
                            handlers.add(os.path.relpath(os.path.join(folder, name),
                                                         applications).replace(os.sep, '-'))
    return sorted(handlers)


def fake_application(home, applications, stem, name, types):
    """A desktop file for a program that writes each URI it opens, one a line, to HOME/stem."""
    program = os.path.join(home, stem)
    with open(program, 'w') as f:
        f.write('#!/bin/sh\nprintf "%%s\\n" "$@" >> "%s"\n' % os.path.join(home, 'opened-' + stem))
    os.chmod(program, 0o755)
    with open(os.path.join(applications, stem + '.desktop'), 'w') as f:
        f.write('[Desktop Entry]\nType=Application\nName=%s\nExec=%s %%u\nMimeType=%s;\n'
                'NoDisplay=true\n' % (name, program, ';'.join(types)))


def make_home(base, name, help_browser, web_browser):
    """A fresh home; help_browser: a fake help browser set as the default for help: URIs, that
    writes each URI it opens to HOME/opened-help; web_browser: a fake one for HTML files, that
    writes to HOME/opened-web. What is not faked is handed to no application: those of this
    machine (Yelp, a browser, an editor for text) are removed from those types."""
    home = os.path.join(base, name)
    applications = os.path.join(home, 'data', 'applications')
    config = os.path.join(home, 'config')
    os.makedirs(applications)
    os.makedirs(config)
    os.makedirs(os.path.join(home, 'cache'))
    defaults, removed = [], []
    for wanted, stem, label, types in ((help_browser, 'help', 'Fake help browser', HELP_TYPES),
                                       (web_browser, 'web', 'Fake web browser', HTML_TYPES[:2])):
        if wanted:
            fake_application(home, applications, stem, label, types)
            defaults += ['%s=%s.desktop' % (kind, stem) for kind in types]
    for wanted, types in ((help_browser, HELP_TYPES), (web_browser, HTML_TYPES)):
        if not wanted:
            handlers = installed_handlers(types)
            if handlers:
                removed += ['%s=%s;' % (kind, ';'.join(handlers)) for kind in types]
    with open(os.path.join(config, 'mimeapps.list'), 'w') as f:
        f.write('[Default Applications]\n%s\n[Removed Associations]\n%s\n'
                % ('\n'.join(defaults), '\n'.join(removed)))
    return home


def opened(home, stem):
    try:
        with open(os.path.join(home, 'opened-' + stem)) as f:
            return f.read().split()
    except FileNotFoundError:
        return []


def wait_for_opened(home, stem, count, what):
    deadline = time.time() + 15
    while time.time() < deadline:
        uris = opened(home, stem)
        if len(uris) >= count:
            return uris
        time.sleep(0.2)
    fail('%s: the %s browser was asked for nothing more (it got %s)' % (what, stem, opened(home, stem)))


def test_f1_and_menu_open_help(base_env, base):
    home = make_home(base, 'with-help-browser', True, True)
    env = atspi_game.home_env(base_env, home)
    app = window.App(env, window.Screen(env))
    app.key('F1')
    uris = wait_for_opened(home, 'help', 1, 'F1')
    if uris != [HELP_URI]:
        fail('F1 asked for %s, not %s' % (uris, HELP_URI))
    # The main menu (F10), then its Help item, found by its label through AT-SPI.
    app.key('F10')
    item = None
    deadline = time.time() + 10
    while item is None and time.time() < deadline:
        time.sleep(0.3)
        item = atspi_game.find(lambda node: atspi_game.name_of(node) == 'Help'
                               and node.get_role_name() in ('menu item', 'push button', 'button'))
    if item is None:
        fail('no Help item in the main menu')
    Atspi.Action.do_action(item, 0)
    uris = wait_for_opened(home, 'help', 2, 'the Help menu item')
    if uris != [HELP_URI, HELP_URI]:
        fail('the Help menu item asked for %s, not %s' % (uris[1:], HELP_URI))
    app.quit()
    # With a help browser the web browser is not asked.
    if opened(home, 'web'):
        fail('with a help browser, the web browser was asked for %s too' % opened(home, 'web'))
    print('F1 and Help in the menu opened %s' % HELP_URI, flush=True)


def check_html_index(uri, language):
    """uri is a file: URI (or the path) of the HTML manual's index page in language."""
    path = urllib.request.url2pathname(urllib.parse.urlparse(uri).path) if uri.startswith('file:') else uri
    expected = os.path.join(HELP_HTML_DIR, language, 'index.html')
    if not os.path.isfile(path):
        fail('the web browser was asked for %s, which is no file' % uri)
    if os.path.realpath(path) != expected:
        fail('the web browser was asked for %s, not %s' % (uri, expected))
    with open(path, encoding='utf-8') as f:
        html = f.read()
    if '<title>Verso</title>' not in html:
        fail('%s is not the manual\'s index page (no title "Verso")' % path)
    missing = [page for page in HELP_PAGES if 'href="%s.html"' % page not in html]
    if missing:
        fail('%s does not link to the pages %s' % (path, ', '.join(missing)))


def test_no_help_browser_opens_html(base_env, base, language, expected_language):
    """Without a help browser, F1 opens the HTML manual's index in the web browser: in the
    user's language (LANGUAGE) when the manual is translated into it, else in English (C)."""
    home = make_home(base, 'web-browser-' + (language or 'C'), False, True)
    env = atspi_game.home_env(base_env, home)
    if language:
        env['LANGUAGE'] = language
    app = window.App(env, window.Screen(env))
    app.key('F1')
    uris = wait_for_opened(home, 'web', 1, 'F1 without a help browser')
    if len(uris) != 1:
        fail('F1 without a help browser opened %s' % uris)
    check_html_index(uris[0], expected_language)
    app.quit()
    print('without a help browser, F1 (LANGUAGE=%s) opened %s' % (language, uris[0]), flush=True)


def test_neither_says_what_to_install(base_env, base):
    home = make_home(base, 'without-browsers', False, False)
    env = atspi_game.home_env(base_env, home)
    log_path = os.path.join(home, 'log')
    with open(log_path, 'w') as log:
        app = window.App(env, window.Screen(env), log=log)
        app.key('F1')
        index = os.path.join(HELP_HTML_DIR, 'C', 'index.html')
        said = atspi_game.wait_until(
            lambda: atspi_game.find(lambda node: NEITHER_SAYS in (node.get_name() or '')),
            'a dialog saying "%s"' % NEITHER_SAYS, 15)
        text = said.get_name()
        if index not in text:
            fail('the dialog does not name the HTML manual %s: %r' % (index, text))
        print('without a help browser or a web browser: %r' % text, flush=True)
        app.key('Escape')
        atspi_game.wait_until(lambda: not atspi_game.find(lambda node: NEITHER_SAYS in (node.get_name() or '')),
                              'Escape to close the dialog', 10)
        # The game goes on: a move is still played.
        board = app.board()
        if board != window.START:
            fail('the board changed on F1: %s' % board)
        app.click(window.legal_moves(board, window.BLACK)[0])
        app.wait_for(lambda b: b != window.START, 'a move after the help failed to open')
        app.quit()


def main():
    for language in ['C'] + [line.split('#')[0].strip() for line in open(
            os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'help', 'LINGUAS'))]:
        if language and not os.path.isfile(os.path.join(HELP_HTML_DIR, language, 'index.html')):
            fail('no HTML manual for %s in %s' % (language, HELP_HTML_DIR))
    with atspi_game.session('verso-help-') as (env, base):
        env['VERSO_HELPDIR'] = HELP_HTML_DIR
        test_f1_and_menu_open_help(env, base)
        test_no_help_browser_opens_html(env, base, None, 'C')
        # fr_FR finds the French manual (fr); a language it is not translated into, English.
        test_no_help_browser_opens_html(env, base, 'fr_FR', 'fr')
        test_no_help_browser_opens_html(env, base, 'de', 'C')
        test_neither_says_what_to_install(env, base)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
