"""Pictures of positions (`cardrules.svg`): they show the state, and only what a seat may see.

Drawings are parsed as XML and read back through the ``class`` and ``data-*``
attributes each card carries, then compared with the state or observation
they were drawn from: the cards shown, the face-down ones as backs, the
counts. The leak tests draw pairs of states that differ only in cards hidden
from a seat (`Game.shuffle_hidden`) and require byte-identical pictures.
"""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules.svg
from cardrules import Catalogue, GameState, PluginHookError, VariantSpec, hookimpl, new_game
from cardrules.svg.canvas import SVG_NAMESPACE, svg_of
from cardrules_gnoming.scoring import LINES, line_match_value
from cardrules_rook.cards import ROOK
from cardrules_rook.melds import RunMeld
from tests.observer_support import GNOMING_GAME, ROOK_GAME, SETUP_IDS, SETUPS, Setup, positions
from tests.support import random_moves

NS = "{" + SVG_NAMESPACE + "}"
FORBIDDEN_TAGS = {"script", "foreignObject", "image", "use", "a", "style", "iframe"}


def parse(svg: str) -> ET.Element:
    """The drawing as an XML tree, checked to be plain, self-contained SVG."""
    root = ET.fromstring(svg)  # raises on malformed XML
    assert root.tag == NS + "svg"
    for element in root.iter():
        assert element.tag.removeprefix(NS) not in FORBIDDEN_TAGS, element.tag
        for name, value in element.attrib.items():
            assert name != "id", "ids would clash when drawings share a page"
            assert "href" not in name, name
            assert not name.startswith("on"), name
            assert "url(" not in value, value
            assert "://" not in value.replace(SVG_NAMESPACE, ""), value
    return root


def cards(root: ET.Element, **where: str) -> list[ET.Element]:
    """The card groups whose ``data-*`` attributes match ``where`` (``data_seat="1"``)."""
    wanted = {k.replace("_", "-"): v for k, v in where.items()}
    return [
        g
        for g in root.iter(NS + "g")
        if "card" in g.get("class", "").split() and all(g.get(k) == v for k, v in wanted.items())
    ]


def label(card: ET.Element) -> str:
    """The text printed on a card (its first ``<text>``), or ``""``."""
    texts = [t.text or "" for t in card.iter(NS + "text")]
    return texts[0] if texts else ""


def play(name: str, players: int, seed: int, moves: int) -> GameState:
    """A match of ``name`` after up to ``moves`` random moves."""
    state = new_game(name, players=players, seed=seed)
    random_moves(state, random.Random(seed), moves)
    return state


# ------------------------------------------------------------------ Gnoming


def check_gnoming(state: GameState, seat: int | None) -> None:
    root = parse(cardrules.svg.draw(state, seat))
    rs = state.round_state if not state.is_over else state.finished_rounds[-1]
    obs = state.observation(seat) if seat is not None else None
    for s in range(state.players):
        for p in range(9):
            (card,) = cards(root, data_seat=str(s), data_pos=str(p))
            true, up = rs.layouts[s].cards[p], rs.layouts[s].face_up[p]
            kind = card.get("class")
            if up:
                assert (kind, card.get("data-card"), label(card)) == (
                    "card face-up",
                    str(true),
                    str(true),
                )
            elif obs is not None:  # face down, seen from a seat: a bare back
                assert obs.layouts[s][p] is None
                assert (kind, card.get("data-card"), label(card)) == ("card back", None, "")
            else:  # face down, whole table: a back with its identity
                assert (kind, card.get("data-card")) == ("card face-down", str(true))
    (draw_pile,) = [g for g in root.iter(NS + "g") if g.get("class") == "pile draw-pile"]
    assert draw_pile.get("data-count") == label(draw_pile) == str(len(rs.stock))
    for index, pile in enumerate(rs.discards):
        shown = cards(root, data_place=f"discard-{index}")
        assert [(c.get("data-card"), c.get("data-count")) for c in shown] == (
            [(str(pile.top), str(len(pile)))] if len(pile) else []
        )
    matched = {
        (s, line)
        for s, layout in enumerate(rs.layouts)
        for line in LINES
        if all(layout.face_up[p] for p in line)
        and line_match_value([layout.cards[p] for p in line]) is not None
    }
    drawn = {
        (int(g.get("data-seat", "-1")), tuple(int(p) for p in line.get("data-line", "").split()))
        for g in root.iter(NS + "g")
        if g.get("class") == "layout"
        for line in g.iter(NS + "line")
        if line.get("class") == "match"
    }
    assert drawn == matched


@pytest.mark.rule("G4")
@pytest.mark.parametrize("moves", [0, 25, 80, 400])
def test_gnoming_drawings_show_the_layouts_piles_and_backs(moves: int) -> None:
    """Every layout card is drawn where it lies: face up by value, face down as a back."""
    state = play(GNOMING_GAME, 4, seed=moves + 1, moves=moves)
    for seat in (None, *range(state.players)):
        check_gnoming(state, seat)


