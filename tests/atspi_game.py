"""The game's accessibility tree as the AT-SPI window tests read it (test-accessibility.py,
test-analysis-window.py, test-coach-window.py): one walk over the accessibles of the running
'verso' application. The caller has checked that the AT-SPI bindings are installed."""

import gi

gi.require_version('Atspi', '2.0')
from gi.repository import Atspi, GLib  # noqa: E402


def walk(skip_role=None):
    """Every accessible of the game, depth first; a node with skip_role is left out with its
    children, and so is one that vanished while it was read."""
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        application = desktop.get_child_at_index(i)
        if application is None or application.get_name() != 'verso':
            continue
        stack = [application]
        while stack:
            node = stack.pop()
            try:
                if skip_role is not None and node.get_role() == skip_role:
                    continue
                children = [node.get_child_at_index(k) for k in range(node.get_child_count())]
            except GLib.Error:
                continue
            yield node
            stack.extend(children)


def find(predicate):
    """The first accessible of the game for which predicate holds, or None."""
    for node in walk():
        try:
            if predicate(node):
                return node
        except GLib.Error:
            continue
    return None
