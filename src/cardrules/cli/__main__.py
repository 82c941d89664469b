"""``python -m cardrules.cli``."""

import sys

from cardrules.cli import main

if __name__ == "__main__":
    sys.exit(main())
