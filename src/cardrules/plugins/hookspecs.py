"""Every hook of cardrules, with its contract.

There are two kinds of hooks:

* **Catalogue hooks** are called once on the catalogue plugin manager, which
  loads every plugin of the ``cardrules`` entry-point group, to learn which
  games and variants exist.
* **Rule hooks** are called on a game's *own* plugin manager, which holds only
  that game's plugin and the variants chosen for that one game. Most are
  first-result hooks: the game answers (its implementations are marked
  ``trylast=True``), and a variant changes the answer by wrapping the call with
  ``@hookimpl(wrapper=True)`` (``result = yield``, then return a changed result)
  or by answering first with ``tryfirst=True``.

Rule hooks take ``game`` (the `cardrules.Game`: name, players, options,
variants) and usually ``state``, the game plugin's own mutable round state.

Variants add state of their own (`cardrules.plugins.variant_state`) and kinds of move
(`cardrules.plugins.variant_moves`) by declaring them on their `cardrules.VariantSpec`,
not through hooks, so several variants combine without answering one hook.

Besides these generic hooks, each game publishes its own **rule-point hooks**
(for example ``gnoming_*`` and ``rook_*``), one per rule a house rule may
change, each naming the rule id it decides. A game adds them to its plugin
managers through `cardrules_add_hookspecs`, as pytest plugins do with
``pytest_addhooks``; the game calls them through ``game.rules`` (a
`cardrules.plugins.rule_points.RulePoints`), which costs a plain function call while no
variant implements the hook.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pluggy

if TYPE_CHECKING:
    from cardrules.errors import IllegalMoveError
    from cardrules.model.chance import Chance
    from cardrules.model.decks import DeckComposition
    from cardrules.model.match_rules import MatchRules
    from cardrules.model.moves import Move
    from cardrules.plugins.specs import GameSpec, VariantSpec


class HookGame(Protocol):
    """The ``game`` a rule hook receives: a configured `cardrules.Game`, as hooks read it.

    The hooks are typed with this protocol (the engine builds on this module);
    the object passed is always the `cardrules.Game`, with all its attributes.
    """

    @property
    def name(self) -> str:
        """The game's registered name."""

    @property
    def players(self) -> int:
        """The number of seats (numbered ``0 .. players-1``)."""

    @property
    def options(self) -> Any:
        """The game's resolved options (an instance of its ``GameSpec.options_type``)."""

    @property
    def variants(self) -> tuple[VariantSpec, ...]:
        """The chosen variants, in order."""


_spec = pluggy.HookspecMarker("cardrules")

# --------------------------------------------------------------------------
# Catalogue hooks
# --------------------------------------------------------------------------


@_spec
def cardrules_register_games(register: Callable[[GameSpec], None]) -> None:
    """Declare the games a plugin provides.

    Called once per catalogue load, on every plugin (1:N, results ignored).

    :param register: call ``register(GameSpec(...))`` once per game.
    :returns: nothing.
    """


@_spec
def cardrules_register_variants(register: Callable[[VariantSpec], None]) -> None:
    """Declare the house-rule variants a plugin provides.

    Called once per catalogue load, on every plugin (1:N, results ignored).

    :param register: call ``register(VariantSpec(...))`` once per variant.
    :returns: nothing.
    """


@_spec(historic=True)
def cardrules_add_hookspecs(plugin_manager: pluggy.PluginManager) -> None:
    """Add a game's own rule-point hookspecs to a plugin manager.

    Historic: called for every plugin as it is registered, on the catalogue's
    manager and on each game's own manager. A game plugin answers with
    ``plugin_manager.add_hookspecs(its_hookspecs_module)``, so that variants
    can implement the game's rule points (a misspelt name or a wrong argument
    is then refused when the variant is registered). Results are ignored.

    :param plugin_manager: the `pluggy.PluginManager` being built.
    :returns: nothing.
    """


# --------------------------------------------------------------------------
# Rule hooks: setting up
# --------------------------------------------------------------------------


@_spec
def cardrules_validate(game: HookGame) -> None:
    """Check that the options suit the player count, when a game is created.

    Every implementation is called (1:N); one that objects raises
    `cardrules.OptionsError` with a message naming the option.

    :param game: the game being created.
    :returns: nothing.
    """


