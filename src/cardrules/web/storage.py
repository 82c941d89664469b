"""Tables on disk: one JSON file per table, rewritten atomically after every change.

Each table is saved as ``DIR/<table id>.json`` (`Table.to_json`: its game
record, seats, token hashes, version and undo marks). A save writes a
temporary file in the same folder, flushes it to disk and renames it over the
old file (`os.replace`), so a server killed at any moment leaves either the
previous save or the new one, never half a file. `TableStore.load_all`
replays every saved record, so a restarted server resumes each table at its
last move.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import warnings
from pathlib import Path

from cardrules.errors import CardRulesError, quote
from cardrules.web.tables import Table

__all__ = ["TableStore"]

_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class TableStore:
    """The folder where tables are saved (created if missing)."""

    def __init__(self, folder: Path | str) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)

    def path(self, table_id: str) -> Path:
        """The file of table ``table_id``."""
        if not _ID.match(table_id):
            raise ValueError(f"not a table id: {quote(table_id)}")
        return self.folder / f"{table_id}.json"

    def save(self, table: Table) -> None:
        """Write ``table`` atomically (temporary file, fsync, `os.replace`)."""
        text = json.dumps(table.to_json(), separators=(",", ":"))
        target = self.path(table.id)
        handle, temporary = tempfile.mkstemp(prefix=f".{table.id}.", dir=self.folder)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def load_all(self) -> dict[str, Table]:
        """Every saved table, by id; a file that does not load is skipped with a warning."""
        tables: dict[str, Table] = {}
        for path in sorted(self.folder.glob("*.json")):
            try:
                table = Table.from_json(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError, KeyError, TypeError, CardRulesError) as error:
                warnings.warn(f"table file {path} skipped: {error}", stacklevel=2)
                continue
            tables[table.id] = table
        return tables
