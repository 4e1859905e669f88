#!/bin/sh
# How docs/demo.gif (the README's animation) is made: one expert game of the simulator,
# recorded with no display and animated with the project's own commands.
# Run from the repository's root: docs/demo-gif.sh (or ./run sweeper ... for each line).
set -eu
recording=$(mktemp -d)
trap 'rm -rf "$recording"' EXIT
sweeper simulate --difficulty expert --rules safe --games 1 --seed 1 --workers 1 --record "$recording"
sweeper replay "$recording" --gif docs/demo.gif --fps 4
