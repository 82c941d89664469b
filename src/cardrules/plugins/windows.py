"""Windows: decisions that move between seats, out of turn.

A *window* is a decision a variant offers to some seats while a turn is
paused: after a discard, any player holding a matching card may *snap* it;
after a buy, the player whose turn it is may refuse it. A game publishes the
points where a window may open (`cardrules.GameSpec.window_points`: after a
discard, before a buy is carried out, before a round ends...), and a variant
declares what it offers there with a `Window` on its `cardrules.VariantSpec`
(``windows=(WINDOW, ...)``)::

    SNAP = Window(name="snap", point="after-discard", rule="G14", offer=offer, act=SNAP_MOVE)

When the game reaches the point (it calls `open_window`), each window declared
there asks its ``offer`` in the order the variants were chosen. An `Offer`
names the seats to ask, in order, why (``reason``, shown to every seat) and
how many of them may act (``limit``). Each asked seat in turn decides, as
the deciding seat (``GameState.current_player``): a move of the window's
``act`` kind (a `cardrules.plugins.variant_moves.MoveKind`, listed and applied
only while its window is open), or `Decline` (notation ``decline``). The
window closes once ``limit`` seats acted or every seat was asked; then the
next window declared at the point is asked, and once none is open, the game
resumes the turn where it was (hook ``cardrules_resume``), told which seats
acted (a point's documentation says what acting there does to the game's own
next step).

Windows nest: a point reached while a window is open (inside an act, or inside
the game's resumption) opens its windows on top of it (`WindowState.outer`);
the outer window goes on once the inner point resumed. The game's resumption
there may withdraw the act that reached the point (`withdraw_act`: a buy held
back, the outer window then asks its next seat as if the buyer had declined),
and a round that ends inside a window closes them all (`close_windows`).

The engine keeps the open window as a variant state under the name `WINDOW`
(`WindowState`, public): it is cloned with the round, shown to every seat in
its observation's ``variant_views`` (who is asked, and why: `window_view`),
kept when a state is sampled from an observation, written into records and
checked on replay. Moves in windows are ordinary moves: recorded, replayed,
numbered (the acts' blocks and one id for ``decline``) and narrated. The
tensor gains two planes, ``window:asked`` (the seat asked, by relative seat)
and ``window:open`` (which declared window is open); see
`cardrules.plugins.window_kept`.

A game may declare windows of its own (`cardrules.GameSpec.windows`: Gnoming's
Hazard flips), acted on and declined with its own moves. The game shows those
in its own terms, so the engine leaves them out of what it shows and records
(`cardrules.plugins.window_kept.shown_window`), and keeps them in the round
only while they are open unless a variant declares a window too.

With no window declared, none of this runs: a game's code asks
``open_window`` only where it or a variant declared a window at that point.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Protocol

import attrs

from cardrules.errors import CardRulesError, PluginHookError, quote
from cardrules.model.chance import Chance
from cardrules.model.moves import Move
from cardrules.plugins.variant_moves import MoveKind
from cardrules.plugins.variant_state import NO_VARIANT_STATE, OMITTED_WHEN_DEFAULT

__all__ = [
    "DECLINE",
    "WINDOW",
    "Decline",
    "Offer",
    "Resumed",
    "Window",
    "WindowError",
    "WindowState",
    "close_windows",
    "current_window",
    "open_window",
    "window_of",
    "window_view",
    "withdraw_act",
]

#: The name the engine keeps the open window under (in ``variant_states`` and
#: ``variant_views``, in records, and as the prefix of its planes and its action block).
WINDOW = "window"


class WindowError(CardRulesError, ValueError):
    """A `Window` or an `Offer` is wrong: a point the game does not publish, no seats..."""


_INT = {int}  # (the types of an offer's seats)


@attrs.frozen(init=False)
class Offer:
    """What a window offers, answered by `Window.offer`.

    Attributes:
        seats: the seats to ask, in the order they are asked (each at most once).
        reason: why they are asked, in a few words (public, shown to every seat).
        limit: how many of them may act; the window closes once that many did.

    Raises:
        WindowError: no seats, a seat twice, or a limit below 1.
    """

    seats: tuple[int, ...]
    reason: str
    limit: int = 1

    def __init__(self, seats: Iterable[int], reason: str, limit: int = 1) -> None:
        # (written out: a game's own window makes an offer at every turn, Rook's buying)
        seats = tuple(seats)
        if not seats or len(set(seats)) != len(seats):
            raise WindowError(f"an offer asks distinct seats, got {quote(seats)}")
        if set(map(type, seats)) != _INT:
            raise WindowError(f"an offer's seats are ints, got {quote(seats)}")
        if limit < 1:
            raise WindowError(f"an offer's limit is at least 1, got {quote(limit)}")
        _set = object.__setattr__
        _set(self, "seats", seats)
        _set(self, "reason", reason)
        _set(self, "limit", limit)


@attrs.frozen(kw_only=True)
class Window:
    """A decision a variant offers out of turn at a point the game publishes.

    Attributes:
        name: the window's name, e.g. ``"snap"`` (shown in observations).
        point: where it may open: one of the game's
            `cardrules.GameSpec.window_points`, e.g. ``"after-discard"``.
        rule: the rule id it adds or changes (named when a move is refused
            while it is open).
        offer: ``offer(game, state, about)`` returns the `Offer` to make now,
            or ``None`` to stay closed. ``about`` is what the game says of the
            point (its documentation tells: a pile, a seat...).
        act: the kind of move an asked seat acts with. Its ``legal(game, state)``
            lists the acts of ``state.current_player`` (the asked seat); it is
            asked only while this window is open. Its ``apply`` plays one;
            `window_of` gives the open window (``about`` included). It must not
            end the turn: the game resumes it when the window closes.
        decline: the move an asked seat declines with; ``None`` (default): the
            core `DECLINE` (notation ``decline``). A window the game declares
            itself (`cardrules.GameSpec.windows`) names one of its own moves
            (Rook: ``pass``), so that its ids and notation stay the game's.
    """

    name: str
    point: str
    rule: str
    offer: Callable[[Any, Any, Any], Offer | None]
    act: MoveKind
    decline: Move | None = None


@attrs.frozen
class WindowState:
    """The open window of a round (public), or none (``point is None``).

    Attributes:
        point: the game's window point it opened at, or ``None``: no window open.
        about: what the game said of the point (JSON: an int, a string...).
        variant: the variant that declared the open window.
        name: the open window's name (`Window.name`).
        index: its place among the game's declared windows (``game.windows``).
        seats: the seats it asks, in order.
        asked: the index in ``seats`` of the seat deciding now.
        limit: how many may act.
        reason: why they are asked.
        acts: ``(window name, seat)`` of every act at this point so far, this
            window's and earlier ones'.
        outer: the windows this one opened inside, innermost last (a stack):
            each was open when an act in it reached a point where this one
            opened, and that act is done (in its ``acts``). Once this one and
            the rest at its point close and the game resumed there, the
            innermost outer window goes on with its next seat. Also kept,
            with ``point`` ``None``, while the game resumes inside them.
    """

    point: str | None = None
    about: Any = None
    variant: str = ""
    name: str = ""
    index: int = -1
    seats: tuple[int, ...] = ()
    asked: int = 0
    limit: int = 1
    reason: str = ""
    acts: tuple[tuple[str, int], ...] = ()
    outer: tuple[WindowState, ...] = attrs.field(
        default=(),
        metadata={OMITTED_WHEN_DEFAULT: True},  # (records as before nesting)
    )

    @property
    def seat(self) -> int | None:
        """The seat asked now, or ``None`` when no window is open."""
        return self.seats[self.asked] if self.point is not None else None

    @property
    def acted(self) -> tuple[int, ...]:
        """The seats that acted in windows at this point so far, in order."""
        return tuple(seat for _, seat in self.acts)


_CLOSED = WindowState()


@attrs.frozen
class Decline(Move):
    """Let a window's chance go (notation ``decline``)."""

    declines_offer: ClassVar[bool] = True

    def __str__(self) -> str:
        return "decline"


