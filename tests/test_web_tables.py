"""A web table's rules of play: whose decision, stale pages, undo as in the terminal, saving."""

from __future__ import annotations

import html
import json
import random
import re
import time
from pathlib import Path

import pytest

from cardrules.errors import BotLoadError, OptionsError, UnknownGameError
from cardrules.web.storage import TableStore
from cardrules.web.tables import Table, TableRefusal, create_table
from cardrules.web.tokens import hash_token, matches


def _table(seats: list[str]) -> Table:
    made = create_table("gnoming-a-round", 3, seats, options={"rounds": 1}, seed=3)
    return made.table


def _revealed(table: Table) -> None:
    """Each seat turns up its first two cards (G6)."""
    for seat in range(3):
        table.submit(seat, table.version, "reveal 0 1")


def test_a_request_from_the_wrong_seat_or_a_stale_page_changes_nothing() -> None:
    table = _table(["human"])
    record = table.state.record()
    with pytest.raises(TableRefusal, match="Not your decision: seat 0 decides now"):
        table.submit(1, 0, "reveal 0 1")
    with pytest.raises(TableRefusal, match="Stale page"):
        table.submit(0, 1, "reveal 0 1")
    with pytest.raises(TableRefusal, match="names no version"):
        table.submit(0, "0", "reveal 0 1")
    with pytest.raises(TableRefusal, match="rule G6"):
        table.submit(0, 0, "place 3")
    with pytest.raises(TableRefusal, match="not a Gnoming move"):
        table.submit(0, 0, "fly away")
    assert table.state.record() == record
    assert table.version == 0
    table.submit(0, 0, "reveal 0 1")
    assert table.version == 1
    with pytest.raises(TableRefusal, match="Stale page"):  # the same request again
        table.submit(0, 0, "reveal 0 1")
    assert len(table.state.history) == 1


def test_undo_takes_back_a_decision_unless_a_card_was_revealed_or_another_person_decided() -> None:
    table = _table(["human"])
    _revealed(table)
    assert not table.undoable(0)
    with pytest.raises(TableRefusal, match="seat 2 has decided since"):
        table.undo(0, table.version)
    table.submit(0, table.version, "take discard 0")  # reveals nothing
    assert table.undoable(0)
    assert not table.undoable(1)
    with pytest.raises(TableRefusal, match="Stale page"):
        table.undo(0, table.version - 1)
    before = table.version
    table.undo(0, table.version)
    assert [str(m) for m in table.state.history] == ["reveal 0 1"] * 3
    assert table.version == before + 1
    assert table.state.current_player == 0
    table.submit(0, table.version, "take discard 0")
    table.submit(0, table.version, "place 5")  # turns up the card it replaces
    with pytest.raises(TableRefusal, match="a card has been revealed since"):
        table.undo(0, table.version)


def test_undo_takes_back_the_bot_moves_made_since() -> None:
    table = _table(["human", "greedy", "greedy"])
    table.submit(0, 0, "reveal 0 1")
    while table.bot_step():
        pass
    table.submit(0, table.version, "take discard 0")
    table.undo(0, table.version)
    assert len(table.state.history) == 3
    assert table.state.current_player == 0


def test_a_saved_table_loads_as_it_was(tmp_path: Path) -> None:
    made = create_table("toonerville-rook", 3, ["human", "greedy"], options={"rounds": 1}, seed=5)
    table = made.table
    assert table.seats == ["human", "greedy", "human"]  # repeated to fill the seats
    for _ in range(2):
        while table.bot_step():
            pass
        seat = table.state.current_player
        assert seat in (0, 2)
        table.submit(seat, table.version, str(table.state.legal_moves()[0]))
    store = TableStore(tmp_path)
    store.save(table)
    loaded = store.load_all()[table.id]
    assert loaded.state.record() == table.state.record()
    assert (loaded.version, loaded.undo_marks, loaded.seats) == (
        table.version,
        table.undo_marks,
        table.seats,
    )
    assert loaded.seat_of(made.tokens[0]) == 0
    saved = json.loads(store.path(table.id).read_text(encoding="utf-8"))
    assert made.tokens[0] not in json.dumps(saved)


def test_tokens_are_kept_as_hashes_and_match_only_their_own() -> None:
    made = create_table("gnoming-a-round", 3, ["human"], seed=1)
    tokens = made.tokens
    assert sorted(tokens) == [0, 1, 2]
    assert len(set(tokens.values())) == 3
    for seat, token in tokens.items():
        assert made.table.seat_of(token) == seat
        assert made.table.token_hashes[seat] == hash_token(token)
    assert made.table.seat_of(tokens[0] + "x") is None
    assert not matches(tokens[0], None)
    assert not matches("x" * 1000, hash_token("x" * 1000))


