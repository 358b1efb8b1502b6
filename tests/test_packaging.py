"""What `pip install .` (or `pip install -e .`) puts in the environment: every module, and the data.

The tests import the checkout (pyproject's pytest `pythonpath`), so what the installed distribution
ships is checked here on the distribution itself, found through `importlib.metadata`.
"""

from __future__ import annotations

import importlib
import json
import sysconfig
from importlib import metadata
from pathlib import Path

import pytest

from pungchow_calc.ruleset_files import builtin_names
from pungchow_calc.schema import SCHEMA_FILE, build_schema

ROOT = Path(__file__).resolve().parent.parent


def _installed() -> metadata.Distribution:
    """The distribution pip installed into this environment (not the checkout's pungchow.egg-info,
    which the checkout on sys.path also exposes)."""
    found = list(metadata.distributions(name="pungchow", path=[sysconfig.get_path("purelib")]))
    assert len(found) == 1, "install the project first: pip install . (or pip install -e .)"
    return found[0]


def _installed_files() -> dict[str, Path]:
    """Each file the installation serves under a package, by its path as a wheel would hold it."""
    dist = _installed()
    direct_url = json.loads(dist.read_text("direct_url.json") or "{}")
    if not direct_url.get("dir_info", {}).get("editable"):
        return {str(f): Path(str(dist.locate_file(f))) for f in dist.files or []}
    # `pip install -e .`: nothing is copied; setuptools' finder maps each package to its folder.
    finder = next(f for f in dist.files or [] if f.name.startswith("__editable__") and f.suffix == ".py")
    mapping: dict[str, str] = importlib.import_module(Path(finder.name).stem).MAPPING
    served: dict[str, Path] = {}
    for package, folder in mapping.items():
        for path in Path(folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                served[f"{package.replace('.', '/')}/{path.relative_to(folder).as_posix()}"] = path
    return served


@pytest.mark.source  # the checkout's modules against the installed ones
def test_every_module_is_installed():
    # A package missing from pyproject's list installs without it: `pungchow` then fails to start.
    served = _installed_files()
    modules = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "pungchow_calc").rglob("*.py"))
    assert "pungchow_calc/cli/__init__.py" in modules  # the entry point, pungchow_calc.cli:main
    missing = [m for m in modules if m not in served]
    assert not missing, (
        f"not installed (add the package to pyproject's [tool.setuptools] packages): {missing}"
    )
    entry = next(e for e in _installed().entry_points if e.name == "pungchow")
    assert entry.value == "pungchow_calc.cli:main"


def test_schema_and_rulesets_are_package_data():
    served = _installed_files()
    schema = served[f"pungchow_calc/rulesets/{SCHEMA_FILE}"]
    assert json.loads(schema.read_text(encoding="utf-8")) == build_schema()
    for name in builtin_names():
        installed = served[f"pungchow_calc/rulesets/{name}.yaml"]
        assert installed.read_bytes() == (ROOT / "rulesets" / f"{name}.yaml").read_bytes(), name