@_spec(firstresult=True)
def cardrules_deck(game: HookGame) -> DeckComposition[Any] | None:
    """Return the deck composition the game deals from.

    Stops at the first non-None result. A variant replaces the deck by
    answering first (``tryfirst=True``) or by wrapping the game's answer.

    :param game: the game.
    :returns: a `cardrules.DeckComposition`.
    """


@_spec(firstresult=True)
def cardrules_match_rules(game: HookGame) -> MatchRules | None:
    """Declare how a match is won and when it ends (`cardrules.model.match_rules.MatchRules`).

    Stops at the first non-None result. Every consumer reads this declaration:
    the engine's ``is_over`` and ``winners``, the search bots (which maximise
    their seat's outcome in the declared direction), the adapters' rewards and
    bounds, the command line and the analysis. A game that does not answer
    must answer `cardrules_rounds` (a fixed number of rounds, lowest total wins).

    :param game: the game (its options are resolved: an option may set the target).
    :returns: a `cardrules.MatchRules`.
    """


@_spec(firstresult=True)
def cardrules_rounds(game: HookGame) -> int | None:
    """Return how many rounds a match has: the short form of `cardrules_match_rules`.

    Stops at the first non-None result. Asked only when no plugin answers
    `cardrules_match_rules`; the match then has this fixed number of rounds and
    the lowest total wins.

    :param game: the game.
    :returns: a positive integer.
    """


@_spec(firstresult=True)
def cardrules_new_round(
    game: HookGame, round: int, deck: DeckComposition[Any], chance: Chance, previous: Any
) -> Any:
    """Shuffle and deal a round; return the game's round state.

    Stops at the first non-None result. Called when the match starts and after
    each round but the last. An implementation may leave out ``previous``
    (pluggy passes only the arguments it names), as those written before it
    existed do.

    :param game: the game.
    :param round: index of the round to deal, from 0.
    :param deck: the composition `cardrules_deck` returned (the whole deck).
    :param chance: the match's seeded chance; every shuffle goes through it.
    :param previous: the finished round state of round ``round - 1``, or
        ``None`` when dealing round 0; must not be changed. A game whose cards
        leave the match for good reads here what the new round deals without
        (Gnoming A Round: Hazards removed from the game, G15).
    :returns: a new mutable round state with ``current_player`` (``int | None``),
        ``is_round_over`` (``bool``) and ``clone()``; for variants that keep
        state (`cardrules.plugins.variant_state`), also a ``variant_states`` attribute
        the engine sets, which ``clone()`` copies by reference.
    """


# --------------------------------------------------------------------------
# Rule hooks: playing
# --------------------------------------------------------------------------


@_spec(firstresult=True)
def cardrules_legal_moves(game: HookGame, state: Any) -> Sequence[Move] | None:
    """Return every legal move of the player who must decide now.

    Stops at the first non-None result. A variant forbids a kind of move by
    wrapping this hook and filtering the list, or adds one by extending it;
    `GameState.apply` accepts exactly the moves this hook lists.

    :param game: the game.
    :param state: the round state; must not be changed.
    :returns: a sequence of distinct moves, empty only when the round is over;
        it may be a tuple shared between calls, so a wrapper builds a new list
        rather than changing the one it receives.
    """


@_spec(firstresult=True)
def cardrules_apply_move(game: HookGame, state: Any, move: Move, chance: Chance) -> Any:
    """Change the round state by a move already known to be legal.

    Stops at the first non-None result. Wrappers may act before or after the
    game's change.

    :param game: the game.
    :param state: the round state, changed in place.
    :param move: a move listed by `cardrules_legal_moves`.
    :param chance: the match's seeded chance, for shuffles the move causes.
    :returns: the state (any non-None value).
    """