def test_bad_tables_are_refused_with_a_clear_error() -> None:
    with pytest.raises(BotLoadError, match="unknown bot 'nobot'"):
        create_table("gnoming-a-round", 3, ["human", "nobot"])
    with pytest.raises(OptionsError, match="name each seat"):
        create_table("gnoming-a-round", 3, [" "])
    with pytest.raises(UnknownGameError):
        create_table("no-such-game", 3, ["human"])
    with pytest.raises(OptionsError):
        create_table("gnoming-a-round", 99, ["human"])


class FailingBot:
    """A bot that raises, with its own cards in the message (as a buggy bot may)."""

    def choose(self, observation: object) -> object:
        raise RuntimeError(f"cannot choose: {observation!r}")


def test_a_failing_bot_stops_its_table_without_showing_its_error(tmp_path: Path) -> None:
    starlette = pytest.importorskip("starlette.testclient")
    from cardrules.web.app import create_app

    with starlette.TestClient(create_app(tmp_path)) as client:
        body = {"game": "gnoming-a-round", "players": 3, "seed": 1}
        made = client.post(
            "/tables", json=body | {"seats": ["human", "tests.test_web_tables:FailingBot"]}
        ).json()
        seat0 = made["seats"]["0"]
        assert client.post(seat0 + "/move", json={"version": 0, "move": "reveal 0 1"}).is_success
        deadline = time.monotonic() + 30
        while "failed" not in (view := client.get(seat0 + "/view.json").json())["html"]:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert "The bot at seat 1 failed" in view["html"]
        assert "cannot choose" not in view["html"]
        assert client.get(seat0).status_code == 200  # the server still serves


def test_the_form_creates_a_table_and_refuses_bad_input_clearly(tmp_path: Path) -> None:
    starlette = pytest.importorskip("starlette.testclient")
    from cardrules.web.app import create_app

    with starlette.TestClient(create_app(tmp_path)) as client:
        form = client.get("/").text
        assert 'value="gnoming-a-round"' in form
        assert 'value="toonerville-rook"' in form
        fields = {
            "game": "toonerville-rook",
            "players": "3",
            "seats": "human,greedy",
            "variants": "",
            "options": "rounds=1\nbuy_limit=2",
        }
        page = client.post("/tables", data=fields)
        assert page.status_code == 200
        links = re.findall(r'href="(http://testserver/t/[^"]+)"', page.text)
        assert len(links) == 3  # seats 0 and 2, and the watch link
        table = next(iter(client.app.state.server.tables.values()))
        assert table.seats == ["human", "greedy", "human"]
        assert table.state.game.rounds == 1
        view = client.get(links[0].removeprefix("http://testserver") + "/view.json").json()
        assert view["seat"] == 0
        for bad, message in (
            ({"players": "9"}, "toonerville-rook takes"),
            ({"seats": "human,nobot"}, "unknown bot"),
            ({"options": "rounds"}, "an option is NAME=VALUE"),
            ({"variants": "nope"}, "nope"),
        ):
            refused = client.post("/tables", data=fields | bad)
            assert refused.status_code == 400
            assert message in html.unescape(refused.text)


@pytest.mark.rule("G15", "R10")
@pytest.mark.parametrize(
    ("game", "kind"), [("gnoming-a-round", "flip"), ("toonerville-rook", "buy")]
)
def test_a_decision_out_of_turn_is_offered_to_its_seat_alone(game: str, kind: str) -> None:
    """A Hazard flip (Gnoming) or a buy offer (Rook) is listed on the deciding seat's page only."""
    from cardrules.web.pages import seat_view

    for seed in range(40):
        table = create_table(game, 3, ["human"], options={"rounds": 1}, seed=seed).table
        rng = random.Random(seed)
        state = table.state
        while not state.is_over and not any(str(m).startswith(kind) for m in state.legal_moves()):
            seat = state.current_player
            assert seat is not None
            table.submit(seat, table.version, str(rng.choice(state.legal_moves())))
        if not state.is_over:
            break
    else:
        pytest.fail(f"no {kind} decision in 40 random matches")
    decider = state.current_player
    assert decider is not None
    assert decider != state.seats[-1]  # out of turn: not the seat that just discarded
    for seat in range(3):
        view = seat_view(table, seat, f"/t/x/seat/{seat}")
        if seat == decider:
            assert any(move.startswith(kind) for move in view["moves"])
            assert "Your decision." in view["html"]
        else:
            assert view["moves"] == []
            assert f"Waiting for seat {decider} (a person)" in view["html"]
