#!/bin/sh
# Win-rate benchmark of the guessing policy: seeded games per configuration, all cores.
# Game i uses seed SEED+i, so any lost game can be replayed alone (see the README).
# Each run ends with the JSON line of `sweeper simulate --json`; ms_per_game is the
# analyzer's CPU time per game in one worker process, i.e. on one core.
#   benchmarks/winrate.sh                 # 10,000 games each (expert takes a while)
#   GAMES=500 benchmarks/winrate.sh       # a quick look
set -eu
cd "$(dirname "$0")/.."
GAMES=${GAMES:-10000}
SEED=${SEED:-0}
WORKERS=${WORKERS:-$(nproc)}

run() {
    echo "== sweeper simulate $* --games $GAMES --seed $SEED --workers $WORKERS"
    .venv/bin/sweeper simulate "$@" --games "$GAMES" --seed "$SEED" --workers "$WORKERS" --json \
        | tail -n 1
}

run --difficulty beginner --rules safe
run --difficulty intermediate --rules safe
run --difficulty expert --rules safe
run --difficulty expert --rules opening
