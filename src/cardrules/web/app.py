"""The web server of ``cardrules serve``: a Starlette application hosting tables.

Paths (``ID`` a table id, ``TOKEN`` a human seat's secret token)::

    GET  /                               the form that creates a table
    POST /tables                         create one (form fields, or JSON: see `create`)
    GET  /t/ID/seat/TOKEN                the seat's page       (and /view.json: its view)
    POST /t/ID/seat/TOKEN/move           {"version": n, "move": "notation"}
    POST /t/ID/seat/TOKEN/undo           {"version": n}
    WS   /t/ID/seat/TOKEN/ws             views pushed; {"type": "move"|"undo", ...} sent
    GET  /t/ID/watch                     the public page   (and /view.json, /ws)
    GET  .../record.json, .../replay.html   the record and its replay, once the match is over

Every change (a move, an undo, a bot's move) saves the table
(`cardrules.web.storage`) before anyone is told of it, then pushes each
connected page its new view. Bots move in a worker thread, one table's
changes at a time (a lock per table).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardrules.errors import CardRulesError, quote
from cardrules.plugins.registry import default_catalogue
from cardrules.records.replay_html import replay_html
from cardrules.web.pages import create_page, links_page, page, seat_view, watch_view
from cardrules.web.storage import TableStore
from cardrules.web.tables import Table, TableRefusal, create_table

__all__ = ["MAX_BODY", "PrivateHeaders", "TableServer", "create_app"]

#: The largest request body read, in bytes (a move or a new table is far smaller).
MAX_BODY = 20_000
NOT_FOUND = "No such seat or table: check the link."
LOG = logging.getLogger("cardrules.web")


class TableServer:
    """The tables in memory, their store, and the pages connected to each."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.listeners: dict[str, set[asyncio.Queue[Any]]] = {}
        self.runners: dict[str, asyncio.Task[None]] = {}

    def add(self, table: Table) -> None:
        """Host ``table`` (not yet saved)."""
        self.tables[table.id] = table
        self.locks[table.id] = asyncio.Lock()
        self.listeners[table.id] = set()

    def seat(self, table_id: str, token: str) -> tuple[Table, int] | None:
        """The table and seat a link names, or ``None``."""
        table = self.tables.get(table_id)
        if table is None:
            return None
        seat = table.seat_of(token)
        return None if seat is None else (table, seat)

    async def change(self, table: Table, action: Callable[[], Any]) -> Any:
        """Run ``action`` (a change of ``table``) in a thread, save, tell every page, run bots."""
        async with self.locks[table.id]:
            result = await run_in_threadpool(action)
            await run_in_threadpool(self.store.save, table)
        self.notify(table)
        self.start_bots(table)
        return result

    def notify(self, table: Table) -> None:
        """Tell each connected page of ``table`` that it changed."""
        for queue in self.listeners[table.id]:
            queue.put_nowait(("view", None))

    def start_bots(self, table: Table) -> None:
        """Let the bots of ``table`` play, in the background, until a person must decide."""
        if table.bot_to_move and table.id not in self.runners:
            task = asyncio.get_running_loop().create_task(self._bots(table))
            self.runners[table.id] = task

    async def _bots(self, table: Table) -> None:
        try:
            while True:
                async with self.locks[table.id]:
                    try:
                        moved = await run_in_threadpool(table.bot_step)
                    except Exception:  # a bot of the user's may fail: the table waits, logged
                        LOG.exception("table %s: the bot to move failed; it waits", table.id)
                        table.bot_failed = table.state.current_player
                        self.notify(table)
                        return
                    if not moved:
                        return
                    await run_in_threadpool(self.store.save, table)
                self.notify(table)
        finally:
            # at once (no await since the last check): a change after this starts a new runner
            self.runners.pop(table.id, None)


def _base(table: Table, token: str | None) -> str:
    return f"/t/{table.id}/seat/{token}" if token is not None else f"/t/{table.id}/watch"


async def _body(request: Request) -> dict[str, Any]:
    """The request's fields: JSON, or a URL-encoded form (``version`` read as an int)."""
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise TableRefusal(f"the request is larger than {MAX_BODY:,} bytes")
    if request.headers.get("content-type", "").startswith("application/json"):
        try:
            data = json.loads(raw or b"{}")
        except ValueError:
            raise TableRefusal("the request is not JSON") from None
        if not isinstance(data, dict):
            raise TableRefusal("send a JSON object")
        return data
    fields: dict[str, Any] = {k: v[-1] for k, v in parse_qs(raw.decode("utf-8", "replace")).items()}
    if "version" in fields:
        with contextlib.suppress(ValueError):
            fields["version"] = int(fields["version"])
    return fields


