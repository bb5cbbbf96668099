"""The peer bench_core compares against: llm-analysis 0.2.2 (PyPI) in its own venv (``benchmarks/.venv-peers``,
created when missing), run on a sample of the sweep's configurations it accepts (Llama 2 7B on A100 and H100)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

PEER_VENV = Path(__file__).resolve().parent / ".venv-peers"
PEER_PACKAGE = "llm-analysis==0.2.2"
PEER_SAMPLE = 200
PEER_GPU = {"a100-sxm-80gb": "a100-sxm-80gb", "h100-sxm": "h100-sxm-80gb"}


def peer_python() -> Path | None:
    """The peer venv's interpreter, creating the venv and installing llm-analysis when missing."""
    python = PEER_VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if python.exists() and _peer_importable(python):
        return python
    try:
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(PEER_VENV)], check=True, capture_output=True)
        # offline, pip's default 5 retries x 15 s per request kept `make bench` waiting for minutes: fail fast
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--retries", "1", "--timeout", "10", PEER_PACKAGE],
                       check=True, capture_output=True, timeout=300)
    except (subprocess.SubprocessError, OSError) as exc:
        print(f"llm-analysis unavailable: could not create {PEER_VENV} or install {PEER_PACKAGE} ({exc}); "
              "peer comparison skipped")
        return None
    return python if _peer_importable(python) else None


def _peer_importable(python: Path) -> bool:
    probe = subprocess.run([str(python), "-c", "import llm_analysis.analysis"], capture_output=True)
    return probe.returncode == 0


_PEER_SCRIPT = r"""
import json, sys, time, logging
from llm_analysis.analysis import train
configs = json.loads(sys.stdin.read())
logging.disable(logging.CRITICAL)
failed = 0
start = time.perf_counter()
for c in configs:
    try:
        train(model_name="NousResearch_Llama-2-7b-hf", gpu_name=c["gpu"], log_level="CRITICAL",
              tp_size=c["tp"], pp_size=c["pp"], total_num_gpus=c["n"], batch_size_per_gpu=c["mb"],
              global_batch_size=c["gb"], seq_len=c["seq"], ds_zero=c["zero"], activation_recomputation=1,
              total_num_tokens=int(1e11), flops_efficiency=0.5, hbm_memory_efficiency=0.9)
    except Exception:
        failed += 1
print(json.dumps({"seconds": time.perf_counter() - start, "configs": len(configs), "failed": failed}))
"""


def peer_sample(sweep: dict[str, np.ndarray], ids: list[str], max_context: float) -> np.ndarray:
    """Indices of ``PEER_SAMPLE`` configurations llm-analysis accepts (also timed one at a time in gpudesk); ``ids``:
    the sweep's accelerators by its ``hw`` codes, ``max_context``: the model's."""
    dp = sweep["n"] / (sweep["tp"] * sweep["pp"])
    valid = (dp >= 1) & (dp == np.round(dp)) & (sweep["gb"] % np.maximum(dp * sweep["mb"], 1) == 0) \
        & (sweep["seq"] < max_context)  # llm-analysis requires seq_len < the model's max_seq_len
    usable = np.flatnonzero(np.isin(np.array(ids)[sweep["hw"]], list(PEER_GPU)) & valid)
    return np.random.default_rng(0).choice(usable, size=min(PEER_SAMPLE, usable.size), replace=False)


def time_peer(python: Path, sweep: dict[str, np.ndarray], pick: np.ndarray, ids: list[str]) -> dict | None:
    """llm-analysis's time for the ``pick`` configurations of ``sweep``, in one process of the peer venv."""
    configs = [{"gpu": PEER_GPU[ids[sweep["hw"][i]]], "n": int(sweep["n"][i]), "tp": int(sweep["tp"][i]),
                "pp": int(sweep["pp"][i]), "mb": int(sweep["mb"][i]), "gb": int(sweep["gb"][i]),
                "seq": int(sweep["seq"][i]), "zero": int(sweep["zero"][i])} for i in pick]
    proc = subprocess.run([str(python), "-c", _PEER_SCRIPT], input=json.dumps(configs), capture_output=True,
                          text=True, timeout=1800)
    if proc.returncode != 0:
        print(f"llm-analysis run failed: {proc.stderr.strip()[-400:]}")
        return None
    return json.loads(proc.stdout.strip().splitlines()[-1])
