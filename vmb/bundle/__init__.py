"""Bundles: finished runs packed so that others can check them without a model (docs/bundles.md).

``vmb.bundle.manifest`` declares the format (``Manifest``, versioned), ``vmb.bundle.files`` checks a
bundle's files and reads its archive safely, ``vmb.bundle.secrets`` refuses keys, ``vmb.bundle.pack``
writes a bundle.
"""