@_spec(firstresult=True)
def cardrules_resume(
    game: HookGame, state: Any, point: str, about: Any, acted: tuple[int, ...], chance: Chance
) -> Any:
    """Resume the turn where it was, once every window opened at ``point`` closed.

    Stops at the first non-None result. A game that publishes window points
    (`cardrules.GameSpec.window_points`) answers it: it carries on from the
    point as it would have with no window (ending the turn after a discard,
    carrying out a buy...), and sets who decides next (``state.current_player``).
    What a seat's act in a window does to that next step is the point's to
    say (a point before a buy may hold the buy back when someone acted).
    See `cardrules.plugins.windows`.

    :param game: the game.
    :param state: the round state, changed in place.
    :param point: the window point the windows opened at.
    :param about: what the game said of the point when it opened them.
    :param acted: the seats that acted in those windows, in order.
    :param chance: the match's seeded chance.
    :returns: the state (any non-None value).
    """


@_spec(firstresult=True)
def cardrules_accept_unlisted(game: HookGame, state: Any, move: Move) -> bool | None:
    """Say whether a move that `cardrules_legal_moves` does not list is legal anyway.

    Stops at the first non-None result. Called only for unlisted moves. A game
    whose listed moves build a compound decision in steps (a whole lay-down
    made one meld at a time) accepts the compound move here, so a person or a
    bot can submit it at once. Without an answer the move is refused.

    :param game: the game.
    :param state: the round state; must not be changed.
    :param move: the unlisted move.
    :returns: ``True`` to accept the move, ``False`` to refuse it.
    """


@_spec(firstresult=True)
def cardrules_explain_illegal(game: HookGame, state: Any, move: Move) -> IllegalMoveError | None:
    """Say which rule forbids a move that is not legal now.

    Stops at the first non-None result. Called only on the error path.

    :param game: the game.
    :param state: the round state; must not be changed.
    :param move: the refused move.
    :returns: a `cardrules.IllegalMoveError` naming the rule id.
    """


@_spec(firstresult=True)
def cardrules_parse_move(game: HookGame, text: str) -> Move | None:
    """Parse move notation (the ``str`` of a move) back into a move.

    Stops at the first non-None result. Raises
    `cardrules.InvalidMoveError` when the text is not a move of the game.

    :param game: the game.
    :param text: the notation, for example ``"place 4"``.
    :returns: the move.
    """


@_spec(firstresult=True)
def cardrules_observation(
    game: HookGame,
    state: Any,
    seat: int,
    round_scores: Sequence[tuple[int, ...]],
    legal_moves: tuple[Move, ...],
    history: Sequence[tuple[int, Move]],
) -> Any:
    """Return what ``seat`` may know now, hiding everything else.

    Stops at the first non-None result. The observation must be *complete*:
    everything ``seat`` may know, public history included, so that
    ``cardrules_determinize`` can rebuild a state from it alone.

    :param game: the game.
    :param state: the round state.
    :param seat: the observing seat, ``0 .. players-1``.
    :param round_scores: scores of the rounds already finished.
    :param legal_moves: the legal moves of the seat deciding now (as the engine
        lists them, variants included); an observation shows them to that seat only.
    :param history: the moves of the round in play so far, as ``(seat, move)``
        pairs in order (every move of both built-in games is public).
    :returns: a frozen observation value of the game, with ``seat`` and
        ``legal_moves`` attributes (bots choose from ``legal_moves``), and a
        ``variant_views`` field (default ``()``) that the engine fills with
        what variants that keep state show the seat (`cardrules.plugins.variant_state`).
    """


@_spec(firstresult=True)
def cardrules_public_views(game: HookGame) -> Any:
    """Declare how an observation splits into a public view and a seat's private parts.

    Stops at the first non-None result. Asked by observers that show what
    every seat sees, or one seat's private cards alone (the OpenSpiel
    adapter's public and private observers). Without an answer those
    observers are not offered; every seat's whole observation still is.

    :param game: the game.
    :returns: a `cardrules.information.public_views.PublicViews`.
    """


@_spec(firstresult=True)
def cardrules_shuffle_hidden(game: HookGame, state: Any, seat: int, rng: random.Random) -> Any:
    """Return a copy of the round state with the cards hidden from ``seat`` shuffled.

    Stops at the first non-None result. Every card ``seat`` cannot see is dealt
    at random among the places ``seat`` cannot see into, each place keeping its
    number of cards; what ``seat`` sees stays as it is. The testing kit uses it
    to check that observations do not depend on hidden cards; search bots can
    use it to sample a state consistent with what a seat knows.

    :param game: the game.
    :param state: the round state; must not be changed.
    :param seat: the seat whose view must stay the same.
    :param rng: the random generator to shuffle with.
    :returns: a new round state, or ``None`` if the game does not support it.
    """


