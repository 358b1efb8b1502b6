"""The batch package's imports: no circle, nothing upward (issue 20, point 5).

Each module of `pungchow_calc/batch/` imports only the batch modules listed above it in the package's
docstring, and none of the command layer; nothing outside the command layer imports the package.
Imports inside functions count too: a lazy import hides a circle from the interpreter, not from a
reader.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import pungchow_calc.batch

PACKAGE = Path(pungchow_calc.__file__).resolve().parent
BATCH = PACKAGE / "batch"
# The order the package's docstring lists its modules in: each may import those before it.
ORDER = tuple(re.findall(r"^- (\w+)\.py ", pungchow_calc.batch.__doc__ or "", re.MULTILINE))
# What a batch module may import from the rest of the package: the engine, score's options and the
# argument reader, the ruleset loader and the CSV cell guard (all below it); never the command layer,
# its output or the evening.
BELOW = (
    "pungchow_calc.engine",
    "pungchow_calc.arguments",
    "pungchow_calc.options",
    "pungchow_calc.ruleset_files",
    "pungchow_calc.ruleset_yaml",
    "pungchow_calc.csv_safe",
)


def _imports(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it, as absolute names (`from . import x` as `pkg.x`)."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module) if part)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_the_docstring_lists_every_module():
    present = sorted(p.stem for p in BATCH.glob("*.py") if p.stem != "__init__")
    assert sorted(ORDER) == present


def test_the_package_face_imports_nothing():
    # A command imports the modules it uses, and only those (start-up time).
    assert _imports(BATCH / "__init__.py") == set()


@pytest.mark.parametrize("name", ORDER)
def test_a_module_imports_only_those_above_it(name: str):
    imported = _imports(BATCH / f"{name}.py")
    own = {
        module.split(".")[2]
        for module in imported
        if module.startswith("pungchow_calc.batch.") and module.count(".") >= 2
    }
    assert own <= set(ORDER[: ORDER.index(name)]), f"{name}.py imports {sorted(own)}"
    outside = {
        module
        for module in imported
        if module.startswith("pungchow_calc.") and not module.startswith(("pungchow_calc.batch", *BELOW))
    }
    assert not outside, f"{name}.py imports {sorted(outside)}"
    assert not {m.split(".")[0] for m in imported} & {"typer", "rich"}


def test_nothing_below_the_command_layer_imports_the_package():
    importers = sorted(
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if BATCH not in path.parents
        and any(m == "pungchow_calc.batch" or m.startswith("pungchow_calc.batch.") for m in _imports(path))
    )
    assert importers and all(path.startswith("cli/") for path in importers), importers
