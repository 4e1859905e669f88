"""sweeper: a bot that plays Minesweeper on screen, looking and clicking like a person.

Everything installs under this one import name: ``sweeper.analyzer`` (deciding),
``sweeper.recognizer`` (reading the screen), ``sweeper.effector`` (screenshots and the
mouse), ``sweeper.coordinator`` (the play loop and the command line), ``sweeper.serving``
(what the HTTP services share), ``sweeper.practice`` (the practice arena) and
``sweeper.templates`` (the shipped tile sets).
"""

import os
from importlib.metadata import PackageNotFoundError, version

# OpenCV's own log lines ("[ WARN:0@0.6] ... PNG input buffer is incomplete") would reach the
# user beside sweeper's one-line messages, which already say what is wrong; keep its errors.
# Set before anything imports cv2; the environment's own setting wins.
os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")

try:
    __version__ = version("sweeper")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