@_spec(firstresult=True)
def cardrules_hidden_places(game: HookGame) -> Any:
    """Declare where the game's cards lie and which a seat cannot see, for knowledge variants.

    Stops at the first non-None result. Asked once, when a variant that
    marks cards seats know (``VariantSpec(knowledge=True)``,
    `cardrules.plugins.known_cards`) is chosen; without an answer such a
    variant is refused. A game that answers shows ``observation.known`` (the
    engine fills it), and its ``cardrules_determinize`` and
    ``cardrules_shuffle_hidden`` keep the seat's known cards where they are.

    :param game: the game.
    :returns: a `cardrules.plugins.known_cards.HiddenPlaces`, or ``None``.
    """


@_spec(firstresult=True)
def cardrules_determinize(game: HookGame, observation: Any, rng: random.Random) -> Any:
    """Return a round state consistent with ``observation``, hidden cards sampled.

    Stops at the first non-None result. The state must give back the same
    observation for ``observation.seat``: every card the seat knows stays where
    it is known to be, and the cards it cannot see are dealt at random (with
    ``rng``) from the pool it has not seen, each hidden place keeping its size.
    Over many calls every unseen card must be able to reach every hidden place.

    :param game: the game.
    :param observation: an observation this game made (``cardrules_observation``).
    :param rng: the random generator to sample with.
    :returns: a new round state, or ``None`` if the game does not support it.
    """


@_spec(firstresult=True)
def cardrules_inferences(game: HookGame, observation: Any) -> Callable[..., bool] | None:
    """Say where an unseen card may lie, from what a seat has inferred (zoned games).

    Stops at the first non-None result. Asked when the core determinizes a
    round that keeps its cards in a `cardrules.model.Table` (the game answers no
    `cardrules_determinize`): the unseen cards are dealt only where this allows.
    A trick-taking game reads the public history: a seat that did not follow
    suit holds none of it.

    :param game: the game.
    :param observation: the seat's observation (`cardrules.information.zoned.ZonedObservation`).
    :returns: ``allowed(zone, owner, card) -> bool`` (`cardrules.information.Allowed`),
        or ``None``: any unseen card may lie anywhere hidden.
    """


@_spec(firstresult=True)
def cardrules_action_space(game: HookGame) -> Any:
    """Return the game's `cardrules.model.actions.ActionSpace` for this configuration.

    Stops at the first non-None result. Called once per `cardrules.Game`; the
    numbering depends only on the game's players, options and deck, never on
    a state. Every move ``legal_moves`` can list must have an id.

    :param game: the game.
    :returns: an ``ActionSpace``.
    """


@_spec(firstresult=True)
def cardrules_sequence_space(game: HookGame) -> Any:
    """Return the game's `cardrules.model.sequences.SequenceSpace` (optional).

    Stops at the first non-None result. The learning environments' compact
    encoding: each move a short token sequence. Without an answer, each move
    is one token, its action id. Depends only on the configuration.

    :param game: the game.
    :returns: a ``SequenceSpace`` of the game's own moves, or ``None``.
    """


@_spec(firstresult=True)
def cardrules_tensor_layout(game: HookGame) -> Any:
    """Return the `cardrules.information.tensor_layout.TensorLayout` of the game's observation
    tensors.

    Stops at the first non-None result. Needs ``numpy`` only to build tensors,
    not to describe them.

    :param game: the game.
    :returns: a ``TensorLayout`` (named planes and their shapes).
    """


@_spec(firstresult=True)
def cardrules_observation_tensor(game: HookGame, observation: Any) -> Any:
    """Encode ``observation`` as a flat ``numpy.float32`` array (the tensor layout's size).

    Stops at the first non-None result.

    :param game: the game.
    :param observation: an observation this game made.
    :returns: a one-dimensional ``numpy.ndarray`` of ``float32``.
    """


