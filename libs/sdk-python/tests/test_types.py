"""The type hints hold: mypy --strict (settings in pyproject.toml, Python 3.9) over the package, tests and programs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SDK_ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict_finds_no_errors() -> None:
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.skip("mypy is not installed (Debian: python3-mypy)")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "src", "tests", "examples", "scripts"],
        cwd=SDK_ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
