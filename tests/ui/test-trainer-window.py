#!/usr/bin/env python3
"""Train Openings in the real window, read through the AT-SPI bus as a screen reader would, the
trainer's replies fixed by VERSO_TRAINER_SEED: Ctrl+Shift+T shows the chooser (the book's main
lines as Black, not trained yet), Start shows the line; f5 played with the board's cursor keys is
right and the trainer replies d6; c7 is off the lines, its loss and the right moves named, and the
move taken back, and its position joins the practice deck (practice.ini, once analysed); c3,
one of them, is right again. Then Escape closes the window and the main window goes on. Your
games: after a game against the computer begun with e6 and left for a new one (so kept in the
Library), the choice says it follows that one game as Black, and the trainer's first reply after
e6 is the computer's answer in that game.
Run inside dbus-run-session. Usage: test-trainer-window.py VERSO SCHEMA_DIR"""

import os

import verso_ui_test.atspi as atspi_game
from verso_ui_test.atspi import wait_until, stop, key, board_description, press, button
from verso_ui_test.atspi import board_named, play_on_board, label_matching
window = atspi_game.window
E6 = 44


def test_a_line_of_the_main_lines(env):
    app = atspi_game.start(env, [], board_description, 'the board to appear')
    key(env, 'ctrl+shift+t')
    wait_until(lambda: label_matching(r'^Not trained yet\.$'), 'the chooser\'s progress', 15)
    press(wait_until(lambda: button('Start'), 'the Start button', 10))
    wait_until(lambda: label_matching(r'^Your move as Black$'), 'the task', 10)
    play_on_board(env, 'Training board', 'f5')
    right = wait_until(lambda: label_matching(r'^Right: f5 is a book move \([+−]?\d+\)$'), 'the verdict on f5', 10)
    reply = wait_until(lambda: label_matching(r'^The trainer played d6\.$'), 'the trainer\'s reply', 10)
    print('“%s”, then “%s”' % (right, reply), flush=True)
    wait_until(lambda: label_matching(r'^Your move as Black$'), 'the person\'s turn again', 10)
    play_on_board(env, 'Training board', 'c7')
    wrong = wait_until(lambda: label_matching(r'^Off the lines: c7 loses \d+ discs; the right ones: .*c3 '),
                       'the verdict on c7 naming c3', 10)
    print('a wrong move: “%s”' % wrong, flush=True)
    if 'Black to move' not in (board_named('Training board').get_description() or ''):
        window.fail('the move off the lines was not taken back: ' + (board_named('Training board').get_description() or ''))
    # After f5 d6, c7 was Black's mistake: the deck's card for that position records it.
    deck = os.path.join(env['XDG_DATA_HOME'], 'verso', 'practice.ini')
    card = '[' + '-' * 27 + 'OX' + '-' * 6 + 'OXX' + '-' * 5 + 'O' + '-' * 20 + ' X]'
    text = window.wait_for_file(deck, 'the practice deck with the position of c7', lambda t: card in t, 30)
    if 'played=c7' not in text.split(card, 1)[1].split('[', 1)[0]:
        window.fail('the card of c7\'s position does not record c7:\n%s' % text)
    print('the position joined the practice deck, c7 recorded', flush=True)
    play_on_board(env, 'Training board', 'c3')
    again = wait_until(lambda: label_matching(r'^Right: c3 is a book move'), 'the verdict on c3', 10)
    print('then “%s”' % again, flush=True)
    key(env, 'Escape')
    wait_until(lambda: board_named('Training board') is None, 'the trainer\'s window to close', 10)
    stop(app)


def test_your_games(env, home):
    env = atspi_game.settings_env(env, home, 'your-games', {'game-mode': "'versus-computer'", 'player-color': "'black'",
                                                            'coach': 'false'})
    app = atspi_game.start(env, [], board_description, 'the board to appear')
    atspi_game.wait_for_game()
    atspi_game.play_with_cursor(env, E6)
    try:
        wait_until(lambda: len(atspi_game.move_names()) >= 2, lambda: 'the computer\'s answer to e6 (moves %r)'
                   % atspi_game.move_names(), 60)
    except SystemExit:
        window.shot(env, 'your-games')
        raise
    answer = atspi_game.move_names()[1].split()[2].rstrip(',')
    key(env, 'ctrl+n')
    wait_until(lambda: button('Start'), 'the New Game dialog', 10)
    key(env, 'Return')
    # The game in progress is asked about: Discard by its mnemonic (it is kept in the Library all
    # the same: left for another game).
    wait_until(lambda: button('Discard'), 'the question about the game in progress', 10)
    key(env, 'alt+d')
    wait_until(lambda: not atspi_game.move_names(), 'the new game', 15)
    key(env, 'ctrl+shift+t')
    wait_until(lambda: label_matching(r'^Not trained yet\.$'), 'the chooser\'s progress', 15)
    # The opening's dropdown has the keyboard: open it, the second choice, Enter.
    key(env, 'space')
    key(env, 'Down')
    key(env, 'Return')
    wait_until(lambda: label_matching(r'^The trainer answers as your opponents did in your 1 game as Black\.'),
               'Your games following the one game kept', 15)
    press(wait_until(lambda: button('Start'), 'the Start button', 10))
    wait_until(lambda: label_matching(r'^Your move as Black$'), 'the task', 10)
    play_on_board(env, 'Training board', 'e6')
    reply = wait_until(lambda: label_matching(r'^The trainer played [a-h][1-8]\.$'), 'the trainer\'s reply', 10)
    if reply != 'The trainer played %s.' % answer:
        window.fail('after e6 the trainer played “%s”, not the computer\'s %s of the game kept' % (reply, answer))
    print('your games: after e6, “%s”, as in the game kept' % reply, flush=True)
    key(env, 'Escape')
    wait_until(lambda: board_named('Training board') is None, 'the trainer\'s window to close', 10)
    stop(app)


def main():
    with atspi_game.session('verso-trainer-') as (env, home):
        env = dict(env, VERSO_TRAINER_SEED='1')
        test_a_line_of_the_main_lines(env)
        test_your_games(env, home)
        print('PASS', flush=True)


if __name__ == '__main__':
    main()
