"""Every module that mypyc compiles has tests in the compiled set.

The wheel's engine is the same source compiled by mypyc (``CORE`` in setup.py), and
only the tests marked ``compiled`` run a second time against it (see
tests/conftest.py and CONTRIBUTING.md). ``TESTED_BY`` says which test files exercise
each compiled module; this test fails when a module is compiled and not named there
(add it, with its tests, when a module joins ``CORE``), when a named file is not in
the compiled set, or when a named file does not reach the module through its
imports (directly, or through the package's own imports: a rule module is reached
through ``Hand``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from paths import COMPILED_FOLDERS, PACKAGE, ROOT

TESTS = ROOT / "tests"

#: Each compiled module and the test files (under tests/) that exercise it.
TESTED_BY: dict[str, tuple[str, ...]] = {
    "actions": ("engine/test_rules_turns.py", "engine/test_hostile_input.py"),
    "battles": ("engine/test_rules_battle.py",),
    "chance": ("engine/test_chance.py",),
    "checks": ("engine/test_hostile_input.py",),
    "choices": ("engine/test_resume_and_versions.py", "engine/test_properties.py"),
    "dealing": ("engine/test_rules_deal.py",),
    "determinize": ("engine/test_determinize.py",),
    "ending": ("engine/test_rules_battle.py", "engine/test_rules_pot.py"),
    "events": ("engine/test_properties.py", "engine/test_golden.py"),
    "hand": ("engine/test_properties.py", "engine/test_golden.py"),
    "legal": ("engine/test_rules_turns.py", "engine/test_properties.py"),
    "moves": ("engine/test_rules_turns.py", "engine/test_properties.py"),
    "observation": ("engine/test_properties.py", "engine/test_determinize.py"),
    "options": ("engine/test_rules_turns.py", "engine/test_properties.py"),
    "piles": ("engine/test_rules_turns.py", "engine/test_shuffle.py"),
    "pot": ("engine/test_rules_pot.py",),
    "redaction": ("engine/test_properties.py", "engine/test_record.py"),
    "shuffle": ("engine/test_shuffle.py",),
    "state": ("engine/test_properties.py", "engine/test_resume_and_versions.py"),
    "turns": ("engine/test_rules_turns.py",),
    "bots/reading": ("bots/test_bots.py", "bots/test_bot_ismcts.py"),
}


def _compiled_modules() -> list[str]:
    """``CORE`` of setup.py, read without running setup.py."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "CORE" for target in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return [str(name) for name in value]
    raise AssertionError("setup.py has no CORE list")


def _module_of(path: Path) -> str:
    """``palace_poker.bots.reading`` for src/palace_poker/bots/reading.py."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, package: str) -> set[str]:
    """The modules of ``palace_poker`` that a file imports (anywhere in it), and those
    the test helpers it imports (tests/*.py) import."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # a relative import, from ``package``
                base = ".".join([*package.split(".")[: 1 - node.level], base]).rstrip(".")
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    helpers = {name for name in found if (TESTS / f"{name}.py").is_file() and name != path.stem}
    for helper in helpers:
        found |= _imports(TESTS / f"{helper}.py", "tests")
    return {name for name in found if name.split(".")[0] == "palace_poker"}


def _reached(start: set[str]) -> set[str]:
    """Every module of the package reached from ``start`` through imports."""
    sources = {_module_of(path): path for path in PACKAGE.rglob("*.py")}
    seen: set[str] = set()
    todo = [name for name in start if name in sources]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        package = name if sources[name].name == "__init__.py" else name.rsplit(".", 1)[0]
        todo += [found for found in _imports(sources[name], package) if found in sources]
    return seen


def _in_compiled_set(path: Path) -> bool:
    folder = path.relative_to(TESTS).parts[0]
    return folder in COMPILED_FOLDERS or "pytest.mark.compiled" in path.read_text("utf-8")


def test_every_compiled_module_is_named_with_its_tests() -> None:
    assert sorted(TESTED_BY) == sorted(_compiled_modules())


@pytest.mark.parametrize("module", sorted(TESTED_BY))
def test_the_tests_of_a_compiled_module_are_in_the_set_and_reach_it(module: str) -> None:
    for name in TESTED_BY[module]:
        path = TESTS / name
        assert path.is_file(), name
        assert _in_compiled_set(path), f"{name} is not in the compiled set"
        imported = _imports(path, "tests")
        assert f"palace_poker.{module.replace('/', '.')}" in _reached(imported), (
            f"{name} does not reach palace_poker.{module}"
        )
