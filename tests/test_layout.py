"""The layout shows the pipeline: `pungchow_calc/engine/` is pure (standard library and itself only,
never printing), and only the command layer (cli/) and the output (render/) import typer or rich."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.source  # reads the checkout's source (.ci/compiled leaves it out)

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "pungchow_calc" / "engine"
ENGINE_MODULES = sorted(ENGINE.rglob("*.py"))  # with the subpackages (engine/conditions/)


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, top-level module) of every import in a file; relative imports as `.name`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, "." * node.level + (node.module or "")))
    return found


def _outside_engine(path: Path, name: str) -> bool:
    """Whether a relative import climbs above engine/ (`..` from engine/x.py; `...` from a subpackage)."""
    level = len(name) - len(name.lstrip("."))
    return level > len(path.relative_to(ENGINE).parts)


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_engine_imports_only_the_standard_library_and_itself(path):
    outside = []
    for line, name in imported_modules(path):
        if _outside_engine(path, name) or (
            name.startswith("pungchow_calc") and not name.startswith("pungchow_calc.engine")
        ):
            outside.append(f"{path.name}:{line} imports {name}")
        elif not name.startswith(".") and not name.startswith("pungchow_calc.engine"):
            top = name.split(".")[0]
            if top not in sys.stdlib_module_names:
                outside.append(f"{path.name}:{line} imports {name}")
    assert not outside, outside


def test_the_scan_sees_a_forbidden_import(tmp_path):
    # The check above would pass vacuously if it read nothing: show it catches each kind of import.
    bad = tmp_path / "bad.py"
    bad.write_text("import yaml\nfrom rich import print\nfrom ..cli import main\nfrom . import tiles\n")
    assert [name for _, name in imported_modules(bad)] == ["yaml", "rich", "..cli", "."]
    # A subpackage may climb to engine/ (`..hand`) but not above it (`...cli`).
    assert not _outside_engine(ENGINE / "conditions" / "base.py", "..hand")
    assert _outside_engine(ENGINE / "conditions" / "base.py", "...cli")
    assert _outside_engine(ENGINE / "rules.py", "..cli")


# The standard streams and the builtins that use them: the engine returns what it found, and the
# command layer says it (docs/ and the developers' brief: the engine never prints).
_STREAMS = {"stdout", "stderr", "stdin", "__stdout__", "__stderr__", "__stdin__"}
_SPEAKING = {"print", "input", "breakpoint"}


def spoken(path: Path) -> list[str]:
    """Where a file names print/input or a standard stream of sys (`line: name`), imported or called."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Name) and node.id in _SPEAKING:
            found.append(f"{node.lineno}: {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in _STREAMS:
            found.append(f"{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.ImportFrom) and node.module == "sys":
            found += [f"{node.lineno}: sys.{a.name}" for a in node.names if a.name in _STREAMS]
    return found


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_engine_never_prints(path):
    assert spoken(path) == []


PACKAGE_MODULES = sorted((ROOT / "pungchow_calc").rglob("*.py"))
FACES = ("cli", "render")  # the only packages that show anything through typer or rich


@pytest.mark.parametrize(
    "path", PACKAGE_MODULES, ids=lambda p: p.relative_to(ROOT / "pungchow_calc").as_posix()
)
def test_only_the_command_layer_and_the_output_import_typer_or_rich(path):
    if path.relative_to(ROOT / "pungchow_calc").parts[0] in FACES:
        return
    tops = {name.split(".")[0] for _, name in imported_modules(path)}
    assert not tops & {"typer", "rich", "click"}, (
        f"{path.name} imports {sorted(tops & {'typer', 'rich', 'click'})}"
    )


def test_the_scans_see_printing_and_the_faces_imports(tmp_path):
    # The two checks above would pass vacuously if they read nothing: show each kind is caught.
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import sys\nfrom sys import stderr\nimport typer\n"
        "print(1)\nsys.stdout.write('x')\nshow = print\nanswer = input()\n"
    )
    assert sorted(spoken(bad)) == ["2: sys.stderr", "4: print", "5: .stdout", "6: print", "7: input"]
    assert "typer" in {name for _, name in imported_modules(bad)}
    assert any(p.parts[-2] in FACES for p in PACKAGE_MODULES) and len(PACKAGE_MODULES) > 50


def test_engine_has_the_pipeline_modules():
    names = {p.stem if p.name != "__init__.py" else p.parent.name for p in ENGINE_MODULES}
    pipeline = {"tiles", "notation", "hand", "decomposition", "conditions", "rules", "scoring", "payments"}
    assert pipeline | {"table", "wash", "errors"} <= names


def test_no_compiled_module_sits_next_to_its_source():
    # A compiled engine module (PUNGCHOW_COMPILE=1 in place) shadows its .py file: edits would be ignored.
    shadowing = [
        str(so.relative_to(ROOT))
        for so in (ROOT / "pungchow_calc").rglob("*.so")
        if (so.parent / (so.name.split(".")[0] + ".py")).exists()
    ]
    assert not shadowing, f"compiled modules shadow their sources: {shadowing} (delete them)"


def test_every_subpackage_is_installed():
    # pyproject.toml lists the packages by hand (the rulesets live outside the package directory):
    # a new subpackage missing from that list would be absent from `pip install .`.
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    present = {
        "pungchow_calc." + init.parent.relative_to(ROOT / "pungchow_calc").as_posix().replace("/", ".")
        for init in (ROOT / "pungchow_calc").rglob("__init__.py")
        if init.parent != ROOT / "pungchow_calc"
    }
    assert present | {"pungchow_calc"} <= listed, sorted(present - listed)


def readme_layout() -> set[str]:
    """The top-level entries the README's "Project layout" names (its unindented lines)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Project layout\n", 1)[1]
    block = section.split("```\n", 2)[1]
    return {line.split()[0].rstrip("/").split("/")[0] for line in block.splitlines() if line[:1].strip()}


def root_entries() -> set[str]:
    """The top-level entries of the repository as git sees it: tracked, or new and not ignored."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {path.split("/")[0] for path in listed.split("\0") if path and (ROOT / path).exists()}


def test_the_root_holds_only_what_the_readme_layout_names():
    # A stray file at the root (a shell's error output, an empty CSV) is caught before it is committed.
    assert root_entries() - readme_layout() == set()


def test_the_readme_layout_names_only_what_is_there():
    assert readme_layout() - root_entries() == set()


def test_the_layout_reading_finds_the_packages():
    # The two checks above would pass vacuously if the README's block were read as empty.
    assert {"pungchow_calc", "rulesets", "tests", "README.md", ".ci"} <= readme_layout()


def readme_package_files() -> set[str]:
    """The paths under pungchow_calc/ the README's "Project layout" names (its tree, by indentation)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("\n## Project layout\n", 1)[1].split("```\n", 2)[1]
    folders: list[tuple[int, str]] = []  # the open folders: (indent, name/)
    found = set()
    for line in block.splitlines():
        indent, name = len(line) - len(line.lstrip()), line.split()[0]
        while folders and folders[-1][0] >= indent:
            folders.pop()
        path = "".join(folder for _, folder in folders) + name
        if name.endswith("/"):
            folders.append((indent, name))
        elif path.startswith("pungchow_calc/"):
            found.add(path)
    return found


def package_modules() -> set[str]:
    """The package's modules as git sees them (a package's __init__.py is its folder's line)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z", "pungchow_calc"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {
        path
        for path in listed.split("\0")
        if path.endswith(".py") and (ROOT / path).exists() and not path.endswith("/__init__.py")
    }


