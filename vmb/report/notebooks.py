"""Step 2 of ``vmb report``: each notebook executed headless with papermill, in a kernel that is this very
interpreter, and written out as HTML; a failing cell is a ``ReportError`` naming the notebook and the cell."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from vmb.data.locate import PROJECT_ROOT
from vmb.errors import VmbError

# The report's notebooks: in a checkout this is a link to its notebooks/ (resolved, so paths name that folder);
# installed, the copy the wheel carries.
NOTEBOOKS_DIR = (Path(__file__).parent / "notebooks").resolve()
KERNEL_NAME = "python3"


class ReportError(VmbError):
    """The report cannot be made; the message says what and where."""


def write_kernel_spec(jupyter_dir: Path) -> Path:
    """A ``python3`` kernel spec that starts this very interpreter (the project's ``.venv``)."""
    spec_dir = jupyter_dir / "kernels" / KERNEL_NAME
    spec_dir.mkdir(parents=True, exist_ok=True)
    spec = {
        # Quiet: the kernel's own log (plain-TCP warnings, the interrupt at shutdown) is noise here;
        # errors in a notebook reach us as cell errors, not through this log.
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}",
                 "--IPKernelApp.log_level=CRITICAL"],
        "display_name": f"Python 3 ({sys.prefix})",
        "language": "python",
        "metadata": {"debugger": False},
    }
    (spec_dir / "kernel.json").write_text(json.dumps(spec, indent=1) + "\n", encoding="utf-8")
    return spec_dir


@contextlib.contextmanager
def kernel_environment(jupyter_dir: Path) -> Iterator[None]:
    """Point Jupyter at our kernel spec first, and the kernel at this checkout, for the duration."""
    write_kernel_spec(jupyter_dir)
    changes = {
        # JUPYTER_PATH is searched before the user's and the environment's directories.
        "JUPYTER_PATH": os.pathsep.join(filter(None, [str(jupyter_dir), os.environ.get("JUPYTER_PATH")])),
        # The kernel imports vmb from this checkout even when it is not installed in the venv.
        "PYTHONPATH": os.pathsep.join(filter(None, [str(PROJECT_ROOT), os.environ.get("PYTHONPATH")])),
        # Opt in to jupyter_core's platformdirs paths: silences its migration warning on every start.
        "JUPYTER_PLATFORM_DIRS": "1",
    }
    saved = {key: os.environ.get(key) for key in changes}
    os.environ.update(changes)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def notebook_parameters(path: Path, offered: dict[str, Any]) -> dict[str, Any]:
    """The offered parameters this notebook declares in its ``parameters`` cell."""
    import papermill

    declared = papermill.inspect_notebook(str(path))
    return {name: value for name, value in offered.items() if name in declared}


def execute_notebook(path: Path, executed: Path, offered: dict[str, Any]) -> float:
    """Run one notebook headless; raise ReportError naming the cell that failed."""
    import papermill

    start = time.perf_counter()
    try:
        papermill.execute_notebook(
            str(path), str(executed), parameters=notebook_parameters(path, offered), kernel_name=KERNEL_NAME,
            cwd=str(PROJECT_ROOT), progress_bar=False, log_output=False, execution_timeout=900,
        )
    except papermill.PapermillExecutionError as error:
        first_line = next((line for line in error.source.splitlines() if line.strip()), "")
        raise ReportError(
            f"notebook {path.name} failed in cell {error.cell_index} (execution count {error.exec_count}: "
            f"{first_line.strip()!r}): {error.ename}: {error.evalue}\n"
            f"  the executed notebook with the traceback: {executed}"
        ) from None
    except Exception as error:  # the kernel died, would not start, or a cell timed out
        raise ReportError(f"notebook {path.name} could not be executed: {type(error).__name__}: {error}") from error
    return time.perf_counter() - start


# The HTML copies are nbconvert's, which JupyterLab brings: a core install executes the notebooks and draws every
# figure and table, and its index links the executed notebooks themselves.
HTML_EXTRA = "lab"


def notebook_html(executed: Path) -> Path | None:
    """The executed notebook as a standalone HTML page (readable without Jupyter); None without the lab extra."""
    import nbformat

    from vmb import extras

    if extras.missing(HTML_EXTRA):
        return None
    exporter = extras.load("nbconvert:HTMLExporter", HTML_EXTRA, "the notebooks' HTML pages")
    body, _ = exporter().from_notebook_node(nbformat.read(executed, as_version=4))
    target = executed.with_suffix(".html")
    target.write_text(body, encoding="utf-8")
    return target