@_spec(firstresult=True)
def cardrules_seat_tensor(
    game: HookGame, state: Any, seat: int, round_scores: tuple[tuple[int, ...], ...]
) -> Any:
    """Return ``seat``'s observation tensor read straight off ``state``, or ``None``.

    Stops at the first non-None result. A game's fast path for
    ``GameState.observation_tensor``: equal to ``cardrules_observation_tensor``
    of ``cardrules_observation``, without the observation being built
    (`cardrules.engine.seat_tensors`). Called only while the game's own plugin is
    the only one implementing this hook, those two and
    ``cardrules_seat_tensor_reader``, every move kind with planes can read
    them off the round (``MoveKind.encode_state``: the engine fills them in
    after the game's planes), and strict mode is off; otherwise, or on
    ``None``, the observation is built and encoded. The game's planes must
    not show variant state (an observation's ``variant_views``): a variant
    that keeps state shows it in planes of its own move kinds. Variants do
    not implement it. An error it raises (or the reader raises) is a
    ``PluginHookError`` naming the game.

    :param game: the game.
    :param state: the round state observed (the last finished round once the match is over).
    :param seat: the observer, ``0 .. players-1``.
    :param round_scores: the finished rounds' scores, one tuple of per-seat scores per round.
    :returns: a one-dimensional ``numpy.ndarray`` of ``float32``, or ``None``.
    """


@_spec(firstresult=True)
def cardrules_seat_tensor_reader(
    game: HookGame,
) -> Callable[[Any, int, tuple[tuple[int, ...], ...]], Any] | None:
    """Return ``cardrules_seat_tensor`` of this game as one plain function, or ``None``.

    Stops at the first non-None result. Asked once per game, where the engine
    may take the fast path of ``cardrules_seat_tensor`` (the same conditions;
    any other plugin implementing this hook turns the fast path off): the
    engine then calls ``reader(state, seat, round_scores)`` at every
    ``GameState.observation_tensor`` instead of the hook, which saves the
    hook's dispatch (a few calls, on the path a learning agent takes at every
    step). An error the reader raises is a ``PluginHookError`` naming the game
    and ``cardrules_seat_tensor``; an error while answering this hook, or an
    answer that is not callable, names the game and this hook.

    :param game: the game.
    :returns: ``reader(state, seat, round_scores)``, returning exactly what
        ``cardrules_seat_tensor(game, state, seat, round_scores)`` would; or
        ``None``: the hook itself is called.
    """


# --------------------------------------------------------------------------
# Rule hooks: scoring
# --------------------------------------------------------------------------


@_spec(firstresult=True)
def cardrules_score_round(game: HookGame, state: Any) -> tuple[int, ...] | None:
    """Score a finished round.

    Stops at the first non-None result. A variant changes scoring by wrapping
    this hook.

    :param game: the game.
    :param state: the finished round state.
    :returns: one score per seat, in seat order (which direction wins is
        declared by `cardrules_match_rules`).
    """


@_spec(firstresult=True)
def cardrules_estimate_scores(game: HookGame, state: Any) -> Sequence[float] | None:
    """Estimate the scores of a round still in play, for search bots.

    Stops at the first non-None result. When no plugin answers, the round is
    scored as if it ended now (`cardrules_score_round`). Search bots that stop
    their rollouts before the round ends score the position with this.

    :param game: the game.
    :param state: a round state in play (a search bot's sampled state).
    :returns: one estimated score per seat, in seat order, in the direction the
        game declares (`cardrules_match_rules`).
    """


@_spec(firstresult=True)
def cardrules_match_winners(
    game: HookGame, round_scores: Sequence[tuple[int, ...]]
) -> tuple[int, ...] | None:
    """Decide the winners of a finished match, with the game's tie-break.

    Stops at the first non-None result.

    :param game: the game.
    :param round_scores: every round's scores, one tuple per round.
    :returns: the winning seats in increasing order (several on a shared win).
        When no plugin answers, the seats with the best total share the win
        (`cardrules.MatchRules.winners`).
    """