#: The one `Decline` move.
DECLINE = Decline()


@attrs.frozen
class Resumed(Move):
    """The game resuming a turn once the windows at ``point`` closed (never played).

    `cardrules.Game.narrate` passes it to the game's ``cardrules_narrate`` after
    the move that closed the last window, so that the game tells what happens
    next (the buy carried out, the turn passing, the round ending) as it
    would have without the window.
    """

    point: str
    about: Any
    acted: tuple[int, ...]

    def __str__(self) -> str:
        return f"resume {self.point}"


class WindowsGame(Protocol):
    """The `cardrules.Game` as windows read it (the game module builds on this one)."""

    @property
    def players(self) -> int:
        """The number of seats."""

    @property
    def windows(self) -> tuple[tuple[str, Window], ...]:
        """The game's own windows, then the chosen variants', ``(owner, window)``."""

    @property
    def own_windows(self) -> int:
        """How many of `windows` the game declares itself (they come first)."""

    @property
    def window_kept(self) -> bool:
        """Whether every round keeps a `WINDOW` state (a variant declares a window), or
        only while one of the game's own windows is open."""

    def variant_call(
        self, variant: str, what: str, function: Callable[..., Any], *args: Any
    ) -> Any:
        """``function(*args)``, a variant's function (``what`` names it)."""

    def resume(
        self, state: Any, point: str, about: Any, acted: tuple[int, ...], chance: Chance
    ) -> None:
        """The game's ``cardrules_resume``."""


