"""The practice target: the bundled browser game and the virtual desktop that shows it."""
