"""What the server sends: each seat's view and the public view, as data and HTML.

`seat_view` is built from one seat's observation and from what every seat
sees (the moves played, in notation, which each observation's history holds;
the scores; whose decision it is): the picture is `cardrules.svg.draw` with
``seat=``, the moves are listed only to the seat that must decide, and the
seed appears only once the match is over. `watch_view` holds only the public
part until the match ends, then the whole last round and the seed.

All text is escaped (`html.escape`); nothing here reads the table's tokens.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from cardrules.plugins.registry import Catalogue
from cardrules.svg.pictures import draw
from cardrules.web.tables import HUMAN, Table

__all__ = ["LOG_LENGTH", "create_page", "links_page", "page", "seat_view", "watch_view"]

#: Moves shown in a view's log, the latest last.
LOG_LENGTH = 12

e = html.escape


def _who(table: Table, seat: int, viewer: int | None) -> str:
    kind = table.seats[seat]
    if seat == viewer:
        return f"seat {seat} (you)"
    return f"seat {seat} ({'a person' if kind == HUMAN else 'bot ' + kind})"


def _status(table: Table, viewer: int | None) -> str:
    state = table.state
    if state.is_over:
        winners = " and ".join(f"seat {s}" for s in state.winners)
        return f"The match is over. Winner: {winners}."
    seat = state.current_player
    assert seat is not None
    if table.bot_failed is not None:
        # (not the bot's error message: it may quote the bot's own cards)
        return f"The bot at seat {table.bot_failed} failed; the match cannot go on here."
    if seat == viewer:
        return "Your decision."
    return f"Waiting for {_who(table, seat, viewer)}."


def _scores(table: Table) -> str:
    state = table.state
    head = "".join(f"<th>seat {s}</th>" for s in range(state.players))
    rows = "".join(
        f"<tr><td>{number}</td>{''.join(f'<td>{v}</td>' for v in scores)}</tr>"
        for number, scores in enumerate(state.round_scores, start=1)
    )
    total = "".join(f"<td>{v}</td>" for v in state.scores)
    return (
        f'<table class="scores"><tr><th>round</th>{head}</tr>{rows}'
        f"<tr><th>total</th>{total}</tr></table>"
    )


def _log(table: Table) -> str:
    state = table.state
    start = max(0, len(state.history) - LOG_LENGTH)
    items = "".join(
        f"<li>{number}. seat {state.seats[number - 1]}: {e(str(state.history[number - 1]))}</li>"
        for number in range(start + 1, len(state.history) + 1)
    )
    return f'<ol class="log">{items}</ol>'


def _end(table: Table, base: str) -> str:
    state = table.state
    if not state.is_over:
        return ""
    return (
        f'<p class="end">Seed {state.seed}. '
        f'<a href="{e(base)}/record.json" download>record (JSON)</a> - '
        f'<a href="{e(base)}/replay.html">replay</a></p>'
    )


def _moves(table: Table, seat: int, base: str) -> tuple[list[str], str]:
    state = table.state
    if state.current_player != seat:
        return [], ""
    moves = [str(move) for move in state.legal_moves()]
    buttons = "".join(
        f'<button class="move" name="move" value="{e(m)}" data-move="{e(m)}">{e(m)}</button>'
        for m in moves
    )
    version = f'<input type="hidden" name="version" value="{table.version}">'
    return moves, (
        f'<form class="moves" method="post" action="{e(base)}/move">{version}{buttons}</form>'
        f'<form class="typed" method="post" action="{e(base)}/move">{version}'
        '<label>Or type a move: <input name="move" autocomplete="off"></label>'
        "<button>play</button></form>"
    )


def seat_view(table: Table, seat: int, base: str) -> dict[str, Any]:
    """What ``seat`` is sent: ``{"type": "view", "version", "seat", "to_move",
    "over", "moves", "undo", "html"}``.

    ``moves`` lists the legal moves in notation when ``seat`` must decide,
    else ``[]``; ``html`` is the view as an HTML fragment (the picture from
    ``seat``'s observation). ``base`` is the seat's page path (its link).
    """
    with table.lock:
        state = table.state
        moves, forms = _moves(table, seat, base)
        undo = table.undoable(seat)
        undo_form = (
            f'<form class="undo" method="post" action="{e(base)}/undo">'
            f'<input type="hidden" name="version" value="{table.version}">'
            "<button>undo my last decision</button></form>"
            if undo
            else ""
        )
        title = state.game.spec.title
        fragment = (
            f'<div class="view" data-version="{table.version}" data-seat="{seat}">'
            f"<h1>{e(title)}: {_who(table, seat, seat)}</h1>"
            f'<p class="status">{e(_status(table, seat))}</p>'
            f'<div class="picture">{draw(state, seat=seat)}</div>'
            f"{forms}{undo_form}{_scores(table)}{_end(table, base)}{_log(table)}</div>"
        )
        return {
            "type": "view",
            "version": table.version,
            "seat": seat,
            "to_move": state.current_player,
            "over": state.is_over,
            "moves": moves,
            "undo": undo,
            "html": fragment,
        }


def watch_view(table: Table, base: str) -> dict[str, Any]:
    """What a watcher is sent: the public view (no picture) until the match ends,
    then the whole last round and the seed. Keys as `seat_view` (``seat`` None)."""
    with table.lock:
        state = table.state
        seats = ", ".join(_who(table, s, None) for s in range(state.players))
        picture = f'<div class="picture">{draw(state)}</div>' if state.is_over else ""
        fragment = (
            f'<div class="view" data-version="{table.version}">'
            f"<h1>{e(state.game.spec.title)}: watching</h1><p>{e(seats)}</p>"
            f'<p class="status">{e(_status(table, None))}</p>{picture}'
            f"{_scores(table)}{_end(table, base)}{_log(table)}</div>"
        )
        return {
            "type": "view",
            "version": table.version,
            "seat": None,
            "to_move": state.current_player,
            "over": state.is_over,
            "moves": [],
            "undo": False,
            "html": fragment,
        }


def page(title: str, body: str, *, socket: str | None = None, message: str = "") -> str:
    """A whole HTML page: ``body`` with the package's style sheet and script.

    ``socket`` is the WebSocket path that pushes new views (none: a static page).
    """
    data = f' data-socket="{e(socket)}"' if socket else ""
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f'<title>{e(title)}</title><link rel="stylesheet" href="/static/table.css">'
        '<script src="/static/table.js" defer></script></head>'
        f'<body><main id="table"{data}><p id="message" role="alert">{e(message)}</p>'
        f'<div id="view">{body}</div></main></body></html>'
    )


def create_page(catalogue: Catalogue, message: str = "") -> str:
    """The form that creates a table: game, players, seats, variants, options."""
    games = "".join(
        f'<option value="{e(spec.name)}">{e(spec.title)} ({e(spec.players_text)} players)</option>'
        for spec in catalogue.games()
    )
    variants = ", ".join(
        f"{e(v.name)} ({e(v.game)})"
        for spec in catalogue.games()
        for v in catalogue.variants(spec.name)
    )
    body = (
        "<h1>New table</h1>"
        '<form class="create" method="post" action="/tables">'
        f'<label>Game <select name="game">{games}</select></label>'
        '<label>Players <input name="players" type="number" min="1" value="3"></label>'
        '<label>Seats <input name="seats" value="human,human,greedy"></label>'
        "<small>human, or a bot per seat: random, greedy, ismcts, flat, a "
        "cardrules.bots entry point, or module:Name; repeated to fill the seats.</small>"
        '<label>Variants <input name="variants" placeholder="name,name"></label>'
        f"<small>{variants or 'none installed'}</small>"
        '<label>Options <textarea name="options" rows="3" placeholder="rounds=1"></textarea>'
        "</label><small>one NAME=VALUE per line (the value read as JSON when it parses)</small>"
        "<button>create the table</button></form>"
    )
    return page("cardrules: new table", body, message=message)


def links_page(title: str, links: Iterable[tuple[str, str]]) -> str:
    """The page listing a new table's links (each human seat's secret link, the watch link)."""
    items = "".join(f'<li>{e(label)}: <a href="{e(url)}">{e(url)}</a></li>' for label, url in links)
    body = (
        f"<h1>{e(title)}</h1><p>Give each person only their own seat's link: "
        f'it is the only key to that seat.</p><ul class="links">{items}</ul>'
    )
    return page(title, body)