@pytest.mark.rule("G19")
def test_gnoming_finished_round_is_drawn_face_up_with_matched_lines() -> None:
    """A finished match draws its last round: every card face up, matching lines marked (G19)."""
    state = play(GNOMING_GAME, 3, seed=11, moves=100_000)
    assert state.is_over
    root = parse(cardrules.svg.draw(state))
    assert not cards(root, **{"class": "card back"})
    check_gnoming(state, None)
    check_gnoming(state, 0)


def test_gnoming_hidden_drawn_card_is_a_back_for_the_others() -> None:
    """A card drawn from the draw pile shows to the drawer only (G9)."""
    state = new_game(GNOMING_GAME, players=3, seed=4)
    while str(state.round_state.phase) != "draw":
        state.apply(state.legal_moves()[0])
    state.apply("draw stock")
    rs = state.round_state
    drawer = rs.turn_seat
    for seat in range(3):
        (held,) = cards(parse(cardrules.svg.draw(state, seat)), data_place="hand")
        expected = str(rs.held) if seat == drawer else None
        assert held.get("data-card") == expected


# --------------------------------------------------------------------- Rook


def check_rook(state: GameState, seat: int | None) -> None:
    root = parse(cardrules.svg.draw(state, seat))
    rs = state.round_state if not state.is_over else state.finished_rounds[-1]
    for s in range(state.players):
        hand = Counter(str(c) for c in rs.hand(s))
        drawn = cards(root, data_seat=str(s))
        faces = Counter(c.get("data-card") for c in drawn if c.get("class") == "card face-up")
        backs = [c for c in drawn if c.get("class") == "card back"]
        if seat is None or s == seat:
            assert (faces, backs) == (hand, [])
        else:
            assert not faces
            assert [(b.get("data-count"), label(b)) for b in backs] == [(str(rs.hand_size(s)),) * 2]
            known = Counter(c.get("data-card", "") for c in drawn if c.get("class") == "card known")
            assert known == Counter(str(c) for c in state.observation(seat).known_cards[s])
            assert not known - hand
    for index, meld in enumerate(rs.table):
        shown = cards(root, data_meld=str(index))
        assert Counter(c.get("data-card") for c in shown) == Counter(map(str, meld.cards()))
        stand_ins = [c.get("data-stands-for") for c in shown if c.get("data-card") == "Rook"]
        if isinstance(meld, RunMeld):
            assert stand_ins == [str(c) for c in meld.stands_for()]
        else:
            assert stand_ins == [str(meld.number)] * meld.rooks
    assert not cards(root, data_meld=str(len(rs.table)))
    top = cards(root, data_place="discard")
    assert [(c.get("data-card"), c.get("data-count")) for c in top] == (
        [(str(rs.discards.top), str(len(rs.discards)))] if len(rs.discards) else []
    )
    (draw_pile,) = [g for g in root.iter(NS + "g") if g.get("class") == "pile draw-pile"]
    assert draw_pile.get("data-count") == label(draw_pile) == str(len(rs.stock))
    (contract,) = [t for t in root.iter(NS + "text") if t.get("class") == "contract"]
    assert f"Contract: {rs.contract}" in (contract.text or "")


def rook_with_melds() -> GameState:
    """A 4-player Rook match played by greedy bots until the table holds a Rook."""
    from cardrules.bots.loading import bot_factories

    state = new_game(ROOK_GAME, players=4, seed=5)
    bots = [bot_factories(state.game.spec.bots, state.game)["greedy"](s) for s in range(4)]
    while not any(ROOK in meld.cards() for meld in state.round_state.table):
        seat = state.current_player
        assert seat is not None
        assert state.round == 0
        state.apply(bots[seat].choose(state.observation(seat)))
    return state


@pytest.mark.rule("R13")
def test_rook_drawings_show_hands_melds_with_rook_stand_ins_and_piles() -> None:
    """Own hand by its cards, other hands as counts, each Rook with what it stands for (R13)."""
    state = rook_with_melds()
    for seat in (None, *range(state.players)):
        check_rook(state, seat)


@pytest.mark.rule("R4")
@pytest.mark.parametrize("moves", [0, 40, 150])
def test_rook_drawings_of_random_positions(moves: int) -> None:
    """The contract (R4), every hand and the table, at random points of a match."""
    state = play(ROOK_GAME, 3, seed=moves + 2, moves=moves)
    for seat in (None, *range(state.players)):
        check_rook(state, seat)


# ----------------------------------------------------------------- no leaks


@pytest.mark.rule("G4")
@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_a_seats_drawing_does_not_depend_on_cards_hidden_from_it(setup: Setup) -> None:
    """States differing only in cards hidden from a seat give it byte-identical pictures.

    The whole-table drawings of the same pairs differ, most of the time:
    the pairs do move hidden cards.
    """
    rng = random.Random(16)
    pairs = differing = 0
    for state in positions(setup, seed=3, every=29, limit=8):
        for seat in range(state.players):
            shuffled = state.game.shuffle_hidden(state.round_state, seat, rng)
            twin = state.clone()
            twin.set_round_state(shuffled)
            assert cardrules.svg.draw(twin, seat) == cardrules.svg.draw(state, seat)
            pairs += 1
            differing += cardrules.svg.draw(twin) != cardrules.svg.draw(state)
    assert pairs >= 8
    assert differing > pairs // 2


