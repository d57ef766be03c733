"""The round robin: every pair on the same duplicate deals, paired margins, fitted ratings."""

from __future__ import annotations

import io
import json
import math
import sys
from pathlib import Path

import pytest

from cardrules.cli import main
from cardrules.progress import ProgressBar
from cardrules.records import Record, replay
from cardrules.simulate import SimulationError
from cardrules.tournament import fit_ratings, planned_games, tournament

SINGLE = "oh_hell(schedule=single,start_hand=5)"


def test_every_pair_plays_the_same_duplicate_deals() -> None:
    result = tournament(
        "oh_hell", ["heuristic", "random", "ismcts:20"], deals=3, seed=4, rules=SINGLE, workers=1
    )
    assert [(p.first, p.second) for p in result.pairs] == [
        ("heuristic", "random"),
        ("heuristic", "ismcts:20"),
        ("random", "ismcts:20"),
    ]
    seeds = [[r.seed for r in pair.results.results] for pair in result.pairs]
    assert seeds[0] == seeds[1] == seeds[2]
    assert len(seeds[0]) == 3 * 2  # A B A B has two seatings: each deal is played twice
    assert seeds[0][0] == seeds[0][1] != seeds[0][2]
    for pair in result.pairs:
        assert pair.margin == pair.results.margin(pair.first, pair.second)
        assert pair.margin.deals == 3
    assert planned_games("oh_hell", 3, 3, SINGLE) == sum(
        p.results.games_played for p in result.pairs
    )


def test_the_stronger_bot_gets_the_higher_rating() -> None:
    result = tournament(
        "oh_hell", ["random", "heuristic"], deals=40, seed=1, rules=SINGLE, workers=1
    )
    ratings = dict(zip(result.bots, result.ratings, strict=True))
    assert ratings["heuristic"] > ratings["random"]
    assert math.isclose(sum(result.ratings), 0.0, abs_tol=1e-9)
    assert [row.bot for row in result.standings()] == ["heuristic", "random"]
    pair = result.pairs[0]
    assert pair.margin.mean < 0  # random (first) minus heuristic
    # The fitted odds are the observed ones, with the prior's drawn deal added.
    score = pair.first_score + 0.5
    expected = 400 * math.log10((pair.margin.deals + 1 - score) / score)
    assert math.isclose(ratings["heuristic"] - ratings["random"], expected, rel_tol=1e-6)


def test_bradley_terry_ratings_follow_the_results() -> None:
    # 0 beats 1 seven times in ten, 1 beats 2 seven in ten, 0 beats 2 nine in ten.
    ratings = fit_ratings(
        {(0, 1): 7.0, (1, 2): 7.0, (0, 2): 9.0}, {(0, 1): 10.0, (1, 2): 10.0, (0, 2): 10.0}, 3
    )
    assert ratings[0] > ratings[1] > ratings[2]
    assert math.isclose(sum(ratings), 0.0, abs_tol=1e-9)
    even = fit_ratings({(0, 1): 5.0}, {(0, 1): 10.0}, 2)
    assert all(math.isclose(r, 0.0, abs_tol=1e-9) for r in even)


@pytest.mark.parametrize(
    ("bots", "deals", "message"),
    [
        (["random"], 2, "at least two bots"),
        ("random", 2, "at least two bots"),
        (["random", "random"], 2, "two of the bots are named 'random'"),
        (["random", "heuristic"], "3", "deals must be a whole number"),
        (["random", "heuristic"], 0, "deals must be at least 1"),
    ],
)
def test_bad_tournaments_are_refused(bots: object, deals: object, message: str) -> None:
    with pytest.raises(SimulationError, match=message):
        tournament("oh_hell", bots, deals=deals, seed=1, rules=SINGLE, workers=1)  # type: ignore[arg-type]


def test_the_command_line_prints_ratings_and_margins() -> None:
    out = io.StringIO()
    status = main(
        [
            "tournament",
            "oh_hell",
            "--rules",
            SINGLE,
            "--bots",
            "heuristic",
            "random",
            "--deals",
            "4",
            "--workers",
            "1",
        ],
        out=out,
    )
    assert status == 0
    text = out.getvalue()
    assert "rating" in text and "heuristic v random" in text
    out = io.StringIO()
    main(
        [
            "tournament",
            "oh_hell",
            "--rules",
            SINGLE,
            "--bots",
            "heuristic",
            "random",
            "--deals",
            "2",
            "--workers",
            "1",
            "--json",
            "--quiet",
        ],
        out=out,
    )
    data = json.loads(out.getvalue())
    assert [row["bot"] for row in data["standings"]] and data["pairs"][0]["first"] == "heuristic"


