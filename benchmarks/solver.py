"""How long the perfect-information solver takes, per trick game and cards per hand.

For each game and hand size, deals of four players are solved from the first lead:
every legal move of the leader gets its exact value
(``cardrules.solver.Solver.move_values``, with equivalent cards where the game
declares them sound, as the PIMC bot uses the solver). A deal of N cards a hand is
dealt from a shuffled deck of the game. Up and Down the River deals N cards itself
(bids made at random, as the figures of earlier versions had them; with four players
it deals at most 12 cards a hand, so its 13-card row is skipped). Maverick, Whist,
Hearts and Spades always deal 13: the heuristic bot plays every seat (bids, passes,
declarations and the tricks) until N cards a hand are left and a trick is to be led,
so the position is one a game can reach, with the bids a player would make.

The script prints, per game and size, the median, the quartiles and the slowest
solve in CPU seconds (so that other work on the computer changes them little) and
the median number of positions searched. The build measured is the one imported
(the pure build from a source checkout, the compiled one when installed).

Each solve runs in a worker process, which is killed when its answer has not come
after ``--limit-s`` seconds (wall clock): a stopped solve counts as taking the limit,
the line says how many were stopped, and the figures are then lower bounds. A size
stops once its solves have taken ``--budget`` seconds in all (the line says over how
many deals).

``--peer dds`` (needs the ``endplay`` package, in the ``bench`` extra) adds bridge
card play: random deals of N cards a hand with a random strain (a trump suit or no
trump) and a random leader, every card of the leader valued in tricks for the
leader's side by DDS (Bo Haglund's double-dummy solver) and by cardrules (the same
deal as a trick game: ``benchmarks/bridge_play.py``). It checks that the values are
equal, card by card, and prints DDS's median and the median of the per-deal ratios
(cardrules' time over DDS's).

Usage: python benchmarks/solver.py [--games NAME ...] [--cards 4 7 10 13] [--positions N]
       [--budget SECONDS] [--limit-s SECONDS] [--peer dds] [--json]
       [--no-equivalence] [--margin]

``--margin``: value the leader's points less the best of the other seats' (the PIMC
bot's value in games of every player for himself) instead of its points.
``--json``: print the rows as a JSON list instead of lines: ``game``, ``cards``,
``deals``, ``stopped``, ``median_s``, ``q1_s``, ``q3_s``, ``slowest_s``,
``positions_searched`` (the median), ``build``, and with the peer ``dds_median_s``,
``ratio`` and ``mismatches``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
import traceback
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from cardrules import games
from cardrules.moves import Play
from cardrules.simulate import make_bot
from cardrules.solver import Solver

HERE = Path(__file__).resolve().parent
#: The example games (Whist, Hearts, Spades) and the bridge card play of the peer.
sys.path[:0] = [str(HERE.parent / "examples"), str(HERE)]

#: The trick games measured by default (Enfle's pick-up has no double-dummy form).
GAMES = ("oh_hell", "maverick", "whist", "hearts", "spades")
#: The example modules that register the games of GAMES not built in.
EXAMPLES = {"whist": "whist", "hearts": "hearts", "spades": "spades"}
#: The row name of bridge card play, solved by DDS too with ``--peer dds``.
BRIDGE = "bridge"


def build() -> str:
    """Which build of cardrules is imported: compiled or pure."""
    return "compiled" if games.oh_hell.__file__.endswith((".so", ".pyd")) else "pure"


def game_module(name: str) -> Any:
    """The game ``name``, importing its example module if need be."""
    if name == BRIDGE:
        import bridge_play

        return bridge_play
    if name in EXAMPLES:
        __import__(EXAMPLES[name])  # registers the game
    return games.get(name)


def _to_first_lead(game: Any, state: Any, rng: random.Random) -> Any:
    """Play random moves (bids, passes, declarations) until every legal move is a card."""
    while not all(type(move) is Play for move in game.legal_moves(state)):
        legal = game.legal_moves(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    return state


def first_lead(name: str, cards: int, seed: int) -> Any:
    """A deal of game ``name`` with ``cards`` cards a hand, at its first lead (see the
    module docs), or None when the game cannot deal that many."""
    game = game_module(name)
    rng = random.Random(seed)
    if name == "oh_hell":
        if cards > 12:
            return None
        rules = game.Rules(schedule="single", start_hand=cards)
        return _to_first_lead(game, game.deal(rules, seed=seed), rng)
    rules = game.PRESETS.get("single") or game.Rules(max_deals=1)
    state = game.deal(rules, seed=seed)
    bot = make_bot("heuristic", game)
    while True:
        zones = game.zones(state)
        hands = [len(cards) for place, cards in zones.items() if place.startswith("hand ")]
        if min(hands) < cards or game.is_over(state) or game.deal_number(state) != 0:
            return None
        if max(hands) == cards and not zones["trick"]:
            return state
        seat = game.to_move(state)
        legal = game.legal_moves(state)
        state = game.apply(state, bot.choose(game.observe(state, seat), legal, rng))


def bridge_deal(cards: int, seed: int) -> Any:
    """A random bridge card-play deal: ``cards`` cards a hand, a random strain and leader."""
    import bridge_play

    rng = random.Random(seed)
    rules = bridge_play.Rules(
        cards=cards, strain=rng.choice(sorted(bridge_play.STRAINS)), leader=rng.randrange(4)
    )
    return bridge_play.deal(rules, seed=seed)


#: Whether this process has called DDS before (its first call sets it up).
_DDS_READY: list[bool] = []


def dds_values(state: Any) -> tuple[dict[str, int], float]:
    """DDS's tricks for the leader's side after each card of the leader, by card text,
    and the CPU seconds it took."""
    import bridge_play
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    zones = bridge_play.zones(state)
    hands = []
    for seat in range(4):
        held = [str(card) for card in zones[f"hand {seat}"]]
        suits = []
        for suit in "SHDC":
            ranks = [card[:-1].replace("10", "T") for card in held if card[-1] == suit]
            suits.append("".join(sorted(ranks, key="AKQJT98765432".index)))
        hands.append(".".join(suits))
    strain = state.rules.strain
    denoms = {"clubs": Denom.clubs, "diamonds": Denom.diamonds, "hearts": Denom.hearts}
    denoms.update(spades=Denom.spades, notrump=Denom.nt)
    leader: int = state.rules.leader
    deal = Deal("N:" + " ".join(hands), first=Player(leader), trump=denoms[strain])
    if not _DDS_READY:
        # DDS sets itself up on its first call: do that on another deal, untimed.
        solve_board(Deal("N:A... K... Q... J...", first=Player.north, trump=Denom.nt))
        _DDS_READY.append(True)
    started = time.process_time()
    solved = solve_board(deal)
    elapsed = time.process_time() - started
    values: dict[str, int] = {}
    for card, tricks in solved:
        rank = card.rank.name[1:].replace("T", "10")  # Rank.RT is the ten
        values[rank + card.suit.name[0].upper()] = int(tricks)
    return values, elapsed


def solve(task: tuple[str, int, int, bool, bool, bool]) -> dict[str, Any]:
    """Solve one deal (in the worker): its CPU time, positions searched and, for bridge
    with the peer, DDS's time and whether the values agree."""
    name, cards, seed, equivalence, margin, peer = task
    state = bridge_deal(cards, seed) if name == BRIDGE else first_lead(name, cards, seed)
    if state is None:
        return {"skipped": True}
    game = game_module(name)
    seat = game.to_move(state)
    solver = Solver(
        game,
        seat,
        game.deal_number(state),
        equivalent_cards=equivalence and bool(getattr(game, "SOLVER_EQUIVALENT_CARDS", False)),
        margin=margin,
    )
    started = time.process_time()
    values = solver.move_values(state)
    result: dict[str, Any] = {"seconds": time.process_time() - started, "nodes": solver.nodes}
    if peer and name == BRIDGE:
        theirs, result["dds_seconds"] = dds_values(state)
        ours = {str(move.card): value for move, value in values}
        result["agree"] = ours == {card: float(tricks) for card, tricks in theirs.items()}
    return result


