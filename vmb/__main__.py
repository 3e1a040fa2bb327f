"""``python -m vmb``: the same as the ``vmb`` console script."""

import sys

from vmb.cli import main

sys.exit(main())
