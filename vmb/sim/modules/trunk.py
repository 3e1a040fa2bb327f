"""Rear trunk (tailgate): open/closed and how far it is open."""

from vmb.sim.spec import Bool, Int, Module
from vmb.sim.state import ModuleState

MODULE = Module(
    "trunk",
    "Rear trunk (tailgate): open or close it, or open it to a given degree.",
    defaults={"is_on": False, "open_degree": 0},
    power_leaf="is_on",
)


@MODULE.api(
    "Open the rear trunk to a degree in percent (0 closed to 100 fully open).",
    degree=Int(minimum=0, maximum=100, description="Opening in percent, 0-100; 0 closes the trunk."),
    # Quirk: the reference checks the lower bound (and rejects strings) first, then marks the trunk
    # open, then checks the upper bound and the integer type: 101 or 3.5 are refused yet open it.
    order=("degree.min", "power", "degree.max", "degree.type"),
)
def set_open_degree(car: ModuleState, degree: int) -> None:
    car.set("open_degree", degree)
    # The open flag follows the degree: any opening marks the trunk open, 0 marks it closed.
    car.set("is_on", degree > 0)


@MODULE.api(
    "Open or close the rear trunk (the opening degree is kept).",
    switch=Bool(description="True to open the trunk, false to close it."),
)
def switch(car: ModuleState, switch: bool) -> None:
    # The reference coerces the flag: "true" and 1 are stored as True.
    car.set("is_on", bool(switch))