def _options(text: str) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        name, sep, raw = line.partition("=")
        if not sep or not name.strip():
            raise TableRefusal(f"an option is NAME=VALUE, got {quote(line.strip())}")
        try:
            options[name.strip()] = json.loads(raw)
        except ValueError:
            options[name.strip()] = raw.strip()
    return options


def create_app(data: Path | str, *, catalogue: Any = None) -> Starlette:
    """The server's application, saving tables in ``data`` and resuming those saved there."""
    store = TableStore(data)
    server = TableServer(store)
    catalogue = catalogue or default_catalogue()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for table in store.load_all().values():
            server.add(table)
            server.start_bots(table)
        yield
        for task in list(server.runners.values()):
            task.cancel()

    async def index(request: Request) -> Response:
        return HTMLResponse(create_page(catalogue))

    async def create(request: Request) -> Response:
        """Create a table. JSON: ``{"game", "players", "seats": [...], "variants": [...],
        "options": {...}, "seed"}``; answers ``{"table", "seats": {seat: path}, "watch"}``."""
        wants_json = request.headers.get("content-type", "").startswith("application/json")
        try:
            fields = await _body(request)
            if wants_json:
                seats, variants = fields.get("seats", []), fields.get("variants", [])
                options, seed = fields.get("options") or None, fields.get("seed")
                players = fields.get("players")
            else:
                seats = str(fields.get("seats", "")).split(",")
                variants = [v.strip() for v in str(fields.get("variants", "")).split(",")]
                variants = [v for v in variants if v]
                options, seed = _options(str(fields.get("options", ""))) or None, None
                players = int(str(fields.get("players", "0")) or 0)
            if not isinstance(seats, list) or not isinstance(variants, list):
                raise TableRefusal("seats and variants are lists of names")
            made = await run_in_threadpool(
                lambda: create_table(
                    str(fields.get("game", "")),
                    players,  # type: ignore[arg-type]
                    seats,
                    variants=variants,
                    options=options,
                    seed=seed,
                )
            )
        except (CardRulesError, ValueError, TypeError) as error:
            if wants_json:
                return JSONResponse({"error": str(error)}, status_code=400)
            return HTMLResponse(create_page(catalogue, str(error)), status_code=400)
        table = made.table
        server.add(table)
        await server.change(table, lambda: None)
        links = {seat: _base(table, token) for seat, token in made.tokens.items()}
        if wants_json:
            return JSONResponse(
                {"table": table.id, "seats": links, "watch": _base(table, None)}, status_code=201
            )
        root = str(request.base_url).rstrip("/")
        shown = [(f"seat {s}", root + path) for s, path in sorted(links.items())]
        shown.append(("watch", root + _base(table, None)))
        return HTMLResponse(links_page(f"{table.state.game.spec.title}: new table", shown))

    def _find(request: Request) -> tuple[Table, int | None, str | None] | None:
        table_id = request.path_params["table"]
        token = request.path_params.get("token")
        if token is None:
            table = server.tables.get(table_id)
            return None if table is None else (table, None, None)
        found = server.seat(table_id, token)
        return None if found is None else (found[0], found[1], token)

    def _view(table: Table, seat: int | None, token: str | None) -> dict[str, Any]:
        base = _base(table, token)
        return watch_view(table, base) if seat is None else seat_view(table, seat, base)

    async def _saved_view(table: Table, seat: int | None, token: str | None) -> dict[str, Any]:
        """The view once no change of the table is being made and saved.

        A change (a person's move, a bot's, an undo) and its save run under the
        table's lock, so a page never shows a move that a server killed before
        saving it would lose on resuming.
        """
        async with server.locks[table.id]:
            return await run_in_threadpool(_view, table, seat, token)

    async def show(request: Request) -> Response:
        found = _find(request)
        if found is None:
            return HTMLResponse(page("not found", NOT_FOUND), status_code=404)
        table, seat, token = found
        view = await _saved_view(table, seat, token)
        title = f"{table.state.game.spec.title}: " + (
            "watching" if seat is None else f"seat {seat}"
        )
        return HTMLResponse(page(title, view["html"], socket=_base(table, token) + "/ws"))

    async def view_json(request: Request) -> Response:
        found = _find(request)
        if found is None:
            return JSONResponse({"error": NOT_FOUND}, status_code=404)
        return JSONResponse(await _saved_view(*found))

    async def act(request: Request) -> Response:
        found = _find(request)
        wants_json = request.headers.get("content-type", "").startswith("application/json")
        if found is None or found[1] is None:
            return JSONResponse({"error": NOT_FOUND}, status_code=404)
        table, seat, token = found
        assert seat is not None
        message = ""
        try:
            fields = await _body(request)
            await _act(table, seat, request.path_params["action"], fields)
        except TableRefusal as error:
            if wants_json:
                return JSONResponse({"error": str(error)}, status_code=409)
            message = str(error)
        view = await _saved_view(table, seat, token)
        if wants_json:
            return JSONResponse(view)
        title = f"{table.state.game.spec.title}: seat {seat}"
        socket = _base(table, token) + "/ws"
        return HTMLResponse(page(title, view["html"], socket=socket, message=message))

    async def _act(table: Table, seat: int, action: str, fields: dict[str, Any]) -> None:
        version = fields.get("version")
        if action == "move":
            await server.change(table, lambda: table.submit(seat, version, fields.get("move")))
        elif action == "undo":
            await server.change(table, lambda: table.undo(seat, version))
        else:
            raise TableRefusal(f"unknown action {quote(action)}: move or undo")

    async def finished(request: Request) -> Response:
        found = _find(request)
        if found is None or request.path_params["kind"] not in ("record.json", "replay.html"):
            return JSONResponse({"error": NOT_FOUND}, status_code=404)
        table = found[0]
        with table.lock:
            if not table.state.is_over:
                return JSONResponse(
                    {"error": "The record is offered once the match is over."}, status_code=403
                )
            record = table.state.record()
        if request.path_params["kind"] == "record.json":
            return JSONResponse(record)
        return HTMLResponse(await run_in_threadpool(replay_html, record))

    async def socket(websocket: WebSocket) -> None:
        table_id = websocket.path_params["table"]
        token = websocket.path_params.get("token")
        table: Table | None = server.tables.get(table_id)
        seat: int | None = None
        if table is not None and token is not None:
            found = server.seat(table_id, token)
            table, seat = found if found is not None else (None, None)
        if table is None:
            await websocket.close(code=4404, reason=NOT_FOUND)
            return
        await websocket.accept()
        queue: asyncio.Queue[Any] = asyncio.Queue()
        server.listeners[table.id].add(queue)
        queue.put_nowait(("view", None))
        sender = asyncio.get_running_loop().create_task(_send(websocket, table, seat, token, queue))
        try:
            while True:
                message = await websocket.receive_json()
                if seat is None or not isinstance(message, dict):
                    queue.put_nowait(("refused", "Watchers cannot play."))
                    continue
                action = str(message.get("type", ""))
                try:
                    await _act(table, seat, action, message)
                except TableRefusal as error:
                    queue.put_nowait(("refused", str(error)))
        except (WebSocketDisconnect, ValueError, KeyError):
            pass
        finally:
            server.listeners[table.id].discard(queue)
            sender.cancel()

    async def _send(
        websocket: WebSocket,
        table: Table,
        seat: int | None,
        token: str | None,
        queue: asyncio.Queue[Any],
    ) -> None:
        last = -1
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                kind, text = await queue.get()
                if kind == "refused":
                    await websocket.send_json({"type": "refused", "message": text})
                    continue
                view = await _saved_view(table, seat, token)
                if view["version"] != last:
                    last = view["version"]
                    await websocket.send_json(view)

    static = StaticFiles(packages=[("cardrules.web", "static")])
    seat_path, watch_path = "/t/{table}/seat/{token}", "/t/{table}/watch"
    routes = [
        Route("/", index),
        Route("/tables", create, methods=["POST"]),
        Mount("/static", app=static, name="static"),
    ]
    for path in (seat_path, watch_path):
        routes += [
            Route(path, show),
            Route(path + "/view.json", view_json),
            Route(path + "/{kind:str}", finished),
            WebSocketRoute(path + "/ws", socket),
        ]
    routes.insert(3, Route(seat_path + "/{action:str}", act, methods=["POST"]))
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(PrivateHeaders)])
    app.state.server = server
    return app


class PrivateHeaders:
    """ASGI middleware: every HTTP answer is kept out of caches, frames and referrers.

    A seat's page is private: ``Cache-Control: no-store`` keeps it out of the
    browser's and any proxy's cache, ``Referrer-Policy: no-referrer`` keeps its
    link (the token) from being sent to another site, ``X-Frame-Options: DENY``
    keeps other sites from framing it.
    """

    HEADERS = (
        (b"cache-control", b"no-store"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
    )

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)
