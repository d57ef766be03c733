"""Optional adapters to other frameworks; cardrules itself depends only on attrs.

* :mod:`cardrules.integrations.openspiel` registers every game with OpenSpiel
  (``pip install 'cardrules[openspiel]'``).
* :mod:`cardrules.integrations.pettingzoo` gives every game as a PettingZoo AEC
  environment (``pip install 'cardrules[pettingzoo]'``).
* :mod:`cardrules.integrations.encoding`, shared by both: the fixed action
  numbers (each game's own move numbers), legal-action masks and the observation
  tensors, one small encoder module per game, each built only from the seat's
  view, so that a tensor cannot show what :func:`observe` hides. It needs numpy,
  which both extras install.

Importing this package imports none of them, so it works without the extras.
"""

from __future__ import annotations

__all__: list[str] = []
