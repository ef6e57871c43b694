#!/usr/bin/env python3
"""A fake NBoard engine for the tests of hosted engines (src/host): it plays the first legal
move, or misbehaves as its first argument says.

Usage: fake-nboard-engine.py MODE [N]
  good           answers every `go` with the first legal move (a1, b1 .. h8 order)
  scored         the same, with the score N (default 4.6 discs) instead of 0.0
  bare           the same, with no score (`=== F5`)
  noisy          the same, after informational lines, a 100 kB line, binary bytes and a line
                 without its end split over two writes
  exit-at-start  exits with status 3 before reading anything
  silent         reads everything and never answers
  exit-mid-game  plays N moves (default 2), then exits with status 4 at the next `go`
  crash          plays N moves (default 2), then kills itself with SIGSEGV
  garbage        answers `go` with `=== hello`
  illegal        answers `go` with `=== D4` (never empty: a square of the start)
  long-reply     answers `go` with `===` and 10000 more bytes
  hang           answers `ping`, never `go`
"""
import os
import re
import signal
import sys
import time

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def flips(board, square, me):
    """The squares a move by `me` ('*' or 'O') at square (0..63) flips."""
    if board[square] != '-':
        return []
    other = 'O' if me == '*' else '*'
    row, col = divmod(square, 8)
    flipped = []
    for dr, dc in DIRECTIONS:
        r, c, line = row + dr, col + dc, []
        while 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == other:
            line.append(r * 8 + c)
            r, c = r + dr, c + dc
        if line and 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == me:
            flipped += line
    return flipped


def legal_moves(board, me):
    return [s for s in range(64) if flips(board, s, me)]


def position(record):
    """The board and the side to move after a GGF record's moves."""
    found = re.search(r'BO\[8 ([-*O]{64}) ([*O])\]', record)
    board, me = list(found.group(1)), found.group(2)
    for colour, move in re.findall(r'([BW])\[([A-Za-z][A-Za-z0-9])', record[found.end():]):
        if move.upper() != 'PA':
            square = (int(move[1]) - 1) * 8 + ord(move[0].lower()) - ord('a')
            for s in flips(board, square, me) + [square]:
                board[s] = me
        me = 'O' if me == '*' else '*'
    return board, me


def say(text):
    sys.stdout.write(text + '\n')
    sys.stdout.flush()


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else 'good'
    count = int(sys.argv[2]) if len(sys.argv) > 2 and mode != 'scored' else 2
    score = sys.argv[2] if len(sys.argv) > 2 and mode == 'scored' else '4.6'
    if mode == 'exit-at-start':
        sys.exit(3)
    record, moves = '', 0
    for line in sys.stdin:
        words = line.split(None, 1)
        command = words[0] if words else ''
        argument = words[1].strip() if len(words) > 1 else ''
        if mode == 'silent':
            continue
        if command == 'nboard':
            say('set myname Fake-' + mode)
        elif command == 'ping':
            say('pong ' + argument)
        elif command == 'set' and argument.startswith('game '):
            record = argument[5:]
        elif command == 'quit':
            return
        elif command == 'go':
            if mode in ('exit-mid-game', 'crash') and moves >= count:
                if mode == 'crash':
                    os.kill(os.getpid(), signal.SIGSEGV)
                sys.exit(4)
            if mode == 'hang':
                continue
            if mode == 'garbage':
                say('=== hello')
                continue
            if mode == 'illegal':
                say('=== D4')
                continue
            if mode == 'long-reply':
                say('===' + 'x' * 10000)
                continue
            if mode == 'noisy':
                say('status thinking')
                say('nodestats 1000 0.01')
                say('search F5 0.00 0 1')
                say('x' * 100000)
                sys.stdout.buffer.write(b'\x00\x01\xff binary\r\n')
                sys.stdout.write('status ')
                sys.stdout.flush()
                time.sleep(0.01)
                say('still thinking')
            board, me = position(record)
            legal = legal_moves(board, me)
            move = 'PA' if not legal else 'abcdefgh'[legal[0] % 8] + str(legal[0] // 8 + 1)
            moves += 1
            if mode == 'bare':
                say('=== ' + move.upper())
            else:
                say('=== ' + move.upper() + '/' + (score if mode == 'scored' else '0.0') + '/0.01')


if __name__ == '__main__':
    main()
