"""``python -m cardrules``: the ``cardrules`` command line (`cardrules.cli.main`)."""

import sys

from cardrules.cli import main

if __name__ == "__main__":
    sys.exit(main())
