#!/usr/bin/env bash
# The strength ladder: the engine against each built-in baseline (and, when given, against
# a previous build), with `stratagem match`. Prints one table row per opponent.
#
#   scripts/ladder.sh [ENGINE] [PREVIOUS] [GAMES] [MOVETIME_MS] [VARIANT] [SETUPS]
#
# ENGINE defaults to target/release/stratagem; PREVIOUS is another stratagem binary or "-"
# for none; GAMES defaults to 100 per opponent, MOVETIME_MS to 100, VARIANT to classic.
# SETUPS is "paired" (default: each pair of games replays one pair of setups with the
# colours swapped, which measures play alone) or "own" (every engine chooses its own setup
# in every game, so that the setup book counts too: `match --own-setups`).
# Against PREVIOUS the match runs an SPRT (elo0=0 elo1=10 alpha=0.05 beta=0.05) and stops
# when it decides.
#
# UCC_BOTS (environment, optional): commands of bots of the 2012 UCC competition (peternlewis,
# celsius, ramen, vixen, asmodeus: see docs/ucc.md), separated by spaces, each a row of its own
# on classic.
# Those bots have no clock and often take 0.1-0.3 s a move: they get a deadline of at least
# 1000 ms, and the engine a Move Overhead that keeps its own time at MOVETIME_MS.
#
# RECORDS (environment, optional): a folder; each row's games are then kept there as
# OPPONENT.pgn (`match --records`), to read back with scripts/records.py (for instance
# `scripts/records.py summary RECORDS/random.pgn engine`).
set -euo pipefail
engine=${1:-target/release/stratagem}
previous=${2:--}
games=${3:-100}
movetime=${4:-100}
variant=${5:-classic}
case ${6:-paired} in
    paired) setup_args=() ;;
    own) setup_args=(--own-setups) ;;
    *) echo "SETUPS must be 'paired' or 'own'" >&2; exit 2 ;;
esac
[ -x "$engine" ] || { echo "no engine at $engine (cargo build --release first)" >&2; exit 2; }
if [ -n "${RECORDS:-}" ]; then
    mkdir -p "$RECORDS" || { echo "cannot make the records folder $RECORDS" >&2; exit 2; }
fi

# Sets `rec` to the `match` arguments that keep the games against opponent $1 (none when
# RECORDS is not set).
records() {
    rec=()
    if [ -n "${RECORDS:-}" ]; then
        rec=(--records "$RECORDS/$1.pgn")
    fi
}

row() {
    local name=$1 out=$2
    local score elo
    score=$(grep '^Score of' <<<"$out" | tail -1 | sed -E 's/.*: ([0-9]+ - [0-9]+ - [0-9]+) +\[([0-9.]+)\] ([0-9]+)/\1|\2|\3/')
    elo=$(grep '^Elo difference' <<<"$out" | tail -1 | sed -E 's/Elo difference: ([-0-9.]+ \+\/- [0-9.]+).*/\1/')
    local sprt
    sprt=$( (grep '^SPRT' <<<"$out" || true) | tail -1 | sed -E 's/.* - (H[01]) was accepted/\1/; t; s/.*/-/')
    IFS='|' read -r wld ratio n <<<"$score"
    # The score's 95 % Wilson interval: meaningful even at 100 %, where the Elo is not.
    local wilson
    wilson=$(awk -v p="$ratio" -v n="$n" 'BEGIN { z = 1.96; if (n == 0) { print "-"; exit }
        c = (p + z*z/(2*n)) / (1 + z*z/n); h = z * sqrt(p*(1-p)/n + z*z/(4*n*n)) / (1 + z*z/n)
        printf "%.3f-%.3f", c - h, c + h }')
    printf '| %-10s | %-13s | %5s | %-11s | %4s | %-17s | %-4s |\n' "$name" "$wld" "$ratio" "$wilson" "$n" "$elo" "${sprt:--}"
}

printf '| %-10s | %-13s | %5s | %-11s | %4s | %-17s | %-4s |\n' opponent "W - L - D" score "score (95%)" games "Elo (95%)" SPRT
printf '|%s|%s|%s|%s|%s|%s|%s|\n' ------------ --------------- ------- ------------- ------ ------------------- ------
for baseline in random greedy classic; do
    records "$baseline"
    out=$("$engine" match --variant "$variant" --engine cmd="$engine" name=engine \
        --engine cmd="$engine" name="$baseline" option.Player="$baseline" \
        --games "$games" --concurrency 2 --movetime "$movetime" "${setup_args[@]}" \
        "${rec[@]}" 2>/dev/null)
    row "$baseline" "$out"
done
if [ -n "${UCC_BOTS:-}" ] && [ "$variant" = classic ]; then
    deadline=$(( movetime > 1000 ? movetime : 1000 ))
    for bot in $UCC_BOTS; do
        name=$(basename "$bot"); name=${name%.*}
        records "$name"
        out=$("$engine" match --variant classic \
            --engine cmd="$engine" name=engine "option.Move Overhead=$(( deadline - movetime ))" \
            --engine cmd="$bot" proto=ucc name="$name" \
            --set two-squares=off --set more-squares=none --own-setups \
            --games "$games" --concurrency 2 --movetime "$deadline" "${rec[@]}" 2>/dev/null)
        row "$name" "$out"
    done
fi
if [ "$previous" != "-" ]; then
    records previous
    out=$("$engine" match --variant "$variant" --engine cmd="$engine" name=engine \
        --engine cmd="$previous" name=previous --games "$games" --concurrency 2 \
        --movetime "$movetime" "${setup_args[@]}" --sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 \
        "${rec[@]}" 2>/dev/null)
    row previous "$out"
fi
