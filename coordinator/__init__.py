"""The coordinator: the play loop, the ``sweeper`` command line, recordings and statistics."""

import os

# The bot's matrix products are small: on a busy 2-core machine, BLAS threads waiting for
# a free core made them slower, not faster (loop time 30 -> 28 ms, won game 2.2 -> 1.9 s).
# Set before anything in the bot's process imports numpy; the environment's own wins.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
