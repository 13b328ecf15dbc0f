"""The game as a network reads it: a decision as action ids, a seat's view as numbers.

* :mod:`~palace_poker.encoding.ids`: the 70 action ids, one space for every table;
* :mod:`~palace_poker.encoding.steps`: what each legal id of a decision does, and an
  engine action made from ids picked one at a time;
* :mod:`~palace_poker.encoding.vector`: a seat's observation as 1,887 numbers in
  [0, 1], built from its own :class:`~palace_poker.observation.Observation`;
* :mod:`~palace_poker.encoding.arrays`: both as NumPy arrays (the ``fast`` extra).

The research environments (:mod:`palace_poker.env`) and the bots that decide by a
network (:mod:`palace_poker.bots.fast`) share them, so that a policy learned in an
environment plays wherever bots play. Only :mod:`~palace_poker.encoding.arrays`
needs a library beyond the standard one.
"""
