"""Helper process for the autosave tests (run by test_project_autosave.py, not collected by pytest).

Usage: ``autosave_worker.py AUTOSAVE_DIR PLAN_JSON ORIGINAL_PATH``. Opens an
autosave session, autosaves the plan, prints ``saved <doc id>`` and waits
for a line on stdin: ``exit`` closes the session cleanly; the test may
instead SIGKILL the process.
"""

from __future__ import annotations

import json
import sys

from gpudesk.project.autosave import AutosaveStore
from gpudesk.project.schema import project_from_dict


def main() -> None:
    directory, plan_path, original = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(plan_path, encoding="utf-8") as handle:
        project = project_from_dict(json.load(handle))
    store = AutosaveStore(directory)
    doc_id = store.new_doc_id()
    store.write(doc_id, project, original)
    project.meta.notes = "second autosave"
    store.write(doc_id, project, original)
    print(f"saved {doc_id}", flush=True)
    if sys.stdin.readline().strip() == "exit":
        store.close()


if __name__ == "__main__":
    main()