def test_the_plain_progress_bar_writes_a_line_every_tenth_to_a_file() -> None:
    stream = io.StringIO()
    with ProgressBar(20, "games", stream=stream, use_rich=False) as bar:
        for _ in range(20):
            bar.advance()
    lines = stream.getvalue().splitlines()
    assert len(lines) == 10 and lines[-1].endswith("20/20 100%")
    quiet = io.StringIO()
    with ProgressBar(5, "games", stream=quiet, enabled=False) as bar:
        bar.advance(5)
    assert quiet.getvalue() == ""


def test_without_rich_the_command_line_shows_a_plain_progress_bar(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "rich.progress", None)  # as on a plain install
    out = io.StringIO()
    arguments = ["tournament", "oh_hell", "--rules", SINGLE, "--bots", "heuristic", "random"]
    assert main([*arguments, "--deals", "5", "--workers", "1"], out=out) == 0
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == f"oh_hell tournament [{'#' * 30}] 10/10 100%"
    assert "heuristic v random" in out.getvalue()


def test_the_records_of_every_match_go_to_a_folder_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--records FOLDER``: each match's games, one record a game, in a folder of its own;
    a folder that already holds the game's records is refused before the run."""
    argv = ["tournament", "mau_mau_standard", "--rules", "single", "--deals", "2"]
    argv += ["--bots", "heuristic", "random", "ismcts:1", "--workers", "1", "--quiet"]
    assert main([*argv, "--records", str(tmp_path / "kept")]) == 0
    assert "12 records written" in capsys.readouterr().err  # 3 matches of 2 deals, 2 rotations
    folders = sorted(path.name for path in (tmp_path / "kept").iterdir())
    assert folders == ["1-heuristic-v-random", "2-heuristic-v-ismcts_1", "3-random-v-ismcts_1"]
    for folder in folders:
        names = sorted(path.name for path in (tmp_path / "kept" / folder).iterdir())
        assert names == [f"mau_mau_standard-game-{n}.json" for n in range(4)]
    record = Record.from_json((tmp_path / "kept" / folders[1] / names[0]).read_text())
    assert set(record.players or ()) == {"heuristic", "ismcts:1"}
    replay(record)
    assert main([*argv, "--records", str(tmp_path / "kept")]) == 2
    assert "already holds mau_mau_standard records" in capsys.readouterr().err


def test_a_match_that_never_ends_is_truncated_and_the_table_says_how_many() -> None:
    """Nothing runs forever: each game of a tournament of a game that never ends (Whist
    without a target) stops at the cap, and the table and its JSON count them."""
    from tests import endless

    result = tournament(endless.NAME, ["random", "heuristic"], deals=2, seed=1, workers=1,
                        max_moves=200)  # fmt: skip
    games = result.pairs[0].results.games_played
    assert result.truncated == games == 4
    assert f"{games} games were truncated: the safety cap of 200 moves" in result.format()
    assert result.to_dict()["truncated"] == 4
    out = io.StringIO()
    status = main(
        ["tournament", "tests.endless", "--bots", "random", "heuristic", "--deals", "1",
         "--workers", "1", "--quiet", "--max-moves", "100"],
        out=out,
    )  # fmt: skip
    assert status == 0
    assert "2 games were truncated: the safety cap of 100 moves" in out.getvalue()


def test_games_a_cap_on_deals_ends_are_said_to_be_ended_by_it() -> None:
    """Maverick's single deal is the rules' cap on deals (``max_deals=1``): the table
    names that cap, not the safety cap on moves, which no game reached."""
    result = tournament("maverick", ["random", "heuristic"], deals=1, seed=3, workers=1,
                        rules="single")  # fmt: skip
    assert result.truncated == result.pairs[0].results.games_played
    text = result.format()
    assert "truncated: the rules' cap on deals (max_deals) ended them" in text
    assert "safety cap" not in text
