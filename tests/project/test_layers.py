"""The package's layers point one way (docs/api.md, "How the engine is built").

Every module of ``palace_poker`` belongs to one layer below; a module may import
(at the top, inside a function, or only for typing) modules of its own layer or of
a layer below, never of a layer above, and the imports inside a layer form no
circle, neither between the layer's units nor between the modules inside any one
package (``terminal/``, ``arena/``, ...). A module missing from the table fails the
test, so that every new module is placed on purpose.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from paths import PACKAGE

#: The layers, bottom first, and the modules (or subpackages) in each.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "values",
        (
            "errors",
            "checks",
            "cards",
            "variant",
            "config",
            "presets",
            "actions",
            "options",
            "events",
            "categories",
            "evaluator",
            "shuffle",
            "fair",
            "fair_seed",
            "fair_shuffle",
            "fair_proof",
            "tuples",
        ),
    ),
    ("state", ("state",)),
    (
        "rules",
        (
            "pot",
            "ending",
            "piles",
            "turns",
            "battles",
            "dealing",
            "chance",
            "legal",
            "choices",
            "moves",
            "dealer",
        ),
    ),
    (
        "views",
        (
            "observation",
            "redaction",
            "explain",
            "record_format",
            "wire",
            "wire_fields",
            "wire_explain",
        ),
    ),
    ("facade", ("hand", "record", "game", "determinize")),
    ("encoding", ("encoding",)),
    ("players and tools", ("narrate", "bots", "arena", "lab", "terminal", "outputs", "arguments")),
    ("services", ("server", "env")),
    ("the command", ("cli", "__main__")),
)
#: The table server's own layers, bottom first, each a folder of ``server/`` (its
#: modules named as ``folder/module``); the first is pure (no I/O and no library
#: beyond the standard one), the rest need the ``server`` extra.
SERVER_LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "model/errors",
        "model/settings",
        "model/config",
        "model/limits",
        "model/lesson_deck",
        "model/lesson",
        "model/recording",
        "model/ledger",
        "model/table_state",
        "model/messages",
        "model/table",
        "model/projection",
        "model/protocol",
        "model/history",
    ),
    (
        "storage/store",
        "storage/postgres",
        "storage/batcher",
        "storage/group_commit",
        "storage/group_read",
        "storage/retention",
    ),
    (
        "live/cluster",
        "live/outbox",
        "live/replica",
        "live/automatic",
        "live/runner",
        "live/outage",
        "live/hub",
        "live/pruning",
    ),
    ("web/headers", "web/refusals", "web/auth", "web/routes", "web/socket", "web/app"),
    ("command", "admin"),
)
#: The folder whose modules are pure.
SERVER_PURE = "model/"
LAYER_OF = {module: index for index, (_, modules) in enumerate(LAYERS) for module in modules}


def _modules() -> dict[str, Path]:
    """Each module of the package by its layer name (``bots`` for ``bots/heuristic``)."""
    found: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts == ("__init__",):
            continue  # the public face: it re-exports the facade
        found["/".join(parts)] = path
    return found


def _unit(module: str) -> str:
    return module.split("/", maxsplit=1)[0]


def _imports(path: Path) -> set[str]:
    """The ``palace_poker`` modules ``path`` imports, anywhere in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.relative_to(PACKAGE).parts[:-1]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the module's own package
                base = ["palace_poker", *package[: len(package) - node.level + 1]]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            names.add(target)
            if target == "palace_poker":
                names.update(f"palace_poker.{alias.name}" for alias in node.names)
    return {
        name.split(".")[1] for name in names if name.startswith("palace_poker.") and name.count(".")
    }


def test_every_module_has_a_layer() -> None:
    units = {_unit(module) for module in _modules()}
    assert units - {"_evalc"} <= set(LAYER_OF), f"modules without a layer: {units - set(LAYER_OF)}"


def test_no_module_imports_a_layer_above_its_own() -> None:
    wrong = []
    for module, path in _modules().items():
        own = LAYER_OF[_unit(module)]
        for imported in _imports(path):
            if imported in LAYER_OF and LAYER_OF[imported] > own:
                wrong.append(
                    f"{module} ({LAYERS[own][0]}) imports {imported} "
                    f"({LAYERS[LAYER_OF[imported]][0]})"
                )
    assert not wrong, "\n".join(wrong)


def test_no_circle_of_imports() -> None:
    graph: dict[str, set[str]] = {}
    for module, path in _modules().items():
        unit = _unit(module)
        graph.setdefault(unit, set()).update(
            imported for imported in _imports(path) if imported != unit and imported in LAYER_OF
        )
    circles = []
    done: set[str] = set()

    def visit(node: str, trail: list[str]) -> None:
        if node in trail:
            circles.append(" -> ".join([*trail[trail.index(node) :], node]))
            return
        if node in done:
            return
        for neighbour in sorted(graph.get(node, ())):
            visit(neighbour, [*trail, node])
        done.add(node)

    for node in sorted(graph):
        visit(node, [])
    assert not circles, "\n".join(circles)


