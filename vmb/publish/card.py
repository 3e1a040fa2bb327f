"""A run's reproducibility card (``runs/NAME/card.md``), written from what the bundle holds of it.

Model and endpoint kind; every setting beside the paper's default (Table 10, ``vmb.paper.paper_settings``;
a memory setting's own option defaults; the whole history; every query, one trial; calls from the
tool-calls field), each deviation flagged; coverage; the health check of the memory it built (a degenerate
memory named before the figures); the overall figures; cost where priced; the
run's dates and vmb; and the commands that reproduce it (the benchmark's too, for a generated one).
Text from the run or its bundle (a model name, an option's value, a memory's warning, a URL) goes through the one
Markdown writer, ``vmb.escape.markdown`` (a backtick, ``|``, ``<script>``, ESC or a newline in a name stays text
of its cell); the commands that reproduce the run are shell-quoted and written through ``vmb.terminal.safe``
(a control character or a newline in a value is shown escaped, never a second line of the command block).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Any

from vmb.escape import markdown
from vmb.harness.config import EXTERNAL_AGENT
from vmb.llm.keys import is_loopback
from vmb.paper import paper_settings
from vmb.publish.manifest import Benchmark, Manifest, RunEntry
from vmb.results.header import RunHeader
from vmb.results.runsummary import RunSummary
from vmb.terminal import safe

FLAG = "**deviation**"
ALL_DAYS = "every day of the history"


@dataclass(frozen=True)
class Setting:
    name: str
    this_run: str
    paper: str
    deviates: bool
    flag: str = ""  # what `vmb run` needs to be given for this run's value ("" for its default)


def _memory_defaults(memory: str) -> dict[str, Any] | None:
    from vmb.memory import find
    from vmb.memory.options import every_option

    cls = find(memory)
    return None if cls is None else every_option(cls.Options())


def _differs(value: Any, printed: str) -> bool:
    try:
        return float(value) != float(printed)
    except (TypeError, ValueError):
        return str(value) != printed


# The paper's settings of Table 10 a request carries: (key of paper_settings, the card's name, vmb run's option).
REQUEST_SETTINGS = (("temperature", "temperature", "--temperature"), ("max_tokens", "max tokens per request",
                    "--max-tokens"), ("tool_choice", "tool choice", "--tool-choice"))


def _request_settings(header: RunHeader) -> list[Setting]:
    """Temperature, max tokens, tool choice and retries beside the paper's (no requests: an offline agent)."""
    from vmb.harness.config import SERVER_FAMILIES

    paper = paper_settings()
    params = header.determining.request_params
    retries = header.operational.get("retries")
    rows = [Setting("retries of a failed request", str(retries), paper["retries"], _differs(retries, paper["retries"]),
                    f"--retries {shlex.quote(str(retries))}" if _differs(retries, paper["retries"]) else "")]
    if not isinstance(params, dict):
        return [Setting(name, "(no model requests)", paper[key], False) for key, name, _ in REQUEST_SETTINGS] + rows
    family = SERVER_FAMILIES.get(str(header.determining.server_family))
    sent = {**params, "max_tokens": params.get(family.max_tokens_field if family is not None else "max_tokens")}
    return [Setting(name, str(sent.get(key)), paper[key], _differs(sent.get(key), paper[key]),
                    f"{option} {shlex.quote(str(sent.get(key)))}" if _differs(sent.get(key), paper[key]) else "")
            for key, name, option in REQUEST_SETTINGS] + rows


def settings(header: RunHeader, metric: RunSummary) -> list[Setting]:
    """Every setting the card lists, this run's beside the paper's, with the option that gives it."""
    d, selection = header.determining, header.selection
    paper = paper_settings()
    rows = _request_settings(header)
    thinking = d.thinking
    rows.append(Setting("thinking", str(thinking) if d.thinking_sent else "not sent", "not sent",
                        bool(d.thinking_sent), f"--thinking {shlex.quote(str(thinking))}" if thinking else ""))
    rounds = d.max_rounds
    rows.append(Setting("rounds per query", str(rounds), paper["max_rounds"], _differs(rounds, paper["max_rounds"]),
                        f"--max-rounds {shlex.quote(str(rounds))}" if _differs(rounds, paper["max_rounds"]) else ""))
    defaults = _memory_defaults(header.memory)
    changed = {k: v for k, v in (d.memory_options or {}).items() if defaults is None or defaults.get(k) != v}
    # A setting's defaults are the reference's (the key-value store's 20 build rounds per day, say): name those left.
    reference = ", ".join(f"{k}={defaults[k]}" for k in changed if k in defaults) if defaults is not None else ""
    rows.append(Setting("memory options", ", ".join(f"{k}={v}" for k, v in changed.items())
                        or "the defaults", (f"the setting's defaults ({reference})" if reference else
                                            "the setting's defaults") if defaults is not None else
                        "unknown (not a setting of this vmb)", bool(changed) and defaults is not None,
                        " ".join(f"--memory-option {shlex.quote(f'{k}={v}')}" for k, v in changed.items())))
    days = d.memory_days
    rows.append(Setting("--memory-days", ALL_DAYS if days is None else f"the first {days} day(s)", ALL_DAYS,
                        days is not None, f"--memory-days {shlex.quote(str(days))}" if days is not None else ""))
    chosen = " ".join(([f"--groups {_groups(selection.groups)}"] if selection.groups else [])
                      + ([f"--limit {shlex.quote(str(selection.limit))}"] if selection.limit else []))
    rows.append(Setting("--groups, --limit", chosen or "every query", "every query", bool(chosen), chosen))
    read = metric.text_calls
    text = ("read" if d.text_calls else "not read") + (f" ({read} calls read from text)" if read else "")
    seconds = served_seconds(header)
    rows.append(Setting("calls written as text", text, "calls from the tool-calls field", read > 0,
                        "" if d.text_calls or seconds is not None else "--no-text-calls"))
    if seconds is not None:  # an outside agent's episodes (vmb serve): its MCP calls are calls, never text
        rows.append(Setting("seconds per episode", f"{seconds:g}", "no bound (vmb's own loop)", False,
                            f"--episode-seconds {seconds:g}"))
    rows.append(Setting("trials", str(selection.trials), "1", selection.trials != 1,
                        f"--trials {shlex.quote(str(selection.trials))}" if selection.trials != 1 else ""))
    return rows


