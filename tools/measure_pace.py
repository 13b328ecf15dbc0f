"""Measure how long each kind of move stays readable at the browser table.

Starts ``palace-poker serve`` (this checkout's package, or another source tree's
with ``--source``), makes a table of Ann and two bots, opens it in Chromium as
Ann, who attacks when she can, calls, else stays (``--think`` seconds after her
options appear), and records when every log line appears (and, where the page has
one, when the felt's move caption changes). For each kind of move it prints the
time a person has to read it: until a line of a later update appears (the updates
of Ann's own moves left out: a person takes the time they need), and how long the
caption shows it; and how long a hand's result stays before the next deal.
docs/server.md ("A pace people can follow") gives the figures. Run from the
repository's root:

    .venv/bin/python tools/measure_pace.py --hands 10
    git archive 54943e0 src | tar -x -C /tmp/before     # the version before the pace
    .venv/bin/python tools/measure_pace.py --hands 10 --source /tmp/before/src
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"
BOTS = ("Ada", "Bix")
MOVES = (
    "stayed",
    "folded",
    "battle_started",
    "battle_called",
    "battle_raised",
    "soldier_bought",
    "soldiers_discarded",
)
#: What is measured: a name, and which log lines it is (kind, text) -> bool.
KINDS: dict[str, Any] = {
    "a bot's decision": lambda kind, text: kind in MOVES and _actor(text).startswith(BOTS),
    "a battle's call": lambda kind, text: kind == "battle_called",
    "a battle's result": lambda kind, text: kind == "battle_compared",
    "a hand's result": lambda kind, text: kind == "hand_ended",
}
#: Recorded in the page: every log line's kind, text and time, every caption change.
RECORDER = """
window.__lines = []; window.__captions = [];
new MutationObserver((records) => {
  const now = performance.now();
  for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeType !== 1) continue;
    if (n.matches && n.matches('#log li')) window.__lines.push(
      {t: now, kind: n.dataset.kind, seq: n.dataset.seq, text: n.textContent});
  }
  const c = document.querySelector('[data-testid=move-caption]');
  const key = c ? (c.dataset.kind || '') + '|' + c.textContent : '';
  const last = window.__captions[window.__captions.length - 1];
  if (!last || last.key !== key) window.__captions.push({t: now, key,
    kind: c ? c.dataset.kind || '' : '', text: c ? c.textContent : ''});
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true,
  attributeFilter: ['data-kind']});