@_spec(firstresult=True)
def cardrules_score_bounds(game: HookGame) -> tuple[int, int] | None:
    """Bound the score one seat can get in one round: ``(lowest, highest)``.

    Stops at the first non-None result. The bounds may be loose (no round
    need reach them) but every round must respect them. The adapters read
    them: OpenSpiel's ``min_utility``/``max_utility`` and the environments'
    illegal-move penalty (`cardrules.adapters.bounds`). A variant that widens
    the scores wraps this hook. Without an answer those adapters fall back to
    documented defaults.

    :param game: the game.
    :returns: two ints, ``lowest <= highest``.
    """


@_spec(firstresult=True)
def cardrules_match_over(
    game: HookGame, round_scores: Sequence[tuple[int, ...]], last_round: Any
) -> bool | None:
    """Decide, after a round, whether the match is over: a game's own end condition.

    Stops at the first non-None result. Asked after every finished round of a
    match that has no fixed number of rounds; when no plugin answers, the
    declaration decides (`cardrules.MatchRules.over`: a total reached the
    target). A match always ends after ``max_rounds`` rounds, whatever this
    hook answers.

    :param game: the game.
    :param round_scores: every finished round's scores, the last one included.
    :param last_round: the state of the round just finished.
    :returns: ``True`` when the match is over, ``False`` when it goes on.
    """


# --------------------------------------------------------------------------
# Presentation hooks
# --------------------------------------------------------------------------


@_spec(firstresult=True)
def cardrules_narrate(
    game: HookGame, before: Any, seat: int, move: Move, after: Any
) -> list[Any] | None:
    """Describe a move for people watching (the CLI), showing only public information.

    Stops at the first non-None result. Without an answer, the CLI prints the
    move's notation.

    :param game: the game.
    :param before: a copy of the round state before the move.
    :param seat: the seat that moved.
    :param move: the move.
    :param after: the round state after the move (the finished round's state
        when the move ended a round).
    :returns: a list of strings (rich markup) or ``rich`` renderables, printed in order.
    """


@_spec(firstresult=True)
def cardrules_render_observation(game: HookGame, observation: Any) -> list[Any] | None:
    """Show one seat's observation to a person (human play, replays from a seat).

    Stops at the first non-None result. Without an answer, the CLI prints the
    observation's ``repr``.

    :param game: the game.
    :param observation: what the seat may know (from `cardrules_observation`).
    :returns: a list of strings (rich markup) or ``rich`` renderables.
    """


@_spec(firstresult=True)
def cardrules_reveals(game: HookGame, before: Any, move: Move, after: Any) -> bool | None:
    """Say whether a move showed any player a card that was hidden from them before.

    Stops at the first non-None result. Human play offers ``undo`` only over
    moves that revealed nothing (taking back a move after seeing a hidden card
    is not allowed); without an answer a move counts as revealing.

    :param game: the game.
    :param before: a copy of the round state before the move.
    :param move: the move.
    :param after: the round state after it.
    :returns: ``True`` if a hidden card was shown to anyone, else ``False``.
    """


@_spec(firstresult=True)
def cardrules_svg_observation(game: HookGame, observation: Any) -> str | None:
    """Draw one seat's observation as an SVG picture (notebooks, docs, HTML replays).

    Stops at the first non-None result. The drawing must hold exactly what the
    observation holds: a card hidden from the seat appears as a card back,
    never by its identity (not in text, attributes, titles or drawing order).
    Without an answer, `cardrules.svg` draws a placeholder naming the game.

    :param game: the game.
    :param observation: what the seat may know (from `cardrules_observation`).
    :returns: one ``<svg>`` element as text: plain SVG 1.1, no scripts, no
        external resources, no ``id`` attributes (`cardrules.svg.canvas.Canvas`
        makes such drawings).
    """


@_spec(firstresult=True)
def cardrules_svg_state(
    game: HookGame, state: Any, round_scores: Sequence[tuple[int, ...]]
) -> str | None:
    """Draw a whole round state as an SVG picture: every card, for a spectator or a finished round.

    Stops at the first non-None result. Cards that lie face down in the game
    are still drawn as face down, but with their identity shown; a draw
    pile is drawn as a count. Without an answer, `cardrules.svg` draws a
    placeholder naming the game.

    :param game: the game.
    :param state: the round state (in play or finished); must not be changed.
    :param round_scores: scores of the rounds finished before this one's end.
    :returns: one ``<svg>`` element as text, as for `cardrules_svg_observation`.
    """
