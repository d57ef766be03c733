"""Hypothesis profiles: ``dev`` (quick, the default), ``ci`` (200 random games per case,
what ``sh scripts/check.sh`` runs) and ``deep`` (2,000 per case, what ``sh scripts/deep.sh``
runs: hours, not minutes).

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
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

#: Test games that register themselves when imported (the tests that use them import them
#: and remove them again): the doctest collection must not import them, or every test
#: parametrised over the registered games would meet them.
collect_ignore = ["endless.py", "jack_trump.py"]