def window_of(state: Any) -> WindowState | None:
    """The window open in round state ``state``, or ``None`` (none open, or no windows)."""
    states = state.variant_states
    if states is NO_VARIANT_STATE:
        return None
    window = states.get(WINDOW)
    return window if window is not None and window.point is not None else None


def _put(game: WindowsGame, state: Any, window: WindowState) -> None:
    """Keep ``window`` as round ``state``'s window (a closed one is dropped, unless kept)."""
    states = state.variant_states
    if window.point is None and not window.outer and not game.window_kept:
        if len(states) == 1 and WINDOW in states:  # (the window alone: nothing else kept)
            state.variant_states = NO_VARIANT_STATE
            return
        rest = {name: value for name, value in states.items() if name != WINDOW}
        state.variant_states = rest or NO_VARIANT_STATE
    elif states is NO_VARIANT_STATE:
        state.variant_states = {WINDOW: window}
    else:
        state.variant_states = {**states, WINDOW: window}


def current_window(state: Any) -> WindowState:
    """The window open in round state ``state`` (what a `Window`'s act functions read).

    Raises:
        WindowError: no window is open.
    """
    window = window_of(state)
    if window is None:
        raise WindowError("no window is open")
    return window


def window_view(observation: Any) -> WindowState | None:
    """The window open when ``observation`` was made (every seat sees it), or ``None``."""
    for name, view in getattr(observation, "variant_views", ()):
        if name == WINDOW:
            return view if view.point is not None else None
    return None


def open_window(
    game: WindowsGame,
    state: Any,
    point: str,
    about: Any = None,
    asking: tuple[int, ...] | None = None,
    acts: tuple[tuple[str, int], ...] = (),
) -> bool:
    """Open the first window declared at ``point`` that makes an offer; whether one opened.

    A game calls it at each point it publishes, where a chosen variant
    declared a window. When it returns ``True`` the game stops there: the
    asked seat decides now, and the game's ``cardrules_resume`` carries on
    once every window at the point closed.

    A point may be reached while a window is open (in an act, or in the
    game's resumption inside one): the window opened then is kept on top of
    it, and the outer window goes on once the inner point resumed.

    Args:
        game: the game.
        state: the round state (its ``current_player`` is set to the asked seat).
        point: the point reached (one of the game's ``window_points``).
        about: what the game says of the point (JSON data), passed to each offer.
        asking: ask only these seats, in this order, whatever the offer names: for a
            round rebuilt from an observation (`cardrules_determinize`) where the
            first seats asked have answered already (the game's observation shows
            which are left).
        acts: ``(window name, seat)`` of the acts already made at the point, for such a
            round: the asked seat's act is under way when a window opened inside it
            (the window opened at ``point`` counts it, as `WindowState.acts`).

    Raises:
        PluginHookError: an ``offer`` failed or answered something other than an
            `Offer` or ``None``, or asked a seat that is not ``0 .. players-1``.
    """
    return _open_next(game, state, point, about, 0, acts, _stack(state), asking)


