"""Where simulated matches run: this process, local worker processes, or a Ray cluster.

Each backend takes a `MatchPlan` and chunks of seeds and yields the rows of
each chunk as it finishes (in no particular order). A match is a pure
function of its plan and seed, so every backend gives the same rows for the
same seeds.

* ``"local"`` - this process when ``jobs == 1``, else a pool of ``jobs``
  worker processes (`concurrent.futures.ProcessPoolExecutor`). Needs nothing
  extra.
* ``"ray"`` - tasks on a Ray cluster (``pip install 'cardrules[ray]'``),
  ``jobs`` of them at a time: the cluster at ``address`` (``"auto"``,
  ``"ray://host:10001"``...), or a local Ray instance with ``jobs`` CPUs when
  no address is given. A Ray instance already initialised in this process is
  used as it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from cardrules.analysis.play import MatchPlan, play_many
from cardrules.analysis.rows import MatchRow
from cardrules.errors import quote

__all__ = ["BACKENDS", "chunked", "run_local", "run_on_ray", "run_plan"]

#: The backend names `run_plan` knows.
BACKENDS = ("local", "ray")


def chunked(seeds: Sequence[int], workers: int) -> list[list[int]]:
    """Seeds cut into tasks: about eight per worker, 1 to 50 matches each."""
    size = max(1, min(50, len(seeds) // (workers * 8) or 1))
    return [list(seeds[i : i + size]) for i in range(0, len(seeds), size)]


def run_local(plan: MatchPlan, seeds: Sequence[int], jobs: int) -> Iterator[list[MatchRow]]:
    """Rows of ``seeds``, played here (``jobs == 1``) or in ``jobs`` worker processes."""
    if jobs == 1:
        for seed in seeds:
            yield play_many(plan, [seed])
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_many, plan, chunk) for chunk in chunked(seeds, jobs)]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            for future in futures:
                future.cancel()


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'cardrules[ray]'") from None
    return ray


def run_on_ray(
    plan: MatchPlan, seeds: Sequence[int], jobs: int, address: str | None = None
) -> Iterator[list[MatchRow]]:
    """Rows of ``seeds``, played as Ray tasks.

    Args:
        plan: how each match is played.
        seeds: the matches' seeds.
        jobs: how many tasks run at once (give the cluster's CPU count to use
            it all); also the CPUs of the local Ray instance started when Ray
            is not yet initialised and no ``address`` is given.
        address: a Ray cluster's address (as ``ray.init(address=...)`` takes it).

    Raises:
        ValueError: Ray is not installed.
    """
    ray = _ray()
    if not ray.is_initialized():
        if address is None:
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    remote = ray.remote(play_many)
    waiting = chunked(seeds, jobs)
    waiting.reverse()
    running: list[Any] = []
    try:
        while waiting or running:
            while waiting and len(running) < jobs:
                running.append(remote.remote(plan, waiting.pop()))
            done, running = ray.wait(running, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in running:
            ray.cancel(ref)


def run_plan(
    plan: MatchPlan,
    seeds: Sequence[int],
    *,
    backend: str = "local",
    jobs: int = 1,
    address: str | None = None,
) -> Iterator[list[MatchRow]]:
    """Rows of ``seeds`` on ``backend``, a chunk at a time as they finish.

    Raises:
        ValueError: an unknown backend, or ``address`` without ``backend="ray"``.
    """
    if backend == "local":
        if address is not None:
            raise ValueError("--address needs --backend ray")
        return run_local(plan, seeds, jobs)
    if backend == "ray":
        return run_on_ray(plan, seeds, jobs, address)
    raise ValueError(f"unknown backend {quote(backend)}; backends: {', '.join(BACKENDS)}")
