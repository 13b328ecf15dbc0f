"""The one rate limiter: a budget of uses, kept for each key.

Everything the server limits counts against a :class:`Budget` (docs/server.md,
docs/deploy.md): a WebSocket connection's messages (30 at once, then 10 a second),
its chat lines (five in any ten seconds), and a client address's new tables and
seat requests (the operator's ``--tables-per-hour`` and ``--seats-per-minute``).
A budget is ``burst`` uses over ``seconds``, given back one of two ways:

* evenly (a token bucket): ``burst`` at once, then ``burst / seconds`` a second;
* whole, ``seconds`` after each use (a sliding window): at most ``burst`` uses in
  any ``seconds``, which is what a chat's "five lines in ten seconds" promises.

A refusal changes nothing: the use is not counted. The clock is the caller's
(``now``), so a budget does no I/O. A seat's contributions to one deal's fair seed
are capped by the table itself (a count between two deals, not a rate: table.py).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass, field

#: The keys a budget remembers before it forgets those whose budget is whole again
#: (a bound on its memory, for budgets kept by client address).
MAX_KEYS = 10_000


@dataclass
class Budget:
    """``burst`` uses over ``seconds`` for each key, given back evenly (a token
    bucket) or, with ``window``, each whole ``seconds`` after it was used; a
    ``burst`` of 0 or less is no limit.

    >>> messages = Budget(2, 60.0)
    >>> [messages.take(0.0, "192.0.2.7") for _ in range(3)], messages.take(30.0, "192.0.2.7")
    ([0.0, 0.0, 30.0], 0.0)
    >>> chat = Budget(2, 10.0, window=True)
    >>> [chat.take(t) for t in (0.0, 1.0, 2.0, 10.0, 10.5, 11.0)]
    [0.0, 0.0, 8.0, 0.0, 0.5, 0.0]
    >>> Budget(0, 60.0).take(0.0)
    0.0
    """

    burst: int
    seconds: float
    window: bool = False
    #: key -> (credit, when it was counted): the token buckets.
    _buckets: dict[Hashable, tuple[float, float]] = field(default_factory=dict)
    #: key -> when its uses were made, oldest first: the windows.
    _uses: dict[Hashable, deque[float]] = field(default_factory=dict)

    def take(self, now: float, key: Hashable = None) -> float:
        """Count one use for ``key`` at ``now``: 0 when it may go on, else the
        seconds until it may (the use is then not counted)."""
        if self.burst <= 0:
            return 0.0
        return self._take_window(now, key) if self.window else self._take_bucket(now, key)

    def forget(self, key: Hashable) -> None:
        """Forget ``key``'s uses (a connection that ended)."""
        self._buckets.pop(key, None)
        self._uses.pop(key, None)

    def _take_bucket(self, now: float, key: Hashable) -> float:
        rate = self.burst / self.seconds
        credit, stamp = self._buckets.get(key, (float(self.burst), now))
        credit = min(float(self.burst), credit + max(0.0, now - stamp) * rate)
        if credit < 1:
            self._buckets[key] = (credit, now)
            return (1 - credit) / rate
        self._buckets[key] = (credit - 1, now)
        if len(self._buckets) > MAX_KEYS:  # forget the buckets full again
            self._buckets = {
                k: (c, t)
                for k, (c, t) in self._buckets.items()
                if c + (now - t) * rate < self.burst
            }
        return 0.0

    def _take_window(self, now: float, key: Hashable) -> float:
        uses = self._uses.setdefault(key, deque())
        while uses and uses[0] <= now - self.seconds:
            uses.popleft()
        if len(uses) >= self.burst:
            return uses[0] + self.seconds - now
        uses.append(now)
        if len(self._uses) > MAX_KEYS:  # forget the windows empty again
            self._uses = {k: u for k, u in self._uses.items() if u and u[-1] > now - self.seconds}
        return 0.0
