"""Load on ``cardrules serve``: many tables played at once by bots and simulated people.

    python benchmarks/web_load.py --tables 20
    python benchmarks/web_load.py --tables 40 --json

Starts ``cardrules serve`` in a child process on a free port of 127.0.0.1
(nothing leaves this machine), with its tables saved in a temporary folder.
Creates ``--tables`` tables of one round each, Gnoming A Round and
Toonerville Rook in turn, each with two people and one greedy bot. Every
person is a simulated client in this process (asyncio): it keeps its seat's
WebSocket open, and when its view lists moves it sends one of them (chosen at
random, seeded) with the view's version. All tables play at the same time
until every match is over or a person has made ``--max-moves`` decisions.

Prints the moves per second over all tables (people's and bots' moves, each
saved to disk before it is shown), the response time of a person's move
(sent until the view that follows it arrives: median, 95th percentile and
slowest), and the page load time of each seat's first ``GET``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx
from websockets.asyncio.client import connect

GAMES = ("gnoming-a-round", "toonerville-rook")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def _person(
    base: str, path: str, rng: random.Random, max_moves: int, waits: list[float]
) -> None:
    """One seat's client: answer each view that lists moves, until the match ends."""
    made = 0
    sent_at: float | None = None
    sent_version = -1
    async with connect(base.replace("http", "ws", 1) + path + "/ws") as websocket:
        async for text in websocket:
            view = json.loads(text)
            if view["type"] != "view":
                raise RuntimeError(f"refused: {view['message']}")
            if sent_at is not None and view["version"] > sent_version:
                waits.append(time.perf_counter() - sent_at)
                sent_at = None
            if view["over"] or made >= max_moves:
                return
            if view["moves"] and sent_at is None:
                move = rng.choice(view["moves"])
                sent_at, sent_version = time.perf_counter(), view["version"]
                await websocket.send(
                    json.dumps({"type": "move", "version": view["version"], "move": move})
                )
                made += 1


async def _load(base: str, tables: int, max_moves: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    waits: list[float] = []
    loads: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        made = []
        for number in range(tables):
            body = {
                "game": GAMES[number % len(GAMES)],
                "players": 3,
                "seats": ["human", "human", "greedy"],
                "options": {"rounds": 1},
                "seed": seed + number,
            }
            answer = await client.post("/tables", json=body)
            answer.raise_for_status()
            made.append(answer.json())
        for table in made:
            for path in table["seats"].values():
                start = time.perf_counter()
                (await client.get(path)).raise_for_status()
                loads.append(time.perf_counter() - start)
        start = time.perf_counter()
        people = [
            _person(base, path, random.Random(rng.random()), max_moves, waits)
            for table in made
            for path in table["seats"].values()
        ]
        await asyncio.gather(*people)
        elapsed = time.perf_counter() - start
        finals = [(await client.get(table["watch"] + "/view.json")).json() for table in made]
    moves = sum(view["version"] for view in finals)
    waits.sort()
    return {
        "tables": tables,
        "over": sum(view["over"] for view in finals),
        "moves": moves,
        "people_moves": len(waits),
        "seconds": round(elapsed, 2),
        "moves_per_second": round(moves / elapsed, 1),
        "response_median_ms": round(1000 * statistics.median(waits), 1),
        "response_p95_ms": round(1000 * waits[int(0.95 * (len(waits) - 1))], 1),
        "response_slowest_ms": round(1000 * waits[-1], 1),
        "page_load_slowest_ms": round(1000 * max(loads), 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--max-moves", type=int, default=300, help="per person (a bound)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as data:
        command = [sys.executable, "-m", "cardrules.cli", "serve", "--port", str(port)]
        server = subprocess.Popen([*command, "--data", data])
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    httpx.get(base + "/", timeout=5).raise_for_status()
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("cardrules serve did not start") from None
                    time.sleep(0.1)
            figures = asyncio.run(
                asyncio.wait_for(_load(base, args.tables, args.max_moves, args.seed), 600)
            )
        finally:
            server.terminate()
            server.wait(timeout=30)
    if args.json:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name:>22}: {value}")
    return 0 if figures["over"] == figures["tables"] else 1


if __name__ == "__main__":
    sys.exit(main())