def _module_imports(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``palace_poker`` (as ``terminal/render``) that ``path``
    imports, anywhere in it: ``from palace_poker.terminal import render`` names the
    module ``terminal/render``, ``from palace_poker.terminal.render import table``
    names it too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.relative_to(PACKAGE).parts[:-1]
    found: set[str] = set()

    def add(dotted: str) -> bool:
        parts = dotted.split(".")
        if parts[0] != "palace_poker":
            return False
        name = "/".join(parts[1:])
        if name in modules:
            found.add(name)
            return True
        return False

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the module's own package
                base = ["palace_poker", *package[: len(package) - node.level + 1]]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            named = [add(f"{target}.{alias.name}") for alias in node.names]
            if not all(named):
                add(target)
    return found


def test_no_circle_of_imports_inside_a_package() -> None:
    """Inside every package (the core's own modules, ``terminal/``, ``arena/``,
    ``server/``, ...) the modules' imports form no circle, counting imports inside
    functions and for typing too: a circle that only a late import keeps from
    failing at load time is still a circle to read."""
    modules = _modules()
    names = set(modules)
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        folder = module.rpartition("/")[0]
        graph[module] = {
            imported
            for imported in _module_imports(path, names)
            if imported != module and imported.rpartition("/")[0] == folder
        }
    circles = []
    done: set[str] = set()

    def visit(node: str, trail: list[str]) -> None:
        if node in trail:
            circles.append(" -> ".join([*trail[trail.index(node) :], node]))
            return
        if node in done:
            return
        for neighbour in sorted(graph[node]):
            visit(neighbour, [*trail, node])
        done.add(node)

    for node in sorted(graph):
        visit(node, [])
    assert not circles, "\n".join(circles)


def _libraries(path: Path) -> set[str]:
    """The top-level libraries ``path`` imports, anywhere in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.add((node.module or "").split(".")[0])
    return found


def test_the_server_layers_point_one_way_and_its_model_is_pure() -> None:
    """Each server module is in one layer (a folder of ``server/``, or the commands
    at the top); a module imports none of a layer above its own; the modules of
    ``model/`` import nothing beyond the standard library and the core."""
    layer = {module: i for i, modules in enumerate(SERVER_LAYERS) for module in modules}
    modules = {
        name.removeprefix("server/"): path
        for name, path in _modules().items()
        if name.startswith("server/")
        and not name.startswith("server/migrations/")
        and not name.endswith("__init__")
    }
    assert set(modules) == set(layer), set(modules) ^ set(layer)
    names = {f"server/{module}" for module in modules}
    wrong = []
    for module, path in sorted(modules.items()):
        for imported in _module_imports(path, names):
            other = imported.removeprefix("server/")
            if layer[other] > layer[module]:
                wrong.append(f"{module} imports {other}")
        if module.startswith(SERVER_PURE):
            outside = _libraries(path) - set(sys.stdlib_module_names)
            outside -= {"palace_poker", "__future__"}
            wrong += [f"{module} (pure) imports {library}" for library in sorted(outside)]
    assert not wrong, "\n".join(wrong)


def test_the_core_loads_no_library_beyond_the_standard_one() -> None:
    code = (
        "import sys, palace_poker, palace_poker.game, palace_poker.determinize;"
        "print(sorted(sys.modules))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    for library in ("rich", "numpy", "matplotlib", "dask", "fastapi", "sqlalchemy", "hypothesis"):
        assert f"'{library}'" not in loaded, library


def test_the_hand_has_no_public_mutators() -> None:
    """A hand changes only through verify/apply and apply_chance: the old do_buy,
    do_bet, ... (which skipped every check and recorded nothing) are gone."""
    from palace_poker import Hand  # noqa: PLC0415

    assert not [name for name in dir(Hand) if name.startswith("do_")]


def test_the_server_package_maps_name_every_module() -> None:
    """Each folder of ``server/`` names every module of its own in its
    ``__init__``'s text (the package map a newcomer reads first), and
    ``server/__init__`` names every folder and the commands at the top."""
    folder = PACKAGE / "server"
    missing = []
    for init in sorted(folder.glob("*/__init__.py")):
        if init.parent.name == "migrations":
            continue
        text = init.read_text(encoding="utf-8")
        for module in sorted(init.parent.glob("*.py")):
            if module.stem != "__init__":
                dotted = f"palace_poker.server.{init.parent.name}.{module.stem}`"
                if dotted not in text:
                    missing.append(f"{init.parent.name}/__init__.py: {module.stem}")
    top = (folder / "__init__.py").read_text(encoding="utf-8")
    for part in [*(p.parent.name for p in folder.glob("*/__init__.py")), "command", "admin"]:
        if part != "migrations" and f"palace_poker.server.{part}`" not in top:
            missing.append(f"__init__.py: {part}")
    assert not missing, "\n".join(missing)
