#!/usr/bin/env python3
"""The window from a phone's width to a desktop's, under Xvfb with the AT-SPI bus: at 360 x 640
the window really is 360 px wide, the board square, whole and playable, the game's buttons in the
bar under it, the side pane folded away and shown on demand (F9 and the bar's Moves), and the
subtitle whole, wrapped rather than cut; at the default size the computer against itself names
both levels, on two lines. Uses verso_ui_test's helpers. Run inside dbus-run-session.
Usage: test-narrow-window.py VERSO SCHEMA_DIR"""

import os
import subprocess
import time

# The session, verso_ui_test's helpers and the walk over the accessibles, shared by the
# AT-SPI window tests (importing it ends the test with SKIP without the AT-SPI bindings).
import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import Atspi, GLib, window, wait_until  # noqa: F401
fail, BLACK = window.fail, window.BLACK

PHONE = (360, 640)        # GNOME's smallest window size, a phone's screen
DEFAULT = (720, 800)      # the schema's window-width and window-height
WIDE = (1000, 900)        # as wide as the test's screen: the subtitle fits on one line
SUBTITLE = 'Reverse · Computer against itself · Intermediate against Advanced'
# The evaluation graph's plot (test-analysis-window.py): the side pane is on the screen when it is.
PLOT_GREEN = (33, 120, 61)


# --- the window, its size and its accessibles ---

def settings_env(env, home, name, keys):
    """record_env's environment with a home of its own, its key file holding keys."""
    env = window.record_env(env, home, name, keys['game-mode'].strip("'"))
    with open(os.path.join(env['XDG_CONFIG_HOME'], 'glib-2.0', 'settings', 'keyfile'), 'w') as f:
        f.write('[io/github/verso/Verso]\n' + ''.join('%s=%s\n' % item for item in keys.items()))
    return env


def window_id(env):
    found = subprocess.run(['xdotool', 'search', '--onlyvisible', '--name', '^Verso$'], env=env,
                           capture_output=True, text=True).stdout.split()
    if len(found) != 1:
        fail('expected one visible window named Verso, found %s' % found)
    return found[0]


def window_size(env):
    """The X window's width and height, as xwininfo reads them (no window manager: it is at 0, 0)."""
    info = subprocess.run(['xwininfo', '-id', window_id(env)], env=env, capture_output=True, text=True,
                          check=True).stdout
    fields = dict(line.strip().split(': ', 1) for line in info.splitlines() if ': ' in line)
    return int(fields['Width']), int(fields['Height'])


def window_box(env):
    return (0, 0) + window_size(env)


def layout(env):
    """The window's size and where its parts are: the board, the title and subtitle, and the
    buttons but the move list's (which grows while the computer plays itself)."""
    places = []
    for node in atspi_game.walk(skip_role=Atspi.Role.TABLE_CELL):
        try:
            role, name = node.get_role(), node.get_name() or ''
            if (role == Atspi.Role.TABLE or role in (Atspi.Role.PUSH_BUTTON, Atspi.Role.TOGGLE_BUTTON)
                    and not atspi_game.MOVE_NAME.match(name) or role == Atspi.Role.LABEL
                    and (name == 'Verso' or name in SUBTITLE)):
                r = Atspi.Component.get_extents(node, Atspi.CoordType.WINDOW)
                places.append((role.value_nick, name, r.x, r.y, r.width, r.height))
        except GLib.Error:
            continue
    return window_size(env), sorted(places)


def wait_settled(env, before=None):
    """Waits until the layout keeps still (the same in two reads in a row) and, when before is
    given, differs from it: the header changed, the side pane folded or came back."""
    last = [None]

    def still():
        now = layout(env)
        steady, last[0] = now == last[0] and now != before, now
        return steady
    wait_until(still, 'the window\'s layout to settle at %d x %d' % window_size(env), 20)


def resize(env, size):
    """Asks for the window size (no window manager refuses it); returns the size it took, once
    the layout has settled there."""
    before = layout(env)
    subprocess.run(['xdotool', 'windowsize', window_id(env), str(size[0]), str(size[1])], env=env, check=True)
    deadline = time.time() + 10
    while time.time() < deadline and window_size(env) != size:
        time.sleep(0.3)
    wait_settled(env, before if before[0] != size else None)
    took = window_size(env)
    print('asked for %d x %d: the window is %d x %d' % (size + took), flush=True)
    return took


