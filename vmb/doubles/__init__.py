"""Stand-ins for a model, below the harness that runs them.

``vmb.doubles.offline``: the ``oracle`` (replays the reference calls) and ``noop`` (does nothing)
agents; ``vmb.maker.baselines``: the shortcut baselines (text matching, no model);
``vmb.doubles.scripted``: a scripted OpenAI-compatible server on 127.0.0.1 for tests and the
benchmarks (``vmb.doubles.scripted_replies``: the text formats of text-only tool-calling models).
"""
