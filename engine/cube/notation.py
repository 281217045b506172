"""Turn notation, ASCII and the sources' Chinese form (C21, C22, G15).

Grammar (docs/NOTATION.md)::

    turn      := drop | piece-turn
    piece-turn:= LETTERS coord action+          e.g.  P(9,4,1,2)~(9,4,1)
    drop      := "@" LETTER coord action*       e.g.  @N(5,8,1)&
    action    := "-" coord      move            "x" coord   capture
               | "^" coord      3-D jump        "~" coord   hyper-jump
               | "&"            stack           "/" LETTERS split (the pieces that leave)
               | "=" LETTER     promote

Chinese: the same shape with piece characters (王 公 兵 马 相 车 炮 后 哥) and verbs
走 (move) 吃 (capture) 三维跃迁 (jump) 跃迁 (hyper-jump) 叠加 (stack) 拆 (split)
打入 (drop, written before the piece) 升变 (promote), coordinates as
``(…—9,4,1,2,1,1,1,1…)``: the sources' ``兵(…—9,4,1,2,1,1,1,1…)跃迁(…—9,4,1,1,1,1,1,1…)``
is ``P(9,4,1,2)~(9,4,1)``.  The stack letters after the origin name the pieces on it,
bottom first (informative: a mismatch with the position is reported by the rules).
"""

from __future__ import annotations

from ..core.coords import format_ascii, format_chinese, match_coord
from ..core.errors import NotationError
from .actions import Action, Capture, Drop, HyperJump, Jump, Move, Promote, Split, Stack, Turn

ASCII_VERB = {"move": "-", "capture": "x", "jump": "^", "hyperjump": "~"}
CHINESE_VERB = {"move": "走", "capture": "吃", "jump": "三维跃迁", "hyperjump": "跃迁"}
_CLASS: dict[str, type[Move] | type[Capture] | type[Jump] | type[HyperJump]] = {
    "move": Move,
    "capture": Capture,
    "jump": Jump,
    "hyperjump": HyperJump,
}


def _tables(rules):
    letters = {p.letter: n for n, p in rules.pieces.items()}
    chinese = {p.chinese: n for n, p in rules.pieces.items()}
    return letters, chinese


def format_turn(turn: Turn, rules, *, style: str = "ascii", stack=None) -> str:
    """Write ``turn``; ``stack`` (the pieces on the origin) gives the leading letters."""
    if style not in ("ascii", "chinese"):
        raise NotationError(f"unknown notation style {style!r}")
    ch = style == "chinese"
    fc = format_chinese if ch else format_ascii
    P = rules.pieces

    def name(t):
        return P[t].chinese if ch else P[t].letter

    out = []
    acts = list(turn.actions)
    if acts and acts[0].kind == "drop":
        d = acts.pop(0)
        out.append(("打入" if ch else "@") + name(d.piece) + fc(d.to))
    else:
        letters = "".join(name(p.type) for p in stack) if stack else ""
        if turn.origin is None:
            raise NotationError("a turn without an origin must start with a drop")
        out.append(letters + fc(turn.origin))
    for a in acts:
        k = a.kind
        if k in ASCII_VERB:
            out.append((CHINESE_VERB if ch else ASCII_VERB)[k] + fc(a.to))
        elif k == "stack":
            out.append("叠加" if ch else "&")
        elif k == "split":
            out.append(("拆" if ch else "/") + "".join(name(t) for t in a.take))
        elif k == "promote":
            out.append(("升变" if ch else "=") + name(a.to))
        elif k == "drop":  # after a promotion (C36): "P(2,15)=R@P(2,15)&"
            out.append(("打入" if ch else "@") + name(a.piece) + fc(a.to))
        else:
            raise NotationError(f"cannot write the action {a!r}")
    return "".join(out)


def parse_turn(text: str, rules) -> tuple[Turn, tuple]:
    """Parse a turn in either style; returns ``(turn, origin_letters)`` where the letters are
    the piece names written before the origin (may be empty)."""
    letters, chinese = _tables(rules)
    s = text.strip()
    pos = 0
    n = len(s)

    def fail(msg):
        raise NotationError(f"{msg} at column {pos + 1} of {text.strip()!r}", code="bad-notation")

    def piece_at(i):
        if i < n and s[i] in letters:
            return letters[s[i]], i + 1
        if i < n and s[i] in chinese:
            return chinese[s[i]], i + 1
        return None, i

    actions: list[Action] = []
    origin = None
    names = []

    def drop_at(i):
        """A drop written at ``i`` ("@P(2,15)" / "打入兵(2,15)"): (Drop, end) or (None, i)."""
        nonlocal pos
        if not (s.startswith("@", i) or s.startswith("打入", i)):
            return None, i
        pos = i + (1 if s.startswith("@", i) else 2)
        p, pos2 = piece_at(pos)
        if p is None:
            fail("expected a piece letter after the drop sign")
        c, end, _ = _coord(s, pos2, text)
        return Drop(p, c), end

    first, end = drop_at(0)
    if first is not None:
        actions.append(first)
        pos = end
    else:
        while True:
            p, pos2 = piece_at(pos)
            if p is None:
                break
            names.append(p)
            pos = pos2
        if pos >= n or s[pos] not in "(（":
            fail("expected the origin coordinate")
        origin, pos, _ = _coord(s, pos, text)
    while pos < n:
        if s[pos].isspace():
            pos += 1
            continue
        kind = None
        for k, v in ASCII_VERB.items():
            if s.startswith(v, pos):
                kind, pos = k, pos + len(v)
                break
        else:
            for k in ("jump", "hyperjump", "move", "capture"):  # 三维跃迁 before 跃迁
                v = CHINESE_VERB[k]
                if s.startswith(v, pos):
                    kind, pos = k, pos + len(v)
                    break
        if kind:
            c, pos, _ = _coord(s, pos, text)
            actions.append(_CLASS[kind](c))
            continue
        dropped, end = drop_at(pos)
        if dropped is not None:  # a drop after a promotion (C36)
            actions.append(dropped)
            pos = end
            continue
        if s.startswith("&", pos) or s.startswith("叠加", pos):
            pos += 1 if s[pos] == "&" else 2
            actions.append(Stack())
            continue
        if s.startswith("/", pos) or s.startswith("拆", pos):
            pos += 1
            take = []
            while True:
                p, pos2 = piece_at(pos)
                if p is None:
                    break
                take.append(p)
                pos = pos2
            if not take:
                fail("expected the pieces that split off")
            actions.append(Split(tuple(take)))
            continue
        if s.startswith("=", pos) or s.startswith("升变", pos):
            pos += 1 if s[pos] == "=" else 2
            p, pos2 = piece_at(pos)
            if p is None:
                fail("expected the piece to promote to")
            pos = pos2
            actions.append(Promote(p))
            continue
        fail(f"unexpected {s[pos]!r}")
    if not actions:
        fail("a turn needs at least one action")
    return Turn(origin, tuple(actions)), tuple(names)


def _coord(s, pos, text):
    try:
        return match_coord(s, pos)
    except NotationError as exc:
        where = "" if "column" in str(exc) else f" at column {pos + 1}"
        raise NotationError(f"{exc}{where} in {text.strip()!r}", code="bad-notation") from None
