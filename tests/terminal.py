"""Drive the real ``cardrules`` script in a pseudo-terminal and read the screen a person sees.

pexpect runs the console script in a pty of the given size (80x24 by
default), so rich renders exactly as in a terminal: colours, widths,
wrapping. Everything the program writes is fed to pyte, a terminal emulator,
whose ``display`` is the visible screen, line by line.
"""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path
from typing import Any

import pexpect
import pyte

SCRIPT = Path(sys.executable).with_name("cardrules")

#: Terminal escape sequences (colours, cursor moves) in raw output.
_ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07]*\x07|[@-Z\\-_])")

#: The prompt before each of a person's decisions.
PROMPT = r"seat \d+>(?:\x1b\[[0-9;]*m)* "


def _default_interrupt() -> None:
    """In the child, before the script starts: Ctrl-C interrupts, as in a person's shell.

    A signal the test process ignores stays ignored in a program it starts,
    and one it blocks stays blocked: Python then never raises
    ``KeyboardInterrupt``, and a Ctrl-C typed into the terminal is echoed and
    nothing else. Whether a test worker ignores or blocks SIGINT at that
    moment is not this file's to decide (a library running in the same
    worker may have done either), so the child starts with the default
    action, unblocked.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class Terminal:
    """``cardrules ARGS`` running in a ``columns`` x ``rows`` pseudo-terminal.

    Attributes:
        transcript: every character written so far, escape sequences removed
            (what scrolled away included).
    """

    def __init__(
        self,
        *args: str | Path,
        columns: int = 80,
        rows: int = 24,
        cwd: Path | None = None,
        env: dict[str, str] | None = None,
        timeout: float = 30,
    ) -> None:
        self.screen = pyte.Screen(columns, rows)
        self._stream = pyte.ByteStream(self.screen)
        self._raw = bytearray()
        environment = {**os.environ, "TERM": "xterm-256color", **(env or {})}
        environment.pop("COLUMNS", None)
        environment.pop("LINES", None)
        self.child = pexpect.spawn(
            str(SCRIPT),
            [str(a) for a in args],
            dimensions=(rows, columns),
            cwd=str(cwd) if cwd else None,
            env=environment,
            timeout=timeout,
            preexec_fn=_default_interrupt,
        )
        self.child.logfile_read = self

    # pexpect writes what it reads here (as logfile_read).
    def write(self, data: bytes) -> None:
        self._stream.feed(data)
        self._raw += data

    def flush(self) -> None:
        pass

    def lines(self) -> list[str]:
        """The visible screen, one string per row, trailing spaces removed."""
        return [line.rstrip() for line in self.screen.display]

    @property
    def transcript(self) -> str:
        text = _ESCAPES.sub("", self._raw.decode("utf-8", "replace"))
        return text.replace("\r\n", "\n").replace("\r", "")

    def prompt(self) -> list[str]:
        """Wait for the next ``seat N>`` prompt; return the screen then."""
        self.child.expect(PROMPT)
        return self.lines()

    def type(self, text: str) -> None:
        """Type a line, as a person does, ending it with Enter."""
        self.child.sendline(text)

    def finish(self) -> int:
        """Wait for the program to end; its exit status."""
        self.child.expect(pexpect.EOF)
        self.child.close()
        status: Any = self.child.exitstatus
        if status is None:  # ended by a signal
            return 128 + int(self.child.signalstatus)
        return int(status)
