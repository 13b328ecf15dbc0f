"""What a command says when a library of an extra it needs is not installed.

``palace-poker`` installs with the standard library only; drawing the table needs
``rich`` (the ``cli`` extra), the server FastAPI and its kin (``server``), and so
on (``pyproject.toml``'s optional dependencies). A command imports such a library
only when it runs, so that every command's ``--help`` and the core commands work
in a bare install. When the import fails, :func:`palace_poker.cli.main` turns the
``ModuleNotFoundError`` into one line naming the extra to install, with exit code
2 and no traceback: :func:`missing_extra` is that one mechanism for every command.
A command may :func:`require` its library before it does anything else, so that
it refuses before reading a file or clearing the screen.

>>> print(missing_extra(ModuleNotFoundError("No module named 'rich'", name="rich"), "show"))
[backend_unavailable] palace-poker show needs rich: pip install 'palace-poker[cli]'
>>> missing_extra(ModuleNotFoundError("No module named 'palace_poker.x'", name="palace_poker.x"),
...               "show") is None
True
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from palace_poker.errors import ConfigError

#: The extra that brings each optional library, by the name it is imported as
#: (a library in several extras: the smallest of them).
EXTRAS: Mapping[str, str] = {
    "rich": "cli",
    "numpy": "fast",
    "matplotlib": "plot",
    "dask": "dask",
    "distributed": "dask",
    "gymnasium": "research",
    "pettingzoo": "research",
    "open_spiel": "research",
    "pyspiel": "research",
    "fastapi": "server",
    "uvicorn": "server",
    "websockets": "server",
    "sqlalchemy": "server",
    "alembic": "server",
    "psycopg": "cluster",
    "redis": "cluster",
}


def missing_extra(error: ModuleNotFoundError, command: str) -> ConfigError | None:
    """The refusal of ``palace-poker COMMAND`` when the module ``error`` could not
    import comes with an extra (``backend_unavailable``, naming the library and
    the extra); None for any other module, a defect to be seen as such."""
    library = (error.name or "").partition(".")[0]
    extra = EXTRAS.get(library)
    if extra is None:
        return None
    return ConfigError(
        "backend_unavailable",
        f"palace-poker {command} needs {library}: pip install 'palace-poker[{extra}]'",
        details={"library": library, "extra": extra},
    )


def require(library: str) -> None:
    """Import ``library`` now: a ``ModuleNotFoundError`` before the command has
    done anything, which :func:`palace_poker.cli.main` reports as
    :func:`missing_extra` says."""
    importlib.import_module(library)
