"""`gpudesk report` loads what the PDF path uses: modules it never needs stay unimported (each costs start-up time
on every run; python -X importtime shows them)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from gpudesk.paths import samples_dir

NOT_NEEDED = ("numpy.ma", "PySide6.QtPrintSupport", "pyqtgraph", "gpudesk.ui", "gpudesk.report.formula_text")


def test_the_pdf_path_leaves_unneeded_modules_unimported(tmp_path):
    script = (
        "import json, sys\n"
        "from gpudesk.cli.main import main\n"
        f"code = main(['report', {str(samples_dir() / 'startup-inspection.gpudesk')!r}, '-o', "
        f"{str(tmp_path / 'out.pdf')!r}])\n"
        f"print(json.dumps([code, [m for m in {NOT_NEEDED!r} if m in sys.modules]]))\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GPUDESK_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    code, loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert code == 0 and (tmp_path / "out.pdf").is_file()
    assert loaded == [], f"imported without being used: {loaded}"
