#!/usr/bin/env python3
"""Gives Demon of Ignorance a library of human setups (docs/ucc.md).

    scripts/demon_setups.py FOLDER [COUNT] [SEED]

Demon of Ignorance (braathwaate/stratego) draws its setup at random from the files that
its `ai.cfg` lists; those files are not stored with its sources, and without them it
plays one fixed setup with an unbombed Flag in a corner, which no serious opponent does.
This writes, into FOLDER (the bot's working folder):

- `bombed.stg`: COUNT setups (default 400) drawn with SEED (default 1) from the Gravon
  human setups in `../shared/data/setups/classic-gravon.txt`, in Demon's binary format;
- `ai.cfg`: one line `bombed.stg,N` per setup, N from 1;
- `chosen.txt`: the same setups in the corpus's own letters, one a line.

Demon's format: per setup, 80 bytes, the (x, y) square of each of its 40 pieces in the
order it keeps its tray (Flag, Spy, Marshal, General, Colonels, Majors, Captains,
Lieutenants, Sergeants, Miners, Scouts, Bombs), y 0 its back row, x 0 to 9 along it. An
entry `file,N` starts reading at byte 80 * (N - 1). The corpus writes a setup front row
first, and does not record which way its columns run, so a setup and its mirror image
are equally human; this keeps the corpus's columns.

After writing, the file is read back and every setup compared with the corpus line it
came from; a mismatch is an error (exit status 1).
"""

import os
import random
import sys

CORPUS = os.path.join(
    os.path.dirname(os.path.abspath(__file__)),
    "..", "..", "shared", "data", "setups", "classic-gravon.txt",
)
USAGE = "scripts/demon_setups.py FOLDER [COUNT] [SEED]"
# The classic army in the corpus's letters (README of the setups), in Demon's tray order,
# with how many of each kind a setup holds.
ARMY = [("M", 1), ("C", 1), ("L", 1), ("K", 1), ("J", 2), ("I", 3), ("H", 4), ("G", 4),
        ("F", 4), ("E", 5), ("D", 8), ("B", 6)]
WIDTH, ROWS = 10, 4


def encode(line):
    """The 80 bytes of one corpus line, or a ValueError if it is not a classic army."""
    if len(line) != WIDTH * ROWS or any(line.count(k) != n for k, n in ARMY):
        raise ValueError(f"not a classic army on 40 squares: {line!r}")
    out = bytearray()
    for letter, _ in ARMY:
        for i, ch in enumerate(line):
            if ch == letter:
                row_from_front, x = divmod(i, WIDTH)
                out += bytes([x, ROWS - 1 - row_from_front])
    return bytes(out)


def decode(block):
    """The corpus line that 80 bytes place the army on ('?' where no piece stands)."""
    letters = "".join(k * n for k, n in ARMY)
    squares = ["?"] * (WIDTH * ROWS)
    for n, letter in enumerate(letters):
        x, y = block[2 * n], block[2 * n + 1]
        squares[(ROWS - 1 - y) * WIDTH + x] = letter
    return "".join(squares)


def main(argv):
    if len(argv) < 2 or len(argv) > 4:
        print(f"usage: {USAGE}", file=sys.stderr)
        return 2
    folder = argv[1]
    try:
        count = int(argv[2]) if len(argv) > 2 else 400
        seed = int(argv[3]) if len(argv) > 3 else 1
    except ValueError as e:
        print(f"demon_setups.py: {e}", file=sys.stderr)
        return 2
    try:
        with open(CORPUS) as f:
            lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    except OSError as e:
        print(f"demon_setups.py: cannot read the setups: {e}", file=sys.stderr)
        return 2
    if not 1 <= count <= len(lines):
        print(f"demon_setups.py: COUNT must be 1 to {len(lines)}", file=sys.stderr)
        return 2
    chosen = random.Random(seed).sample(lines, count)
    try:
        data = b"".join(encode(l) for l in chosen)
    except ValueError as e:
        print(f"demon_setups.py: {e}", file=sys.stderr)
        return 1
    try:
        with open(os.path.join(folder, "bombed.stg"), "wb") as f:
            f.write(data)
        with open(os.path.join(folder, "ai.cfg"), "w") as f:
            f.writelines(f"bombed.stg,{n}\n" for n in range(1, count + 1))
        with open(os.path.join(folder, "chosen.txt"), "w") as f:
            f.writelines(l + "\n" for l in chosen)
        with open(os.path.join(folder, "bombed.stg"), "rb") as f:
            back = f.read()
    except OSError as e:
        print(f"demon_setups.py: {e}", file=sys.stderr)
        return 2
    for n, line in enumerate(chosen):
        if decode(back[80 * n : 80 * (n + 1)]) != line:
            print(f"demon_setups.py: setup {n + 1} does not read back", file=sys.stderr)
            return 1
    print(f"{count} setups (seed {seed}) written to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
