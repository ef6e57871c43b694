#!/usr/bin/env python3
# test-cli-analyze-pv.py: `verso-engine analyze --pv` as a user reads it: each move's line starts
# with the move, every move of it is legal in turn (replayed here by rules written apart from the
# engine's), a pass is PA and only where it is forced, and in solving range every exact line the
# engine finishes ends the game with the final disc difference the score promised.
# Usage: test-cli-analyze-pv.py ENGINE DATA_DIR [POSITIONS]

import subprocess
import sys

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def parse_board(text):
    """A board string ('X', 'O', '-' by rows from a1, then the side to move) as a dict and a side."""
    squares, side = text.split()[:2]
    board = {(i % 8, i // 8): squares[i] for i in range(64) if squares[i] in "XO"}
    return board, side


def flips(board, side, square):
    if square in board:
        return []
    other = "O" if side == "X" else "X"
    flipped = []
    for dx, dy in DIRECTIONS:
        run = []
        x, y = square[0] + dx, square[1] + dy
        while (x, y) in board and board[(x, y)] == other:
            run.append((x, y))
            x, y = x + dx, y + dy
        if run and board.get((x, y)) == side:
            flipped += run
    return flipped


def has_move(board, side):
    return any(flips(board, side, (x, y)) for x in range(8) for y in range(8))


def final_difference(board, side):
    """The final disc difference for side, the empty squares going to the winner."""
    mine = sum(1 for disc in board.values() if disc == side)
    theirs = len(board) - mine
    empties = 64 - len(board)
    difference = mine - theirs
    return difference + empties if difference > 0 else difference - empties if difference < 0 else 0


def replay(board, side, line, where):
    """Plays line on (a copy of) board; returns the board and the side to move after it."""
    board = dict(board)
    other = {"X": "O", "O": "X"}
    for ply, name in enumerate(line):
        if name == "PA":
            if has_move(board, side) or not has_move(board, other[side]):
                fail(f"{where}: ply {ply + 1} is a pass that is not forced")
        else:
            if len(name) != 2 or name[0] not in "abcdefgh" or name[1] not in "12345678":
                fail(f"{where}: ply {ply + 1} '{name}' is not a square")
            square = (ord(name[0]) - ord("a"), int(name[1]) - 1)
            flipped = flips(board, side, square)
            if not flipped:
                fail(f"{where}: ply {ply + 1} {name} is not legal")
            for disc in flipped + [square]:
                board[disc] = side
        side = other[side]
    return board, side


def check_position(engine, text):
    output = subprocess.run([engine, "analyze", "--pv", text], capture_output=True, text=True,
                            check=False)
    if output.returncode != 0:
        fail(f"analyze --pv {text}: exit {output.returncode}: {output.stderr}")
    board, side = parse_board(text)
    lines = [line for line in output.stdout.splitlines()[1:-1]]
    if not lines:
        fail(f"{text}: no moves in {output.stdout!r}")
    finished = 0
    for number, line in enumerate(lines):
        words = line.split()
        if "pv" not in words:
            fail(f"{text}: no line in '{line}'")
        move, score = words[0], int(words[1])
        pv = words[words.index("pv") + 1:]
        if not pv or pv[0] != ("PA" if move == "pass" else move):
            fail(f"{text}: '{line}' does not start with its move")
        end, end_side = replay(board, side, pv, f"{text}: '{line}'")
        if "exact" not in words:
            continue
        game_over = not has_move(end, end_side) and not has_move(end, "O" if end_side == "X" else "X")
        if number == 0 and not game_over:
            fail(f"{text}: the best move's exact line '{line}' stops before the end of the game")
        if game_over:
            finished += 1
            if final_difference(end, side) != score:
                fail(f"{text}: '{line}' ends {final_difference(end, side):+d}, not {score:+d}")
    return finished, len(lines)


def main():
    engine, data = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    positions = []
    for name in ("fforum-1-19.obf", "fforum-20-39.obf"):
        with open(f"{data}/{name}", encoding="utf-8") as file:
            positions += [line.split(";")[0] for line in file if line.strip()]
    finished = moves = 0
    # fforum-1-19 and the easier of 20-39 (the first ones): solved within a second each.
    for text in positions[:count]:
        done, total = check_position(engine, text)
        finished += done
        moves += total
    # A midgame position out of solving range: lines legal, each starting with its move.
    check_position(engine, "---------------------------OX------XXX-------------------------- O")
    print(f"{count} positions: {finished} of {moves} exact lines end the game with their score")
    print("PASS")


main()
