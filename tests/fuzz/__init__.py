"""Fuzzing every input gpudesk reads: plan files and catalog CSVs.

Each generated input goes through the same path a user's does (load,
validate, estimate, build the proposal model; or import into a user
catalog and estimate a plan that uses the imported row) and ends in one
outcome: ``estimated`` / ``imported``, ``refused`` (a clear message),
``changed`` (the plan, saved and opened again, is another plan),
``traceback`` (any other exception) or ``timeout``.

* ``make test`` runs a short pass (``test_fuzz_short.py``, a few seconds).
* ``python -m tests.fuzz --plans 10000 --csvs 10000`` (or ``make fuzz``) runs the
  long pass and prints the counts per generator and outcome; it exits 1 when
  any traceback or timeout was seen and writes each failing input, minimised,
  to ``--save`` for a regression test (``tests/fuzz/regressions/``).

Plan generators: ``bounds`` and ``extreme`` build plans from the JSON Schema
(``docs/project.schema.json``, itself generated from the declared bounds);
``mutation`` edits the sample plans structurally; ``wizard`` edits them through the
window's own setter to the extremes a user can type; ``bytes``, ``encoding``,
``version`` and ``size`` attack the file as bytes. CSV generators mutate
exports of the shipped catalog tables: ``cells``, ``structure``, ``bytes``,
``encoding``, ``size``.
"""
