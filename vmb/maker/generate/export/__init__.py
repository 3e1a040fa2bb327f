"""Vetting and export: the checks every query passes, the release layout and metadata.json written, the comparison with the release."""
