"""Sphinx configuration for the cardrules documentation."""

import sys
from importlib.metadata import version as _version
from pathlib import Path

# The project's own Sphinx extension: the illustrated rules on the games' pages.
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "cardrules"
author = "The cardrules developers"
copyright = "The cardrules developers"
release = _version("cardrules")
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "illustrated",
    "results_tables",
]

# No intersphinx: the docs must build without network access.
nitpicky = False

autodoc_default_options = {
    "members": True,
    "member-order": "bysource",
}
autodoc_typehints = "signature"
autodoc_typehints_format = "short"

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []

html_theme = "furo"
html_title = f"cardrules {release}"
html_static_path: list[str] = []


def _skip_field_aliases(app, what, name, obj, skip, options):
    """Leave out the "Alias for field number N" entries of named tuples."""
    if (getattr(obj, "__doc__", None) or "").startswith("Alias for field number"):
        return True
    return None


def setup(app):
    app.connect("autodoc-skip-member", _skip_field_aliases)
