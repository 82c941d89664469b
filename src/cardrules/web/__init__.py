"""Play in the browser: ``cardrules serve`` hosts tables for people and bots.

A table is a match of any registered game (with its variants, options and
player count) where each seat is a person, reached by a secret link, or a bot
that moves on the server. Each person's page is drawn on the server from that
seat's observation alone (`cardrules.svg`), so no page, message or link of a
seat holds a card hidden from it, nor the seed before the match ends. Tables
are saved after every move and resumed when the server restarts.

Needs the ``web`` extra (``pip install 'cardrules[web]'``: Starlette and
uvicorn). The pieces: `cardrules.web.tokens` (secret links),
`cardrules.web.tables` (a table and its rules of play),
`cardrules.web.storage` (saving), `cardrules.web.pages` (views) and
`cardrules.web.app` (the application). See docs/web.md.
"""

from __future__ import annotations

__all__ = ["create_app"]


def __getattr__(name: str) -> object:
    if name == "create_app":  # Starlette is imported only when the server is wanted
        from cardrules.web.app import create_app

        return create_app
    raise AttributeError(name)