def withdraw_act(game: WindowsGame, state: Any) -> None:
    """Undo the count of the act whose point is resuming: it did not happen after all.

    A game calls it from its ``cardrules_resume`` at a point reached inside an act
    (Rook: ``before-buy``, inside a buy) when the windows there held the act back
    (a buy refused): the window the act was made in then goes on as if its seat
    had declined, asking its next seat.

    Raises:
        WindowError: no window is waiting for this resumption (the point was not
            reached inside an act in a window).
    """
    waiting = window_of_any(state)
    if waiting is None or waiting.point is not None or not waiting.outer:
        raise WindowError("no act in a window is waiting for this resumption")
    made = waiting.outer[-1]
    if not made.acts:
        raise WindowError(f"window {quote(made.name)} counts no act to withdraw")
    undone = attrs.evolve(made, acts=made.acts[:-1])
    _put(game, state, attrs.evolve(waiting, outer=(*waiting.outer[:-1], undone)))


def close_windows(game: WindowsGame, state: Any) -> None:
    """Close every window of round ``state``, open or waiting under a resumption.

    A game calls it when the round ends inside a window (Rook: a buyer's
    penalty card empties the draw pile, R16): nobody is asked any more and no
    point resumes.
    """
    if window_of_any(state) is not None:
        _put(game, state, _CLOSED)


def _stack(state: Any) -> tuple[WindowState, ...]:
    """The windows a window opened now would sit on: the open one and those under it."""
    current = window_of_any(state)
    if current is None:
        return ()
    return (*current.outer, current) if current.point is not None else current.outer


def window_of_any(state: Any) -> WindowState | None:
    """Round ``state``'s window state, open or not, or ``None`` when it keeps none."""
    states = state.variant_states
    return None if states is NO_VARIANT_STATE else states.get(WINDOW)


def _open_next(
    game: WindowsGame,
    state: Any,
    point: str,
    about: Any,
    start: int,
    acts: tuple[tuple[str, int], ...],
    outer: tuple[WindowState, ...],
    asking: tuple[int, ...] | None = None,
) -> bool:
    windows = game.windows
    for index in range(start, len(windows)):
        variant, window = windows[index]
        if window.point != point:
            continue
        if index < game.own_windows:  # the game's own code: called directly, its answer trusted
            offer = window.offer(game, state, about)
        else:
            what = f"Window({window.name}).offer"
            offer = game.variant_call(variant, what, window.offer, game, state, about)
            if not (offer is None or _fits(offer, game.players)):
                raise PluginHookError(f"variant:{variant}", what, f"{quote(offer)} is not an Offer")
        if offer is None:
            continue
        if asking is not None:
            offer = Offer(asking, offer.reason, offer.limit)
        opened = _window_state(
            point, about, variant, window.name, index, offer.seats, 0, offer, acts, outer
        )
        _put(game, state, opened)
        state.current_player = offer.seats[0]
        return True
    return False


def _fits(offer: Any, players: int) -> bool:
    """Whether ``offer`` is an `Offer` of seats ``0 .. players-1``."""
    return isinstance(offer, Offer) and min(offer.seats) >= 0 and max(offer.seats) < players


def declined_with(window: Window) -> Move:
    """The move that declines ``window``'s offer: its own `Window.decline`, or `DECLINE`."""
    return DECLINE if window.decline is None else window.decline


def window_moves(game: WindowsGame, state: Any, window: WindowState) -> tuple[Move, ...]:
    """The moves of the seat asked in ``window``: its acts, then its decline."""
    variant, declared = game.windows[window.index]
    if window.index < game.own_windows:  # the game's own code: its answer is trusted
        return (*declared.act.legal(game, state), declined_with(declared))
    return (*declared.act.listed(game, state, variant), declined_with(declared))


