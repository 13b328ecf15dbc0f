"""Palace Poker for research: one action space and one observation for PettingZoo,
OpenSpiel and Gymnasium (docs/research.md).

* :mod:`~palace_poker.encoding.ids`: the action ids (:data:`NUM_ACTIONS` of them),
  which the environments share with the bots that decide by ids
  (:mod:`palace_poker.encoding`);
* :mod:`~palace_poker.env.state`: :class:`EnvState`, a hand stepped by action ids
  and chance outcomes;
* :mod:`~palace_poker.env.observe`: the observation vector and string of a seat.

These need only the core. The adapters (``palace_poker.env.pettingzoo``,
``.openspiel``, ``.gymnasium``) need the ``research`` extra.
"""

from palace_poker.encoding.ids import NUM_ACTIONS, action_name
from palace_poker.encoding.steps import Pending
from palace_poker.env.state import CHANCE, TERMINAL, EnvState

__all__ = ["CHANCE", "NUM_ACTIONS", "TERMINAL", "EnvState", "Pending", "action_name"]
