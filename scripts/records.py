#!/usr/bin/env python3
"""Reads the records of `stratagem match --records FILE` for a player named ENGINE.

  scripts/records.py summary FILE [ENGINE]
      each game's end from ENGINE's side (wins and losses by reason), and how many of
      ENGINE's pieces, by letter, attacked a Bomb and lost;
  scripts/records.py calibration FILE BINARY [ENGINE]
      for every attack ENGINE made on an unmoved piece whose rank it did not know, reads the
      position back through BINARY's `d all` (under the record's variant, rules and counts,
      memory off) and compares the belief's Bomb and Flag chances with what the piece was,
      bin by bin, for the whole game and for the plies before 100, from 100 to 249 and from
      250 on. (The search takes each Bomb chance BOMB_DOUBT times the belief's odds.)

  scripts/records.py attacks FILE BINARY [ENGINE] [KINDS]
      every attack by ENGINE's pieces of KINDS (letters, default X9) on a piece whose rank it
      did not know: the move (with what the defender was) and BINARY's belief about the
      defender before it (`d`, memory off; its four likeliest kinds).

  scripts/records.py strikes FILE BINARY [ENGINE]
      every capture of ENGINE's Marshal by a Spy: ENGINE's move just before it, and BINARY's
      belief before that move about the square the Spy struck from (moved or not, its Spy
      chance, its likeliest kinds): whether the engine could have seen it coming.

  scripts/records.py exposure FILE BINARY [ENGINE]
      for each win of ENGINE's identified Marshal (classic only), BINARY's Spy chance
      (`d all`, memory off) before the battle for each hidden enemy neighbour after it,
      against how many were the Spy: moved and unmoved neighbours apart, by bands of the
      chance, and the factor on the belief's odds that fits them best (the measure behind
      MOVED_STRIKER_ODDS).

  scripts/records.py blind FILE BINARY [ENGINE]
      the enemy's blind attacks on ENGINE's pieces as BINARY's `d` counts them (attacks on
      a piece it had not identified that it could not have made knowingly; memory off),
      read after each enemy attack: for each game the ply of every attack that raised the
      count, and the count at the end; then in how many games the count reached 1, 2 and 3,
      and the median ply it first reached 1 (where the search starts to play the enemy as
      attacking blindly, `RECKLESS_ATTACKS`).

  scripts/records.py flags FILE... [--engine ENGINE]
      by where the Flag stood in the setup ENGINE held (walled in: back row with a Bomb on
      every neighbouring square; another back-row square; further forward), the games,
      the games lost and the games lost by a Flag capture (classic-sized setups only).

  scripts/records.py raids FILE... [--engine ENGINE]
      for the games ENGINE lost to a Miner that took a Bomb beside its Flag and then the
      Flag (classic only): how many plies the Miner's Bomb capture came after its previous
      move, whether it had fought before, and how many steps from that Bomb ENGINE's
      nearest piece that beats a Miner stood when the Miner arrived (a guard must stand
      beside the Bomb to take the Miner before it takes the Flag).

  scripts/records.py position FILE ROUND PLY BINARY [ENGINE] [--think MS] [--seed N]
      ENGINE's view before ply PLY of round ROUND as BINARY's `d` prints it (memory off,
      the engine's `Seed` N, default 1), the record's next moves, and with `--think MS`
      BINARY's search from there (`go movetime MS`): to look again at a move of a game.

  scripts/records.py timeline FILE [ENGINE] [--won]
      for each game ENGINE lost (won, with --won; classic only), every battle in order:
      the ply, who attacked ("us" is ENGINE), attacker, defender and outcome (> the
      attacker won, < it lost, = both removed), the square, and the material balance
      from ENGINE's side after it, by the values below.

  scripts/records.py duel FILE [ENGINE]
      the Marshal, the General and the Spy, for ENGINE and for its opponents: in how many
      games each side lost them, and to what (the enemy kind, and whether the lost piece
      attacked or was attacked); and how many of ENGINE's pieces the enemy Marshal took
      once ENGINE had identified it.

  scripts/records.py spy FILE... [--engine ENGINE] [--games]
      the Spies' lives (classic only), ENGINE's and its opponents': how many games each
      moved its Spy and how often (and how many of those moves came while it had
      identified the enemy Marshal), in how many games it was lost, after how many moves
      of its own and to what; with --games, one line a game for ENGINE's Spy.

  scripts/records.py stalking FILE... [--engine ENGINE]
      the Spy's hunt (classic only): the one-square moves of the opponents' hidden pieces
      made while ENGINE's Marshal was identified, by kind (Spy, Scout, the rest) and by band
      (after the move within 2 steps of that Marshal and closer, within 2 and not closer,
      3 or 4 steps, further; lakes ignored), the measure behind STALK_ODDS; and for every
      win by ENGINE's identified Marshal, its hidden neighbours afterwards (moved or not)
      and how many of them were the Spy.

  scripts/records.py flow FILE... [--engine ENGINE]
      where the material went (classic only): every battle by who attacked (ENGINE or its
      opponents), whether the attacker was identified (had fought before) and whether the
      defender was identified, hidden but moved, or hidden and unmoved; per game, how
      many such attacks and the material they won for the attacker, by the values below.
      Then, for each side, how many different pieces it moved in the first 200 plies
      while they were hidden, by kind.

  scripts/records.py avengers FILE... [--engine ENGINE] [--kinds KINDS]
      ENGINE's identified pieces of KINDS (letters, default X987) that a hidden enemy
      piece took (classic only), by how the two came together: ENGINE's piece had just
      won a battle on that square, had just stepped there, or was already there;
      by the kinds on both sides and whether the enemy piece had moved before; and for
      each way, the material those pieces had won in all before (what they took, and the
      attackers that lost against them), beside their own worth: a piece that took two
      Scouts and a Sergeant before a Colonel took it paid its way.

  scripts/records.py neighbours FILE.pgn... BINARY [ENGINE] [--option NAME=VALUE]...
      every third hidden enemy piece beside one of ENGINE's identified pieces, on ENGINE's
      turns (classic only), read back through BINARY's `d all` (memory off, with each
      `--option` set): for our identified Marshal, General, Colonel and Major, the belief's
      mean chance that such a neighbour beats ours, how often it did, and the log loss;
      and the log loss of the neighbour's true kind (the measure behind DECLINE_WEIGHT).

  scripts/records.py material FILE...
      what each kind's material is worth to the result, as the games say (classic only; no
      player named): a logistic fit of the result on both sides' differences in pieces of
      each kind, and on which side holds the strongest movable kind, over every 8th ply
      from ply 20 of every game not lost on time; each value with its standard error
      (games as clusters), in centi-Scouts at 350 a unit of the logistic curve (the
      search's SCORE_SCALE), beside the engine's own values (VALUES below).

ENGINE defaults to "engine", the name scripts/ladder.sh gives it; `--engine NAME` names it
in every form, and a name no player of a game has stops the script with a message.
"""
import collections
import math
import re
import subprocess
import sys
import time


