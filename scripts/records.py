#!/usr/bin/env python3
"""Reads the records of `stratagem match --records FILE` for a player named ENGINE.

  scripts/records.py summary FILE [ENGINE]
      each game's end from ENGINE's side (wins and losses by reason), and how many of
      ENGINE's pieces, by letter, attacked a Bomb and lost;
  scripts/records.py calibration FILE BINARY [ENGINE]
      for every attack ENGINE made on a piece whose rank it did not know, reads the position
      back through BINARY's `d` and compares the belief's Bomb and Flag probabilities with
      what the piece was (only the four likeliest kinds are printed by `d`; a kind not among
      them counts as 0).

  scripts/records.py flags FILE... [--engine ENGINE]
      by where the Flag stood in the setup ENGINE held (walled in: back row with a Bomb on
      every neighbouring square; another back-row square; further forward), the games,
      the games lost and the games lost by a Flag capture (classic-sized setups only).

ENGINE defaults to "engine", the name scripts/ladder.sh gives it.
"""
import collections
import re
import subprocess
import sys


def games(path):
    for text in open(path).read().split("[Event")[1:]:
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', text))
        body = text.split("\n\n", 1)[1]
        moves = [t for t in body.split()
                 if not re.match(r"^\d+\.$", t) and t not in ("1-0", "0-1", "1/2-1/2")]
        yield tags, moves


def plies(tags, moves, me):
    """(index, move, whether ENGINE played it) along the game."""
    side = tags["First"]
    for i, m in enumerate(moves):
        yield i, m, side == me
        side = "blue" if side == "red" else "red"


def side_of(tags, engine):
    return "red" if tags["Red"] == engine else "blue"


def summary(path, engine):
    ends, bombs, n = collections.Counter(), collections.Counter(), 0
    for tags, moves in games(path):
        n += 1
        me = side_of(tags, engine)
        result = tags["Result"]
        reason = re.sub(r"^(Red|Blue) ", "", tags["Termination"])
        if result == "1/2-1/2":
            ends["draw: " + reason] += 1
        else:
            won = (result == "1-0") == (me == "red")
            ends[("win: " if won else "loss: ") + reason] += 1
        for _, m, mine in plies(tags, moves, me):
            b = re.match(r"^[a-m]\d+[a-m]\d+x(.)(.)(.)$", m)
            if mine and b and b.group(2) == "B" and b.group(3) == "<":
                bombs[b.group(1)] += 1
    print(f"{n} games")
    for k, v in sorted(ends.items()):
        print(f"  {k}: {v}")
    print("  pieces lost attacking a Bomb:", dict(sorted(bombs.items())))


def flag_class(setup):
    """Where the Flag stands in a 4-row setup (front row first): walled, back or forward."""
    rows = setup.split("/")
    for r, row in enumerate(rows):
        f = row.find("F")
        if f < 0:
            continue
        if r != len(rows) - 1:
            return "forward"
        near = [rows[rr][ff] for rr, ff in ((r - 1, f), (r, f - 1), (r, f + 1))
                if 0 <= rr < len(rows) and 0 <= ff < len(row)]
        return "walled" if all(c == "B" for c in near) else "back"
    return "none"


def flags(paths, engine):
    counts = collections.defaultdict(collections.Counter)
    for path in paths:
        for tags, _ in games(path):
            if engine not in (tags.get("Red"), tags.get("Blue")):
                continue
            me = side_of(tags, engine)
            kind = flag_class(tags["RedSetup" if me == "red" else "BlueSetup"])
            result = tags["Result"]
            lost = result != "1/2-1/2" and (result == "1-0") != (me == "red")
            counts[kind]["games"] += 1
            counts[kind]["lost"] += lost
            counts[kind]["flag taken"] += lost and "flag" in tags["Termination"]
    for kind in ("walled", "back", "forward"):
        c = counts[kind]
        if c["games"]:
            print(f"{kind:8} games {c['games']:5}  lost {c['lost']:4} "
                  f"({100 * c['lost'] / c['games']:.1f} %)  flag taken {c['flag taken']:4} "
                  f"({100 * c['flag taken'] / c['games']:.1f} %)")


def calibration(path, binary, engine):
    rows = []
    for tags, moves in games(path):
        me = side_of(tags, engine)
        setup = tags["RedSetup" if me == "red" else "BlueSetup"]
        asks = []
        for i, m, mine in plies(tags, moves, me):
            b = re.match(r"^([a-m]\d+)([a-m]\d+)x(.)(.)(.)$", m)
            if mine and b:
                asks.append((b.group(2), b.group(4), f"position {me} first {tags['First']} "
                             f"setup {setup} moves {' '.join(moves[:i])}"))
        if not asks:
            continue
        script = "".join(f"{cmd}\nd\nisready\n" for _, _, cmd in asks) + "quit\n"
        out = subprocess.run([binary], input="isready\n" + script, capture_output=True,
                             text=True).stdout
        for (square, truth, _), block in zip(asks, out.split("readyok")[1:]):
            line = re.search(rf"belief {square}( \(moved\))?: (.*)", block)
            if line:
                p = {k: int(v) / 100 for k, v in re.findall(r"(\w) (\d+)%", line.group(2))}
                rows.append((truth, p))
    for letter in "BF":
        bins = collections.defaultdict(lambda: [0, 0, 0.0])
        for truth, p in rows:
            b = bins[min(int(p.get(letter, 0) * 5), 4)]
            b[0] += 1
            b[1] += truth == letter
            b[2] += p.get(letter, 0)
        print(f"{letter}: {len(rows)} attacks on unidentified pieces")
        for k in sorted(bins):
            n, hits, total = bins[k]
            print(f"  predicted {total / n:.2f}  actual {hits / n:.2f}  attacks {n}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) >= 2 and args[0] == "summary":
        summary(args[1], args[2] if len(args) > 2 else "engine")
    elif len(args) >= 2 and args[0] == "flags":
        engine = "engine"
        if "--engine" in args[:-1]:
            i = args.index("--engine")
            engine = args[i + 1]
            args = args[:i] + args[i + 2:]
        flags(args[1:], engine)
    elif len(args) >= 3 and args[0] == "calibration":
        calibration(args[1], args[2], args[3] if len(args) > 3 else "engine")
    else:
        sys.exit(__doc__)
