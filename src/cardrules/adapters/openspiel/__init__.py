"""The two games as OpenSpiel Python games (the ``openspiel`` extra).

Importing this module registers with ``pyspiel``:

==========================================  =====================
OpenSpiel name                              cardrules game
==========================================  =====================
``python_cardrules_gnoming_a_round``        ``gnoming-a-round``
``python_cardrules_toonerville_rook``       ``toonerville-rook``
==========================================  =====================

so ``pyspiel.load_game(name, params)`` makes them and OpenSpiel's algorithms
(for example its information-set MCTS, ``open_spiel.python.algorithms.ismcts``)
can play them. Parameters, all optional:

* ``players`` (int): seats ``0 .. players-1`` (default: the game's fewest, 3).
* ``rounds`` (int): rounds in a match (default: the rules' 3 or 11).
* ``variants`` (str): variant names joined by ``+``, for example
  ``"no-bounce+same-starter"`` (default ``""``).
* ``options`` (str): other options of the game as ``NAME:VALUE`` items joined
  by ``;``, for example ``"hazard_points:20;bouncing:false"``, or as a JSON
  object (default ``""``: none). The encoding
  (`cardrules.adapters.openspiel.parameters`) survives a game string:
  ``pyspiel.load_game(str(game))`` makes the same game.
* ``rng_seed`` (int): seeds the game's generator of deals; ``-1`` (the default)
  seeds it from the operating system, so every game object deals differently.
* ``max_decisions`` (int): the cap on decisions per match (default 100,000).
* ``rewards`` (str): ``"round"`` (the default) pays each round's scores when
  the round ends; ``"terminal"`` pays the match's return only when it ends
  (reward model ``TERMINAL``), which ``mcts.MCTSBot`` requires.

The model:

* **Chance** is sampled inside the states (``ChanceMode.SAMPLED_STOCHASTIC``):
  there are no chance nodes and ``max_chance_outcomes()`` is 0. Each match gets
  a 63-bit engine seed drawn from the game object's generator (a
  ``random.Random`` seeded with ``rng_seed``), so it plays exactly as
  ``new_game(..., seed=state.cardrules_state.seed)``; that seed fixes every
  shuffle (the deal of each round, a draw-pile rebuild). A new initial state
  draws its seed when it is first used (read or played): matches are dealt in
  the order they are first used, clones share the seed (and so the future),
  and the same ``rng_seed`` gives the same sequence of matches however many
  states are cloned. There is no small set of deals a player could enumerate
  to recover the hidden cards from what it sees. (Earlier versions had one
  opening chance node over ``deals`` = 65,536 seeds, which leaked: that
  parameter is gone.)
* **Actions** are the game's integer action ids (`cardrules.model.actions`);
  ``num_distinct_actions()`` is ``action_space.size``. Legal actions come
  sorted; the players other than the one to act have none.
* **Utilities**: the game is general-sum (scores do not add up to a constant).
  A player's return is its total score as a utility in the direction the game
  declares (`cardrules.MatchRules.utility`: minus the total where the lowest
  wins, as in both bundled games; the total where the highest wins), and the
  reward of a transition is the change of that. With ``rewards=round`` rewards
  are 0 except on the decision that ends a round, where each player receives
  its score for that round as a utility; with ``rewards=terminal`` returns and
  rewards are 0 until the match is terminal, and its last transition pays each
  player its total as a utility. ``min_utility()`` and ``max_utility()`` are
  bounds every match respects, derived from the game's declared round-score
  bounds (``cardrules_score_bounds``; loose, not attained).
* **Length**: after ``max_decisions`` decisions a match is terminal even if
  unfinished (OpenSpiel has no truncation); the round in play is then not
  scored. With random play the default cap is never reached (a random match
  takes a few hundred decisions of Gnoming, a few thousand of Rook).
* **Observations**: ``observation_tensor`` is the game's observation tensor
  (`cardrules.information.tensor_layout`; the observer's ``dict`` holds its named planes) of
  the seat's observation. ``observation_string`` is that observation in text
  without the round's moves; ``information_state_string`` is the whole
  observation with the round's moves and the scores of finished rounds. An
  observation holds everything the seat may know of the round, so it is the
  information state of the round; earlier rounds enter it only through their
  scores (each round is a new deal). No information-state tensor is provided
  (the observation tensor does not encode the move history). Public-only and
  private-only views, with or without perfect recall, come from
  ``make_observation`` (`cardrules.adapters.openspiel.observers`).
* **Resampling**: ``state.resample_from_infostate(player, sampler)`` returns a
  state consistent with ``player``'s information state, its hidden cards and
  its future shuffles sampled by the game's determinizer
  (`cardrules.engine.determinize`) from a seed drawn with ``sampler()``, so the Python
  ISMCTS bot can search. Any seed can deal any cards, so every such sample is a
  state the game can reach. A resampled state's ``history()`` is empty.
* **Pickling**: games and states pickle. A game pickles as its game string
  and the state of its generator of deals; a state as its game and its
  record (engine seed and action ids, replayed on loading), or a resampled
  state as the engine's parts. ``state.serialize()`` is that record as JSON
  text and ``game.deserialize_state(text)`` replays it; pyspiel's C++
  serialization (``random_sim_test(serialize=True)``) is not available for
  Python games with sampled chance.
* ``str(state)`` is a one-line summary.
  ``state.cardrules_state`` (with its ``seed``) is the whole engine state,
  hidden cards included: give players observations, never the state.

Examples:
    >>> import pyspiel
    >>> import cardrules.adapters.openspiel
    >>> game = pyspiel.load_game("python_cardrules_gnoming_a_round", {"rounds": 1, "rng_seed": 7})
    >>> game.num_distinct_actions(), game.num_players(), game.max_chance_outcomes()
    (546, 3, 0)
    >>> state = game.new_initial_state()  # dealt: no chance node
    >>> state.is_chance_node(), state.current_player(), len(state.legal_actions())
    (False, 0, 36)
    >>> state.cardrules_state.seed == game.new_initial_state().cardrules_state.seed
    False
"""

from __future__ import annotations

from cardrules.adapters.openspiel.game import (
    CLASSES,
    DEFAULT_MAX_DECISIONS,
    GAMES,
    SEED_BITS,
    CardRulesGame,
    register,
    register_all,
)
from cardrules.adapters.openspiel.observers import CardRulesObserver
from cardrules.adapters.openspiel.parameters import FRESH_SEED, REWARDS
from cardrules.adapters.openspiel.state import CardRulesState

__all__ = [
    "DEFAULT_MAX_DECISIONS",
    "FRESH_SEED",
    "GAMES",
    "REWARDS",
    "SEED_BITS",
    "CardRulesGame",
    "CardRulesObserver",
    "CardRulesState",
    "register",
    "register_all",
]

#: The registered game classes, by cardrules name (an alias of ``game.CLASSES``).
_CLASSES = CLASSES

register_all()