"""


def _actor(text: str) -> str:
    """A log line from the name of who made the move ("⚔ Ann attacks …": "Ann …")."""
    return text.removeprefix("⚔").strip()


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        result: dict[str, Any] = json.load(answer)
        return result


def _play(page: Page, hands: int, think: float) -> None:
    """Ann attacks when she can, calls, else stays (or takes what is offered),
    ``think`` seconds after her options appear."""
    deadline = time.monotonic() + 60 * hands
    while time.monotonic() < deadline:
        done = page.locator("#log [data-kind=hand_finished]").count()
        if done >= hands:
            return
        if think and page.locator("#actions button.option:enabled").count():
            page.wait_for_timeout(think * 1000)
        for verb in ("bet", "call", "stay", "buy"):
            button = page.locator(f"#actions [data-testid=option-{verb}]:enabled")
            if button.count():
                button.first.click()
                break
        else:
            submit = page.locator("[data-testid=pick-submit]")
            if submit.count():
                picks = page.locator("[data-testid^=pick-]:not([data-testid=pick-submit])")
                for i in range(picks.count()):
                    if submit.is_enabled():
                        break
                    picks.nth(i).click()
                submit.click()
            else:
                other = page.locator("#actions button.option:enabled")
                if other.count():
                    other.first.click()
        page.wait_for_timeout(100)
    raise RuntimeError("the hands took too long")


def _next(line: dict[str, Any], later: dict[str, Any], ann: list[float]) -> bool:
    """Whether ``later`` is what replaces ``line`` for a reader: a line that came
    after it (not in the same frame), and not in a frame of Ann's own move (the
    measured player clicks after a fixed ``--think``; a person takes the time they need)."""
    t = later["t"]
    return t > line["t"] + 30 and not any(abs(t - a) < 30 for a in ann)


def _report(lines: list[dict[str, Any]], captions: list[dict[str, Any]]) -> dict[str, Any]:
    moves = [line for line in lines if line["kind"] != "chat"]
    first: dict[str, str] = {}  # each entry's first line: whose move it is
    for line in moves:
        first.setdefault(line["seq"], line["text"])
    ann = [m["t"] for m in moves if _actor(first[m["seq"]]).startswith("Ann ")]
    out: dict[str, Any] = {}
    for name, test in KINDS.items():
        gaps = [
            (later[0]["t"] - line["t"]) / 1000
            for i, line in enumerate(moves)
            if test(line["kind"], line["text"])
            and (later := [m for m in moves[i + 1 :] if _next(line, m, ann)])
        ]
        # a hand's result is in the caption until the next deal; a move, until the next
        ends = ("hand_started",) if name == "a hand's result" else None
        shown = [
            (later[0]["t"] - c["t"]) / 1000
            for i, c in enumerate(captions)
            if c["kind"]
            and test(c["kind"], c["text"])
            and (later := [d for d in captions[i + 1 :] if ends is None or d["kind"] in ends])
        ]
        out[name] = {
            "log_lines": len(gaps),
            "until_next_entry_median_s": round(statistics.median(gaps), 2) if gaps else None,
            "until_next_entry_min_s": round(min(gaps), 2) if gaps else None,
            "caption_shown": len(shown),
            "caption_median_s": round(statistics.median(shown), 2) if shown else None,
            "caption_min_s": round(min(shown), 2) if shown else None,
        }
    ended = [line["t"] for line in lines if line["kind"] == "hand_ended"]
    dealt = [line["t"] for line in lines if line["kind"] == "hand_started"]
    waits = [min((d - e for d in dealt if d > e), default=None) for e in ended]
    kept = [w / 1000 for w in waits if w is not None]
    out["a hand's result until the next deal"] = {
        "median_s": round(statistics.median(kept), 2) if kept else None
    }
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--source", type=Path, help="a src/ folder to run instead")
    parser.add_argument("--bot", default="medium")
    parser.add_argument("--think", type=float, default=1.0, help="Ann's seconds to decide")
    parser.add_argument("--serve-args", default="", help="more options for palace-poker serve")
    parser.add_argument("--dump", type=Path, help="write every line and caption seen here (JSON)")
    args = parser.parse_args()
    port = _port()
    env = dict(os.environ)
    if args.source is not None:
        env["PYTHONPATH"] = str(args.source.resolve())
    with tempfile.TemporaryDirectory() as folder:
        command = [
            sys.executable,
            "-m",
            "palace_poker",
            "serve",
            "--port",
            str(port),
            "--database-url",
            f"sqlite:///{folder}/pace.sqlite3",
            *args.serve_args.split(),
        ]
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=sys.stderr)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"{base}/api/bots", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.2)
            made = _post(
                f"{base}/api/tables",
                {
                    "name": "Pace",
                    "host_name": "Ann",
                    "small_bet": 10,
                    "seats": 3,
                    "stack": 1000,
                    "turn_seconds": 120,
                    "bots": [args.bot, args.bot],
                },
            )
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=["--no-sandbox"]
                )
                page = browser.new_page(viewport={"width": 1366, "height": 768})
                page.add_init_script(
                    f"localStorage.setItem('palace:{made['table']}', "
                    f"JSON.stringify({{token: '{made['token']}', seat: {made['seat']}}}));"
                    + RECORDER
                )
                page.goto(f"{base}/t/{made['table']}")
                page.get_by_test_id("start-button").click()
                _play(page, args.hands, args.think)
                page.wait_for_timeout(500)
                lines = page.evaluate("window.__lines")
                captions = page.evaluate("window.__captions")
                browser.close()
        finally:
            server.terminate()
            server.wait(10)
    if args.dump is not None:
        args.dump.write_text(json.dumps({"lines": lines, "captions": captions}, ensure_ascii=False))
    print(json.dumps(_report(lines, captions), indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