# --------------------------------------------------------------- notebooks


@pytest.mark.parametrize("name", [GNOMING_GAME, ROOK_GAME])
def test_observations_and_drawings_display_in_notebooks(name: str) -> None:
    """Jupyter calls ``_repr_svg_``: observations and `draw` results both have it."""
    state = play(name, 3, seed=9, moves=30)
    observation = state.observation(1)
    assert observation._repr_svg_() == cardrules.svg.draw(state, 1)
    spectator = cardrules.svg.draw(state)
    assert isinstance(spectator, str)
    assert spectator._repr_svg_() == str(spectator)
    parse(spectator._repr_svg_())


@pytest.mark.parametrize("name", [GNOMING_GAME, ROOK_GAME])
def test_an_observation_draws_in_a_fresh_process(name: str) -> None:
    """Loading an observation imports its game's package, which registers its drawing.

    The observation module does not import the ``svg`` module that draws it
    (that one imports it): `cardrules.svg.canvas.svg_of` finds the drawing that
    the package's import registered, with no game made and no plugin loaded.
    """
    observation = play(name, 3, seed=4, moves=20).observation(2)
    if hasattr(observation, "rules"):  # Gnoming's rulebook would make a game to unpickle
        observation = attrs.evolve(observation, rules=None)
    script = (
        "import pickle, sys\n"
        "observation = pickle.loads(sys.stdin.buffer.read())\n"
        "assert not [m for m in sys.modules if m.endswith('.plugin')], sorted(sys.modules)\n"
        "sys.stdout.write(observation._repr_svg_())\n"
    )
    source = Path(cardrules.__file__).parents[1]  # the copy under test
    drawn = subprocess.run(
        [sys.executable, "-c", script],
        input=pickle.dumps(observation),
        capture_output=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(source)},
    )
    assert drawn.stdout.decode() == observation._repr_svg_()


def test_svg_of_refuses_a_type_without_a_drawing() -> None:
    """`svg_of` names the type it has no drawing for."""
    with pytest.raises(TypeError, match=r"no SVG drawing is registered for builtins\.object"):
        svg_of(object())


# ------------------------------------------------------------------ plugins


class _Drawings:
    def __init__(self, answer: Any) -> None:
        self.answer = answer

    @hookimpl(tryfirst=True)
    def cardrules_svg_observation(self, game: Any, observation: Any) -> Any:
        return self.answer

    @hookimpl(tryfirst=True)
    def cardrules_svg_state(self, game: Any, state: Any, round_scores: Any) -> Any:
        return self.answer


class _Variants:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(VariantSpec("draws-nonsense", GNOMING_GAME, plugin=_Drawings(42)))
        register(VariantSpec("draws-a-dot", GNOMING_GAME, plugin=_Drawings("<svg>.</svg>")))


def test_a_variant_can_draw_instead_and_nonsense_names_the_plugin() -> None:
    """The drawing goes through the presentation hooks; a non-SVG answer is refused."""
    catalogue = Catalogue(plugins=[("drawings", _Variants())])
    dot = new_game(GNOMING_GAME, players=3, variants=["draws-a-dot"], catalogue=catalogue)
    assert cardrules.svg.draw(dot, 0) == cardrules.svg.draw(dot) == "<svg>.</svg>"
    bad = new_game(GNOMING_GAME, players=3, variants=["draws-nonsense"], catalogue=catalogue)
    with pytest.raises(PluginHookError, match="variant:draws-nonsense") as error:
        cardrules.svg.draw(bad, 0)
    assert error.value.hook == "cardrules_svg_observation"


def test_a_game_that_draws_nothing_gets_a_placeholder() -> None:
    """Without a drawing hook answering, `draw_observation` and `draw_round` name the game."""
    from types import SimpleNamespace

    game: Any = SimpleNamespace(
        spec=SimpleNamespace(title="Old <Maid> & co"),
        svg_observation=lambda observation: None,
        svg_state=lambda state, scores: None,
    )
    for picture in (
        cardrules.svg.draw_observation(game, object()),
        cardrules.svg.draw_round(game, object()),
    ):
        texts = [t.text for t in parse(picture).iter(NS + "text")]
        assert texts == ["Old <Maid> & co has no SVG drawing."]


def test_canvas_escapes_text_and_attributes() -> None:
    """Text that looks like markup stays text: the drawing is still well-formed, plain SVG."""
    from cardrules.svg.canvas import Canvas

    canvas = Canvas(100, 'a "title" <script>', "k")
    canvas.card(canvas.root, 0, 0, 30, 40, "</svg>", note="&", data_card='"><script>')
    root = parse(canvas.to_svg())
    (title,) = root.iter(NS + "title")
    assert title.text == 'a "title" <script>'
    assert [t.text for t in root.iter(NS + "text")] == ["</svg>", "&"]
    (card,) = root.iter(NS + "g")
    assert card.get("data-card") == '"><script>'
