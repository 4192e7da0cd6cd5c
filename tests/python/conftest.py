"""The Python module's tests (pytest, run by ctest -L python).

The ctest entry sets FRACTALIS_LIBRARY (the built library), PYTHONPATH
(python/ and the build tree's generated files), FR_CLI (the built CLI,
whose outputs the module must match) and FR_SHARED (../shared).
A missing python3-cffi, python3-numpy or python3-pytest is a failure,
never a skip.
"""

import os
import pathlib

try:
    import cffi  # noqa: F401
    import numpy  # noqa: F401
except ImportError as e:  # pragma: no cover
    raise SystemExit("the Python tests need Debian's python3-cffi, python3-numpy and python3-pytest "
                     "(scripts/setup.sh installs them): %s" % e)

import pytest

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="session")
def cli():
    """The command-line tool (FR_CLI), to compare the module's outputs with."""
    path = os.environ.get("FR_CLI")
    if not path or not os.access(path, os.X_OK):
        pytest.fail("FR_CLI must name the built fractalis CLI (ctest sets it)")
    return path


@pytest.fixture(scope="session")
def data():
    return DATA


@pytest.fixture(scope="session")
def corpus():
    """The flame corpus of ../shared (FR_SHARED)."""
    d = pathlib.Path(os.environ.get("FR_SHARED", DATA.parent.parent.parent / "shared")) / "corpus" / "flames"
    if not d.is_dir():
        pytest.fail("the flame corpus is not at %s (set FR_SHARED)" % d)
    return d
