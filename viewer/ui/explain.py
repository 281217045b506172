"""Engine errors and messages in words for players (issue 13, item 2).

The engine's messages are exact and name the rule (``C19``, ``G12`` …).  On screen the player
reads a plain sentence that says *why*; the rule ids and the engine's own wording go to a detail
line, shown on request (Shift+I) and listed in the help:

* :func:`split_rule_ids` — ``"… (C26)"`` -> (``"…"``, ``["C26"]``), for any message;
* :func:`explain` — an :class:`engine.DaqiError` (its ``code``, message and rule ids), with what
  the window knows (the moving pieces, where they stand, where they were sent), -> an
  :class:`Explanation` (sentence + detail);
* :func:`piece_moves` — how a piece moves, in words, from its movement pattern (Betza, G2).

No GL, no pyglet: shared by both games' controllers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.cube.grammar import ray_steps

from .words import ACTION_WORDS, cell_text

RULE_ID = r"[CSGH]\d+(?:[-\u2013](?:[CSGH])?\d+)?"
_ONLY_IDS = re.compile(rf"\s*\((?:\s*{RULE_ID}\s*(?:[,;/]|and|in this ruleset)?\s*)+\)")
_ID = re.compile(rf"\b{RULE_ID}\b")
_LEAD_ID = re.compile(rf"\(\s*{RULE_ID}(?:\s*[,/]\s*{RULE_ID})*\s*[;,]\s*")
_SEP_ID = re.compile(rf"(?:[,;/]\s*|\s+)(?:{RULE_ID})(?:\s*[,/]\s*{RULE_ID})*(?=\s*[);,.]|$)")


@dataclass(frozen=True)
class Explanation:
    text: str  # the plain sentence for the player
    detail: str = ""  # rule ids and the engine's wording (shown on request)


def split_rule_ids(text: str) -> tuple[str, list[str]]:
    """Take the rule ids out of a message: ``("… (C26).", )`` -> ``("….", ["C26"])``."""
    ids = list(dict.fromkeys(_ID.findall(text)))
    if not ids:
        return text, []
    out = _ONLY_IDS.sub("", text)
    out = _LEAD_ID.sub("(", out)
    out = _SEP_ID.sub("", out)
    out = re.sub(r"\(\s*[;,]?\s*", "(", out)
    out = re.sub(r"\s*[;,]\s*\)", ")", out)
    out = re.sub(r"\(\s*\)", "", out)
    out = re.sub(r"\s+([.,;:)])", r"\1", out)
    out = re.sub(r"\s{2,}", " ", out).strip()
    return out, ids


def rules_detail(ids, raw: str = "") -> str:
    """The detail line: the rule ids (docs/RULES.md, docs/RULES-spirit.md) and the engine's text."""
    parts = []
    if ids:
        parts.append("rule" + ("s " if len(ids) > 1 else " ") + ", ".join(ids))
    if raw:
        parts.append(f"engine: {raw}")
    return "  |  ".join(parts)


# ---------------------------------------------------------------------------------- pieces
_PATTERNS = {
    "K": "moves one step in any direction (along a rank, a file or a diagonal) in its plane",
    "mK": "moves one step in any direction in its plane and never captures",
    "N": "jumps in an L (two squares along a rank or file, then one to the side), over anything between",
    "B": "moves any distance diagonally in its plane, while the way is free",
    "R": "moves any distance along the ranks and files of its plane, while the way is free",
    "mR cpR": "moves like a rook but captures only by jumping over exactly one piece",
    "Q": "moves any distance along ranks, files and diagonals of its plane, while the way is free",
    "QN": "moves like a queen or like a knight",
    "mfW mfpW2 cfF": "steps one square forward, may leap forward over one adjacent piece onto the empty "
    "square behind it, and captures only one step diagonally forward",
}


_ATOMS = {
    "W": "one step along a rank or file",
    "F": "one step diagonally",
    "K": "one step in any direction",
    "D": "by a jump of two squares along a rank or file",
    "A": "by a jump of two squares diagonally",
    "N": "by a knight's L-shaped jump",
    "R": "any distance along ranks and files",
    "B": "any distance diagonally",
    "Q": "any distance in any direction",
}
_RIDERS = {"W": "along ranks and files", "F": "diagonally", "K": "in any direction"}
_MODS = {
    "f": "forward",
    "b": "backward",
    "l": "to the left",
    "r": "to the right",
    "v": "straight ahead or back",
    "s": "sideways",
}
_PART = re.compile(r"([mcfblrvsp]*)([WFDANKRBQ])(\d*)")