def games(path):
    try:
        with open(path) as f:
            whole = f.read()
    except OSError as e:
        sys.exit(f"records.py: cannot read {path}: {e.strerror}")
    for text in whole.split("[Event")[1:]:
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
    """ENGINE's colour in the game; stops with a message when no player has that name (the
    counts would otherwise be silently another player's)."""
    if engine not in (tags.get("Red"), tags.get("Blue")):
        sys.exit(f"records.py: no player called {engine!r} in round {tags.get('Round', '?')} "
                 f"({tags.get('Red')} against {tags.get('Blue')}); name one with --engine")
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


def rule_options(tags):
    """The `setoption` lines that give an engine the variant, rules and piece counts a record
    was played under, so that its moves replay."""
    lines = [f"setoption name Variant value {tags.get('Variant', 'classic')}\n"]
    for pair in tags.get("Rules", "").split():
        name, _, value = pair.partition("=")
        if value:
            lines.append(f"setoption name {name} value {value}\n")
    return "".join(lines)


def position_line(tags, moves, me, ply):
    """The `position` command that gives ME's view of a record before ply `ply`."""
    setup = tags["RedSetup" if me == "red" else "BlueSetup"]
    return f"position {me} first {tags['First']} setup {setup} moves {' '.join(moves[:ply])}\n"


def views(tags, binary, script, extra=""):
    """BINARY's output for `script` (commands each ending in `isready`) under the record's
    rules with memory off (and the `setoption` lines `extra`), one block per `isready`."""
    out = subprocess.run([binary], input=rule_options(tags) + "setoption name Memory value false\n"
                         + extra + "isready\n" + script + "quit\n", capture_output=True,
                         text=True).stdout
    return out.split("readyok")[1:]


def beliefs(tags, moves, me, binary, asks, command="d", extra=""):
    """For each (ply, square) of `asks`: BINARY's belief line about the enemy piece on
    `square` in ME's view before ply `ply` (`command`, `d` or `d all`, memory off), as
    (moved, {letter: chance}), or None where it printed no line for it (the piece was
    identified)."""
    if not asks:
        return []
    script = "".join(f"{position_line(tags, moves, me, ply)}{command}\nisready\n"
                     for ply, _ in asks)
    found = []
    for (_, square), block in zip(asks, views(tags, binary, script, extra)):
        line = re.search(rf"belief {square}( \(moved\))?: (.*)", block)
        found.append(line and (bool(line.group(1)), {
            k: float(v) / 100 for k, v in re.findall(r"(\w) ([\d.]+)%", line.group(2))}))
    return found


def position(path, round_name, ply, binary, engine, think, seed):
    """ENGINE's view before `ply` in round `round_name` (`d`), the next moves, and BINARY's
    search from there for `think` milliseconds (none when `think` is 0)."""
    for tags, moves in games(path):
        if tags.get("Round") != round_name:
            continue
        me = side_of(tags, engine)
        script = (rule_options(tags) + "setoption name Memory value false\n"
                  + f"setoption name Seed value {seed}\n"
                  + position_line(tags, moves, me, ply) + "d\n")
        if think:
            script += f"go movetime {think}\n"
        print("next moves:", " ".join(moves[ply:ply + 12]))
        engine_process = subprocess.Popen([binary], stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, text=True)
        engine_process.stdin.write(script)
        engine_process.stdin.flush()
        # `quit` would stop the search at once: it waits for the search to end.
        time.sleep(think / 1000 + 0.3 if think else 0)
        out, _ = engine_process.communicate("isready\nquit\n")
        print(out, end="")
        return
    sys.exit(f"records.py: no round {round_name} in {path}")


def blind(path, binary, engine):
    """The enemy's blind-attack count in ENGINE's view (`d`) after each enemy attack."""
    reached = collections.Counter()
    first = []
    games_seen = 0
    for tags, moves in games(path):
        games_seen += 1
        me = side_of(tags, engine)
        after = [i + 1 for i, m, mine in plies(tags, moves, me) if not mine and "x" in m]
        script = "".join(f"{position_line(tags, moves, me, ply)}d\nisready\n" for ply in after)
        counts = []
        for block in views(tags, binary, script):
            line = re.search(r"enemy attacks made blindly: (\d+)", block)
            counts.append(int(line.group(1)) if line else None)
        raised, last = [], 0
        for ply, count in zip(after, counts):
            if count is not None and count > last:
                raised.append(ply)
                last = count
        for n in (1, 2, 3):
            reached[n] += last >= n
        if raised:
            first.append(raised[0])
        plies_text = " ".join(str(p) for p in raised) or "none"
        print(f"round {tags.get('Round', '?')}: {last} blind, raised at plies {plies_text}")
    print(f"{games_seen} games; the count reached 1 in {reached[1]}, 2 in {reached[2]}, "
          f"3 in {reached[3]}")
    if first:
        print(f"  median ply it first reached 1: {sorted(first)[len(first) // 2]}")


