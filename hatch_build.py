"""The build hook of the optional compiled build: hatch-mypyc's, given the module group
in the form mypyc takes (pyproject.toml can only write lists, mypyc wants tuples).

Enabled with ``HATCH_BUILD_HOOKS_ENABLE=1`` (see pyproject.toml and the README).
"""

from __future__ import annotations

from typing import Any


def get_build_hook() -> type:
    """The hook class (hatch_mypyc is there only when the hook is enabled)."""
    from hatch_mypyc.plugin import MypycBuildHook

    class CompiledBuildHook(MypycBuildHook):  # type: ignore[misc]
        @property
        def config_options(self) -> dict[str, Any]:
            options = dict(super().config_options)
            groups = options.get("separate", False)
            if isinstance(groups, list):
                options["separate"] = [(list(files), name) for files, name in groups]
            return options

    return CompiledBuildHook
