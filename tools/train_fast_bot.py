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
from typing import Any

import numpy as np

from palace_poker import Hand, SeededShuffle
from palace_poker.bots import make_bot
from palace_poker.bots.fast import FastBot, Network, battle_features, softmax
from palace_poker.config import Betting
from palace_poker.encoding.ids import NUM_ACTIONS
from palace_poker.env import observe
from palace_poker.env.evaluate import STACK_BIG_BETS, rules_of
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
    #: stop after this many hands, if the deadline has not come first
    max_hands: int | None = None


def collect_worker(job: Job) -> int:
    """Play hands ``worker, worker + workers, ...`` until the deadline; write shards."""
    worker, workers, seed, teacher = job.worker, job.workers, job.seed, job.teacher
    rng = random.Random(seed * 1_000 + worker)
    index, shard, hands = worker, 0, 0
    rows: dict[str, list[object]] = _empty()
    while time.time() < job.deadline and (job.max_hands is None or hands < job.max_hands):
        betting: Betting = "limit" if index % 2 == 0 else "no-limit"
        rules = rules_of(betting)
        stack = STACK_BIG_BETS * rules.big_bet
        hand = Hand.deal(rules, [stack, stack], dealer=0, shuffle=SeededShuffle(seed + index))
        names = [teacher, rng.choice(job.field)]
        if index // 2 % 2:
            names.reverse()
        bots = [make_bot(name, seed + index * 2 + seat) for seat, name in enumerate(names)]
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
        index += workers
        hands += 1
        if hands % SHARD_HANDS == 0:
            _save(rows, job.out / f"shard-{worker}-{shard}.npz")
            rows, shard = _empty(), shard + 1
    if rows["ids"]:
        _save(rows, job.out / f"shard-{worker}-{shard}.npz")
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
    _write(args.out, weights)
    print(f"{rows} decisions ({len(train)} to learn from); best held-out loss {best:.4f}")


class Learner(FastBot):
    """The fast bot recording each id it draws (the input, the legal ids, the id and
    its probability), for a policy-gradient step."""

    def __init__(self, seed: int, network: Network) -> None:
        super().__init__(seed, network=network)
        self.steps: list[tuple[np.ndarray, list[int], int, float]] = []

    def _pick(self, x: np.ndarray, legal: list[int]) -> int:
        p = softmax(self.network.logits(x)[legal])
        pick = int(self._np_random.choice(len(legal), p=p))
        self.steps.append((x, legal, legal[pick], float(p[pick])))
        return legal[pick]


@dataclass(frozen=True)
class Round:
    """A worker's hands of one improvement round: the learner's weights, against
    the ``opponents`` in turn (a deal each, played from both seats), hands
    ``start .. start + hands - 1`` (both structures, both seats)."""

    weights: dict[str, np.ndarray]
    opponents: tuple[str, ...]
    seed: int
    start: int
    hands: int


Step = tuple[np.ndarray, list[int], int, float, float, bool]


