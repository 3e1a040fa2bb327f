"""Fixtures for the trust tests: the loaded benchmark and runs against scripted servers (as the harness tests)."""

from tests.harness.conftest import api_key, bench, default_data, run  # noqa: F401