def our_attacks(tags, moves, me):
    """(ply, move, attacker letter, defender letter, defender square) of each battle ME began."""
    for i, m, mine in plies(tags, moves, me):
        b = re.match(r"^([a-m]\d+)([a-m]\d+)x(.)(.)(.)$", m)
        if mine and b:
            yield i, m, b.group(3), b.group(4), b.group(2)


CALIBRATION_BINS = [0, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0]
CALIBRATION_PHASES = [("whole game", 0, None), ("plies 0-99", 0, 100),
                      ("plies 100-249", 100, 250), ("plies 250-", 250, None)]


def calibration(path, binary, engine):
    # (ply, what the defender was, the belief's chances) of each attack on an unmoved piece:
    # a moved one is never a Bomb or the Flag, and would fill the lowest bin with sure cases.
    rows = []
    for tags, moves in games(path):
        me = side_of(tags, engine)
        found = list(our_attacks(tags, moves, me))
        asks = [(i, square) for i, _, _, _, square in found]
        for (i, _, _, defender, _), seen in zip(found, beliefs(tags, moves, me, binary, asks,
                                                                "d all")):
            if seen and not seen[0]:
                rows.append((i, defender, seen[1]))
    for letter in "BF":
        print(f"{letter}: {len(rows)} attacks on unmoved unidentified pieces")
        for name, first, end in CALIBRATION_PHASES:
            print(f"  {name}")
            for lo, hi in zip(CALIBRATION_BINS, CALIBRATION_BINS[1:]):
                # The last bin holds a chance of exactly 1 too.
                sub = [(truth, p.get(letter, 0)) for ply, truth, p in rows
                       if first <= ply and (end is None or ply < end)
                       and (lo <= p.get(letter, 0) < hi or p.get(letter, 0) == hi == 1.0)]
                if sub:
                    predicted = sum(p for _, p in sub) / len(sub)
                    actual = sum(truth == letter for truth, _ in sub) / len(sub)
                    print(f"    {lo:.2f}-{hi:.2f}  predicted {predicted:.3f}  "
                          f"actual {actual:.3f}  attacks {len(sub)}")


def attacks(path, binary, engine, kinds):
    """Each attack by ENGINE's pieces of KINDS on an enemy piece it had not identified."""
    for tags, moves in games(path):
        me = side_of(tags, engine)
        found = [a for a in our_attacks(tags, moves, me) if a[2] in kinds]
        asks = [(i, square) for i, _, _, _, square in found]
        seen = [m for _, m, _, _, _ in found]
        for (ply, square), m, belief in zip(asks, seen, beliefs(tags, moves, me, binary, asks)):
            if belief:
                moved, p = belief
                chances = ", ".join(f"{k} {v:.0%}" for k, v in p.items())
                print(f"round {tags.get('Round', '?')} ply {ply}: {m} "
                      f"({'moved' if moved else 'unmoved'}; belief {chances})")


def strikes(path, binary, engine):
    """Each capture of ENGINE's Marshal by a Spy: ENGINE's move before it, and the belief
    about the Spy's square before that move."""
    for tags, moves in games(path):
        me = side_of(tags, engine)
        asks, seen = [], []
        for i, m, mine in plies(tags, moves, me):
            b = re.match(r"^([a-m]\d+)([a-m]\d+)xSX>$", m)
            if not mine and b and i > 0:
                asks.append((i - 1, b.group(1)))
                seen.append(moves[i - 1])
        for (ply, square), ours, belief in zip(asks, seen, beliefs(tags, moves, me, binary, asks)):
            spy = "no belief line" if not belief else (
                f"{'moved' if belief[0] else 'unmoved'}, Spy "
                f"{format(belief[1]['S'], '.0%') if 'S' in belief[1] else 'not among the four likeliest'} "
                f"(likeliest {', '.join(f'{k} {v:.0%}' for k, v in belief[1].items())})")
            print(f"round {tags.get('Round', '?')} ply {ply + 1}: after our {ours}, "
                  f"the Spy on {square}: {spy}")


FILES = "abcdefghij"
MOVE = re.compile(r"^([a-j]\d+)([a-j]\d+)(?:x(.)(.)(.))?$")


def classic_board(tags):
    """Square name -> [colour, letter, start square, fought] at the start of a classic game."""
    board = {}
    for colour, key, rows in (("red", "RedSetup", (4, 3, 2, 1)), ("blue", "BlueSetup", (7, 8, 9, 10))):
        for r, row in zip(rows, tags[key].split("/")):
            for c, letter in enumerate(row):
                sq = f"{FILES[c if colour == 'red' else 9 - c]}{r}"
                board[sq] = [colour, letter, sq, False]
    return board


def steps(a, b):
    return abs(FILES.index(a[0]) - FILES.index(b[0])) + abs(int(a[1:]) - int(b[1:]))


# The engine's material values (centi-Scouts; RANK_VALUE and BOMB_VALUE in
# src/search/params.rs, whose test `the_records_script_has_these_values` checks this table)
# for the timeline's balance and beside the fitted values of `material`.
VALUES = {"X": 450, "9": 320, "8": 220, "7": 150, "6": 100, "5": 70, "4": 50, "3": 100,
          "2": 25, "S": 120, "B": 70, "F": 0}
# The bonus for holding the strongest movable kind (DOMINANT_PIECE, checked alike).
DOMINANT_PIECE = 200


def timeline(path, engine, won_games):
    for tags, moves in games(path):
        me = side_of(tags, engine)
        result = tags["Result"]
        if result == "1/2-1/2" or ((result == "1-0") == (me == "red")) != won_games:
            continue
        balance, battles = 0, []
        for i, piece, target, mm in tracked_battles(tags, moves):
            if target is None:
                continue
            attacker, defender, outcome = mm.group(3), mm.group(4), mm.group(5)
            net = battle_net(attacker, defender, outcome)
            balance += net if piece[0] == me else -net
            who = "us" if piece[0] == me else "they"
            battles.append(f"{i}:{who} {attacker}x{defender}{outcome}@{mm.group(2)}({balance:+d})")
        print(f"Round {tags.get('Round', '?')}, {engine} {me}: {tags['Termination']} "
              f"after {len(moves)} plies")
        print("   ", " ".join(battles))