def play_in_window(game: WindowsGame, state: Any, move: Move, chance: Chance) -> None:
    """Play ``move`` (legal in the open window) and move the window on: the next seat,
    the next window at the point, or the game's resumption (then the window it sat
    on, if any, goes on)."""
    window = window_of(state)
    assert window is not None
    acts = window.acts
    variant, declared = game.windows[window.index]
    decline = declined_with(declared)
    if move is not decline and (type(move) is not type(decline) or move != decline):
        if window.index < game.own_windows:  # the game's own code: called directly
            declared.act.apply(game, state, move, chance)
        else:
            what = f"MoveKind({declared.act.name}).apply"
            game.variant_call(variant, what, declared.act.apply, game, state, move, chance)
        acts = (*acts, (window.name, window.seats[window.asked]))
        inner = window_of_any(state)
        if inner is None or (inner.point is None and not inner.outer):
            return  # the act ended the round, and the game closed every window (close_windows)
        if inner is not window:
            # The act reached a point where a window opened on top of this one: this
            # one goes on (with its act counted) once that point resumed.
            depth = len(window.outer)
            answered = attrs.evolve(window, acts=acts)
            stack = (*inner.outer[:depth], answered, *inner.outer[depth + 1 :])
            _put(game, state, attrs.evolve(inner, outer=stack))
            return
    _advance(game, state, window, acts, chance)


def _moved_on(window: WindowState, asked: int, acts: tuple[tuple[str, int], ...]) -> WindowState:
    """``window`` asking its seat ``asked`` now, with ``acts`` (``attrs.evolve``, faster)."""
    w = window
    return _window_state(
        w.point, w.about, w.variant, w.name, w.index, w.seats, asked, w, acts, w.outer
    )


def _window_state(
    point: str | None,
    about: Any,
    variant: str,
    name: str,
    index: int,
    seats: tuple[int, ...],
    asked: int,
    offer: Offer | WindowState,
    acts: tuple[tuple[str, int], ...],
    outer: tuple[WindowState, ...],
) -> WindowState:
    """A `WindowState` (``limit`` and ``reason`` are ``offer``'s); one made before when
    there are no acts and none under it (values are immutable, so shared: a game's own
    window, such as Rook's buying, opens at every turn and asks the same seats again)."""
    if acts or outer or type(about) not in _SHARED_ABOUT:
        return WindowState(
            point, about, variant, name, index, seats, asked, offer.limit, offer.reason, acts, outer
        )
    key = (point, about, variant, name, index, seats, asked, offer.limit, offer.reason)
    made = _MADE.get(key)
    if made is None:
        if len(_MADE) >= 4096:
            _MADE.clear()
        made = _MADE[key] = WindowState(
            point, about, variant, name, index, seats, asked, offer.limit, offer.reason
        )
    return made


#: The window states made without acts or windows under them, by their fields.
_MADE: dict[tuple[Any, ...], WindowState] = {}
_SHARED_ABOUT = frozenset({int, str, type(None)})  # (hashable, and equal only when alike)


def _advance(
    game: WindowsGame,
    state: Any,
    window: WindowState,
    acts: tuple[tuple[str, int], ...],
    chance: Chance,
) -> None:
    """Move ``window`` on once its asked seat answered (``acts`` counts its act, if any)."""
    while True:
        asked = window.asked + 1
        acted_here = sum(1 for name, _ in acts if name == window.name) if acts else 0
        if asked < len(window.seats) and acted_here < window.limit:
            _put(game, state, _moved_on(window, asked, acts))
            state.current_player = window.seats[asked]
            return
        outer = window.outer
        _put(game, state, WindowState(outer=outer) if outer else _CLOSED)
        point, about = window.point, window.about
        assert point is not None
        if _open_next(game, state, point, about, window.index + 1, acts, outer):
            return  # the next window declared at the point asks
        game.resume(state, point, about, tuple([s for _, s in acts]) if acts else (), chance)
        if not outer:
            return  # done
        # Read the stack again: the resumption may have withdrawn the act that reached
        # the point (`withdraw_act`), closed every window (`close_windows`), or opened
        # a window on the same outer ones.
        now = window_of_any(state)
        if now is None or now.point is not None or not now.outer:
            return
        outer = now.outer
        # The point reached inside the outer window resumed: it goes on.
        window = attrs.evolve(outer[-1], outer=outer[:-1])
        acts = window.acts
