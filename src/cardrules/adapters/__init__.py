"""Adapters to multi-agent learning frameworks (optional extras).

* `cardrules.adapters.pettingzoo`: a PettingZoo AEC environment for every game
  (``pip install 'cardrules[pettingzoo]'``).
* `cardrules.adapters.openspiel`: the two games registered as OpenSpiel Python
  games, so OpenSpiel's algorithms can play them (``pip install 'cardrules[openspiel]'``).
* `cardrules.adapters.gymnasium`: a single-agent Gymnasium environment in which
  one seat learns against bots (``pip install 'cardrules[gymnasium]'``).

Import the submodule you need: this package imports neither framework itself.
"""