def duel(path, engine):
    lost = {side: collections.Counter() for side in ("us", "they")}
    eaten = n = 0
    for tags, moves in games(path):
        me = side_of(tags, engine)
        n += 1
        known = False
        for _, m, mine in plies(tags, moves, me):
            mm = MOVE.match(m)
            if not mm or not mm.group(3):
                continue
            attacker, defender, outcome = mm.group(3), mm.group(4), mm.group(5)
            mover, other = ("us", "they") if mine else ("they", "us")
            for side, piece, enemy, how, gone in (
                    (mover, attacker, defender, "attacking", outcome in "<="),
                    (other, defender, attacker, "attacked by", outcome in ">=")):
                if piece in "X9S" and gone:
                    lost[side][(piece, f"{how} {enemy}")] += 1
            if (defender if mine else attacker) == "X":
                if known and outcome == ("<" if mine else ">"):
                    eaten += 1
                known = True
    print(f"{n} games")
    for side in ("us", "they"):
        name = f"{engine}'s" if side == "us" else "the opponents'"
        for piece, title in (("X", "Marshal"), ("9", "General"), ("S", "Spy")):
            ways = {k[1]: v for k, v in lost[side].items() if k[0] == piece}
            print(f"  {name} {title} lost in {sum(ways.values())}:",
                  dict(sorted(ways.items(), key=lambda kv: -kv[1])))
    print(f"  {engine}'s pieces taken by the enemy Marshal after its first battle: {eaten}")


def raids(paths, engine):
    waits, fought, guards, n = collections.Counter(), collections.Counter(), collections.Counter(), 0
    for path in paths:
        for tags, moves in games(path):
            if engine not in (tags.get("Red"), tags.get("Blue")) or "flag" not in tags["Termination"]:
                continue
            me = side_of(tags, engine)
            board = classic_board(tags)
            snapshots, trail = [], collections.defaultdict(list)
            for i, m in enumerate(moves):
                snapshots.append({sq: p[:2] for sq, p in board.items()})
                mm = MOVE.match(m)
                if not mm:
                    break
                piece = board.pop(mm.group(1))
                if mm.group(3):
                    piece[3] = True
                    if mm.group(5) == ">":
                        board[mm.group(2)] = piece
                    elif mm.group(5) == "=":
                        board.pop(mm.group(2), None)
                else:
                    board[mm.group(2)] = piece
                trail[piece[2]].append((i, mm.group(2), mm.group(4), piece[3]))
            last = MOVE.match(moves[-1]) if moves else None
            if not last or last.group(3) != "3" or last.group(4) != "F":
                continue
            if snapshots[-1][last.group(2)][0] != me:
                continue
            path_of = trail[board[last.group(2)][2]]
            bomb = max((j for j, t in enumerate(path_of) if t[2] == "B"), default=None)
            if bomb is None or bomb == 0:
                continue
            n += 1
            ply, square = path_of[bomb][0], path_of[bomb][1]
            waits[ply - path_of[bomb - 1][0]] += 1
            fought["had fought before" if path_of[bomb - 1][3] else "had not fought"] += 1
            arrived = snapshots[max(ply - 1, 0)]
            near = [steps(sq, square) for sq, (c, k) in arrived.items() if c == me and k in "456789X"]
            guards[min(near) if near else "none left"] += 1
    print(f"{n} Flags taken by a Miner after a Bomb beside them")
    print("  plies from the Miner's previous move to its Bomb capture:",
          dict(sorted(waits.items())))
    print("  the Miner", dict(fought))
    print("  steps from that Bomb to the nearest piece that beats a Miner, when it arrived:",
          dict(sorted(guards.items(), key=str)))


BANDS = ("within 2, closer", "within 2, not closer", "3-4 steps", "further")


def neighbours(sq):
    f, r = FILES.index(sq[0]), int(sq[1:])
    return [f"{FILES[f + df]}{r + dr}" for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= f + df < 10 and 1 <= r + dr <= 10]


def marshal_walk(tags, moves, me):
    """Replays a classic game from ME's side. Returns the band (by BANDS) and kind ("Spy",
    "Scout", "the rest") of each one-square move of a hidden enemy piece made while ME's
    Marshal was identified, and for each win of that identified Marshal the index of its
    move and its hidden enemy neighbours after it: (square, moved, whether the Spy)."""
    bands, wins = [], []
    # Square -> [colour, letter, moved, identified]
    board = {sq: [v[0], v[1], False, False] for sq, v in classic_board(tags).items()}
    marshal = next(sq for sq, v in board.items() if v[0] == me and v[1] == "X")
    for i, m in enumerate(moves):
        mm = MOVE.match(m)
        if not mm:
            break
        a, b = mm.group(1), mm.group(2)
        known = marshal is not None and board[marshal][3]
        piece = board.pop(a)
        ours = piece[0] == me
        if not ours and not mm.group(3) and not piece[3] and steps(a, b) == 1 and known:
            before, after = steps(a, marshal), steps(b, marshal)
            band = (0 if after < before else 1) if after <= 2 else (2 if after <= 4 else 3)
            bands.append((band, {"S": "Spy", "2": "Scout"}.get(piece[1], "the rest")))
        piece[2] = True
        piece[3] = piece[3] or steps(a, b) > 1 or bool(mm.group(3))
        if not mm.group(3):
            board[b] = piece
        else:
            defender = board.pop(b)
            defender[3] = True
            survivor = {">": piece, "<": defender}.get(mm.group(5))
            if survivor:
                board[b] = survivor
            if ours and piece[1] == "X" and survivor is piece and known:
                hidden = [(n, board[n][2], board[n][1] == "S") for n in neighbours(b)
                          if n in board and board[n][0] != me and not board[n][3]]
                wins.append((i, hidden))
        if ours and piece[1] == "X":
            marshal = b if board.get(b) is piece else None
        elif marshal == b and board.get(b, [None])[0] != me:
            marshal = None
    return bands, wins


