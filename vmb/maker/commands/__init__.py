"""The maker's commands (``vmb generate``, ``vmb twin``, ``vmb audit``): declared in ``vmb.cli.COMMANDS``
with the ``make`` extra, loaded only when that extra is installed."""
