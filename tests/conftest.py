"""Fixtures shared by the test folders."""

from __future__ import annotations

import shutil

import pytest


@pytest.fixture(scope="session")
def tesseract() -> None:
    """Fail, naming the fix, where the OCR that reads counters and messages is missing."""
    if shutil.which("tesseract") is None:
        pytest.fail("tesseract-ocr is not installed: ./run installs it "
                    "(apt-get install tesseract-ocr)")
