"""Z3 objects freed outside the Z3 lock while another thread uses Z3 must not crash.

An analysis that runs out of time raises with Z3 solvers in its traceback, and the
service frees that exception on another thread, while the next analysis builds formulas.
Run in a child process: the failure this guards against is a segmentation fault.
"""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import threading, time
from sweeper.analyzer.cell_solver import Z3_LOCK, CellSolver

stop = time.monotonic() + 4
def build():
    cells = [(0, col) for col in range(60)]
    while time.monotonic() < stop:
        with Z3_LOCK:
            solver = CellSolver(cells)
            solver.add(solver.exactly(cells, 20))
            solver.is_satisfiable()
            del solver

def free_outside_the_lock():
    while time.monotonic() < stop:
        with Z3_LOCK:
            made = [CellSolver([(row, col) for col in range(10)]) for row in range(1, 40)]
            for solver in made:
                solver.add(solver.at_most(list(solver.mine), 3))
        del made

threads = [threading.Thread(target=build), threading.Thread(target=free_outside_the_lock)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
"""


def test_z3_objects_freed_outside_the_lock_do_not_crash_the_process() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, timeout=60,
                          check=False)
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr.decode()[-500:]}"
