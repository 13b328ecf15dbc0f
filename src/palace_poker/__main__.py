"""``python -m palace_poker`` runs the ``palace-poker`` command."""

import sys

from palace_poker.cli import main

sys.exit(main())
