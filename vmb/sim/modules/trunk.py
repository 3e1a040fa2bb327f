"""Rear trunk (tailgate): open/closed and how far it is open."""

from vmb.sim.spec import Bool, Int, Module, above_zero, check_now
from vmb.sim.state import ModuleState

MODULE = Module(
    "trunk",
    "Rear trunk (tailgate): open or close it, or open it to a given degree.",
    defaults={"is_on": False, "open_degree": 0},
    power_leaf="is_on",
)


DEGREE = Int(minimum=0, maximum=100, description="Opening in percent, 0-100; 0 closes the trunk.")


@MODULE.api(
    "Open the rear trunk to a degree in percent (0 closed to 100 fully open).",
    degree=DEGREE,
    # No declared steps: the effect checks in the reference's order.
    order=(),
)
def set_open_degree(car: ModuleState, degree: int) -> None:
    # Quirk: the reference marks the trunk open for any number above 0 before validating it, so
    # 101 or 3.5 are refused yet open the trunk; -5, 0.0 and "5" are refused with nothing changed.
    if above_zero("degree", degree):
        car.set("is_on", True)
    check_now(DEGREE, "degree", degree)
    car.set("open_degree", degree)
    # The open flag follows the degree: 0 marks the trunk closed.
    if degree == 0:
        car.set("is_on", False)


@MODULE.api(
    "Open or close the rear trunk (the opening degree is kept).",
    switch=Bool(description="True to open the trunk, false to close it."),
)
def switch(car: ModuleState, switch: bool) -> None:
    # The reference coerces the flag: "true" and 1 are stored as True.
    car.set("is_on", bool(switch))
