"""Bundles: finished runs packed so that others can check them without a model (docs/bundles.md).

``vmb.publish.manifest`` declares the format (``Manifest``, versioned); ``vmb.publish.files`` checks a
bundle's files against it and writes and unpacks its archive safely; ``vmb.publish.secrets`` refuses
keys; ``vmb.publish.pack`` writes a bundle and ``vmb.publish.card`` each run's reproducibility card;
``vmb.publish.validate`` gives each run its verdict, re-executing every query (``vmb.publish.replay``)
against the benchmark ``vmb.publish.benchmarks`` finds or rebuilds.
"""
