"""Type stub of the hand engine in C (``_enginec.c``); see :mod:`palace_poker.env.fast`."""

from collections.abc import Sequence
from typing import Any, Final, TypeAlias

from numpy.typing import NDArray
from typing_extensions import Buffer

#: a NumPy array or any buffer (the C type checks its item type and size)
_Array: TypeAlias = NDArray[Any] | Buffer

CHANCE: Final[int]
TERMINAL: Final[int]
#: observe.SIZE, NUM_ACTIONS and MAX_SEATS, as the C engine has them
OBSERVATION_SIZE: Final[int]
NUM_ACTIONS: Final[int]
MAX_SEATS: Final[int]

class Hand:
    """One hand stepped by action ids and chance outcomes, as ``EnvState``."""

    def __init__(
        self,
        small_bet: int,
        big_bet: int,
        ante: int,
        no_limit: bool,
        max_raises: int,
        stacks: list[int] | tuple[int, ...],
        dealer: int,
        ranks: int,
        suits: int,
        palace: int,
        soldiers: int,
        group: int,
        struck_rank: bool,
        attacker_entry: bool,
        fold_captured: bool,
        battle_at_once: bool,
    ) -> None: ...
    @property
    def n(self) -> int: ...
    def current_player(self) -> int: ...
    def is_terminal(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def chance_cards(self) -> list[int]: ...
    def legal_actions(self) -> list[int]: ...
    def apply(self, action: int, /) -> None: ...
    def returns(self) -> list[float]: ...
    def clone(self) -> Hand: ...
    def __copy__(self) -> Hand: ...
    def __deepcopy__(self, memo: object, /) -> Hand: ...
    def view(self, viewer: int | None, /) -> dict[str, object]: ...
    def write_observation(self, seat: int, out: _Array, /) -> None: ...
    def write_mask(self, out: _Array, /) -> None: ...
    @classmethod
    def state_size(cls) -> int: ...

class Batch:
    """Hands stepped together in C, writing into the caller's arrays."""

    def __init__(
        self,
        hands: Sequence[Hand | tuple[object, ...]],
        seeds: Sequence[int],
        obs: _Array,
        mask: _Array,
        player: _Array,
        returns: _Array,
        done: _Array,
        rotate_dealer: bool = True,
    ) -> None: ...
    def __len__(self) -> int: ...
    def reset(self, seeds: Sequence[int] | None = None, /) -> None: ...
    # an id of -1 makes a hand wait (its decision stands, done 0, returns zeros)
    def step(self, actions: _Array, /) -> None: ...
    def random_legal(self, out: _Array, seed: int, /) -> None: ...
    def hand(self, index: int, /) -> Hand: ...
    def deals(self, index: int, /) -> int: ...
