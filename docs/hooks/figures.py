"""MkDocs hook: draw the positions the rules pages and the quick start show, at build time.

Each figure is a position reached by real play with a fixed seed, found by
looking for the event it illustrates (a bounce chain, a Hazard flip, a Rook
laid down in a meld, a swap), and drawn with `cardrules.svg`. The SVG files
are added to the site as ``figures/NAME.svg``; nothing drawn is committed,
so the pictures always follow the rules and drawings of the code being
documented. A scene that cannot be found any more fails the build, naming it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import cardrules
import cardrules.svg
from cardrules import GameState, Move
from cardrules.bots.loading import bot_factories
from cardrules_gnoming.moves import STOCK, Bounce, Place
from cardrules_gnoming.moves import Discard as GnomingDiscard
from cardrules_gnoming.moves import Draw as GnomingDraw
from cardrules_rook.cards import ROOK
from cardrules_rook.moves import LayDown, MeldDown, Swap

SEEDS = range(300)
#: A scene: the picture, or None if this seed's match never shows the event.
Scene = Callable[[int], "cardrules.svg.Svg | None"]


def _gnoming(
    seed: int, prefer: Callable[[GameState, Move], bool], done: Callable[..., bool]
) -> Any:
    """Play a 3-seat Gnoming match at random, choosing preferred moves when offered,
    until ``done(state, last_move, run)`` is true; return the state then, or None."""
    state = cardrules.new_game("gnoming-a-round", players=3, seed=seed, options={"rounds": 1})
    rng = random.Random(seed)
    run = 0
    while not state.is_over:
        legal = state.legal_moves()
        preferred = [move for move in legal if prefer(state, move)]
        move = rng.choice(preferred or list(legal))
        state.apply(move)
        run = run + 1 if isinstance(move, Bounce) else 0
        if done(state, move, run):
            return state
    return None


def bounce_chain(seed: int) -> cardrules.svg.Svg | None:
    """G12: a placed card displaced a card that bounced, and the next one bounced too."""
    state = _gnoming(
        seed,
        lambda s, m: isinstance(m, Bounce | Place) or m == GnomingDraw(STOCK),
        lambda s, m, run: run >= 2,
    )
    if state is None:
        return None
    return cardrules.svg.draw(state, state.current_player)


def hazard_flip(seed: int) -> cardrules.svg.Svg | None:
    """G15: a Hazard was discarded; the next seat may flip one of its face-down cards."""

    def prefer(state: GameState, move: Move) -> bool:
        held = state.round_state.held
        hazard_discard = isinstance(move, GnomingDiscard) and held is not None and held.is_hazard
        return hazard_discard or move == GnomingDraw(STOCK)

    state = _gnoming(
        seed, prefer, lambda s, m, run: str(s.round_state.phase) == "flip" and s.round == 0
    )
    if state is None:
        return None
    return cardrules.svg.draw(state, state.current_player)


def _rook(seed: int, want: Callable[[GameState, Move], bool], swap_first: bool) -> Any:
    """A 3-seat Rook match of greedy bots (swapping whenever allowed if ``swap_first``),
    up to the first move ``want`` accepts: returns ``(state after it, mover)`` or None."""
    state = cardrules.new_game("toonerville-rook", players=3, seed=seed)
    bots = [bot_factories(state.game.spec.bots, state.game)["greedy"](s) for s in range(3)]
    while not state.is_over and len(state.history) < 4000:
        seat = state.current_player
        assert seat is not None
        swaps = [m for m in state.legal_moves() if isinstance(m, Swap)] if swap_first else []
        move = swaps[0] if swaps else bots[seat].choose(state.observation(seat))
        round_before = state.round
        state.apply(move)
        if want(state, move) and state.round == round_before:
            return state, seat
    return None


def rook_lay_down(seed: int) -> cardrules.svg.Svg | None:
    """R11, R13: a seat lays down its contract with a Rook standing in a meld."""

    def with_rook(state: GameState, move: Move) -> bool:
        if not isinstance(move, LayDown | MeldDown):
            return False
        melds = (move.meld,) if isinstance(move, MeldDown) else move.melds
        return any(ROOK in meld.cards() for meld in melds)

    found = _rook(seed, with_rook, swap_first=False)
    return None if found is None else cardrules.svg.draw(found[0], found[1])


def rook_swap(seed: int) -> cardrules.svg.Svg | None:
    """R14: a seat swaps the natural card for a Rook in a run; the Rook is now in its hand."""
    found = _rook(seed, lambda s, m: isinstance(m, Swap), swap_first=True)
    return None if found is None else cardrules.svg.draw(found[0], found[1])


def quick_start() -> cardrules.svg.Svg:
    """The quick start's position: seat 0's view after the reveals and a draw (seed 7)."""
    state = cardrules.new_game("gnoming-a-round", players=3, seed=7)
    for move in ("reveal 0 8", "reveal 0 8", "reveal 2 6", "draw stock"):
        state.apply(move)
    return cardrules.svg.draw(state, seat=0)


SCENES: dict[str, Scene] = {
    "gnoming-bounce-chain": bounce_chain,
    "gnoming-hazard-flip": hazard_flip,
    "rook-lay-down-with-rook": rook_lay_down,
    "rook-swap": rook_swap,
}


def figure(name: str) -> cardrules.svg.Svg:
    """The figure ``name``: the first seed of `SEEDS` whose match shows the scene.

    Raises:
        LookupError: no seed shows it (the rules or bots changed: widen the search).
    """
    if name == "quick-start":
        return quick_start()
    scene = SCENES[name]
    for seed in SEEDS:
        picture = scene(seed)
        if picture is not None:
            return picture
    raise LookupError(f"docs figure {name!r}: no match of seeds {SEEDS} shows it")


def on_files(files: Any, config: Any) -> Any:
    """Add ``figures/NAME.svg`` for every scene (MkDocs ``on_files`` event)."""
    from mkdocs.structure.files import File

    for name in ("quick-start", *SCENES):
        files.append(File.generated(config, f"figures/{name}.svg", content=str(figure(name))))
    return files
