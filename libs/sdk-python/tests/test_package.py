"""The package as installed: what `import latchkey` costs, its public names, and (under `npm test`) that the
tests ran against the wheel, not the source tree."""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import child_env

import latchkey

SDK_ROOT = Path(__file__).resolve().parents[1]


def test_import_latchkey_loads_neither_cryptography_nor_http_client() -> None:
    probe = (
        "import sys, latchkey\n"
        "heavy = [m for m in sys.modules if m.startswith(('cryptography', 'http.client', 'latchkey.'))]\n"
        "print(sorted(heavy))"
    )
    result = subprocess.run([sys.executable, "-c", probe], env=child_env(), capture_output=True, text=True)
    assert (result.returncode, result.stdout.strip()) == (0, "[]"), result.stderr


def test_every_public_name_resolves_from_its_module() -> None:
    for name in latchkey.__all__:
        assert getattr(latchkey, name) is not None
    assert latchkey.machine_id.__name__ == "machine_id"
    with pytest.raises(AttributeError):
        getattr(latchkey, "nothing_by_this_name")


@pytest.mark.skipif("LATCHKEY_TEST_INSTALLED" not in os.environ, reason="runs when npm test installs the wheel")
def test_runs_against_the_installed_wheel() -> None:
    package = Path(latchkey.__file__).resolve().parent
    assert SDK_ROOT not in package.parents, f"latchkey imported from the source tree: {package}"
    assert importlib.metadata.version("latchkey") == latchkey.__version__
    assert (package / "py.typed").is_file()
