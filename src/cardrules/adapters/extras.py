"""The error an adapter raises when its framework is not installed.

Each adapter imports its framework at import time, inside ``try``; on
``ImportError`` it raises `missing_extra`, so every adapter names the extra to
install in the same words.
"""

from __future__ import annotations


def missing_extra(framework: str, extra: str, missing: ImportError) -> ImportError:
    """An ``ImportError`` saying which extra installs ``framework``.

    ``framework`` is the adapter's name as written ("OpenSpiel"), ``extra`` the
    ``cardrules[...]`` extra that installs it, ``missing`` the original error
    (its text is kept). Raise the result ``from missing``.

    >>> print(missing_extra("OpenSpiel", "openspiel", ImportError("no pyspiel")))
    the OpenSpiel adapter needs the openspiel extra (no pyspiel): pip install 'cardrules[openspiel]'
    """
    return ImportError(
        f"the {framework} adapter needs the {extra} extra ({missing}): "
        f"pip install 'cardrules[{extra}]'"
    )
