"""A small test game where the HIGHEST total wins and a match ends at a target score.

*High tricks*: twelve cards valued 1 to 12; each seat is dealt three. The
leader plays a card, then each other seat in turn; the highest card takes the
trick, its taker scores the sum of the trick's cards and leads the next. A
round ends when the hands are empty. The match ends after the round in which a
total reaches ``target`` (an option, default 40), at most 12 rounds; the
highest total wins.

It is written the way an outside author writes a game plugin, against the
public API only, and is installed as a ``cardrules`` entry point by the
``high_tricks`` fixture (`install`), so the CLI, the adapters and the bots meet
it as they meet any installed game.
"""

from __future__ import annotations

import importlib.metadata
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest

from cardrules import DeckComposition, GameSpec, MatchRules, Move, hookimpl
from cardrules.errors import InvalidMoveError
from cardrules.information.tensor_layout import TensorLayout, require_numpy
from cardrules.model.actions import ActionSpace, blocks_from
from cardrules.model.chance import Chance
from cardrules.plugins.registry import default_catalogue

NAME = "high-tricks"
CARDS = tuple(range(1, 13))
HAND = 3


@attrs.frozen
class HighTricksOptions:
    target: int = 40


#: The rules, by id (what a refusal quotes).
RULES = {
    "T1": "each seat is dealt three of the cards 1 to 12; the highest total wins",
    "T2": "play a card from your own hand, in turn; the highest card takes the trick",
    "T3": "the match ends after the round in which a total reaches the target",
}


@attrs.frozen
class Play(Move):
    rule = "T2"
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.define
class Round:
    players: int
    hands: list[list[int]]
    leader: int
    current_player: int | None
    trick: list[tuple[int, int]] = attrs.Factory(list)
    taken: list[int] = attrs.Factory(list)
    unseen: list[int] = attrs.Factory(list)  # the cards not dealt

    @property
    def is_round_over(self) -> bool:
        return self.current_player is None

    def clone(self) -> Round:
        return Round(
            self.players,
            [list(h) for h in self.hands],
            self.leader,
            self.current_player,
            list(self.trick),
            list(self.taken),
            list(self.unseen),
        )

    def all_cards(self) -> list[int]:
        return [c for h in self.hands for c in h] + [c for _, c in self.trick] + self.unseen


@attrs.frozen
class View:
    seat: int
    players: int
    round: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    taken: tuple[int, ...]
    leader: int
    current_player: int | None
    legal_moves: tuple[Move, ...]
    round_scores: tuple[tuple[int, ...], ...]
    history: tuple[tuple[int, Move], ...]
    variant_views: tuple[tuple[str, Any], ...] = ()


class Space(ActionSpace):
    def __init__(self) -> None:
        super().__init__(blocks_from([("play", len(CARDS), "card - 1")]))

    def id_of(self, move: Move) -> int:
        if not isinstance(move, Play) or move.card not in CARDS:
            raise InvalidMoveError(f"{move!r} has no id in high-tricks")
        return move.card - 1

    def move_of(self, action: int) -> Move:
        return Play(self.check(action) + 1)


def _deal(players: int, cards: list[int], leader: int) -> Round:
    hands = [sorted(cards[i * HAND : (i + 1) * HAND]) for i in range(players)]
    return Round(players, hands, leader, leader, [], [0] * players, cards[players * HAND :])


