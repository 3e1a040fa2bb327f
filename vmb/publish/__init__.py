"""Bundles: finished runs packed so that others can check them without a model (docs/bundles.md).

``vmb.bundle.manifest`` declares the format (``Manifest``, versioned); ``vmb.bundle.files`` checks a
bundle's files against it and writes and unpacks its archive safely; ``vmb.bundle.secrets`` refuses
keys; ``vmb.bundle.pack`` writes a bundle and ``vmb.bundle.card`` each run's reproducibility card;
``vmb.bundle.validate`` gives each run its verdict, re-executing every query (``vmb.bundle.replay``)
against the benchmark ``vmb.bundle.benchmarks`` finds or rebuilds.
"""