def accessibles(role, name):
    """The game's accessibles with this role and name (the board's squares left out)."""
    found = []
    for node in atspi_game.walk(skip_role=Atspi.Role.TABLE_CELL):
        try:
            if node.get_role() == role and node.get_name() == name:
                found.append(node)
        except GLib.Error:
            continue
    return found


def box(env, node):
    """(left, top, right, bottom) on the screen. The accessibles give coordinates from the corner
    of the window's content, inside the border GTK draws without a window manager; the window's
    own extents leave that border out (GTK 4.8) or start at its outer corner (GTK 4.18)."""
    frame = Atspi.Component.get_extents(the(Atspi.Role.FRAME, 'Verso'), Atspi.CoordType.WINDOW)
    width, height = window_size(env)
    x, y = (width - frame.width) // 2 - frame.x, (height - frame.height) // 2 - frame.y
    r = Atspi.Component.get_extents(node, Atspi.CoordType.WINDOW)
    return r.x + x, r.y + y, r.x + r.width + x, r.y + r.height + y


def inside(inner, outer, slack=0):
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def the(role, name):
    """The one accessible with this role and name: the twins of a widget for the other layout
    (the narrow header, the bar under the board) must be out of a screen reader's reach."""
    found = accessibles(role, name)
    if len(found) != 1:
        fail('%d accessibles named %r with the role %s, not one' % (len(found), name, role.value_nick))
    return found[0]


def the_button(env, name):
    """The one button named name; a menu button and the button inside it are one button."""
    found = accessibles(Atspi.Role.PUSH_BUTTON, name) + accessibles(Atspi.Role.TOGGLE_BUTTON, name)
    boxes = [box(env, node) for node in found]
    if not found or any(not inside(b, boxes[0]) and not inside(boxes[0], b) for b in boxes):
        fail('%d buttons named %r, not one: %s' % (len(found), name, boxes))
    return found[0]


def shown_box(env, node, what):
    """The box of a widget on the screen: with a size, inside the window (GTK 4.8 gives its
    accessibles no SHOWING state). The header bar's buttons may reach into the window's border
    by a pixel or two."""
    b = box(env, node)
    if b[2] <= b[0] or b[3] <= b[1] or not inside(b, window_box(env), slack=3):
        fail('%s is not on the screen: %s, the window %s' % (what, b, window_box(env)))
    return b


# --- the screen ---

def colour_box(screen, colour, least=1):
    """The box (left, top, right, bottom) of the columns and rows with at least least pixels of
    colour (a few stray pixels of it elsewhere left out), and how many there are in all."""
    columns, rows = [0] * screen.width, [0] * screen.height
    for y in range(screen.height):
        row = screen.pixels[3 * y * screen.width:3 * (y + 1) * screen.width]
        for x in range(screen.width):
            r, g, b = row[3 * x:3 * x + 3]
            if abs(r - colour[0]) < 6 and abs(g - colour[1]) < 6 and abs(b - colour[2]) < 6:
                columns[x] += 1
                rows[y] += 1
    xs = [x for x, n in enumerate(columns) if n >= least]
    ys = [y for y, n in enumerate(rows) if n >= least]
    if not xs or not ys:
        return None, 0
    return (min(xs), min(ys), max(xs) + 1, max(ys) + 1), sum(columns)


def check_board(env, app, where):
    """The board is square, inside the window and whole (nothing over it); returns its box.
    (Screen.find_board averages the board's sides, which would hide one that is not square.)"""
    app.screen.grab()
    cells, count = colour_box(app.screen, window.CELL_GREEN)
    if count < 1000:
        fail('%s: no board on the screen' % where)
    left, top, right, bottom = cells
    if abs((right - left) - (bottom - top)) > 2:
        fail('%s: the board is %d x %d px, not square' % (where, right - left, bottom - top))
    if not inside(cells, window_box(env)):
        fail('%s: the board %s is not inside the window %s' % (where, cells, window_box(env)))
    app.geometry = app.screen.find_board()
    board = app.board()
    if '?' in board:
        fail('%s: the board cannot be read whole: %s' % (where, board))
    print('%s: the board is %d x %d px at (%d, %d)' % (where, right - left, bottom - top, left, top), flush=True)
    return cells


