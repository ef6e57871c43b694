"""What the AT-SPI window tests share (test-accessibility.py, test-analysis-window.py,
test-coach-window.py, test-help-window.py, test-narrow-window.py, test-variants-window.py): the
session they run in (Xvfb, a private home, the accessibility bus) and one walk over the
accessibles of the running 'verso' application. Importing it ends the test with SKIP (exit 77)
when the AT-SPI bindings are not installed. `window` is verso_ui_test itself, whose helpers
(Xvfb, xdotool, pixels) they reuse."""

import contextlib
import os
import re
import shutil
import subprocess
import sys

# The game runs with G_DEBUG=fatal-warnings, but the test program's own GLib does not: libatspi
# warns when it asks a program that has just joined the bus for its cache too early ("Error in
# GetItems ... Object does not exist at path /org/a11y/atspi/cache", seen under Debian 13), and
# a fatal warning would kill the test and leave the game and Xvfb behind it. GLib reads G_DEBUG
# once, when it loads, so the variable is hidden only while the bindings load.
G_DEBUG = os.environ.pop('G_DEBUG', None)
try:
    import gi
    gi.require_version('Atspi', '2.0')
    from gi.repository import Atspi, GLib  # noqa: F401 (the tests use both)
except (ImportError, ValueError) as error:
    print('SKIP: AT-SPI bindings are not installed (%s)' % error)
    sys.exit(77)
finally:
    if G_DEBUG is not None:
        os.environ['G_DEBUG'] = G_DEBUG

import verso_ui_test as window  # noqa: E402 (after the bindings' check)

# libatspi gives up on a question to the game after 800 ms unless told otherwise, and the walk
# then leaves out the node asked and everything under it, as it does a node that vanished. On a
# machine loaded by a build beside the whole suite, one reading of the labels missed the subtitle
# that the readings before and after it found. A question is given 10 s: the tests register no
# keyboard listener, the one thing the registry's own 3 s limit holds back.
Atspi.set_timeout(10000, -1)

BUS_LAUNCHER = '/usr/libexec/at-spi-bus-launcher'


def wait_until(condition, what, seconds):
    """condition()'s first true value within seconds; the test fails naming what otherwise (a
    walk over the accessibles costs, so they are asked every 0.2 s)."""
    return window.wait_until(condition, what, seconds, interval=0.2)


def a11y_bus_up(env):
    """Whether the bus launcher holds its name on the session bus: it does once the accessibility
    bus runs (--launch-immediately). Asked of the session bus itself, which asking the launcher
    would start a second time."""
    reply = subprocess.run(['dbus-send', '--session', '--print-reply=literal', '--dest=org.freedesktop.DBus',
                            '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.a11y.Bus'],
                           env=env, capture_output=True, text=True)
    return reply.returncode == 0 and reply.stdout.split()[-1:] == ['true']


def start(env, args, ready, what):
    """The game started with args, once ready() holds (what names it in a failure)."""
    process = subprocess.Popen([window.VERSO] + list(args), env=env)
    wait_until(lambda: process.poll() is not None or ready(), what, 60)
    if process.poll() is not None:
        window.fail('verso exited with status %d at start' % process.returncode)
    return process


def stop(process):
    process.terminate()
    process.wait()


def key(env, *keys):
    subprocess.run(['xdotool', 'key'] + list(keys), env=env, check=True)


def home_env(env, root):
    """env with HOME and the XDG data, config and cache folders inside root."""
    os.makedirs(os.path.join(root, 'cache'), exist_ok=True)
    return dict(env, HOME=root, XDG_DATA_HOME=os.path.join(root, 'data'),
                XDG_CONFIG_HOME=os.path.join(root, 'config'), XDG_CACHE_HOME=os.path.join(root, 'cache'))


