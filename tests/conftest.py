"""Hypothesis profiles: ``dev`` (quick, the default: 20 examples a test), ``ci`` (200, what
``sh scripts/check.sh`` runs) and ``deep`` (2,000, what ``sh scripts/deep.sh`` runs: hours,
not minutes). The property tests of the game contract give the presets whose code paths
other presets share fewer random games in ``dev`` and ``ci`` (tests/properties/test_contract.py
says which, and why).

Select with the environment variable ``HYPOTHESIS_PROFILE=ci``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.register_profile(
    "deep",
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
#: The hypothesis profile in use.
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
settings.load_profile(PROFILE)

#: Test games that register themselves when imported (the tests that use them import them
#: and remove them again): the doctest collection must not import them, or every test
#: parametrised over the registered games would meet them.
collect_ignore = ["endless.py", "jack_trump.py", "left_bower.py"]
