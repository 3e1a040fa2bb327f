"""The publishing commands (``vmb pack``, ``vmb validate``, ``vmb board``): declared in ``vmb.cli.COMMANDS``
with the ``publish`` extra."""
