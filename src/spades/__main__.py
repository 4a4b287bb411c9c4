"""``python -m spades`` runs the ``spades`` command."""

import sys

from spades.cli import main

sys.exit(main())
