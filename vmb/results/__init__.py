"""What a run leaves behind, below the harness that writes it and the analysis that reads it.

``vmb.results.metrics`` declares every metric once (the registry the scorer's aggregation,
``metric.json``, ``vmb show``, the DataFrames, tables and figure labels iterate);
``vmb.results.header`` is ``config.json`` (``RunHeader``); ``vmb.results.record`` one line of
``results.jsonl`` (``QueryRecord``); ``vmb.results.rundir`` the run directory's reader and writer;
``vmb.results.summary`` the numbers of ``metric.json``.
"""
