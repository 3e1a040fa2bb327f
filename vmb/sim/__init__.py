"""The simulated car of VehicleMemBench: 23 modules, 111 declared APIs."""

from vmb.sim.spec import Refused
from vmb.sim.world import World, diff_from_default, replay

__all__ = ["Refused", "World", "diff_from_default", "replay"]