def served_seconds(header: RunHeader) -> float | None:
    """The seconds each episode had, for a run an outside agent made through ``vmb serve`` (else None)."""
    seconds = header.operational.get("episode_seconds")
    return float(seconds) if header.agent == EXTERNAL_AGENT and isinstance(seconds, (int, float)) else None


def _endpoint(header: RunHeader) -> str:
    d = header.determining
    if header.agent == EXTERNAL_AGENT:
        return ("its own: an agent outside vmb, served episodes by `vmb serve`, or its final calls imported by "
                "`vmb import` (records without a conversation)")
    if header.agent != "model":
        return f"none: the offline agent {markdown(header.agent)}"
    url = str(d.base_url or "")
    where = "a local model (pinned weights)" if url.startswith("local:") else \
        "this machine" if is_loopback(url) else "a hosted endpoint"
    return f"{markdown(d.server_family)} server family, {where}: {markdown(url)}"


def _figures(metric: RunSummary) -> str:
    from vmb.results.metrics import SHOWN

    overall = metric.overall
    if overall is None:
        return "no query scored"
    parts = []
    for m in SHOWN:
        span = overall.interval(m.key)
        around = "" if span is None else f" (95% interval {span['low']} to {span['high']})"
        parts.append(f"{m.name} {markdown(overall.value(m.key))}{markdown(around)}")
    return "; ".join(parts)


def _cost(metric: RunSummary) -> str:
    cost = metric.cost
    price = cost["price"]
    if price is None:
        return markdown(cost.get("note", "no price"))
    shown = {key: markdown(cost.get(key)) for key in ("total", "currency", "queries", "memory_build", "per_solved_query")}
    return (f"{shown['total']} {shown['currency']} in all ({shown['queries']} for the queries, "
            f"{shown['memory_build']} for building memory; {shown['per_solved_query']} per solved query), at "
            f"{markdown(price['input'])} per million prompt and {markdown(price['output'])} per million completion tokens")


def memory_health(metric: RunSummary) -> str:
    """The health check of the run's built memory (``vmb.memory.health``), said before its figures: each warning
    by group, or that the check passed, or that the builds predate it ('' for a run that built no memory)."""
    build = metric.memory_build
    if build is None:
        return ""
    warnings = build.get("warnings")
    if warnings is None:
        return f"Memory built for {markdown(build['groups'])} group(s) before builds were checked: its health is not recorded."
    if not warnings:
        return (f"Memory built for {markdown(build['groups'])} group(s); the build's health check found nothing wrong (no memory "
                "empty, copied from the dialogue or unchanged for most days).")
    named = "; ".join(f"group {markdown(w['group'])}: {markdown(w['text'])}" for w in warnings)
    return (f"**Degenerate memory**: {len(warnings)} warning(s) of the build's health check; the figures below "
            f"measure a memory not built as the setting intends: {named}.")


def _groups(groups: list[int]) -> str:
    """``[1, 2, 3, 5]`` -> ``1-3,5``."""
    spans: list[list[int]] = []
    for g in sorted(groups):
        if spans and g == spans[-1][1] + 1:
            spans[-1][1] = g
        else:
            spans.append([g, g])
    return ",".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


