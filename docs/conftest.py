"""pytest settings for the docs: doctest the .rst pages, not the built HTML."""

import sys
from pathlib import Path

# The pages import the example games (examples/), as a reader would from the project root.
sys.path.insert(0, str(Path(__file__).parent.parent))

collect_ignore = ["conf.py"]
collect_ignore_glob = ["_build/*", "_ext/*"]
