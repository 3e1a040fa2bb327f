"""Names, order and colours shared by every table and figure, so a memory setting looks the same
everywhere: one colour per setting (Okabe-Ito, readable by colour-blind readers), one label. A memory
setting's label, colour and rank are declared on its class (``vmb.memory.memory_info``). The error types
have a palette of their own that no memory setting's colour resembles."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from vmb.data.reasoning import REASONING
from vmb.memory import memory_info
from vmb.results.taxonomy import CATEGORIES

REASONING_LABELS = {t.name: t.label for t in REASONING}

# The error types' own palette: no colour a memory setting has (shipped, systems, spares) is near any of them,
# nor are two of them, in normal vision or with any of the three colour-vision deficiencies (CIE76 of at least
# 12, tests/test_figures.py), and each is plainly visible on white. Families share a hue: the wrong values
# purple to pink, the invalid calls green.
CATEGORY_COLORS = dict(zip(CATEGORIES, (
    "#666677",  # no action (slate: nothing done)
    "#DDBB66",  # wrong target
    "#882288",  # wrong value: conflict
    "#AA77EE",  # wrong value: stale
    "#FFAADD",  # wrong value: unsupported
    "#CCCC44",  # over-action
    "#005522",  # unknown tool
    "#669955",  # not loaded
    "#99CC88",  # refused arguments
    "#3344BB",  # degenerate output
)))

# Every figure is drawn and saved inside this style (``figure_style()``), never set globally: a
# notebook's or a caller's own matplotlib settings stay as they were.
FIGURE_STYLE: dict[str, Any] = {
    "font.size": 10,
    "axes.titlesize": 11.5,
    "axes.titleweight": "bold",
    "axes.labelsize": 10,
    "legend.fontsize": 9,
    "xtick.labelsize": 9,
    "ytick.labelsize": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "figure.dpi": 100,
    "savefig.dpi": 150,
    "pdf.fonttype": 42,  # real fonts in the PDF, so text stays editable and searchable
    # A run's, model's or memory's name is drawn as written: two $ in it would otherwise be parsed as math, and an
    # unknown command between them ($\\x{$) stops the figure, and with it the notebook and vmb report.
    "text.parse_math": False,
}


@contextlib.contextmanager
def figure_style() -> Iterator[None]:
    """The report's matplotlib style, for a ``with`` block or as a decorator (``@figure_style()``).

    It sets the style's own settings and puts back only those. Not ``matplotlib.rc_context``, which puts
    back every setting: a kernel's first figure loads the backend, and Jupyter's inline backend turns
    interactive mode on as it loads; put back, interactive mode was off again, and no later figure of the
    kernel showed inline, vmb's or the researcher's own."""
    import matplotlib

    params: Any = matplotlib.rcParams  # typed by literal key; ours are valid rcParams
    saved = {key: params[key] for key in FIGURE_STYLE}
    params.update(FIGURE_STYLE)
    try:
        yield
    finally:
        params.update(saved)


AGENT_LABELS = {"oracle": "oracle (replays reference)", "noop": "noop (does nothing)",
                "release-answers": "release answers (replays the release's reference on a twin)"}


def memory_label(name: str) -> str:
    return memory_info(name).label


def memory_color(name: str) -> str:
    return memory_info(name).color


def memory_rank(name: str) -> tuple[int, str]:
    """Sort key: the built-in settings in their order, then the shipped systems, then any other by name."""
    return memory_info(name).rank


def reasoning_label(name: str) -> str:
    return REASONING_LABELS.get(name, name.replace("_", " "))