def generate_command(benchmark: Benchmark) -> str | None:
    """The ``vmb generate`` command that rebuilds a generated benchmark (its options beside the defaults), or the
    ``vmb twin`` command that makes a twin again from the release."""
    from dataclasses import asdict

    from vmb.maker.generate.plan.options import GenerateOptions

    if benchmark.twin is not None:
        return f"vmb twin --seed {int(benchmark.twin['seed'])} --out bench"
    if benchmark.generator is None:
        return None
    options = dict(benchmark.generator["options"])
    defaults = asdict(GenerateOptions())
    words = ["vmb generate"]
    for name, value in options.items():
        if name == "llm" or value == defaults.get(name):
            continue
        if name == "type_shares":
            value = ",".join(f"{k}={v}" for k, v in value.items())
        words.append(f"--{shlex.quote(str(name).replace('_', '-'))} {shlex.quote(str(value))}")
    return " ".join([*words, "--out bench"])


def run_command(entry: RunEntry, header: RunHeader, benchmark: Benchmark, rows: list[Setting]) -> str:
    """The ``vmb run`` command that makes this run again (into ``runs/NAME``)."""
    d = header.determining
    words = ["vmb run"]
    if served_seconds(header) is not None:
        # The outside agent is then connected to it again (docs/serve.md).
        words = ["vmb serve", *([f"--name {shlex.quote(str(header.model))}"] if header.model else [])]
    elif header.agent != "model":
        words.append(f"--agent {shlex.quote(header.agent)}")
    else:
        url = str(d.base_url or "")
        words += [f"--model {shlex.quote(str(header.model))}",
                  *([] if url.startswith("local:") else [f"--base-url {shlex.quote(url)}"]),
                  f"--server {shlex.quote(str(d.server_family))}"]
    words += [f"--memory {shlex.quote(header.memory)}", *(s.flag for s in rows if s.flag)]
    words += ["--data bench"] if benchmark.kind in ("generated", "twin") else []
    return " ".join([*words, f"--out {shlex.quote(f'runs/{entry.name}')}"])


def render_card(entry: RunEntry, header: RunHeader, metric: RunSummary, manifest: Manifest) -> str:
    """The card of one run of the bundle ``manifest`` (``metric``: its metric.json)."""
    benchmark = manifest.benchmarks[entry.benchmark]
    rows = settings(header, metric)
    # One line each, whatever a value holds: a newline or a control character in it is shown escaped.
    commands = [safe(command) for command in [*filter(None, [generate_command(benchmark)]),
                                              run_command(entry, header, benchmark, rows)]]
    fence = "```"
    while any(fence in command for command in commands):  # no text of the run closes the block early
        fence += "`"
    c = entry.coverage
    model = markdown(header.model) if header.model else "none"
    if benchmark.twin is not None:
        bench = (f"a twin made by vmb twin (seed {markdown(benchmark.twin['seed'])}) of the release "
                 f"{markdown(str(benchmark.twin['source_sha256'])[:12])}, {benchmark.groups} groups, {benchmark.queries} queries")
    elif benchmark.generator is not None:
        bench = (f"generated by vmb generate (seed {markdown(benchmark.generator['seed'])}), {benchmark.groups} groups, "
                 f"{benchmark.queries} queries")
    else:
        bench = f"the release layout, {benchmark.groups} groups, {benchmark.queries} queries"
    vmb = manifest.vmb
    packed = f"vmb {markdown(vmb.get('version'))}" + (f" at commit {markdown(str(vmb['commit'])[:12])}" if vmb.get("commit") else "") \
        + (" (with uncommitted changes)" if vmb.get("dirty") else "")
    prompts = ", ".join(f"{markdown(name)} v{markdown(p.get('version'))}" for name, p in entry.prompts.items() if isinstance(p, dict))
    lines = [
        f"# Reproducibility card: {markdown(entry.name)}", "",
        "| | |", "|---|---|",
        f"| model | {model} (agent {markdown(header.agent)}) |",
        f"| endpoint | {_endpoint(header)} |",
        f"| memory | {markdown(header.memory)} |",
        f"| benchmark | {bench}; checksum {markdown(benchmark.sha256[:16])} |",
        f"| prompts | {prompts or 'not recorded'} |",
        f"| ran with | vmb {markdown(entry.vmb_version)}; packed with {packed} |",
        f"| dates | started {markdown(header.created)}, last written {markdown(header.updated)} |",
        f"| configuration hash | {markdown(header.hash[:16])} |", "",
        "## Settings beside the paper's", "",
        "| setting | this run | the paper's | |", "|---|---|---|---|",
        *(f"| {s.name} | {markdown(s.this_run)} | {markdown(s.paper)} | {FLAG if s.deviates else ''} |" for s in rows), "",
        "## Coverage and results", "",
        f"Scored {markdown(c['scored'])} / {markdown(c['benchmark'])} (the benchmark's queries x trials), "
        f"{markdown(c['errors'])} in error, {markdown(c['pending'])} not run; {markdown(header.selection.trials)} trial(s).",
        "",
        *([health, ""] if (health := memory_health(metric)) else []),
        f"{_figures(metric)}.", "",
        f"Cost: {_cost(metric)}.", "",
        "## To reproduce it", "", fence, *commands, fence, "",
    ]
    return "\n".join(lines)
