"""Benchmarks of gpudesk: run them all with ``python -m benchmarks``."""
