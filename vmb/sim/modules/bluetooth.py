"""Bluetooth: connection of the car to the user's phone."""

from typing import Any

from vmb.sim.spec import Bool, Module
from vmb.sim.state import ModuleState

MODULE = Module(
    "bluetooth",
    "Bluetooth link between the car and the user's phone: connected or not.",
    defaults={"is_connected": False},
)


@MODULE.api(
    "Connect the car to the paired phone over Bluetooth, or disconnect it.",
    connected=Bool(description="True to connect, false to disconnect."),
)
def set_connection(car: ModuleState, connected: Any) -> None:
    # Reference quirk: coerced with Python truthiness ("true" and 1 become True).
    car.set("is_connected", bool(connected))