def side_pane(screen):
    """The box of the evaluation graph's plot when the side pane is on the screen, else None."""
    screen.grab()
    plot, count = colour_box(screen, PLOT_GREEN, least=40)
    return plot if count > 4000 else None


def wait_side_pane(env, screen, shown, where):
    wait_until(lambda: (side_pane(screen) is not None) == shown,
               '%s: the side pane to be %s' % (where, 'shown' if shown else 'hidden'), 10)
    plot = side_pane(screen)
    if plot and not inside(plot, window_box(env)):
        fail('%s: the side pane\'s graph %s is not inside the window' % (where, plot))
    print('%s: the side pane is %s' % (where, 'shown' if shown else 'hidden'), flush=True)
    return plot


def subtitle_labels(env):
    """(box, text) of the labels in the header that show the subtitle or a part of it, top to
    bottom: the whole subtitle, or its first and second halves."""
    found = []
    for node in atspi_game.walk(skip_role=Atspi.Role.TABLE_CELL):
        try:
            if node.get_role() == Atspi.Role.LABEL and node.get_name() and node.get_name() in SUBTITLE:
                found.append((box(env, node), node.get_name()))
        except GLib.Error:
            continue
    return sorted((b, text) for b, text in found if b[1] < 150)


def check_subtitle_whole(env, one_line, where):
    """The subtitle is under the title, inside the window, and shows all its text: on one line,
    on two split at a dot, or wrapped on enough lines for it, never cut short."""
    labels = subtitle_labels(env)
    if ' · '.join(text for _, text in labels) != SUBTITLE:
        fail('%s: the header shows %s, not the whole subtitle' % (where, [text for _, text in labels]))
    title = shown_box(env, the(Atspi.Role.LABEL, 'Verso'), '%s: the title' % where)
    for (left, top, right, bottom), text in labels:
        width, height = right - left, bottom - top
        lines = round(height / one_line[1])
        if width <= 0 or not inside((left, top, right, bottom), window_box(env)) or top < title[3] - 2:
            fail('%s: the subtitle\'s %r is not on the screen under the title: %s' % (where, text, (left, top, right, bottom)))
        if lines * width < 0.9 * one_line[0] * len(text) / len(SUBTITLE):
            fail('%s: %r is %d x %d px (%d line(s)): too small for its text, %d px on one line for the whole subtitle'
                 % (where, text, width, height, lines, one_line[0]))
        print('%s: %r is %d x %d px, on %d line(s)' % (where, text, width, height, lines), flush=True)
    return len(labels)


