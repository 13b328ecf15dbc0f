"""How the ``fast`` bot's network was made: examples from the strong bots, then a fit.

``collect`` plays heads-up hands of the evaluation protocol's table
(:mod:`palace_poker.env.evaluate`: small bet 10, ante 5, 100 big bets) in both
structures, a teacher (``expert``) against a field of opponents drawn hand by hand,
and writes every decision of the teacher's seats as the ids a policy would play
(:func:`palace_poker.env.policy_bot.id_steps`): the observation vector (stored
sparse), the mask and the id, with the hand's result for the seat.

``fit`` trains the network on them (PyTorch, not a dependency of the package: an
imitation of the teacher, cross-entropy over the legal ids) and writes its weights
as the NumPy archive the bot loads (:mod:`palace_poker.bots.network`).

    python tools/train_fast_bot.py collect --minutes 40 --workers 2 --out /tmp/fast
    python tools/train_fast_bot.py fit --data /tmp/fast --out src/palace_poker/bots/fast.npz

docs/bots.md (*The fast bot*) gives the run's figures.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from palace_poker import Hand, SeededShuffle
from palace_poker.bots import make_bot
from palace_poker.config import Betting
from palace_poker.env import observe
from palace_poker.env.evaluate import STACK_BIG_BETS, rules_of
from palace_poker.env.fast_bot import battle_features
from palace_poker.env.policy_bot import id_steps

#: The shard a worker writes after this many hands (work is kept if stopped).
SHARD_HANDS = 200


@dataclass(frozen=True)
class Job:
    """A worker's part of a collection."""

    worker: int
    workers: int
    seed: int
    deadline: float
    teacher: str
    field: list[str]
    out: Path


def collect_worker(job: Job) -> int:
    """Play hands ``worker, worker + workers, ...`` until the deadline; write shards."""
    worker, workers, seed, teacher, out = job.worker, job.workers, job.seed, job.teacher, job.out
    field = job.field
    deadline = job.deadline
    rng = random.Random(seed * 1_000 + worker)
    index, shard, hands = worker, 0, 0
    rows: dict[str, list[object]] = _empty()
    while time.time() < deadline:
        betting: Betting = "limit" if index % 2 == 0 else "no-limit"
        rules = rules_of(betting)
        stack = STACK_BIG_BETS * rules.big_bet
        hand = Hand.deal(rules, [stack, stack], dealer=0, shuffle=SeededShuffle(seed + index))
        names = [teacher, rng.choice(field)]
        if index // 2 % 2:
            names.reverse()
        bots = [make_bot(name, seed + index * 2 + seat) for seat, name in enumerate(names)]
        start = len(rows["ids"])
        seats: list[int] = []
        while hand.to_act is not None:
            seat = hand.to_act
            view = hand.observe(seat)
            action = bots[seat].act(view)
            if names[seat] == teacher:
                features = battle_features(view, rng)
                for vector, mask, chosen in id_steps(view, action):
                    rows["features"].append(features)
                    where = np.flatnonzero(vector)
                    rows["where"].append(where.astype(np.int16))
                    rows["what"].append(vector[where])
                    rows["mask"].append(mask)
                    rows["ids"].append(chosen)
                    rows["limit"].append(betting == "limit")
                    seats.append(seat)
            hand.apply(action)
        assert hand.result is not None
        rows["won"].extend(hand.result.stacks[seat] - stack for seat in seats)
        assert len(rows["won"]) == len(rows["ids"])
        assert start <= len(rows["ids"])
        index += workers
        hands += 1
        if hands % SHARD_HANDS == 0:
            _save(rows, out / f"shard-{worker}-{shard}.npz")
            rows, shard = _empty(), shard + 1
    if rows["ids"]:
        _save(rows, out / f"shard-{worker}-{shard}.npz")
    return hands


def _empty() -> dict[str, list[object]]:
    return {"where": [], "what": [], "features": [], "mask": [], "ids": [], "limit": [], "won": []}


def _save(rows: dict[str, list[object]], path: Path) -> None:
    lengths = np.array([len(w) for w in rows["where"]], np.int32)  # type: ignore[arg-type]
    np.savez_compressed(
        path,
        offsets=np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64),
        where=np.concatenate(rows["where"]),  # type: ignore[arg-type]
        what=np.concatenate(rows["what"]).astype(np.float32),  # type: ignore[arg-type]
        features=np.stack(rows["features"]),  # type: ignore[arg-type]
        mask=np.stack(rows["mask"]),  # type: ignore[arg-type]
        ids=np.array(rows["ids"], np.int16),
        limit=np.array(rows["limit"], bool),
        won=np.array(rows["won"], np.int32),
    )