def test_the_readme_layout_names_every_module():
    # csv_safe.py, engine/hand_scores.py and engine/conditions/tile_classes.py were added without a
    # line: a reader looking for where a thing lives did not find them.
    assert package_modules() - readme_package_files() == set()


def test_the_readme_layout_names_only_modules_that_are_there():
    assert {path for path in readme_package_files() if not (ROOT / path).is_file()} == set()


def readme_command_lines() -> list[tuple[int, str]]:
    """The README's command lines: every line of its sh blocks, and the `$ ` lines of its console
    blocks with the lines they continue onto (a `\\` at the end)."""
    found: list[tuple[int, str]] = []
    fence: str | None = None
    going_on = False
    for number, line in enumerate((ROOT / "README.md").read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            fence = line[3:].strip() if fence is None else None
            continue
        command = fence == "sh" or fence == "console" and (going_on or line.startswith("$ "))
        if command:
            found.append((number, line))
        going_on = command and line.endswith("\\")
    return found


def test_readme_command_examples_fit_80_columns():
    # The `evening hand` example was 100 columns, and `evening new`'s answer was shown unwrapped at 83,
    # where an 80-column terminal wraps it: a reader copying from a narrow window saw them broken.
    # The opening two lines are the set-up a fresh machine runs, each one whole command (install and
    # score; install and test), as .ci/run and a new reader take them: they are kept as they are.
    lines = readme_command_lines()
    opening = [line for _, line in lines[:2]]
    assert opening[0].startswith("pip install . && pungchow score ")
    assert opening[1] == "pip install '.[test]' && pytest"
    assert len(lines) > 20 and [(n, line) for n, line in lines[2:] if len(line) > 80] == []
