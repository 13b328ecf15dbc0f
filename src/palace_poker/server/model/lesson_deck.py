"""The lesson's arranged deck and script (written by tools/find_lesson_deck.py,
from SeededShuffle(42); docs/server.md, "Learn to play")."""

from typing import Final

#: Every shuffle of the lesson's game, in order: the draw for the dealer, then
#: the hand's (top card first).
ORDERS: Final = (
    (
        "4d 7s 8d 2s 7d Jh 6c Js 6s 4s Kh 8c Td "
        "9d 9s Qs 3c 9c 4h 8h Jc 2c Kc 6h Qh Ah "
        "Ts Ac 9h 7c 7h 5c As Tc Kd 5d Qd Ad 2h "
        "8s Jd 3d Th 3h 4c 5h 5s 6d Ks 2d 3s Qc"
    ),
    (
        "5d Qs 5s 4d 8d Kh 2d 2c 6c 2s 8h Td 9s "
        "Qh 9c Jd Ad 3s Th Jh Tc 6s Qd 7c 8s 7h "
        "4c 7d Kc 9h 4s 4h Kd 9d 6d As 3h Ks Ah "
        "Ac 5h 2h 3c 5c Jc 7s Js Qc 6h Ts 3d 8c"
    ),
    (
        "7h 6s Qh 3s Tc Qd 2s 9d 4c 5s 9h 8s 5h "
        "5c 3c As Jd 7s Qc 6c Ts 4h 2d 4d 7d 8d "
        "3d 3h 2c 8h 9c Js 4s 2h Ks Ah Th Td Jh "
        "9s Kd Kc 6d Jc 8c 7c 6h Ac Ad"
    ),
)
#: The lesson's decisions, by hand seat (0: the learner, 1: Ada, 2: Bo).
SCRIPT: Final = (
    "0 buy",
    "0 trim",
    "1 buy",
    "1 trim",
    "2 stay",
    "0 bet 2",
    "2 raise",
    "0 call",
    "0 trim 5s",
    "1 stay",
    "0 stay",
)