def _worker(connection: Connection) -> None:
    """Solve the tasks the connection brings until it closes."""
    while True:
        try:
            task = connection.recv()
        except EOFError:
            return
        try:
            result = solve(task)
        except Exception:  # shown by the main process
            result = {"error": traceback.format_exc()}
        connection.send(result)


class Worker:
    """A process that solves one deal at a time and is killed when a solve is late."""

    def __init__(self) -> None:
        self.process: Any = None
        self.connection: Connection | None = None

    def run(self, task: tuple[str, int, int, bool, bool, bool], limit: float) -> Any:
        """The result of ``task``, or None when it took longer than ``limit`` seconds."""
        if self.process is None or self.connection is None:
            ours, theirs = multiprocessing.Pipe()
            self.process = multiprocessing.Process(target=_worker, args=(theirs,), daemon=True)
            self.process.start()
            self.connection = ours
        self.connection.send(task)
        if self.connection.poll(limit):
            return self.connection.recv()
        self.stop()
        return None

    def stop(self) -> None:
        """End the worker process (it is ours)."""
        if self.process is not None:
            self.process.kill()
            self.process.join()
        if self.connection is not None:
            self.connection.close()
        self.process = self.connection = None


def measure(name: str, cards: int, args: argparse.Namespace, worker: Worker) -> dict[str, Any]:
    """The row of one game and hand size."""
    times: list[float] = []
    nodes: list[int] = []
    dds: list[float] = []
    ratios: list[float] = []
    stopped = mismatches = 0
    spent = 0.0
    peer = args.peer == "dds"
    for index in range(args.positions):
        task = (name, cards, 1000 * cards + index, not args.no_equivalence, args.margin, peer)
        started = time.perf_counter()
        result = worker.run(task, args.limit_s)
        if result is None:
            stopped += 1
            times.append(args.limit_s)
            spent += max(args.limit_s, time.perf_counter() - started)
        elif "error" in result:
            raise RuntimeError(f"{name}, {cards} cards, deal {index}:\n{result['error']}")
        elif result.get("skipped"):
            return {"game": name, "cards": cards, "skipped": "the game deals fewer cards"}
        else:
            times.append(result["seconds"])
            nodes.append(result["nodes"])
            spent += result["seconds"]
            if "dds_seconds" in result:
                dds.append(result["dds_seconds"])
                ratios.append(result["seconds"] / max(result["dds_seconds"], 1e-6))
                mismatches += not result["agree"]
        if spent > args.budget:
            break
    quartiles = statistics.quantiles(times, n=4) if len(times) >= 2 else [times[0]] * 3
    row: dict[str, Any] = {
        "game": name,
        "cards": cards,
        "build": build(),
        "deals": len(times),
        "stopped": stopped,
        "limit_s": args.limit_s,
        "median_s": statistics.median(times),
        "q1_s": quartiles[0],
        "q3_s": quartiles[2],
        "slowest_s": max(times),
        "positions_searched": statistics.median(nodes) if nodes else None,
    }
    if name == BRIDGE and peer:
        row["dds_median_s"] = statistics.median(dds) if dds else None
        row["ratio"] = statistics.median(ratios) if ratios else None
        row["mismatches"] = mismatches
    return row