def stalking(paths, engine):
    bands = collections.defaultdict(collections.Counter)
    beside = collections.Counter()
    for path in paths:
        for tags, moves in games(path):
            if engine not in (tags.get("Red"), tags.get("Blue")):
                continue
            moved_bands, wins = marshal_walk(tags, moves, side_of(tags, engine))
            for band, kind in moved_bands:
                bands[kind][band] += 1
            for _, hidden in wins:
                for _, moved, spy in hidden:
                    key = "moved" if moved else "unmoved"
                    beside[key] += 1
                    beside[key + " Spy"] += spy
    print("moves of hidden enemy pieces while our Marshal was identified, by band:")
    for kind in ("Spy", "Scout", "the rest"):
        total = sum(bands[kind].values())
        shares = ", ".join(f"{name} {bands[kind][i]} ({bands[kind][i] / max(total, 1):.0%})"
                           for i, name in enumerate(BANDS))
        print(f"  {kind}: {total} moves; {shares}")
    print("hidden enemy neighbours after a win by our identified Marshal:")
    for key in ("moved", "unmoved"):
        n, spies = beside[key], beside[key + " Spy"]
        print(f"  {key}: {n}, of which the Spy {spies} ({spies / max(n, 1):.0%})")


def spy_life(tags, moves, colour):
    """Replays a classic game and follows COLOUR's Spy: the plies it moved, how many of
    those moves came while the other side's Marshal had fought (so COLOUR knew it), and
    how it ended: (ply, enemy kind, "attacking" or "attacked by") when it was lost, else
    None."""
    board = classic_board(tags)
    spy = next((sq for sq, v in board.items() if v[0] == colour and v[1] == "S"), None)
    marshal_known, moved, hunting = False, [], 0
    if spy is None:  # an army set up without a Spy
        return moved, hunting, None
    for i, m in enumerate(moves):
        mm = MOVE.match(m)
        if not mm:
            break
        a, b = mm.group(1), mm.group(2)
        piece = board.pop(a)
        if a == spy:
            moved.append(i)
            hunting += marshal_known
        if not mm.group(3):
            board[b] = piece
            if a == spy:
                spy = b
            continue
        attacker, defender, outcome = mm.group(3), mm.group(4), mm.group(5)
        target = board.pop(b)
        if (attacker == "X" and piece[0] != colour) or (defender == "X" and target[0] != colour):
            marshal_known = True
        survivor = {">": piece, "<": target}.get(outcome)
        if survivor:
            board[b] = survivor
        if a == spy:
            if survivor is piece:
                spy = b
                continue
            return moved, hunting, (i, defender, "attacking")
        if b == spy and survivor is not target:
            return moved, hunting, (i, attacker, "attacked by")
    return moved, hunting, None


def spies(paths, engine, per_game):
    sides = {side: {"games": 0, "moved": 0, "moves": 0, "hunting": 0,
                    "lost": collections.Counter(), "lost after": collections.Counter()}
             for side in ("us", "they")}
    for path in paths:
        for tags, moves in games(path):
            if engine not in (tags.get("Red"), tags.get("Blue")):
                continue
            me = side_of(tags, engine)
            for side, colour in (("us", me), ("they", "blue" if me == "red" else "red")):
                moved, hunting, end = spy_life(tags, moves, colour)
                t = sides[side]
                t["games"] += 1
                t["moved"] += bool(moved)
                t["moves"] += len(moved)
                t["hunting"] += hunting
                if end:
                    t["lost"][f"{end[2]} {end[1]}"] += 1
                    n = len(moved) - (end[2] == "attacking")  # the fatal attack not counted
                    t["lost after"]["0" if n == 0 else "1-2" if n <= 2 else
                                    "3-5" if n <= 5 else "6+"] += 1
                if per_game and side == "us":
                    won = tags["Result"] != "1/2-1/2" and (tags["Result"] == "1-0") == (me == "red")
                    result = "draw" if tags["Result"] == "1/2-1/2" else "won" if won else "lost"
                    fate = f"lost at ply {end[0]}, {end[2]} {end[1]}" if end else "kept"
                    print(f"Round {tags.get('Round', '?')} ({result}): Spy moved {len(moved)} "
                          f"times ({hunting} with the enemy Marshal known), {fate}; "
                          f"moves at plies {moved[:12]}{' ...' if len(moved) > 12 else ''}")
    for side in ("us", "they"):
        t = sides[side]
        n = max(t["games"], 1)
        name = f"{engine}'s" if side == "us" else "the opponents'"
        lost = sum(t["lost"].values())
        print(f"{name} Spy, {t['games']} games: moved in {t['moved']}, {t['moves'] / n:.1f} "
              f"moves a game ({t['hunting'] / n:.1f} with the enemy Marshal known); "
              f"lost in {lost}")
        print("    after this many moves of its own:",
              dict(sorted(t["lost after"].items())))
        print("    to:", dict(sorted(t["lost"].items(), key=lambda kv: -kv[1])))


