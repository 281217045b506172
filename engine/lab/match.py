"""Matches the way engine testers run them: game pairs (one opening, colours swapped), pentanomial
counts, Elo with a 95 % interval, SPRT that stops the match, adjudication, every game's record and
a JSON summary in an output folder that a later run resumes (docs/ARENA.md, "Matches").

A game is a pure function of its :class:`GameTask` (ruleset, opening record, players, seed,
adjudication), so any pool (:mod:`.cluster`) plays the same games.  The statistics always count the
longest run of complete pairs from pair 0 (:class:`Tally`), and SPRT stops at the first such prefix
whose LLR crosses a bound: the stop point and the summary do not depend on which worker finished
first.  Output folder: ``match.json`` (the settings), ``games.jsonl`` (one line per finished game,
written as it finishes), ``records/game-NNNNN.txt`` and ``summary.json``.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core.files import atomic_write_text
from ..players.arena_games import COUNT_KEYS, arena_of
from .games import load
from .openings import file_openings, seeded_opening
from .players import Forfeit, PlayerSpec, choose, parse_player
from .sprt import Sprt
from .stats import elo_interval, finite, penta_counts, wilson

SIDES = ("white", "black")


@dataclass(frozen=True)
class Adjudication:
    """``max_plies``: a game still open at this ply is a draw.  ``resign``: a side that both
    players' evaluations put ``resign_score`` centi-points behind for ``resign_plies`` plies in a
    row loses.  ``draw_after``: from this ply on, ``draw_plies`` plies in a row with both
    evaluations within ``draw_score`` of 0 make a draw.  Levels 1-3 and outside players that send
    ``eval`` have evaluations; level 0 has none (its plies break a run)."""

    max_plies: int = 200
    resign_score: float | None = None
    resign_plies: int = 4
    draw_after: int | None = None
    draw_score: float = 20.0
    draw_plies: int = 8


@dataclass(frozen=True)
class GameTask:
    index: int  # game number; pair index // 2, A plays White in the even game
    ruleset: str
    opening: str  # record text
    a: PlayerSpec
    b: PlayerSpec
    seed: int
    adjudication: Adjudication = field(default_factory=Adjudication)

    @property
    def a_white(self) -> bool:
        return self.index % 2 == 0


def _adjudicate(adj: Adjudication, evals: list, ply: int) -> tuple[str | None, str] | None:
    """``(winner, reason)`` when an adjudication rule fires, else None (``evals``: White's view)."""
    if adj.resign_score is not None and len(evals) >= adj.resign_plies:
        last = evals[-adj.resign_plies :]
        if all(v is not None and v <= -adj.resign_score for v in last):
            return (
                "black",
                f"adjudicated: White resigns ({adj.resign_plies} plies at or below {-adj.resign_score:+.0f})",
            )
        if all(v is not None and v >= adj.resign_score for v in last):
            return "white", f"adjudicated: Black resigns ({adj.resign_plies} plies at or above {adj.resign_score:+.0f})"
    if adj.draw_after is not None and ply >= adj.draw_after and len(evals) >= adj.draw_plies:
        if all(v is not None and abs(v) <= adj.draw_score for v in evals[-adj.draw_plies :]):
            return None, f"adjudicated draw ({adj.draw_plies} plies within +-{adj.draw_score:.0f})"
    return None if adj.max_plies > ply else (None, f"ply cap {adj.max_plies}")


def play_task(task: GameTask) -> dict:
    """Play one game from its opening to the end and return its result (a JSON-able dict)."""
    rules, kind = load(task.ruleset)
    game = kind.from_record(task.opening, rules, f"opening of game {task.index}")
    white, black = (task.a, task.b) if task.a_white else (task.b, task.a)
    spec = {"white": white, "black": black}
    kinds: dict = {s: Counter() for s in SIDES}
    cpu = dict.fromkeys(SIDES, 0.0)
    nodes = dict.fromkeys(SIDES, 0)
    evals: list = []
    max_dim = kind.max_dimension(game.position)
    arena = arena_of(kind.name)
    scratch = dict.fromkeys(COUNT_KEYS, 0)  # the arena's own counts: only its flag is used here
    flag = False  # the arena's "how the last turn ended the game" flag (cube: facing kings, C3)
    winner: str | None = None
    reason = ending = ""
    start = game.position.ply
    while True:
        pos = game.position
        if pos.result is not None:
            winner, reason = pos.result.winner, pos.result.reason
            ending = kind.ending(reason, flag)
            break
        verdict = _adjudicate(task.adjudication, evals, pos.ply)
        if verdict is not None:
            winner, reason = verdict
            ending = "adjudicated" if reason.startswith("adjudicated") else "ply cap (draw)"
            if winner is None and reason.startswith("adjudicated"):
                ending = "adjudicated draw"
            break
        side = pos.to_move
        c0 = time.process_time()
        try:
            turn, ev, n = choose(spec[side], kind, pos, task.seed * 1000 + pos.ply, game.repeat_positions())
            if turn is None:
                winner, reason, ending = None, "no legal turn", "no legal turn"
                break
            used = kind.turn_kinds(pos, turn)
            try:
                game.play(turn)
            except ValueError as e:
                if spec[side].cmd is None:
                    raise
                raise Forfeit(f"illegal turn: {e}") from None
        except Forfeit as e:
            winner = "black" if side == "white" else "white"
            reason, ending = f"forfeit by {side}: {e}", "forfeit"
            break
        finally:
            cpu[side] += time.process_time() - c0
        nodes[side] += n
        kinds[side].update(used)
        evals.append(None if ev is None else (ev if side == "white" else -ev))
        flag = arena.count(scratch, pos, turn, game)
        max_dim = max(max_dim, kind.max_dimension(game.position))
    a_side = "white" if task.a_white else "black"
    return {
        "index": task.index,
        "pair": task.index // 2,
        "white": white.label,
        "black": black.label,
        "a_white": task.a_white,
        "winner": winner,
        "a_score": 0.5 if winner is None else float(winner == a_side),
        "reason": reason,
        "ending": ending,
        "plies": game.position.ply,
        "opening_plies": start,
        "kinds": {s: dict(sorted(kinds[s].items())) for s in SIDES},
        "max_dimension": max_dim,
        "nodes": nodes,
        "cpu": {s: round(cpu[s], 4) for s in SIDES},
        "record": kind.record(game),
    }


# -- the match ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchConfig:
    ruleset: str = "standard"
    a: PlayerSpec = PlayerSpec(3)
    b: PlayerSpec = PlayerSpec(2)
    pairs: int = 20
    seed: int = 0
    opening_plies: int = 2
    openings_file: str | None = None
    adjudication: Adjudication = Adjudication()
    sprt: Sprt | None = None
    #: False: every game gets its own opening (a study of one player against itself, where a pair's
    #: two games would otherwise be the same game twice)
    paired: bool = True
    #: seeded openings only: level 1's evaluation after the opening within +- this (centi-points)
    opening_balance: float | None = None

    def as_dict(self) -> dict:
        d = asdict(self)
        d["a"], d["b"] = self.a.label, self.b.label
        d["sprt"] = self.sprt.as_dict() if self.sprt else None
        return d

    @classmethod
    def from_dict(cls, d: dict) -> MatchConfig:
        return cls(
            ruleset=d["ruleset"],
            a=parse_player(d["a"]),
            b=parse_player(d["b"]),
            pairs=int(d["pairs"]),
            seed=int(d["seed"]),
            opening_plies=int(d["opening_plies"]),
            openings_file=d.get("openings_file"),
            adjudication=Adjudication(**d["adjudication"]),
            sprt=Sprt(**d["sprt"]) if d.get("sprt") else None,
            paired=bool(d.get("paired", True)),
            opening_balance=d.get("opening_balance"),
        )


class Tally:
    """The statistics of the longest run of complete pairs from pair 0; with SPRT it stops growing
    at the first prefix whose LLR crosses a bound."""

    def __init__(self, sprt: Sprt | None, max_pairs: int | None = None):
        self.sprt = sprt
        self.max_pairs = max_pairs
        self.results: dict[int, dict] = {}
        self.prefix = 0  # pairs counted
        self.penta = [0] * 5  # kept up to date pair by pair: O(1) per result at any match size
        self.points = 0.0
        self.decision: str | None = None
        self.llr = 0.0

    def add(self, res: dict) -> None:
        self.results[res["index"]] = res
        while (
            self.decision is None
            and (self.max_pairs is None or self.prefix < self.max_pairs)
            and 2 * self.prefix in self.results
            and 2 * self.prefix + 1 in self.results
        ):
            p = self.prefix
            pair = self.results[2 * p]["a_score"] + self.results[2 * p + 1]["a_score"]
            self.penta = [a + b for a, b in zip(self.penta, penta_counts([pair]))]
            self.points += pair
            self.prefix += 1
            if self.sprt is not None:
                self.llr = self.sprt.llr(self.penta)
                self.decision = self.sprt.decision(self.llr)

    def counted(self) -> list[dict]:
        return [self.results[i] for i in range(2 * self.prefix)]

    def score_text(self) -> str:
        return f"{100 * self.points / (2 * self.prefix):.1f}%" if self.prefix else "-"


def summarize(cfg: MatchConfig, tally: Tally, status: str) -> dict:
    """The deterministic summary of the counted pairs (no times in it)."""
    games = tally.counted()
    n = len(games)
    w = sum(1 for g in games if g["a_score"] == 1.0)
    d = sum(1 for g in games if g["a_score"] == 0.5)
    elo = elo_interval(tally.penta)

    def colour(white: bool) -> dict:
        sel = [g for g in games if g["a_white"] == white]
        return {
            "games": len(sel),
            "w": sum(g["a_score"] == 1.0 for g in sel),
            "d": sum(g["a_score"] == 0.5 for g in sel),
            "l": sum(g["a_score"] == 0.0 for g in sel),
        }

    ws = sum(1.0 if g["winner"] == "white" else 0.5 if g["winner"] is None else 0.0 for g in games)
    wlo, whi = wilson(ws, n)
    out: dict[str, Any] = {
        "ruleset": cfg.ruleset,
        "a": cfg.a.label,
        "b": cfg.b.label,
        "status": status,
        "pairs": tally.prefix,
        "games": n,
        "a_wins": w,
        "draws": d,
        "a_losses": n - w - d,
        "pentanomial": tally.penta,
        "score": round(elo.score, 6),
        "elo": {"elo": finite(elo.elo), "lo": finite(elo.lo), "hi": finite(elo.hi), "text": elo.text()},
        "a_as_white": colour(True),
        "a_as_black": colour(False),
        "white_score": {"score": round(ws / n, 6) if n else None, "lo": round(wlo, 6), "hi": round(whi, 6)},
        "endings": dict(sorted(Counter(g["ending"] for g in games).items())),
        "mean_plies": round(sum(g["plies"] for g in games) / n, 3) if n else None,
        "finished_beyond_prefix": len(tally.results) - n,
    }
    if cfg.sprt is not None:
        out["sprt"] = {
            **cfg.sprt.as_dict(),
            "llr": round(tally.llr, 6),
            "lower": round(cfg.sprt.lower, 6),
            "upper": round(cfg.sprt.upper, 6),
            "decision": tally.decision,
        }
    return out


def timing(tally: Tally, wall: float, workers: int, new: int) -> dict:
    """Times: ``wall_s`` and ``games_this_run`` of this run; CPU figures over every finished game
    (each game's CPU seconds are stored with it, so a resumed match keeps them)."""
    cpu_by: Counter = Counter()
    plies_by: Counter = Counter()
    for g in tally.results.values():
        for s in SIDES:
            cpu_by[g[s]] += g["cpu"][s]
            plies_by[g[s]] += (g["plies"] - g["opening_plies"] + (s == "white")) // 2
    games = len(tally.results)
    cpu = sum(cpu_by.values())
    return {
        "wall_s": round(wall, 1),
        "workers": workers,
        "games_played": games,
        "games_this_run": new,
        "cpu_s": {k: round(v, 1) for k, v in sorted(cpu_by.items())},
        "cpu_per_turn_ms": {k: round(1000 * cpu_by[k] / plies_by[k], 1) for k in sorted(cpu_by) if plies_by[k]},
        "games_per_core_hour": round(3600 * games / cpu, 1) if cpu > 0 else None,
    }


class MatchFolder:
    """``match.json`` + ``games.jsonl`` + ``records/`` + ``summary.json`` of one match."""

    def __init__(self, path: str | os.PathLike, cfg: MatchConfig | None = None):
        self.path = Path(path)
        stored = self.path / "match.json"
        if stored.exists():
            old = MatchConfig.from_dict(json.loads(stored.read_text(encoding="utf-8")))
            if cfg is not None and replace(old, pairs=cfg.pairs).as_dict() != cfg.as_dict():
                raise ValueError(
                    f"{self.path} holds a different match ({json.dumps(old.as_dict())}); resume it with "
                    f"--resume {self.path} or choose another --out folder"
                )
            if cfg is not None and cfg.pairs != old.pairs:  # more (or fewer) pairs of the same match
                atomic_write_text(stored, json.dumps(cfg.as_dict(), indent=1) + "\n")
            cfg = cfg or old
        if cfg is None:
            raise ValueError(f"{self.path} holds no match.json to resume")
        self.cfg = cfg
        (self.path / "records").mkdir(parents=True, exist_ok=True)
        if not stored.exists():
            atomic_write_text(stored, json.dumps(cfg.as_dict(), indent=1) + "\n")

    def finished(self) -> list[dict]:
        """The games already played (a last line cut short by a crash is ignored)."""
        f = self.path / "games.jsonl"
        if not f.exists():
            return []
        out = []
        for line in f.read_text(encoding="utf-8").splitlines():
            try:
                out.append(json.loads(line))
            except ValueError:
                continue
        return out

    def add(self, res: dict) -> None:
        rec = res.get("record")
        if rec is not None:
            (self.path / "records" / f"game-{res['index']:05d}.txt").write_text(rec, encoding="utf-8")
        line = json.dumps({k: v for k, v in res.items() if k != "record"})
        with open(self.path / "games.jsonl", "a", encoding="utf-8") as fh:
            fh.write(line + "\n")
            fh.flush()

    def write_summary(self, summary: dict) -> None:
        atomic_write_text(self.path / "summary.json", json.dumps(summary, indent=1) + "\n")


def tasks(cfg: MatchConfig, skip: set, suite: list | None = None) -> Iterator[GameTask]:
    """The match's games in order (pair by pair), leaving out those in ``skip``."""
    rules = kind = None
    for p in range(cfg.pairs):
        if 2 * p in skip and 2 * p + 1 in skip:
            continue
        if rules is None:
            rules, kind = load(cfg.ruleset)
        for i in (2 * p, 2 * p + 1):
            if i in skip:
                continue
            k = p if cfg.paired else i
            if suite is not None:
                opening = suite[k % len(suite)]
            else:
                opening = seeded_opening(rules, kind, cfg.opening_plies, cfg.seed, k, cfg.opening_balance)
            yield GameTask(i, cfg.ruleset, opening, cfg.a, cfg.b, cfg.seed * 100_003 + k, cfg.adjudication)


def run_match(cfg: MatchConfig, pool=None, out: str | os.PathLike | None = None, progress: bool = True) -> dict:
    """Play the match (resuming ``out`` when it holds finished games) and return
    ``{"summary": ..., "timing": ...}``; Ctrl-C stops it with a valid summary (status "interrupted")."""
    from .cluster import SerialPool

    pool = pool or SerialPool()
    folder = MatchFolder(out, cfg) if out is not None else None
    if folder is not None:
        cfg = folder.cfg
    suite = None
    if cfg.openings_file:
        rules, kind = load(cfg.ruleset)
        suite = file_openings(cfg.openings_file, rules, kind)
    tally = Tally(cfg.sprt, cfg.pairs)
    for res in folder.finished() if folder else []:
        tally.add(res)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=2 * cfg.pairs, initial=len(tally.results), unit="game", desc=f"{cfg.a.label}-{cfg.b.label}")
    status = "finished"
    new = 0
    t0 = time.perf_counter()
    gen = pool.imap(play_task, tasks(cfg, set(tally.results), suite), window=2 * getattr(pool, "workers", 1))
    try:
        if tally.decision is None:
            for res in gen:
                if folder is not None:
                    folder.add(res)
                res.pop("record", None)
                tally.add(res)
                new += 1
                if bar is not None:
                    bar.update(1)
                    bar.set_postfix_str(
                        f"score {tally.score_text()}"
                        + (f" LLR {tally.llr:+.2f} [{cfg.sprt.lower:+.2f}, {cfg.sprt.upper:+.2f}]" if cfg.sprt else "")
                    )
                if tally.decision is not None:
                    break
    except KeyboardInterrupt:
        status = "interrupted"
    except Exception as e:  # a bug in a game: keep what was played, then let it surface
        if folder is not None:
            summary = summarize(cfg, tally, f"error: {type(e).__name__}: {e}"[:300])
            folder.write_summary({"summary": summary, "timing": timing(tally, time.perf_counter() - t0, 1, new)})
        raise
    finally:
        gen.close()
        if bar is not None:
            bar.close()
    if tally.decision is not None:
        status = f"SPRT {tally.decision} accepted"
    elif status != "interrupted" and tally.prefix < cfg.pairs:
        status = "incomplete"
    summary = summarize(cfg, tally, status)
    result = {"summary": summary, "timing": timing(tally, time.perf_counter() - t0, getattr(pool, "workers", 1), new)}
    if folder is not None:
        folder.write_summary(result)
    return result