def click(env, node):
    """A click on the accessible's widget; the pointer leaves then, so that no tooltip (a window
    of its own) comes up."""
    left, top, right, bottom = box(env, node)
    subprocess.run(['xdotool', 'mousemove', str((left + right) // 2), str((top + bottom) // 2), 'click', '1',
                    'mousemove', '999', '999'], env=env, check=True)


# --- the tests ---

def test_phone_size(env, home, screen):
    """Against the computer: at 360 x 640 the board is square, whole and playable; Undo, Redo,
    Hint and Moves are in the bar under it, New Game and the menu above it; the side pane is
    folded away, shown over the board by F9 and by the bar's Moves and hidden again; back at the
    default size, all is as it was."""
    env = settings_env(env, home, 'phone', {'game-mode': "'versus-computer'", 'player-color': "'black'",
                                            'level': "'beginner'", 'window-width': DEFAULT[0],
                                            'window-height': DEFAULT[1]})
    app = window.App(env, screen)
    board = check_board(env, app, 'default size')
    plot = wait_side_pane(env, screen, True, 'default size')
    if plot[0] < board[2]:
        fail('default size: the side pane is not beside the board')

    if resize(env, PHONE) != PHONE:
        fail('the window did not take the phone size %d x %d' % PHONE)
    wait_side_pane(env, screen, False, 'phone size')
    board = check_board(env, app, 'phone size')
    # The board's frame carries the coordinates (on by default): the grid is narrower than it.
    if board[2] - board[0] < PHONE[0] - 90:
        fail('at the phone size the board is %d px wide: it should take the window\'s width' % (board[2] - board[0]))
    for name in ('Undo Move', 'Redo Move', 'Show the Best Move', 'Show the Moves'):
        if shown_box(env, the_button(env, name), 'phone size: ' + name)[1] < board[3]:
            fail('phone size: %s is not under the board' % name)
    for name in ('New Game', 'Main Menu'):
        if shown_box(env, the_button(env, name), 'phone size: ' + name)[3] > board[1]:
            fail('phone size: %s is not above the board' % name)
    print('phone size: Undo, Redo, Hint and Moves under the board; New Game and the menu above it', flush=True)

    # Playable: a click plays, the computer answers.
    position = window.play_round(app, app.board(), window.legal_moves(app.board(), BLACK)[0])

    # The side pane on demand, over the board: F9, then the bar's Moves; and away again.
    app.key('F9')
    wait_side_pane(env, screen, True, 'phone size, F9')
    app.key('F9')
    wait_side_pane(env, screen, False, 'phone size, F9 again')
    click(env, the_button(env, 'Show the Moves'))
    wait_side_pane(env, screen, True, 'phone size, the bar\'s Moves')
    click(env, the_button(env, 'Show the Moves'))
    wait_side_pane(env, screen, False, 'phone size, the bar\'s Moves again')
    if app.board() != position:
        fail('the position changed while the side pane came and went: %s' % app.board())

    # The default size again: the buttons in the header, the side pane beside the board.
    if resize(env, DEFAULT) != DEFAULT:
        fail('the window did not take the default size again')
    board = check_board(env, app, 'default size again')
    plot = wait_side_pane(env, screen, True, 'default size again')
    if plot[0] < board[2]:
        fail('default size again: the side pane is not beside the board')
    if shown_box(env, the_button(env, 'Undo Move'), 'default size again: Undo')[3] > board[1]:
        fail('default size again: Undo is not in the header')
    app.quit()


def test_computer_against_itself_subtitle(env, home):
    """The computer against itself under the Reverse rules, Intermediate against Advanced: the
    longest subtitle, on one line in a wide window, on two at the default size, wrapped whole at
    the phone size (Pause then under the board), and whole when the game starts at the phone size."""
    keys = {'game-mode': "'computer-only'", 'rules': "'reverse'", 'black-level': "'intermediate'",
            'white-level': "'advanced'", 'computer-pause': '5.0',
            'window-width': DEFAULT[0], 'window-height': DEFAULT[1]}
    started = settings_env(env, home, 'levels', keys)
    process = atspi_game.start(started, (), lambda: subtitle_labels(started), 'the subtitle')
    if resize(started, WIDE) != WIDE:
        fail('the window did not take the size %d x %d' % WIDE)
    left, top, right, bottom = shown_box(started, the(Atspi.Role.LABEL, SUBTITLE), 'wide window: the subtitle')
    one_line = right - left, bottom - top
    if check_subtitle_whole(started, one_line, 'wide window') != 1:
        fail('wide window: the subtitle is not on one line')
    for size, where in ((DEFAULT, 'default size'), (PHONE, 'phone size')):
        if resize(started, size) != size:
            fail('the window did not take the %s, %d x %d' % ((where,) + size))
        check_subtitle_whole(started, one_line, where)
    # Pause too leaves the header for the bar under the board.
    if shown_box(started, the_button(started, 'Pause'), 'phone size: Pause')[1] < PHONE[1] * 3 // 4:
        fail('phone size: Pause is not in the bar under the board')
    atspi_game.stop(process)

    keys.update({'window-width': PHONE[0], 'window-height': PHONE[1]})
    started = settings_env(env, home, 'levels-phone', keys)
    process = atspi_game.start(started, (), lambda: subtitle_labels(started), 'the subtitle')
    wait_settled(started)
    if window_size(started) != PHONE:
        fail('started at the phone size, the window is %d x %d' % window_size(started))
    check_subtitle_whole(started, one_line, 'started at the phone size')
    atspi_game.stop(process)


def main():
    with atspi_game.session('verso-narrow-', tools=('import', 'xwininfo')) as (env, home):
        screen = window.Screen(env)
        test_phone_size(env, home, screen)
        test_computer_against_itself_subtitle(env, home)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