class HighTricks:
    @hookimpl
    def cardrules_register_games(self, register: Callable[[GameSpec], None]) -> None:
        register(
            GameSpec(
                NAME,
                "High Tricks",
                2,
                4,
                HighTricksOptions,
                plugin=self,
                rules=RULES,
                move_rule="T2",
            )
        )

    @hookimpl
    def cardrules_deck(self, game: Any) -> DeckComposition[int]:
        return DeckComposition.from_mapping(dict.fromkeys(CARDS, 1))

    @hookimpl
    def cardrules_match_rules(self, game: Any) -> MatchRules:
        return MatchRules(higher_wins=True, target=game.options.target, max_rounds=12)

    @hookimpl
    def cardrules_score_bounds(self, game: Any) -> tuple[int, int]:
        return 0, sum(CARDS)

    @hookimpl
    def cardrules_new_round(
        self, game: Any, round: int, deck: Any, chance: Chance, previous: Any
    ) -> Round:
        cards = deck.cards()
        chance.shuffle(cards)
        return _deal(game.players, cards, round % game.players)

    @hookimpl
    def cardrules_legal_moves(self, game: Any, state: Round) -> list[Move]:
        if state.current_player is None:
            return []
        return [Play(card) for card in state.hands[state.current_player]]

    @hookimpl
    def cardrules_apply_move(self, game: Any, state: Round, move: Play, chance: Chance) -> Round:
        seat = state.current_player
        assert seat is not None
        state.hands[seat].remove(move.card)
        state.trick.append((seat, move.card))
        if len(state.trick) < state.players:
            state.current_player = (seat + 1) % state.players
            return state
        taker, _ = max(state.trick, key=lambda played: played[1])
        state.taken[taker] += sum(card for _, card in state.trick)
        state.unseen += [card for _, card in state.trick]
        state.trick = []
        state.leader = taker
        state.current_player = taker if state.hands[taker] else None
        return state

    @hookimpl
    def cardrules_parse_move(self, game: Any, text: str) -> Move:
        word, _, number = text.partition(" ")
        if word != "play" or not number.isdigit() or int(number) not in CARDS:
            raise InvalidMoveError(f"not a high-tricks move: {text[:40]!r}")
        return Play(int(number))

    @hookimpl
    def cardrules_score_round(self, game: Any, state: Round) -> tuple[int, ...]:
        return tuple(state.taken)

    @hookimpl
    def cardrules_observation(
        self,
        game: Any,
        state: Round,
        seat: int,
        round_scores: Sequence[tuple[int, ...]],
        legal_moves: tuple[Move, ...],
        history: Sequence[tuple[int, Move]],
    ) -> View:
        return View(
            seat,
            state.players,
            len(round_scores) - (1 if state.is_round_over and round_scores else 0),
            tuple(state.hands[seat]),
            tuple(len(h) for h in state.hands),
            tuple(state.trick),
            tuple(state.taken),
            state.leader,
            state.current_player,
            legal_moves if state.current_player == seat else (),
            tuple(round_scores),
            tuple(history),
        )

    @hookimpl
    def cardrules_shuffle_hidden(
        self, game: Any, state: Round, seat: int, rng: random.Random
    ) -> Round:
        other = state.clone()
        hidden = [c for s, h in enumerate(other.hands) if s != seat for c in h] + other.unseen
        rng.shuffle(hidden)
        for s, hand in enumerate(other.hands):
            if s != seat:
                other.hands[s] = sorted(hidden[: len(hand)])
                del hidden[: len(hand)]
        other.unseen = hidden
        return other

    @hookimpl
    def cardrules_determinize(self, game: Any, observation: View, rng: random.Random) -> Round:
        played = {move.card for _, move in observation.history if isinstance(move, Play)}
        pool = [c for c in CARDS if c not in played and c not in observation.hand]
        rng.shuffle(pool)
        hands: list[list[int]] = []
        for s, size in enumerate(observation.hand_sizes):
            if s == observation.seat:
                hands.append(list(observation.hand))
            else:
                hands.append(sorted(pool[:size]))
                del pool[:size]
        trick = list(observation.trick)
        discarded = [c for c in played if c not in {card for _, card in trick}]
        return Round(
            observation.players,
            hands,
            observation.leader,
            observation.current_player,
            trick,
            list(observation.taken),
            pool + discarded,
        )

    @hookimpl
    def cardrules_action_space(self, game: Any) -> ActionSpace:
        return Space()

    @hookimpl
    def cardrules_tensor_layout(self, game: Any) -> TensorLayout:
        return TensorLayout.build(
            [
                ("hand", (len(CARDS),), "1 where the card is in the seat's hand"),
                ("trick", (len(CARDS),), "1 where the card is in the trick"),
                ("taken", (game.players,), "points taken this round, by seat"),
            ]
        )

    @hookimpl
    def cardrules_observation_tensor(self, game: Any, observation: View) -> Any:
        numpy = require_numpy()
        tensor = numpy.zeros(2 * len(CARDS) + game.players, dtype=numpy.float32)
        for card in observation.hand:
            tensor[card - 1] = 1
        for _, card in observation.trick:
            tensor[len(CARDS) + card - 1] = 1
        tensor[2 * len(CARDS) :] = observation.taken
        return tensor


#: The plugin object the entry point names.
PLUGIN = HighTricks()
ENTRY_POINT = importlib.metadata.EntryPoint(
    name=NAME, value=f"{__name__}:PLUGIN", group="cardrules"
)


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``high-tricks`` an installed game (an entry point) for the rest of a test."""
    real = importlib.metadata.entry_points

    def entry_points(**kwargs: Any) -> Any:
        found: list[Any] = list(real(**kwargs))
        if kwargs.get("group") == "cardrules":
            found.append(ENTRY_POINT)
        return found

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    default_catalogue.cache_clear()


def uninstall() -> None:
    """Forget the catalogue that knew ``high-tricks`` (after `install`'s monkeypatch is undone)."""
    default_catalogue.cache_clear()
