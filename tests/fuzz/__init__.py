"""Fuzz tests: adversarial input may only raise cardrules' own errors."""

from __future__ import annotations

from collections import Counter

#: Inputs tried per fuzz target in this run (printed at the end of the session).
TRIED: Counter[str] = Counter()
