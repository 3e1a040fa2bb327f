"""Front trunk (frunk): open/closed and how far its lid is open."""

from vmb.sim.spec import Bool, Int, Module
from vmb.sim.state import ModuleState

MODULE = Module(
    "frontTrunk",
    "Front trunk (frunk) lid: open or close it, or open it to a given degree.",
    defaults={"is_on": False, "open_degree": 0},
)


@MODULE.api(
    "Open the front trunk lid to a degree in percent (0 closed to 100 fully open).",
    degree=Int(minimum=0, maximum=100, description="Opening in percent, 0-100; 0 closes the lid."),
)
def set_open_degree(car: ModuleState, degree: int) -> None:
    car.set("open_degree", degree)
    # The open flag follows the degree: any opening marks the lid open, 0 marks it closed.
    car.set("is_on", degree > 0)


@MODULE.api(
    "Open or close the front trunk lid (the opening degree is kept).",
    switch=Bool(description="True to open the front trunk, false to close it."),
)
def switch(car: ModuleState, switch: bool) -> None:
    # The reference coerces the flag: "true" and 1 are stored as True.
    car.set("is_on", bool(switch))
