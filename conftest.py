"""Test collection: modules whose optional dependencies are not installed are not
imported for their doctests (their own tests skip), so the core's tests run with
the core alone."""

from __future__ import annotations

import importlib.util

#: Each module of an optional part, and the library it needs.
OPTIONAL = {
    "src/palace_poker/env/pettingzoo.py": "pettingzoo",
    "src/palace_poker/env/gymnasium.py": "gymnasium",
    "src/palace_poker/env/openspiel.py": "pyspiel",
    "src/palace_poker/server/app.py": "fastapi",
    "src/palace_poker/server/runner.py": "sqlalchemy",
    "src/palace_poker/server/store.py": "sqlalchemy",
}

collect_ignore = [
    module for module, library in OPTIONAL.items() if importlib.util.find_spec(library) is None
]
# The tests' own conftest files hold no doctests; collected as modules they would be
# imported a second time under the one name "conftest" (pytest loads them itself).
collect_ignore_glob = ["tests/conftest.py", "tests/*/conftest.py"]
