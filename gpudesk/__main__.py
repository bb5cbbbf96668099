"""`python -m gpudesk` behaves exactly like the `gpudesk` command."""

import sys

from gpudesk.cli.main import main

sys.exit(main())
