"""The release rule of TensorRT-LLM's attention data-parallel balancer, stepped directly, for the tests that check
core/adp_hold.py and core/adp_release.py against a run of it (tensorrt_llm/_torch/pyexecutor/py_executor.py,
``_balance_adp_requests``: every rank decoding, no rank's batch full)."""

from __future__ import annotations


class BalancerCounters:
    """The engine's two counters: ``release`` says whether this iteration lets every rank's held prompts go."""

    def __init__(self, timeout: int, wait: int) -> None:
        self.timeout, self.wait = timeout, wait
        self.waiting = self.batching = 0

    def release(self, every_rank_has_one: bool) -> bool:
        """One iteration: once every rank has a prompt, W iterations more (the batching counter), then release;
        while some rank has none, release when the timeout counter reaches T (the empty rank's none included)."""
        if every_rank_has_one:
            self.waiting = 0
            if self.batching < self.wait:
                self.batching += 1
                return False
            self.batching = 0
            return True
        self.waiting += 1
        if self.waiting >= self.timeout:
            self.waiting = 0
            return True
        return False