def describe_betza(pattern: str) -> str:
    """A movement pattern (docs/NOTATION.md, G2) in words, part by part (for patterns without a
    hand-written description)."""
    out = []
    for mods, atom, rng in _PART.findall(pattern):
        if rng and atom in _RIDERS:
            text = f"up to {rng} squares {_RIDERS[atom]}"
        else:
            text = _ATOMS[atom] + (f" (up to {rng} squares)" if rng else "")
        dirs = [w for m, w in _MODS.items() if m in mods]
        if dirs:
            text += " " + " or ".join(dirs)
        if "p" in mods:
            text += ", jumping over exactly one piece"
        if "m" in mods and "c" not in mods:
            text = "moves " + text + " (without capturing)"
        elif "c" in mods and "m" not in mods:
            text = "captures " + text
        else:
            text = "moves and captures " + text
        out.append(text)
    return "; ".join(out) or f"moves by the pattern {pattern}"


def piece_moves(rules, name: str) -> str:
    """``"a rook moves any distance along the ranks and files of its plane, …"``."""
    spec = rules.pieces.get(name)
    if spec is None:
        return f"a {name} moves by its own rules"
    text = _PATTERNS.get(" ".join(spec.betza.split()))
    if text is None:
        text = describe_betza(spec.betza)
    art = "an" if name[:1] in "aeiou" else "a"
    return f"{art} {name} {text}"


def _why_not_reached(rules, group, side, at, to, cell, capture: bool) -> str:
    """Why no ray of ``group`` takes it from ``at`` to ``to`` on its plane (blocked, too far, wrong way)."""
    dx, dy = to[0] - at[0], to[1] - at[1]
    rest = tuple(at[2:])
    for p in group:
        for r in rules.pieces[p.type].rays[side]:
            k = ray_steps(r, dx, dy, capture)
            if k is None:
                continue
            if k > r.max_steps:
                return "that is too far for it"
            between = [(at[0] + r.dx * i, at[1] + r.dy * i) + rest for i in range(1, k)]
            full = [c for c in between if cell(c)]
            if r.hop:
                return (
                    f"it needs exactly one piece to jump over on the way, and there "
                    f"{'is none' if not full else f'are {len(full)}'}"
                )
            if full:
                st = cell(full[0])
                return f"the way is blocked by the {st[-1].side} {st[-1].type} on {cell_text(full[0])}"
    return ""


def _group_words(group) -> str:
    if len(group) == 1:
        return group[0].type
    return "stack " + "+".join(p.type for p in group)


def _moves_words(rules, group) -> str:
    if len(group) == 1:
        return piece_moves(rules, group[0].type)
    kinds = list(dict.fromkeys(p.type for p in group))
    return "a stack moves with the moves of all its pieces: " + "; ".join(piece_moves(rules, k) for k in kinds)


_KIND_WORDS = ACTION_WORDS  # the former name (viewer.ui.words holds the one table)


def _grammar_words(msg: str) -> str | None:
    m = re.search(r"(\w+) was already done", msg)
    if m:
        return f"Each kind of action only once per turn: this turn already has a {_KIND_WORDS.get(m[1], m[1])}."
    m = re.search(r"(\w+) may not follow (\w+) \([^;]*; allowed after \w+: ([^)]*)\)", msg)
    if m:
        kind, prev, allowed = (_KIND_WORDS.get(m[1], m[1]), _KIND_WORDS.get(m[2], m[2]), m[3].strip())
        then = (
            ", ".join(_KIND_WORDS.get(a.strip(), a.strip()) for a in allowed.split(","))
            if allowed and allowed != "only promote"
            else "only a promotion"
        )
        return f"After a {prev} the turn cannot {kind}; what may still follow: {then}. Enter ends the turn."
    m = re.search(r"after (\w+) only one of its companion actions", msg)
    if m:
        return (
            f"A {_KIND_WORDS.get(m[1], m[1])} may be joined by only one more action in a turn "
            f"(a promotion aside). Enter ends the turn."
        )
    if "hover over own pieces" in msg or "on top of your own" in msg:
        return "Your pieces now stand over your own: press S to stack them, or Backspace to take the step back."
    if "a turn cannot start with" in msg:
        m = re.search(r"start with (\w+)", msg)
        return f"A turn cannot start with a {_KIND_WORDS.get(m[1], m[1])}." if m else None
    return None


_GOES = ("move", "jump", "hyperjump")

_LIST_COORD = re.compile(r"\[\s*(-?\d+(?:\s*,\s*-?\d+){1,})\s*\]")


def engine_coords_to_cells(text: str) -> str:
    """The engine's ``[9, 4, 1]`` -> the players' ``(9,4,1)`` (viewer.ui.words)."""
    return _LIST_COORD.sub(
        lambda m: (
            cell_text(int(v) for v in m[1].split(","))
            if m[1].count(",") >= 2
            else "(" + ",".join(v.strip() for v in m[1].split(",")) + ")"
        ),
        text,
    )


