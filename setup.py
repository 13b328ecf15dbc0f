"""Build the optional compiled parts; the rest of the metadata is in pyproject.toml.

Three things are compiled, all optional (when a compiler is missing, the package still
installs and runs):

* ``palace_poker._evalc``, the hand evaluator's C extension (``_evalc.c``; without it
  the same evaluation runs in Python, only slower);
* ``palace_poker._enginec``, the game engine in C for research at scale
  (``_enginec.c``: a hand as the research environments step it, checked node by
  node against the Python engine; without it ``palace_poker.env.fast`` refuses with
  ``backend_unavailable`` and the environments run on the Python engine);
* the rules engine's modules (``CORE`` below), compiled by mypyc from their own typed
  Python source into C extensions that Python imports in place of the ``.py`` files.

Editable installs (``pip install -e``, ``uv sync``: the development environment) leave
the engine uncompiled, so that an edited ``.py`` file is the code that runs and
coverage sees it; wheels and regular installs compile it. ``PALACE_POKER_PURE=1`` at
build time skips mypyc in any install.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

COMPILE_ARGS = [] if sys.platform == "win32" else ["-O3", "-std=c11"]

# The modules a hand steps through on every decision (the state, the rules, the
# views and the Hand facade), determinize, and the bots' card reading (the search
# bots' inner loop). The bot classes stay Python: a class compiled by mypyc cannot be
# subclassed by Python code, and tweaking a shipped bot by subclassing it is natural.
CORE = [
    "actions",
    "battles",
    "chance",
    "checks",
    "choices",
    "dealing",
    "determinize",
    "ending",
    "events",
    "hand",
    "legal",
    "moves",
    "observation",
    "options",
    "piles",
    "pot",
    "redaction",
    "shuffle",
    "state",
    "turns",
    "bots/reading",
]


def _compile_core() -> bool:
    if os.environ.get("PALACE_POKER_PURE") == "1":
        return False
    # setuptools runs the PEP 660 editable build as the editable_wheel command.
    return not any(arg.startswith("editable") for arg in sys.argv[1:])


def core_extensions() -> list[Extension]:
    """The engine compiled by mypyc, or nothing (editable, opted out, no mypyc)."""
    if not _compile_core():
        return []
    try:
        from mypyc.build import mypycify  # noqa: PLC0415 - only where mypyc is installed
    except ImportError:
        return []
    # The modules they import (the evaluator's optional NumPy path among them) are
    # only read for their types: their errors, if an optional library is missing
    # from the build environment, are not the compiled modules' concern.
    options = ["--follow-imports=silent", "--ignore-missing-imports"]
    extensions: list[Extension] = mypycify(
        [*options, *(f"src/palace_poker/{name}.py" for name in CORE)],
        opt_level="3",
        group_name="palace_poker_core",
    )
    for extension in extensions:
        extension.optional = True
    return extensions


class BuildExt(build_ext):
    """The engine's compiled modules all together, or none of them.

    mypyc builds one shared library holding the compiled code and a small extension
    per module that loads it. Should the library fail to compile while the small
    ones succeed, every compiled module would fail to import; so when any of them is
    missing, the others are removed too and the engine runs as Python.
    """

    def run(self) -> None:
        super().run()
        names = {extension.name for extension in CORE_EXTENSIONS}
        outputs = [self.get_ext_fullpath(name) for name in sorted(names)]
        if names and not all(os.path.exists(path) for path in outputs):
            for path in outputs:
                if os.path.exists(path):
                    os.remove(path)
            print("warning: the engine could not be compiled; it will run as Python")


CORE_EXTENSIONS = core_extensions()

setup(
    ext_modules=[
        Extension(
            "palace_poker._evalc",
            sources=["src/palace_poker/_evalc.c"],
            depends=["src/palace_poker/_evalcore.h"],
            extra_compile_args=COMPILE_ARGS,
            optional=True,
        ),
        # The hand engine in C, stepped as the research environments step a hand
        # (palace_poker.env.fast).
        Extension(
            "palace_poker._enginec",
            sources=["src/palace_poker/_enginec.c"],
            depends=["src/palace_poker/_evalcore.h"],
            extra_compile_args=COMPILE_ARGS,
            optional=True,
        ),
        *CORE_EXTENSIONS,
    ],
    cmdclass={"build_ext": BuildExt},
)