def play_round(job: Round) -> tuple[list[Step], list[float]]:
    """The learner's steps of the round's hands, each with the hand's result for the
    learner in big bets and whether the hand was limit; and each hand's result."""
    network = Network(job.weights)
    made: list[Step] = []
    results: list[float] = []
    for index in range(job.start, job.start + job.hands):
        betting: Betting = "limit" if index % 2 == 0 else "no-limit"
        rules = rules_of(betting)
        stack = STACK_BIG_BETS * rules.big_bet
        deck = SeededShuffle(job.seed + index // 4)  # each deal twice, the seats swapped
        hand = Hand.deal(rules, [stack, stack], dealer=0, shuffle=deck)
        me = index // 2 % 2
        learner = Learner(job.seed + 2 * index, network)
        opponent = job.opponents[index // 4 % len(job.opponents)]
        bots = {me: learner, 1 - me: make_bot(opponent, job.seed + 2 * index + 1)}
        while hand.to_act is not None:
            seat = hand.to_act
            hand.apply(bots[seat].act(hand.observe(seat)))
        assert hand.result is not None
        won = (hand.result.stacks[me] - stack) / rules.big_bet
        made.extend((*step, won, betting == "limit") for step in learner.steps)
        results.append(won)
    return made, results


@dataclass
class Trainer:
    """The policy (the shipped network's layers in PyTorch), a value network for the
    baseline, their optimiser, and the input's standardisation."""

    torch: Any
    policy: Any
    value: Any
    optimiser: Any
    mean: np.ndarray
    scale: np.ndarray

    @classmethod
    def start(cls, path: str, lr: float) -> Trainer:
        """From the weights at ``path``."""
        import torch  # noqa: PLC0415 - the improvement alone needs it

        with np.load(path) as archive:
            start = {name: archive[name] for name in archive.files}
        count = sum(1 for name in start if name.startswith("w"))
        parts: list[Any] = []
        for k in range(count):
            w = torch.from_numpy(start[f"w{k}"].astype(np.float32).T.copy())
            layer = torch.nn.Linear(w.shape[1], w.shape[0])
            with torch.no_grad():
                layer.weight.copy_(w)
                layer.bias.copy_(torch.from_numpy(start[f"b{k}"].astype(np.float32)))
            parts.append(layer)
            if k < count - 1:
                parts.append(torch.nn.ReLU())
        policy = torch.nn.Sequential(*parts)
        width = parts[0].weight.shape[1]
        value = torch.nn.Sequential(
            torch.nn.Linear(width, 128), torch.nn.ReLU(), torch.nn.Linear(128, 1)
        )
        optimiser = torch.optim.Adam([*policy.parameters(), *value.parameters()], lr=lr)
        return cls(torch, policy, value, optimiser, start["mean"], start["scale"])

    def weights(self) -> dict[str, np.ndarray]:
        """The policy as the archive the bot loads."""
        weights = {"mean": self.mean, "scale": self.scale}
        linear = [layer for layer in self.policy if isinstance(layer, self.torch.nn.Linear)]
        for k, layer in enumerate(linear):
            weights[f"w{k}"] = layer.weight.detach().numpy().T.astype(np.float16)
            weights[f"b{k}"] = layer.bias.detach().numpy().astype(np.float32)
        return weights

    def update(self, steps: list[Step], epochs: int, clip: float, seed: int) -> None:
        """PPO's clipped step on the round's steps, each hand's result the return
        and the value network's estimate its baseline."""
        torch = self.torch
        x = torch.from_numpy((np.stack([s[0] for s in steps]) - self.mean) * self.scale)
        legal = torch.zeros((len(steps), NUM_ACTIONS), dtype=torch.bool)
        for row, step in enumerate(steps):
            legal[row, step[1]] = True
        chosen = torch.tensor([s[2] for s in steps])
        old = torch.log(torch.tensor([s[3] for s in steps]))
        result = torch.tensor([s[4] for s in steps], dtype=torch.float32)
        # No-limit's results swing ten to twenty times limit's: each structure's
        # advantages are divided by its own spread, so that limit is learned too.
        limit = np.array([s[5] for s in steps])
        spread = np.ones(len(steps), np.float32)
        for kind in (True, False):
            if (limit == kind).sum() > 1:
                spread[limit == kind] = max(
                    float(np.std([s[4] for s in steps if s[5] == kind])), 1e-3
                )
        weight = torch.from_numpy(1.0 / spread)
        rng = np.random.default_rng(seed)
        for _ in range(epochs):
            for batch in np.array_split(rng.permutation(len(steps)), max(1, len(steps) // 512)):
                logits = self.policy(x[batch]).masked_fill(~legal[batch], -1e9)
                logp = torch.log_softmax(logits, dim=1).gather(1, chosen[batch, None])[:, 0]
                baseline = self.value(x[batch])[:, 0]
                advantage = ((result[batch] - baseline) * weight[batch]).detach()
                ratio = torch.exp(logp - old[batch])
                clipped = torch.clamp(ratio, 1 - clip, 1 + clip)
                loss_policy = -torch.min(ratio * advantage, clipped * advantage).mean()
                loss_value = (((baseline - result[batch]) * weight[batch]) ** 2).mean()
                self.optimiser.zero_grad()
                (loss_policy + 0.5 * loss_value).backward()
                self.optimiser.step()


def improve(args: argparse.Namespace) -> None:
    """Policy-gradient rounds (PPO's clipped step, a learned baseline) against
    ``--opponent`` (one bot, or several separated by commas, met in turn), starting
    from ``--start``'s weights; the weights written after every round."""
    import torch  # noqa: PLC0415 - the improvement alone needs it

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    trainer = Trainer.start(args.start, args.lr)
    opponents = tuple(args.opponent.split(","))
    for name in opponents:
        make_bot(name)  # an unknown bot is refused before any round
    deadline = time.time() + 60 * args.minutes
    index = 0
    with multiprocessing.Pool(args.workers) as pool:
        round_number = 0
        while time.time() < deadline:
            weights = trainer.weights()
            jobs = [
                Round(weights, opponents, args.seed, index + w * args.hands, args.hands)
                for w in range(args.workers)
            ]
            index += args.workers * args.hands
            played = pool.map(play_round, jobs)
            steps = [step for part, _ in played for step in part]
            results = np.array([won for _, part in played for won in part])
            round_number += 1
            trainer.update(steps, args.epochs, args.clip, args.seed + round_number)
            print(
                f"round {round_number}: {len(results)} hands, {len(steps)} steps; the learner "
                f"won {results.mean():+.3f} ± {1.96 * results.std() / len(results) ** 0.5:.3f} "
                "big bets a hand",
                flush=True,
            )
            _write(args.out, trainer.weights())


def _write(path: str, weights: dict[str, np.ndarray]) -> None:
    np.savez_compressed(path, allow_pickle=False, **weights)


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
    better = commands.add_parser("improve", help="policy-gradient rounds against a bot")
    better.add_argument("--start", required=True)
    better.add_argument("--out", required=True)
    better.add_argument("--opponent", default="hard")
    better.add_argument("--minutes", type=float, default=30.0)
    better.add_argument("--hands", type=int, default=500, help="a worker's hands a round")
    better.add_argument("--workers", type=int, default=2)
    better.add_argument("--epochs", type=int, default=4)
    better.add_argument("--lr", type=float, default=3e-5)
    better.add_argument("--clip", type=float, default=0.2)
    better.add_argument("--threads", type=int, default=2)
    better.add_argument("--seed", type=int, default=44_000)
    args = parser.parse_args()
    if args.command == "collect":
        collect(args)
    elif args.command == "fit":
        fit(args)
    else:
        improve(args)


if __name__ == "__main__":
    main()
