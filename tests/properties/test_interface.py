"""The shared invariants of the game interface, checked on every registered game and preset.

The checks are the public conformance kit, :mod:`cardrules.testing`; here
hypothesis chooses the seeds (and shrinks a failure to a small case). Each
example plays one complete random game and checks every invariant after every
step. A game registered in :mod:`cardrules.games` is covered the day it is
registered.

How many random games (the random-game property, the costliest test of the suite):
a game's presets mostly run the same code with other numbers (seats, hand sizes,
targets), and a random game costs 40 to 1,500 ms with every invariant checked
after every few steps. So the test time goes to the presets that reach code of
their own. ``python scripts/preset_coverage.py`` plays 40 random games of every
preset under coverage.py (lines and branches of src/cardrules) and picks, per
game, the default preset, then the presets that add what is still missing, until
they reach every line and branch that any preset of the game reaches; the other
presets (``SHARED``, each with what it varies) reach nothing of their own. Per
game, of the lines and arcs reached at all (measured on 7 December 2026):

============== ======= ================================================== =====================
game           reached presets with the full count (lines and arcs        ``SHARED``
                       only they reach)
============== ======= ================================================== =====================
oh_hell        6,590   default (13), simultaneous (33), no_hook (3),      single, short,
                       free_last_round (3), eight_players (3)             three_players
enfle          6,181   default (4), series (88), capped (20), parlett     single, three_players,
                                                                          five_pairs, six_players
mau_mau        6,913   single (12), no_restock (103), penalty (11),       short,
                       variants (38)                                      penalty_to_opponent
mau_mau_std    6,840   all six (2 to 260 each)                            none
strafpoint     6,946   default, long_two_players (47), site_options (75), single
                       variants (17)
maverick       7,835   single (3), match (8), bidding, pagat_readings     bidding_options,
                       (88), revoke_penalty (174), suitless_jokers (2),   trumps_do_not_win
                       revoke_penalty_bidding (see below)
============== ======= ================================================== =====================

A preset's games reach all that they reach early: in 30 games of each preset of
the two costliest games (Mau Mau and Strafpoint), each preset's last new line or
branch came by game 3 to 28 (most by game 12 to 21). So the ``ci`` profile
(what ``sh scripts/check.sh`` runs) plays 30 random games of each full-count
preset and 10 of each shared preset (``GAMES``): 1,020 games where it played 8,400
(200 of every preset), an eighth of the time. Measured with the module's own seeds
(the ``ci`` profile under coverage.py, 7 December 2026), 30 games a full-count
preset reach 8,553 lines and 2,256 branches of src/cardrules where 50 reached 8,498
and 2,226 (538 CPU seconds under coverage for 50, 321 for 30). Hypothesis draws
other seeds for another count, so the sets differ: the 30 reach 66 lines the 50
did not (worlds sampled with required cards) and miss 11 that the 50 reached, each
a refusal's message: must trump and must follow, which tests/test_rules_of_play.py
and tests/test_maverick.py reach, and a last jack that needs no call, which
tests/test_mau_mau.py and tests/test_mau_mau_standard.py check. ``dev`` plays 20
and 5; ``deep`` (``sh scripts/deep.sh``) plays 2,000 of every preset, shared or not,
as before. The other per-preset properties
(listed moves, explicit chance) play the profile's examples, a fifth of them for a shared
preset in ``dev`` and ``ci``, and in ``ci`` half of them (100) for the other presets:
measured likewise, the two properties reach the same 4,995 lines and 786 branches with
100 examples as with 200 (150 CPU seconds under coverage for 200, 92 for 100). A
game or preset not in ``SHARED`` (a game registered later, a new preset) plays the
full count until measured.

Checked at the scale of the old count, when the full count was 50: 200 games of
every preset of Enfle and Maverick under coverage, against the first 50 or 10 of the
same seeds. The
counts reach every line and branch the 200 reach but for 122 arcs: 108 (worlds
sampled with required cards, core/sampling.py) that Maverick's
revoke_penalty_bidding reaches first between its 10th and 25th game, which is why
it plays the full count though the 40-game measurement found nothing of its own;
and 14 that full-count presets reach only after game 100 (a must-trump refusal's
message, Maverick's equal-rank suit order), which the rule tests of those rules
reach (tests/test_maverick.py and tests/test_rules_of_play.py, measured likewise;
they reach the sampled worlds' lines too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import games, testing
from tests.conftest import PROFILE

CASES = [(name, preset) for name in games.names() for preset in games.get(name).PRESETS]
seeds = st.integers(min_value=0, max_value=2**63 - 1)

#: Random games a case of the random-game property plays, by hypothesis profile: (presets
#: that reach code of their own, presets in ``SHARED``). A profile not named here (``deep``)
#: plays its own number of examples for every preset.
GAMES = {"dev": (20, 5), "ci": (30, 10)}

#: The presets whose random games reach no line or branch of src/cardrules that the game's
#: other presets' games do not (measured: see the module's docstring), with what they vary.
SHARED: dict[str, dict[str, str]] = {
    "oh_hell": {
        "single": "one deal of ten cards: the default game's deals",
        "short": "a shorter schedule: the default game's deals, fewer of them",
        "three_players": "three seats: a number, not a code path",
    },
    "enfle": {
        "single": "the default rules with a move cap",
        "three_players": "three seats: a number, not a code path",
        "five_pairs": "dealt in pairs, as the capped preset deals",
        "six_players": "six seats and an ante of 2: numbers, not code paths",
    },
    "mau_mau": {
        "short": "a match to 100: the no_restock and variants presets play matches",
        "penalty_to_opponent": "penalty cards to the opponent: the penalty preset's code",
    },
    "strafpoint": {
        "single": "a series of one deal: the default series' code",
    },
    "maverick": {
        "bidding_options": "the bidding options: the bidding, match and revoke presets' code",
        "trumps_do_not_win": "trumps that do not win: a branch other presets reach",
    },
}


def random_games(name: str, preset: str) -> int:
    """The random games one case of the random-game property plays in the profile in use
    (see the module's docstring)."""
    count = settings().max_examples
    full, shared = GAMES.get(PROFILE, (count, count))
    return shared if preset in SHARED.get(name, {}) else full


def play(check: Callable[..., Any], name: str, preset: str, count: int) -> None:
    """Run ``check`` of the kit on ``count`` random games of one game and preset, the seeds
    chosen by hypothesis (which shrinks a failure to a small case and reports its seeds)."""
    game = games.get(name)
    rules = game.PRESETS[preset]

    @settings(max_examples=count)
    @given(seed=seeds, choices=seeds)
    def one_game(seed: int, choices: int) -> None:
        check(game, rules, seed=seed, choices=choices)

    one_game()


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_random_games_keep_every_invariant(name: str, preset: str) -> None:
    """Rules: cards conserved, legal_moves empty iff over, legality (follow suit,
    match the upcard), unlisted moves refused without change, apply never mutates,
    views hide what is hidden, random play ends, records and JSON round-trip."""
    play(testing.check_random_game, name, preset, random_games(name, preset))


def examples(name: str, preset: str) -> int:
    """The examples of the other per-preset properties: the profile's count (half of it in
    ``ci``: see the module's docstring), a fifth of it for a preset in ``SHARED`` (whose
    games reach no code the game's other presets do not)."""
    count: int = settings().max_examples
    if PROFILE in GAMES and preset in SHARED.get(name, {}):
        return max(1, count // 5)
    return count // 2 if PROFILE == "ci" else count


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_every_listed_move_applies_and_states_round_trip(name: str, preset: str) -> None:
    """Every listed move applies, and the states along a random game round-trip."""
    play(testing.check_listed_moves, name, preset, examples(name, preset))


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_explicit_chance_plays_the_same_game_as_seeded(name: str, preset: str) -> None:
    """Rule: the seeded and the explicit-chance mode give the same game for the
    same chance outcomes (here: the first deal, dealt from the same cards)."""
    play(testing.check_explicit_chance, name, preset, examples(name, preset))


@pytest.mark.parametrize(("name", "preset"), CASES)
@settings(max_examples=3)
@given(seed=seeds, choices=seeds)
def test_positions_set_up_the_same_game(name: str, preset: str, seed: int, choices: int) -> None:
    """Positions taken along a random game set up states that are the same to every
    player, read back from their text and play on to the end; setup refuses a view's
    position, a card twice and a card missing."""
    game = games.get(name)
    testing.check_positions(game, game.PRESETS[preset], seed=seed, choices=choices, states=8)


def test_the_kit_reports_a_broken_promise() -> None:
    """The kit fails a game that breaks the interface: here, one that lists a move twice."""
    from types import SimpleNamespace

    base = games.get("mau_mau_standard")
    broken = SimpleNamespace(**{name: getattr(base, name) for name in games.PROTOCOL_NAMES})
    broken.NAME = "broken_stops"
    broken.legal_moves = lambda state: base.legal_moves(state)[:1] * 2
    with pytest.raises(testing.ConformanceError, match="legal moves must be distinct"):
        testing.check_random_game(broken, base.PRESETS["single"], seed=1, choices=2)


def test_the_shared_presets_are_registered() -> None:
    """The table of presets with fewer random games names registered games and presets, and
    leaves every game at least one preset with the full count; a game or preset not in it
    plays the full count."""
    for name, presets in SHARED.items():
        assert name in games.names(), name
        assert set(presets) < set(games.get(name).PRESETS), name
    assert random_games("oh_hell", "default") >= random_games("oh_hell", "single")
    assert random_games("no_such_game", "single") == random_games("oh_hell", "default")


def test_check_game_in_one_call() -> None:
    report = testing.check_game("mau_mau", presets=["single"], games=1, seed=3)
    assert report.game == "mau_mau" and report.games == 1 and report.moves > 0
    with pytest.raises(testing.ConformanceError, match="no preset"):
        testing.check_game("mau_mau", presets=["nonsense"])
