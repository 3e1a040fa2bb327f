"""The one Faker instance of the procedural backend (names, jobs, towns, companies); each user
seeds it from its own random source before drawing, so draws stay deterministic."""

from __future__ import annotations

from functools import cache


@cache
def faker() -> object:
    from faker import Faker

    return Faker("en_US")