def settings_env(env, home, name, keys):
    """An environment with a home of its own (home/name) whose settings, a key file, hold keys
    and a window of 900 by 700."""
    root = os.path.join(home, name)
    settings = os.path.join(root, 'config', 'glib-2.0', 'settings')
    os.makedirs(settings)
    with open(os.path.join(settings, 'keyfile'), 'w') as f:
        f.write('[io/github/verso/Verso]\nwindow-width=900\nwindow-height=700\n')
        for key, value in keys.items():
            f.write('%s=%s\n' % (key, value))
    return dict(home_env(env, root), XDG_RUNTIME_DIR=root, GSETTINGS_BACKEND='keyfile')


def set_settings(keyfile, keys):
    """Writes keys ({name: value}) into a settings key file as a program would, whole and renamed
    over it: GLib's file monitor missed lines appended in place, so the window kept the old value.
    The window learns of the change through the monitor, which may still come late."""
    with open(keyfile) as f:
        lines = [line for line in f if line.split('=', 1)[0] not in keys]
    with open(keyfile + '.new', 'w') as f:
        f.writelines(lines + ['%s=%s\n' % (name, value) for name, value in keys.items()])
    os.replace(keyfile + '.new', keyfile)


@contextlib.contextmanager
def session(prefix, tools=()):
    """Xvfb, a private home in a new temporary folder and the accessibility bus, for one test
    program; yields (env, root) and removes them all at the end. Ends with SKIP when Xvfb,
    xdotool, the bus launcher or one of tools is not installed. Settings live in memory."""
    for tool in ('Xvfb', 'xdotool', 'dbus-send', BUS_LAUNCHER) + tuple(tools):
        if not shutil.which(tool):
            print('SKIP: %s is not installed' % tool)
            sys.exit(77)
    with window.xvfb_home(prefix) as (root, display):
        env = dict(os.environ)
        for name in ('LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'GTK_A11Y', 'NO_AT_BRIDGE', 'WAYLAND_DISPLAY'):
            env.pop(name, None)
        env.update({
            'DISPLAY': display, 'LANG': 'C.UTF-8', 'XDG_RUNTIME_DIR': root,
            'GSETTINGS_SCHEMA_DIR': window.SCHEMA_DIR, 'GDK_BACKEND': 'x11',
            'GSK_RENDERER': os.environ.get('GSK_RENDERER', 'cairo'), 'ASAN_OPTIONS': 'detect_leaks=0',
            'GSETTINGS_BACKEND': 'memory',
        })
        env = home_env(env, root)
        os.environ['DISPLAY'] = display
        bus = subprocess.Popen([BUS_LAUNCHER, '--launch-immediately'], env=env)
        try:
            wait_until(lambda: bus.poll() is not None or a11y_bus_up(env), 'the accessibility bus', 30)
            if bus.poll() is not None:
                window.fail('the accessibility bus launcher exited with status %d' % bus.returncode)
            yield env, root
        finally:
            bus.terminate()
            bus.wait()


def walk(skip_role=None):
    """Every accessible of the game, depth first; a node with skip_role (a role, or a tuple of
    roles) is left out with its children, and so is one that vanished while it was read."""
    skipped = skip_role if isinstance(skip_role, tuple) else (skip_role,)
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        application = desktop.get_child_at_index(i)
        # Another program may leave the bus while it is asked its name (one did while the file
        # chooser was open: "The application no longer exists").
        try:
            if application is None or application.get_name() != 'verso':
                continue
        except GLib.Error:
            continue
        stack = [application]
        while stack:
            node = stack.pop()
            # A child gone between the count and the asking comes back as None (GTK 4.18, while
            # Statistics rebuilt its rows after Reset).
            if node is None:
                continue
            try:
                if skip_role is not None and node.get_role() in skipped:
                    continue
                children = [node.get_child_at_index(k) for k in range(node.get_child_count())]
            except GLib.Error:
                continue
            yield node
            stack.extend(children)


# A file chooser's list of files (a column view: a tree table of rows and cells).
TABLE_ROLES = (Atspi.Role.TABLE, Atspi.Role.TREE_TABLE, Atspi.Role.TABLE_ROW, Atspi.Role.TABLE_CELL)
MENU_ITEM_ROLES = (Atspi.Role.MENU_ITEM, Atspi.Role.CHECK_MENU_ITEM, Atspi.Role.RADIO_MENU_ITEM)


def name_of(node):
    """The accessible's name as a screen reader says it: its own, or else, for a menu item, the
    text of what it is labelled by. GTK 4.18 names the items of a menu only by that relation
    (their own name is empty), where GTK 4.8 gave them their label's text as their name. Other
    roles are not asked for their relations: a walk over the whole window stays one call a node."""
    name = node.get_name() or ''
    if name or node.get_role() not in MENU_ITEM_ROLES:
        return name
    texts = []
    for relation in node.get_relation_set() or []:
        if relation.get_relation_type() != Atspi.RelationType.LABELLED_BY:
            continue
        for i in range(relation.get_n_targets()):
            target = relation.get_target(i)
            text = target.get_name() or ''
            if not text and target.get_text_iface() is not None:
                text = Atspi.Text.get_text(target, 0, -1) or ''
            if text:
                texts.append(text)
    return ' '.join(texts)


def find(predicate, skip_role=None):
    """The first accessible of the game for which predicate holds, or None; nodes of skip_role
    are passed over with their children, as walk does."""
    for node in walk(skip_role):
        try:
            if predicate(node):
                return node
        except GLib.Error:
            continue
    return None


# --- what the tests read of the window ---

MOVE_NAME = re.compile(r'^(\d+)\. (Black|White) ([a-h][1-8]|pass)(, .*)?$')


def accessibles():
    """(role, name, node) of every accessible of the game (GTK leaves out hidden widgets) but the
    board's squares: many, and read through the board's description instead."""
    found = []
    for node in walk(skip_role=Atspi.Role.TABLE_CELL):
        try:
            found.append((node.get_role(), name_of(node), node))
        except GLib.Error:
            continue
    return found


def text_of(node):
    """The text of an accessible that has one (GTK 4.18 names a label whose role is status by
    nothing: a screen reader reads its text), else ''."""
    try:
        return Atspi.Text.get_text(node, 0, Atspi.Text.get_character_count(node)) or ''
    except (GLib.Error, TypeError, AttributeError, NotImplementedError):
        return ''


def focused_field():
    """The accessible that has the keyboard when it holds text (an entry), or None."""
    for node in walk(skip_role=Atspi.Role.TABLE_CELL):
        try:
            if node.get_state_set().contains(Atspi.StateType.FOCUSED) and node.get_text_iface() is not None:
                return node
        except GLib.Error:
            continue
    return None


def focused_text():
    """The text of the accessible that has the keyboard when it holds text (an entry), or None
    when none does: (text,), so that an empty entry counts as found."""
    node = focused_field()
    return (text_of(node),) if node is not None else None


def wait_for_game():
    """Waits until the game's window is on the accessibility bus, read once. A test that first
    asks of the game as a dialog closes and the next opens can find it taken for gone: libatspi
    (2.46), reading the game's tree for the first time while GTK removed the closing dialog's
    accessibles, answered "The application no longer exists" to every question after (the
    export test, one run in two under ASan). Read once while the window is still, it follows
    the game's changes from then on."""
    wait_until(lambda: find(lambda node: node.get_role() == Atspi.Role.FRAME),
               "the game's window on the accessibility bus", 30)


def fill_field(env, name, text):
    """Types text into the text field named name (in place of what it held), which has the
    keyboard, and waits until the field holds it: typed before the field has the keyboard (its
    window comes late on a loaded machine), keys are lost, and the test says so."""
    # A file chooser's tree is long to walk on a loaded machine (15 s ran out under a load of 10),
    # and its list of files changes under the walk as it fills (libatspi then warns of its cache,
    # and under ASan 45 s ran out): no text field is inside a table, so the walk passes over
    # tables whole (a preferences group's rows are a list, and hold fields: those are walked).
    field = wait_until(lambda: find(lambda node: node.get_role() == Atspi.Role.TEXT and name_of(node) == name,
                                    skip_role=TABLE_ROLES),
                       'a text field named %r' % name, 45)
    key(env, 'ctrl+a')
    subprocess.run(['xdotool', 'type', '--delay', '20', text], env=env, check=True)
    wait_until(lambda: text_of(field) == text, lambda: 'the field %r to hold %r (it holds %r)'
               % (name, text, text_of(field)), 15)


def labels():
    """The texts shown: labels, and the status line (a label whose role is status)."""
    return [name or (text_of(node) if role == Atspi.Role.STATUS_BAR else '')
            for role, name, node in accessibles() if role in (Atspi.Role.LABEL, Atspi.Role.STATUS_BAR)]


def move_names():
    """The accessible names of the move list's moves, in the order of the record."""
    names = [name for role, name, node in accessibles() if role == Atspi.Role.PUSH_BUTTON and MOVE_NAME.match(name)]
    return sorted(names, key=lambda n: (int(MOVE_NAME.match(n).group(1)), MOVE_NAME.match(n).group(2) != 'Black'))


def button(label):
    """The push button whose name is label, its mnemonic underscore aside, or None."""
    for role, name, node in accessibles():
        # A label with a mnemonic names its button as written and as shown ("_Reset… Reset…").
        shown = name.replace('_', '')
        if role == Atspi.Role.PUSH_BUTTON and (shown == label or shown.endswith(' ' + label)):
            return node
    return None


def board_description():
    """What the board says of itself: the side to move, the cursor, the discs."""
    for role, name, node in accessibles():
        if role == Atspi.Role.TABLE and name == 'Board':
            return node.get_description() or ''
    return ''


def play_with_cursor(env, square):
    """Plays square from the board's keyboard: the cursor moved onto it with the arrow keys, then
    Return."""
    cursor = re.search(r'Cursor on ([a-h])([1-8])', wait_until(
        lambda: 'Cursor on ' in board_description() and board_description(), 'the board\'s cursor', 10))
    column, row = 'abcdefgh'.index(cursor.group(1)), int(cursor.group(2)) - 1
    keys = (['Right'] * (square % 8 - column) + ['Left'] * (column - square % 8)
            + ['Down'] * (square // 8 - row) + ['Up'] * (row - square // 8))
    if keys:
        key(env, *keys)
    wait_until(lambda: 'Cursor on %s' % window.name(square) in board_description(), 'the cursor on the move', 10)
    key(env, 'Return')


def board_named(name):
    """The board whose accessible name is name (a secondary window's: 'Practice board',
    'Training board'), or None."""
    for role, node_name, node in accessibles():
        if role == Atspi.Role.TABLE and node_name == name:
            return node
    return None


def play_on_board(env, name, square):
    """Plays square (its name, 'f5') on the board named name from its keyboard: the cursor moved
    onto it with the arrow keys, then Return."""
    def cursor():
        board = board_named(name)
        description = board.get_description() if board else ''
        return 'Cursor on ' in description and description
    found = re.search(r'Cursor on ([a-h])([1-8])', wait_until(cursor, 'the cursor of the %s' % name, 15))
    column, row = 'abcdefgh'.index(found.group(1)), int(found.group(2)) - 1
    target_column, target_row = 'abcdefgh'.index(square[0]), int(square[1]) - 1
    keys = (['Right'] * (target_column - column) + ['Left'] * (column - target_column)
            + ['Down'] * (target_row - row) + ['Up'] * (row - target_row))
    if keys:
        key(env, *keys)
    wait_until(lambda: 'Cursor on %s' % square in cursor(), 'the cursor on ' + square, 10)
    key(env, 'Return')


def label_matching(pattern):
    """The first text shown (labels ()) that the regular expression pattern finds, or None."""
    return next((text for text in labels() if re.search(pattern, text)), None)


def press(node):
    """Activates an accessible (a button, a menu item) by its first action."""
    Atspi.Action.do_action(node, 0)


def open_statistics(env):
    """Statistics from the main menu (F10), once its window shows its Reset… button."""
    key(env, 'F10')
    item = wait_until(lambda: [node for role, name, node in accessibles()
                               if role == Atspi.Role.MENU_ITEM and name.replace('_', '') == 'Statistics'],
                      'the Statistics menu item', 10)
    press(item[0])
    wait_until(lambda: button('Reset…'), 'the Statistics window', 10)
