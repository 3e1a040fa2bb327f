"""The benchmark maker (the ``make`` extra): everything that makes or judges benchmark data rather than
running one.

``vmb.maker.generate`` builds a benchmark (procedural or with a model), ``vmb.maker.twin`` a twin of one,
``vmb.maker.audit`` asks whether a benchmark is hard for the right reason, with the shortcut baselines of
``vmb.maker.baselines``; ``vmb.maker.commands`` are their commands. The core (``vmb`` outside this folder,
``vmb.publish``, ``vmb.local`` and ``vmb.systems``) never imports it; where the core offers one of its parts
(a baseline agent, a command) it names it in a declared table with the extra it needs (``vmb.extras``).
``vmb.maker.public`` is its public surface (``import vmb.maker.public as mk``).
"""