def line(row: dict[str, Any]) -> str:
    """One row as a line of text."""
    head = f"{row['game']:>9} {row['cards']:>2} cards:"
    if "skipped" in row:
        return f"{head} skipped ({row['skipped']})"
    bound = "at least " if row["stopped"] else ""
    nodes = row["positions_searched"]
    text = (
        f"{head} median {bound}{row['median_s']:.3f} s"
        f" (quartiles {row['q1_s']:.3f}-{row['q3_s']:.3f}, slowest {bound}{row['slowest_s']:.3f}),"
        f" median {'?' if nodes is None else f'{nodes:,.0f}'} positions, {row['deals']} deals"
    )
    if row["stopped"]:
        text += f", {row['stopped']} stopped at the {row['limit_s']:g} s limit"
    if row.get("ratio") is not None:
        text += (
            f"; DDS median {row['dds_median_s'] * 1000:.2f} ms, per-deal ratio median"
            f" {row['ratio']:,.0f}x, values differ on {row['mismatches']} deals"
        )
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None, choices=[*GAMES, BRIDGE])
    parser.add_argument("--cards", type=int, nargs="*", default=[4, 7, 10, 13])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--budget", type=float, default=120.0)
    parser.add_argument("--limit-s", type=float, default=60.0)
    parser.add_argument("--peer", choices=["dds"], default=None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-equivalence", action="store_true")
    parser.add_argument("--margin", action="store_true")
    args = parser.parse_args()
    names = list(args.games or GAMES)
    if args.peer and BRIDGE not in names:
        names.append(BRIDGE)
    if args.peer:
        try:
            import endplay.dds  # noqa: F401
        except ImportError:
            parser.error("--peer dds needs the endplay package: pip install 'cardrules[bench]'")
    if not args.json:
        print(f"solver: {build()} build", flush=True)
    rows = []
    worker = Worker()
    try:
        for name in names:
            for cards in args.cards:
                row = measure(name, cards, args, worker)
                rows.append(row)
                if not args.json:
                    print(line(row), flush=True)
    finally:
        worker.stop()
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
