"""The simulated car of VehicleMemBench: its modules and APIs, each declared once (``vmb.sim.registry``)."""

from vmb.sim.spec import Refused
from vmb.sim.world import World, diff_from_default, replay

__all__ = ["Refused", "World", "diff_from_default", "replay"]