def _sentence(text: str) -> str:
    text = engine_coords_to_cells(text.strip())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _move_refusal(raw: str, code: str, rules, group, side, at, to, cell, action) -> str:
    """Why a move or capture of ``group`` from ``at`` to ``to`` was refused, in words."""
    capture = code == "illegal-capture" or action == "capture"
    if tuple(to[2:]) != tuple(at[2:]) and not capture:
        text = (
            "A move stays on its plane and board. To change the plane use a 3-D jump (PageUp / "
            "PageDown); to change the board a hyper-jump (Shift+PageUp / Shift+PageDown)."
        )
    elif "holds enemy pieces: use capture" in raw:
        text = f"{cell_text(to)} holds an enemy piece: that is a capture, not a move."
    elif "nothing to capture" in raw:
        text = f"There is nothing to capture on {cell_text(to)}."
    elif "your own pieces" in raw:
        text = f"{cell_text(to)} holds your own pieces: move there and stack (S) instead of capturing."
    elif "cannot be captured" in raw:
        text = "A prince can never be captured."
    else:
        why = _why_not_reached(rules, group, side, at, to, cell, capture) if cell is not None else ""
        verb = "capture on" if capture else "move to"
        if why.startswith("the way is blocked"):  # the piece could go there: say only what blocks it
            reason = f"{why}."
        elif why:
            reason = f"{why}; {_moves_words(rules, group)}."
        else:
            reason = f"{_moves_words(rules, group)}."
        text = f"The {_group_words(group)} on {cell_text(at)} cannot {verb} {cell_text(to)}: {reason}"
        if "kings face each other" in raw:
            text += (
                " Kings capture each other from afar only on one straight line (file, rank, "
                "diagonal, across planes) with nothing between them."
            )
    return text


def _stack_refusal(at, to, cell, action) -> str:
    """Kings and princes never stack; first say that the cell is taken, where it is."""
    text = "Kings and princes never stack and are never carried by a stack."
    below = cell(to) if cell is not None and to is not None and action in _GOES else ()
    if below:  # issue 16: say first that the cell is taken (by own pieces, or they could capture)
        up = at is not None and len(to) > 2 and len(at) > 2 and to[2] > at[2]
        words = {"jump": f"The cell {'above' if up else 'below'}", "hyperjump": "That cell on the next board"}
        where = words.get(action or "", "That cell")
        who = "+".join(p.type for p in below)
        text = f"{where}, {cell_text(to)}, is occupied by your {who}: {text[0].lower()}{text[1:]}"
    return text


def explain(
    exc, *, rules=None, group=(), side: str | None = None, at=None, to=None, cell=None, action: str | None = None
) -> Explanation:
    """A plain sentence (and a detail line) for an engine error.

    ``group`` are the pieces that would act, standing on ``at``; ``to`` is where they were sent by
    ``action`` (``"move"``, ``"capture"`` …); ``cell(coord)`` reads the board.  Without context the
    engine's message is used, rule ids moved to the detail line."""
    raw = str(exc)
    code = getattr(exc, "code", "")
    plain, ids = split_rule_ids(raw)
    detail = rules_detail(ids, raw)
    text = None
    if (
        code in ("illegal-move", "illegal-capture")
        and rules is not None
        and group
        and at is not None
        and to is not None
    ):
        text = _move_refusal(raw, code, rules, group, side, at, to, cell, action)
    elif code == "illegal-jump":
        if "holds enemy pieces" in raw:
            text = "A jump cannot land on an enemy piece: jumps never capture. Capture on the plane instead."
        else:
            text = "A 3-D jump goes to the same square on the plane directly above or below (PageUp / PageDown)."
    elif code == "illegal-hyperjump":
        text = (
            "A hyper-jump goes to the same square on a neighbouring board: one higher index (w4, w5, …) "
            "changes by exactly 1 (Shift+PageUp / Shift+PageDown; Tab picks the dimension)."
        )
    elif code == "grammar":
        text = _grammar_words(raw)
    elif code == "no-credit":
        m = re.search(r"a (\w+) can be hired", raw)
        name = m[1] if m else "queen or brother"
        text = f"A {name} can be hired only after you have captured the enemy's {name}: each such capture buys one."
    elif code == "not-your-piece":
        m = re.search(r"belong to (\w+), and it is (\w+)'s turn", raw)
        if m:
            text = f"Those are {m[1]}'s pieces; it is {m[2]}'s turn: click one of your own."
    elif code == "illegal-stack" and "cannot stack" in raw:
        text = _stack_refusal(at, to, cell, action)
    elif code == "game-over":
        text = "The game is over: Ctrl+Z takes the last turn back, Ctrl+N starts a new game."
    if text is None:
        text = _sentence(plain)
    return Explanation(text, detail)
