"""The calibrated likelihoods of palace_poker.bots.inference (generated).

Written by tools/fit_inference.py --hands 800 --field-hands 3000 --seed 1:
RATES counted in 800 self-play hands a structure of the Monte Carlo bot
(28 worlds a decision, 4 players, stacks of 200 small bets); FIELD_RATES
in 3000 no-limit hands of easy, medium, hard at one table (each in
every seat in turn, stacks of 200 small bets). Do not edit: run the script.
"""

from __future__ import annotations

#: By betting structure, then context: a rate for each fifth of the odds.
RATES: dict[str, dict[str, tuple[float, ...]]] = {
    "limit": {
        "bet2": (0.0166, 0.787, 0.596, 0.3304, 0.0874),
        "bet3": (0.0691, 0.2666, 0.2461, 0.2104, 0.1207),
        "raise-attacker": (0.6117, 0.3859, 0.3402, 0.3865, 0.5105),
        "raise-defender": (0.2041, 0.4464, 0.2867, 0.3004, 0.6076),
    },
    "no-limit": {
        "bet2": (0.0436, 0.622, 0.5164, 0.4201, 0.2142),
        "bet3": (0.0794, 0.2649, 0.2667, 0.2217, 0.1964),
        "open-all": (0.0044, 0.0307, 0.0906, 0.2382, 0.3528),
        "open-raise": (0.0578, 0.0435, 0.0403, 0.0541, 0.1106),
        "raise-attacker": (0.5, 0.2857, 0.36, 0.439, 0.4545),
        "raise-attacker-all": (0.4444, 0.2619, 0.32, 0.439, 0.3636),
        "raise-defender": (0.4509, 0.5603, 0.5083, 0.4473, 0.5766),
        "raise-defender-all": (0.4128, 0.4698, 0.45, 0.4113, 0.3923),
    },
}

#: Over the field (easy, medium, hard), in no-limit: a rate for each fifth of the odds.
FIELD_RATES: dict[str, dict[str, tuple[float, ...]]] = {
    "no-limit": {
        "bet2": (0.0296, 0.3864, 0.6126, 0.6743, 0.4726),
        "bet3": (0.0348, 0.1043, 0.1432, 0.2639, 0.4878),
        "open-all": (0.0046, 0.023, 0.0729, 0.1663, 0.5004),
        "open-raise": (0.0228, 0.0691, 0.1473, 0.2789, 0.2958),
        "raise-attacker": (0.2, 0.037, 0.069, 0.202, 0.303),
        "raise-attacker-all": (0.2, 0.037, 0.069, 0.202, 0.303),
        "raise-defender": (0.0667, 0.0887, 0.1143, 0.2422, 0.6119),
        "raise-defender-all": (0.0616, 0.0798, 0.0909, 0.2184, 0.4644),
    },
}
