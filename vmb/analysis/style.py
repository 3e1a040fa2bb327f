"""Names, order and colours shared by every table and figure, so a memory setting looks the same
everywhere: one colour per setting (Okabe-Ito, readable by colour-blind readers), one label. A memory
setting's label, colour and rank are declared on its class (``vmb.memory.memory_info``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from vmb.data.reasoning import REASONING
from vmb.memory import memory_info
from vmb.results.taxonomy import CATEGORIES

REASONING_LABELS = {t.name: t.label for t in REASONING}

CATEGORY_COLORS = dict(zip(CATEGORIES, (
    "#BBBBBB",  # no action
    "#EE7733",  # wrong target
    "#CC3311",  # wrong value: conflict (the wrong-value family: red, wine, pink)
    "#882255",  # wrong value: stale
    "#EE99AA",  # wrong value: unsupported
    "#0077BB",  # over-action
    "#33BBEE",  # unknown tool (the invalid-call family: cyan, teal, grey-blue)
    "#009988",  # not loaded
    "#77AADD",  # refused arguments
    "#444444",  # degenerate output
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