def collect(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    deadline = time.time() + 60 * args.minutes
    field = args.field.split(",")
    jobs = [
        Job(worker, args.workers, args.seed, deadline, args.teacher, field, out)
        for worker in range(args.workers)
    ]
    with multiprocessing.Pool(args.workers) as pool:
        hands = pool.map(collect_worker, jobs)
    print(f"{sum(hands)} hands in {args.minutes} minutes")


def load(folder: Path) -> dict[str, np.ndarray]:
    """Every shard of ``folder`` as dense arrays: ``x`` (the vector then the battle
    features), ``mask``, ``ids``, ``limit``, ``won``; decisions with a single legal
    id left out (nothing to learn)."""
    parts: dict[str, list[np.ndarray]] = {"x": [], "mask": [], "ids": [], "limit": [], "won": []}
    for path in sorted(folder.glob("shard-*.npz")):
        with np.load(path) as shard:
            rows = len(shard["ids"])
            dense = np.zeros((rows, observe.SIZE), np.float32)
            offsets = shard["offsets"]
            row_of = np.repeat(np.arange(rows), np.diff(offsets))
            dense[row_of, shard["where"]] = shard["what"]
            keep = shard["mask"].sum(axis=1) > 1
            parts["x"].append(np.concatenate([dense, shard["features"]], axis=1)[keep])
            for name in ("mask", "ids", "limit", "won"):
                parts[name].append(shard[name][keep])
    return {name: np.concatenate(arrays) for name, arrays in parts.items()}


def fit(args: argparse.Namespace) -> None:
    import torch  # noqa: PLC0415 - the fit alone needs it

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    data = load(Path(args.data))
    x, mask, ids = data["x"], data["mask"].astype(bool), data["ids"].astype(np.int64)
    rows = len(ids)
    order = np.random.default_rng(args.seed).permutation(rows)
    held = order[: rows // 10]
    train = order[rows // 10 :]
    mean = x[train].mean(axis=0)
    std = x[train].std(axis=0)
    # An input that never varied in training (the seats beyond heads-up) is read
    # as zero, not blown up by a tiny spread.
    scale = np.where(std > 1e-6, 1.0 / np.maximum(std, 1e-6), 0.0).astype(np.float32)
    z = torch.from_numpy((x - mean) * scale)
    legal = torch.from_numpy(mask)
    target = torch.from_numpy(ids)
    widths = [z.shape[1], *args.hidden, mask.shape[1]]
    layers: list[torch.nn.Module] = []
    for k in range(len(widths) - 1):
        layers.append(torch.nn.Linear(widths[k], widths[k + 1]))
        if k < len(widths) - 2:
            layers.append(torch.nn.ReLU())
    model = torch.nn.Sequential(*layers)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.decay)

    def loss_of(index: np.ndarray) -> tuple[torch.Tensor, float]:
        logits = model(z[index]).masked_fill(~legal[index], -1e9)
        loss = torch.nn.functional.cross_entropy(logits, target[index])
        agree = (logits.argmax(dim=1) == target[index]).float().mean().item()
        return loss, agree

    best, best_state = float("inf"), None
    rng = np.random.default_rng(args.seed)
    for epoch in range(args.epochs):
        model.train()
        shuffled = rng.permutation(train)
        for start in range(0, len(shuffled), args.batch):
            loss, _ = loss_of(shuffled[start : start + args.batch])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        model.eval()
        with torch.no_grad():
            held_loss, held_agree = loss_of(held)
        print(f"epoch {epoch + 1}: held-out loss {held_loss.item():.4f}, agrees {held_agree:.3f}")
        if held_loss.item() < best:
            best = held_loss.item()
            best_state = {k: v.clone() for k, v in model.state_dict().items()}
    assert best_state is not None
    model.load_state_dict(best_state)
    linear = [layer for layer in model if isinstance(layer, torch.nn.Linear)]
    weights = {"mean": mean.astype(np.float32), "scale": scale}
    for k, layer in enumerate(linear):
        weights[f"w{k}"] = layer.weight.detach().numpy().T.astype(np.float16)
        weights[f"b{k}"] = layer.bias.detach().numpy().astype(np.float32)
    np.savez_compressed(args.out, **weights)
    print(f"{rows} decisions ({len(train)} to learn from); best held-out loss {best:.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("collect", help="the teacher's decisions as examples")
    play.add_argument("--minutes", type=float, default=40.0)
    play.add_argument("--workers", type=int, default=2)
    play.add_argument("--seed", type=int, default=33_000)
    play.add_argument("--teacher", default="expert")
    play.add_argument("--field", default="hard,expert,medium,easy")
    play.add_argument("--out", required=True)
    learn = commands.add_parser("fit", help="the network from the examples")
    learn.add_argument("--data", required=True)
    learn.add_argument("--out", required=True)
    learn.add_argument("--hidden", type=int, nargs="+", default=[256, 256])
    learn.add_argument("--epochs", type=int, default=30)
    learn.add_argument("--batch", type=int, default=256)
    learn.add_argument("--lr", type=float, default=1e-3)
    learn.add_argument("--decay", type=float, default=1e-4)
    learn.add_argument("--threads", type=int, default=1)
    learn.add_argument("--seed", type=int, default=33)
    args = parser.parse_args()
    if args.command == "collect":
        collect(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()