def exposure(path, binary, engine):
    """For each win of ENGINE's identified Marshal, BINARY's Spy chance (`d all`, memory
    off) before the battle for each hidden enemy neighbour after it, against whether it was
    the Spy: by moved or not, and by the chance's band."""
    rows = []
    for tags, moves in games(path):
        if engine not in (tags.get("Red"), tags.get("Blue")):
            continue
        me = side_of(tags, engine)
        asks, truth = [], []
        for i, hidden in marshal_walk(tags, moves, me)[1]:
            for square, moved, spy in hidden:
                asks.append((i, square))
                truth.append((moved, spy))
        for (moved, spy), belief in zip(truth, beliefs(tags, moves, me, binary, asks, "d all")):
            if belief:
                rows.append((moved, belief[1].get("S", 0.0), spy))
    print("hidden enemy neighbours after a win by our identified Marshal: the belief's Spy "
          "chance before the battle, and how many were the Spy")
    bands = ((0, 1e-9), (1e-9, 0.02), (0.02, 0.05), (0.05, 0.1), (0.1, 0.2), (0.2, 0.4), (0.4, 1.01))
    for key in (True, False):
        some = [r for r in rows if r[0] == key]
        if not some:
            continue
        print(f"  {'moved' if key else 'unmoved'}: {len(some)}, belief {mean(r[1] for r in some):.1%}"
              f" on average, the Spy {mean(r[2] for r in some):.1%}")
        for low, high in bands:
            band = [r for r in some if low <= r[1] < high]
            if band and high < 1e-6:
                print(f"    no chance in `d all` (no draw made it the Spy): {len(band)}, the Spy "
                      f"{mean(r[2] for r in band):.1%}")
            elif band:
                print(f"    belief {low:.0%} to {min(high, 1):.0%}: {len(band)}, belief "
                      f"{mean(r[1] for r in band):.1%}, the Spy {mean(r[2] for r in band):.1%}")
        # The factor on the belief's odds that fits best (log loss), among pieces it gave a chance.
        rated = [r for r in some if 0 < r[1] < 1]
        if rated:
            def loss(k):
                return sum(-math.log(max(1e-9, (k * c / (1 - c + k * c)) if spy
                                         else (1 - c) / (1 - c + k * c))) for _, c, spy in rated)
            best = min((1, 2, 3, 6, 10, 20, 40, 60, 100, 200), key=loss)
            print(f"    the factor on the belief's odds that fits best: {best} "
                  f"({len(rated)} pieces with a chance)")


MATERIAL_KINDS = ["S", "2", "3", "4", "5", "6", "7", "8", "9", "X", "B"]


def strongest(counts):
    """The index in MATERIAL_KINDS of the strongest kind from Scout to Marshal left."""
    return max((k for k in range(1, 10) if counts[k] > 0), default=-1)


def material_samples(paths):
    """(features, result for Red, game) every 8th ply from ply 20 of each classic game:
    Red's pieces less Blue's of each of MATERIAL_KINDS, then +1, -1 or 0 as Red, Blue or
    neither holds the strongest movable kind."""
    index = {k: i for i, k in enumerate(MATERIAL_KINDS)}
    for path in paths:
        for tags, moves in games(path):
            result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(tags.get("Result"))
            if (result is None or "on time" in tags.get("Termination", "")
                    or tags.get("Variant", "classic") != "classic"):
                continue
            left = {}
            for colour in ("red", "blue"):
                setup = tags["RedSetup" if colour == "red" else "BlueSetup"]
                left[colour] = [setup.count(k) for k in MATERIAL_KINDS]
            game = (path, tags.get("Round"))
            for i, m, red_moved in plies(tags, moves, "red"):
                b = MOVE.match(m)
                if b and b.group(3):
                    mover, other = ("red", "blue") if red_moved else ("blue", "red")
                    attacker, defender, outcome = b.group(3), b.group(4), b.group(5)
                    if outcome in "<=" and attacker in index:
                        left[mover][index[attacker]] -= 1
                    if outcome in ">=" and defender in index:
                        left[other][index[defender]] -= 1
                if i < 20 or i % 8:
                    continue
                red, blue = strongest(left["red"]), strongest(left["blue"])
                x = [r - b for r, b in zip(left["red"], left["blue"])]
                yield x + [(red > blue) - (blue > red)], result, game


