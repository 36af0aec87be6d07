"""The build, as one command: the runtime, the fonts and the catalogs, then the site to publish.

    python3 tools/build.py [--quiet]   (tools/serve, tools/test and the Pages workflow run it)

The runtime, the subset fonts (tools/fonts.py) and the compiled catalogs are tools/runtime.py's; site/, the
folder to publish, is tools/site.py's, which builds the runtime first. This file only starts it.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # make tools/ and lukfu/ importable
    from tools import site

    sys.exit(site.main())
