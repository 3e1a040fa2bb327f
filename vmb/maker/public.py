"""The benchmark maker's public surface: what a notebook or a script reads of it, each name imported on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vmb import extras

if TYPE_CHECKING:
    from vmb.maker.audit import audit
    from vmb.maker.audit.figure import audit_baselines
    from vmb.maker.audit.report import ALL, benchmark_names, figure_rows, floor_line, outside_lines
    from vmb.maker.generate.export import resemblance
    from vmb.maker.generate.pipeline import run as generate
    from vmb.maker.generate.plan.options import GenerateOptions
    from vmb.maker.generate.procedural.backend import ProceduralBackend
    from vmb.maker.twin import make_twin

# The maker's public surface (what notebooks 06 and 08 and a script read, ``import vmb.maker.public as mk``): name →
# ``module:attribute`` (a module alone for ``resemblance``), imported on first use, so naming one part does not load
# the generator, the twin and the audit together.
PUBLIC = {
    "GenerateOptions": "vmb.maker.generate.plan.options:GenerateOptions",  # what to make: groups, seed, sizes
    "ProceduralBackend": "vmb.maker.generate.procedural.backend:ProceduralBackend",  # the backend with no model
    "generate": "vmb.maker.generate.pipeline:run",  # make a benchmark (resumable) into a directory
    "resemblance": "vmb.maker.generate.export.resemblance",  # a made benchmark's figures beside the release's
    "make_twin": "vmb.maker.twin:make_twin",
    "audit": "vmb.maker.audit:audit",  # one benchmark's audit: figures, shortcut baselines, checks
    "ALL": "vmb.maker.audit.report:ALL",  # the audit's overall scope beside the reasoning types
    "benchmark_names": "vmb.maker.audit.report:benchmark_names",
    "figure_rows": "vmb.maker.audit.report:figure_rows",
    "outside_lines": "vmb.maker.audit.report:outside_lines",
    "floor_line": "vmb.maker.audit.report:floor_line",
    "audit_baselines": "vmb.maker.audit.figure:audit_baselines",  # the audit's figure
}
__all__ = ["ALL", "PUBLIC", "GenerateOptions", "ProceduralBackend", "audit", "audit_baselines", "benchmark_names",
           "figure_rows", "floor_line", "generate", "make_twin", "outside_lines", "resemblance"]


def __getattr__(name: str) -> Any:
    if name in PUBLIC:
        return extras.load(PUBLIC[name], None, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(PUBLIC))
