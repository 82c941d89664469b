"""Secret links: unguessable tokens, kept only as hashes, compared in constant time.

A seat's link carries a token from `secrets.token_urlsafe` (`TOKEN_BYTES`
random bytes, about 190 bits). The server keeps only its SHA-256 hash (so a
table's file on disk holds no working link) and checks a presented token with
`secrets.compare_digest`, whose time does not depend on where the hashes
first differ.
"""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["TABLE_ID_BYTES", "TOKEN_BYTES", "hash_token", "matches", "new_table_id", "new_token"]

#: Random bytes in a seat's token (32 URL-safe characters).
TOKEN_BYTES = 24
#: Random bytes in a table's id (public: it is in the watch link too).
TABLE_ID_BYTES = 9
#: The longest token the server reads before refusing it (a bound on work).
MAX_TOKEN = 100


def new_token() -> str:
    """A fresh secret token: URL-safe text of `TOKEN_BYTES` random bytes."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    """A fresh table id: URL-safe text of `TABLE_ID_BYTES` random bytes."""
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def hash_token(token: str) -> str:
    """The SHA-256 hex digest the server keeps in place of ``token``."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def matches(token: str, kept_hash: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``kept_hash`` (constant-time compare).

    A missing hash (a bot's seat) or an over-long token never matches.
    """
    if kept_hash is None or not isinstance(token, str) or len(token) > MAX_TOKEN:
        return False
    return secrets.compare_digest(hash_token(token), kept_hash)