def solve(a, b):
    """x with a x = b (Gauss-Jordan with partial pivoting; a is small and regular)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        for r in range(n):
            if r != i and m[r][i]:
                f = m[r][i] / m[i][i]
                for k in range(i, n + 1):
                    m[r][k] -= f * m[i][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def material(paths):
    samples = list(material_samples(paths))
    names = MATERIAL_KINDS + ["strongest kind"]
    n = len(names)
    games_seen = {game for _, _, game in samples}
    results = collections.Counter(y for _, y, _ in samples)
    if len(games_seen) < 100 or min(results[0.0], results[1.0]) < 0.1 * len(samples):
        # With few games, or nearly all won by one side, the fit runs off to infinity.
        sys.exit(f"records.py material: {len(games_seen)} games, won by Red in "
                 f"{100 * results[1.0] / max(len(samples), 1):.0f} % of their positions: "
                 "give at least 100 games that both sides win often")
    w = [0.0] * n
    for _ in range(10):  # Newton's method on the log loss
        grad = [0.0] * n
        hess = [[1e-6 * (i == j) for j in range(n)] for i in range(n)]
        for x, y, _ in samples:
            p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(w, x))))
            for i in range(n):
                grad[i] += (p - y) * x[i]
                for j in range(n):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        w = [a - b for a, b in zip(w, solve(hess, grad))]
    # The sandwich covariance with each game's positions as one cluster: they are alike.
    per_game = collections.defaultdict(lambda: [0.0] * n)
    for x, y, game in samples:
        p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(w, x))))
        for i in range(n):
            per_game[game][i] += (p - y) * x[i]
    inv = [solve(hess, [float(i == j) for i in range(n)]) for j in range(n)]
    meat = [[sum(g[i] * g[j] for g in per_game.values()) for j in range(n)] for i in range(n)]
    print(f"{len(per_game)} games, {len(samples)} positions; centi-Scouts at 350 a unit")
    print(f"{'kind':15} {'fitted':>7} {'error':>6} {'engine':>7}")
    for i, name in enumerate(names):
        var = sum(inv[i][k] * meat[k][l] * inv[l][i] for k in range(n) for l in range(n))
        own = {**VALUES, "strongest kind": DOMINANT_PIECE}[name]
        print(f"{name:15} {350 * w[i]:7.0f} {350 * math.sqrt(var):6.0f} {own:>7}")


def tracked_battles(tags, moves, before=None):
    """Every move of a classic game as (ply, mover, defender, move match), where mover and
    defender are the pieces' states before it (colour, letter, start square, fought before,
    moved before; defender None for a quiet move), and the board is updated after;
    `before(ply, board)`, if given, sees the whole board (square -> such a state) first."""
    board = {sq: piece + [False] for sq, piece in classic_board(tags).items()}
    for i, m in enumerate(moves):
        mm = MOVE.match(m)
        if not mm:
            return
        if before:
            before(i, board)
        piece = board.pop(mm.group(1))
        target = board.get(mm.group(2))
        yield i, list(piece), (list(target) if target else None), mm
        piece[4] = True
        if not mm.group(3):
            board[mm.group(2)] = piece
            continue
        piece[3] = target[3] = True
        if mm.group(5) == ">":
            board[mm.group(2)] = piece
        elif mm.group(5) == "=":
            board.pop(mm.group(2))


def battle_net(attacker, defender, outcome):
    """The material a battle wins for the attacker, by VALUES."""
    if outcome == ">":
        return VALUES.get(defender, 0)
    if outcome == "<":
        return -VALUES.get(attacker, 0)
    return VALUES.get(defender, 0) - VALUES.get(attacker, 0)


def flow(paths, engine):
    counts, nets, first_moved, n = collections.Counter(), collections.Counter(), {}, 0
    for path in paths:
        for tags, moves in games(path):
            me, n = side_of(tags, engine), n + 1
            for i, mover, target, mm in tracked_battles(tags, moves):
                who = "us" if mover[0] == me else "they"
                if i < 200 and not mover[3] and not mover[4]:
                    first_moved.setdefault(who, collections.Counter())[mover[1]] += 1
                if target is None or mm.group(4) == "F":
                    continue
                state = ("identified" if target[3] else "moved, hidden" if target[4]
                         else "unmoved, hidden")
                key = (who, "identified" if mover[3] else "hidden", state)
                counts[key] += 1
                nets[key] += battle_net(mm.group(3), mm.group(4), mm.group(5))
    print(f"{n} games; per game: attacks, and the material they won for the attacker")
    print(f"  {'attacker':<24} {'defender':<16} {'attacks':>8} {'won':>8}")
    for who in ("us", "they"):
        for key in sorted(k for k in counts if k[0] == who):
            name = f"{engine if who == 'us' else 'opponents'}, {key[1]}"
            print(f"  {name:<24} {key[2]:<16} {counts[key] / n:8.2f} {nets[key] / n:8.1f}")
        total = sum(v for k, v in nets.items() if k[0] == who)
        print(f"  {engine if who == 'us' else 'opponents'}: {total / n:.1f} a game in all")
    print("different pieces moved while hidden in the first 200 plies, per game:")
    for who in ("us", "they"):
        kinds = first_moved.get(who, collections.Counter())
        line = " ".join(f"{k}:{kinds[k] / n:.2f}" for k in "X98765432S")
        print(f"  {engine if who == 'us' else 'opponents'}: {sum(kinds.values()) / n:.1f} ({line})")


def avengers(paths, engine, kinds):
    counts, n = collections.Counter(), 0
    # Per way of being taken: how many pieces, and the material they had won before in all
    # (a Major that took two Scouts and a Sergeant before a Colonel took it paid its way).
    careers, spent = collections.Counter(), collections.Counter()
    for path in paths:
        for tags, moves in games(path):
            me, n, last = side_of(tags, engine), n + 1, None
            # What each piece (by colour and starting square) has won in its battles so far.
            gained = collections.Counter()
            for i, mover, target, mm in tracked_battles(tags, moves):
                if target is not None:
                    net = battle_net(mm.group(3), mm.group(4), mm.group(5))
                    if mm.group(5) == "<":
                        gained[(target[0], target[2])] += VALUES.get(mm.group(3), 0)
                    else:
                        gained[(mover[0], mover[2])] += max(net, 0)
                if (target is not None and mover[0] != me and not mover[3] and target[3]
                        and target[1] in kinds and mm.group(5) == ">"):
                    if last is None or last.group(2) != mm.group(2):
                        how = "our piece was already there"
                    elif last.group(3):
                        how = "our piece had just won a battle there"
                    else:
                        how = "our piece had just stepped there"
                    counts[(how, target[1], mover[1], "moved" if mover[4] else "unmoved")] += 1
                    careers[how] += gained[(target[0], target[2])]
                    spent[how] += VALUES.get(target[1], 0)
                last = mm
    print(f"{n} games: {engine}'s identified {kinds} taken by a hidden enemy piece")
    for how in ("our piece had just won a battle there", "our piece had just stepped there",
                "our piece was already there"):
        rows = [(c, k) for k, c in counts.items() if k[0] == how]
        print(f"  {how}: {sum(c for c, _ in rows)}, having won {careers[how]} in all before "
              f"(their own worth {spent[how]})")
        for c, k in sorted(rows, reverse=True):
            print(f"    {c:3}  our {k[1]} by its {k[3]} {k[2]}")


def beats(attacker, defender):
    """Whether a classic `attacker` wins attacking `defender`."""
    if attacker in "BF":
        return False
    if defender == "B":
        return attacker == "3"
    if defender == "F" or (attacker == "S" and defender == "X"):
        return True
    order = "S23456789X"
    return order.index(attacker) > order.index(defender)


def neighbours_measure(paths, binary, engine, extra):
    # Per our identified piece's kind: (log loss in bits, count, chance, truth) of "this
    # hidden neighbour beats it", and per class of our piece the true kind's log loss.
    beat, kind = collections.defaultdict(lambda: [0.0, 0, 0.0, 0]), collections.defaultdict(
        lambda: [0.0, 0])
    for tags, moves in (g for path in paths for g in games(path)):
        me = side_of(tags, engine)
        asks, truths = [], []

        def look(i, board):
            # On ENGINE's turns: each hidden enemy piece beside an identified one of ours.
            if (i % 2 == 0) != (tags["First"] == me):
                return
            for sq, ours in board.items():
                if ours[0] != me or not ours[3] or ours[1] in "BF":
                    continue
                for sq2, theirs in board.items():
                    if theirs[0] != me and not theirs[3] and steps(sq, sq2) == 1:
                        asks.append((i, sq2))
                        truths.append((ours[1], theirs[1]))
        for _ in tracked_battles(tags, moves, look):
            pass
        asks, truths = asks[::3], truths[::3]
        for (ours, truth), seen in zip(truths, beliefs(tags, moves, me, binary, asks, "d all",
                                                        extra)):
            if not seen:
                continue
            cls = "Lieutenants and stronger" if ours in "56789X" else "Scouts, Miners, Sergeants, Spy"
            row = kind[cls]
            row[0] -= math.log2(max(seen[1].get(truth, 0.0), 0.001))
            row[1] += 1
            if ours in "X987":
                p = min(max(sum(v for k, v in seen[1].items() if beats(k, ours)), 0.005), 0.995)
                row = beat[ours]
                row[0] -= math.log2(p if beats(truth, ours) else 1 - p)
                row[1] += 1
                row[2] += p
                row[3] += beats(truth, ours)
    print("hidden neighbours of ENGINE's identified pieces (every third, on its turns):")
    print("  that it beats ours: the belief's mean chance, how often it did, log loss")
    beat["all"] = [sum(beat[k][j] for k in "X987") for j in range(4)]
    for ours in ("X", "9", "8", "7", "all"):
        loss, n, chance, truth = beat[ours]
        if n:
            print(f"    our {ours:3}: {n:5} {chance / n:6.3f} {truth / n:6.3f} "
                  f"{loss / n:7.4f} bits")
    print("  its true kind's log loss")
    for cls, (loss, n) in sorted(kind.items()):
        print(f"    beside our {cls}: {n:5} {loss / n:7.4f} bits")


def mean(values):
    values = list(values)
    return sum(values) / max(len(values), 1)


if __name__ == "__main__":
    args = sys.argv[1:]
    # `--engine NAME` names ENGINE for every subcommand, in place of the positional ENGINE.
    if "--engine" in args[:-1] and args[:1] not in (["flags"], ["raids"], ["stalking"],
                                                     ["material"], ["spy"], ["flow"],
                                                     ["avengers"]):
        i = args.index("--engine")
        name, args = args[i + 1], args[:i] + args[i + 2:]
        args = args + [name] if args[:1] not in (["timeline"],) else args[:2] + [name] + args[2:]
    if len(args) >= 2 and args[0] == "summary":
        summary(args[1], args[2] if len(args) > 2 else "engine")
    elif len(args) >= 2 and args[0] in ("flags", "raids", "stalking"):
        engine = "engine"
        if "--engine" in args[:-1]:
            i = args.index("--engine")
            engine = args[i + 1]
            args = args[:i] + args[i + 2:]
        {"flags": flags, "raids": raids, "stalking": stalking}[args[0]](args[1:], engine)
    elif len(args) >= 2 and args[0] == "spy":
        engine = "engine"
        if "--engine" in args[:-1]:
            i = args.index("--engine")
            engine = args[i + 1]
            args = args[:i] + args[i + 2:]
        spies([a for a in args[1:] if a != "--games"], engine, "--games" in args)
    elif len(args) >= 2 and args[0] in ("flow", "avengers"):
        options = {"--engine": "engine", "--kinds": "X987"}
        for flag in options:
            if flag in args[:-1]:
                i = args.index(flag)
                options[flag], args = args[i + 1], args[:i] + args[i + 2:]
        if args[0] == "flow":
            flow(args[1:], options["--engine"])
        else:
            avengers(args[1:], options["--engine"], options["--kinds"])
    elif len(args) >= 2 and args[0] == "material":
        material(args[1:])
    elif len(args) >= 2 and args[0] == "duel":
        duel(args[1], args[2] if len(args) > 2 else "engine")
    elif len(args) >= 2 and args[0] == "timeline":
        won = "--won" in args
        rest = [a for a in args[1:] if a != "--won"]
        timeline(rest[0], rest[1] if len(rest) > 1 else "engine", won)
    elif len(args) >= 3 and args[0] == "calibration":
        calibration(args[1], args[2], args[3] if len(args) > 3 else "engine")
    elif len(args) >= 3 and args[0] == "attacks":
        attacks(args[1], args[2], args[3] if len(args) > 3 else "engine",
                args[4] if len(args) > 4 else "X9")
    elif len(args) >= 5 and args[0] == "position":
        def number(text, what):
            if not text.isdigit():
                sys.exit(f"records.py position: {what} must be a whole number, not {text!r}")
            return int(text)
        options = {"--think": 0, "--seed": 1}
        for flag in options:
            if flag in args[:-1]:
                i = args.index(flag)
                options[flag], args = number(args[i + 1], flag), args[:i] + args[i + 2:]
        position(args[1], args[2], number(args[3], "PLY"), args[4],
                 args[5] if len(args) > 5 else "engine", options["--think"], options["--seed"])
    elif len(args) >= 3 and args[0] == "neighbours":
        extra = ""
        while "--option" in args[:-1]:
            i = args.index("--option")
            name, _, value = args[i + 1].partition("=")
            extra += f"setoption name {name} value {value}\n"
            args = args[:i] + args[i + 2:]
        # FILE... BINARY [ENGINE]: the binary is the first argument that is no record.
        at = next((j for j, a in enumerate(args[1:], 1) if not a.endswith(".pgn")), len(args))
        if at >= len(args):
            sys.exit("records.py neighbours: name the BINARY after the records")
        neighbours_measure(args[1:at], args[at], args[at + 1] if len(args) > at + 1
                           else "engine", extra)
    elif len(args) >= 3 and args[0] == "blind":
        blind(args[1], args[2], args[3] if len(args) > 3 else "engine")
    elif len(args) >= 3 and args[0] == "exposure":
        exposure(args[1], args[2], args[3] if len(args) > 3 else "engine")
    elif len(args) >= 3 and args[0] == "strikes":
        strikes(args[1], args[2], args[3] if len(args) > 3 else "engine")
    else:
        sys.exit(__doc__)
