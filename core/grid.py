"""Neighbourhood arithmetic on whole grids: counts with numpy, neighbour tables made once."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from sweeper.core.board import Cell


def neighbour_sums(values: npt.NDArray[np.bool_ | np.integer]) -> npt.NDArray[np.int16]:
    """For every cell, the sum of ``values`` over its up to eight neighbours.

    With a boolean mask: how many neighbours are set.
    """
    height, width = values.shape
    padded = np.zeros((height + 2, width + 2), dtype=np.int16)
    padded[1:-1, 1:-1] = values
    # the 3x3 block's sum, a row of three at a time, less the cell itself
    across = padded[:, :-2] + padded[:, 1:-1] + padded[:, 2:]
    total: npt.NDArray[np.int16] = across[:-2] + across[1:-1] + across[2:] - padded[1:-1, 1:-1]
    return total


@lru_cache(maxsize=64)
def neighbour_table(height: int, width: int) -> tuple[tuple[tuple[Cell, ...], ...], ...]:
    """``table[row][col]``: the cells around ``(row, col)`` on a board of that size."""
    return tuple(
        tuple(
            tuple(
                (r, c)
                for r in range(max(row - 1, 0), min(row + 2, height))
                for c in range(max(col - 1, 0), min(col + 2, width))
                if (r, c) != (row, col)
            )
            for col in range(width)
        )
        for row in range(height)
    )


@lru_cache(maxsize=64)
def cell_table(height: int, width: int) -> tuple[Cell, ...]:
    """``table[row * width + col]`` is ``(row, col)``: cells by flat index, made once."""
    return tuple((row, col) for row in range(height) for col in range(width))


@lru_cache(maxsize=64)
def flat_neighbour_table(height: int, width: int) -> tuple[tuple[int, ...], ...]:
    """Per flat index, the flat indices of the cells around it, in the order of
    :func:`neighbour_table`."""
    return tuple(
        tuple(row * width + col for row, col in around)
        for line in neighbour_table(height, width)
        for around in line
    )
