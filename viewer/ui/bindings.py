"""The key and mouse tables the help overlays print: cube chess (:data:`BINDINGS`) and spirit chess
(:data:`SPIRIT_BINDINGS`).  Each row is (keys, what it does)."""
from __future__ import annotations

#: every key and mouse action, (keys, what it does); the help overlay prints this table
BINDINGS: list[tuple[str, str]] = [
    ("Left click", "choose a piece (origin), then a highlighted square: each click adds one action"),
    ("Enter", "confirm the turn being built (setup: confirm this part)"),
    ("Backspace", "take back the last action of the turn"),
    ("Escape", "cancel the turn / close a chooser, prompt or help"),
    ("PageUp / PageDown", "3-D jump to the plane above / below (C19)"),
    ("Shift+PageUp / Shift+PageDown", "hyper-jump +1 / -1 along the active dimension (C22)"),
    ("Tab / Shift+Tab", "choose the active higher dimension (4th, 5th, ...): hyper-jumps, slider, ghosts"),
    ("S", "stack onto your own pieces on the current square (C39)"),
    ("T", "split: choose which pieces of the stack leave (C43)"),
    ("P", "promote: knight / bishop / rook / cannon / queen / brother (G8)"),
    ("B", "hire and drop: choose a piece (price shown), then click the target (C11-C13)"),
    ("1 .. 9 (in a chooser)", "pick / toggle an entry; Enter confirms"),
    ("Right drag / Left drag / arrow keys", "orbit the camera"),
    ("Shift+drag / middle drag / W A S D", "pan the camera (Shift+S pans when S is stack)"),
    ("Mouse wheel / + -", "zoom"),
    ("R or Home", "reset the camera"),
    ("1 / 2 / 3", "front / top / side view"),
    ("Z X  or  [ ]", "focus the plane below / above (z)"),
    (", .", "fade the other planes more / less (opacity)"),
    ("E / Shift+E", "spread the planes apart / together (explode)"),
    ("N / M", "step the active higher-dimension slider down / up (shows another 3-D board)"),
    ("Space or the play button", "play: step the active slider automatically"),
    ("G", "ghosts: show the neighbouring boards (index -1 / +1) of the active dimension"),
    ("O", "observation view (C18): z column of pieces around the hovered (x, y); press again: range 1, 2, off"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo a whole turn (against the computer: its turn and yours)"),
    ("C / Shift+C", "the computer plays the side to move / the other side (again: yours)"),
    ("I / L / Shift+L", "hint: the computer's turn for you, on the board / its level up, down"),
    ("Ctrl+N", "new game (setup phase)"),
    ("Ctrl+S / Ctrl+O", "save / load a record (type a path, Enter)"),
    ("Q (setup)", "quick start: the default arrangement for both sides"),
    ("Click a slot / 1..4 (setup)", "cycle the piece in that slot (royal part: click two slots to swap)"),
    ("F9", "start / stop recording the window to a video"),
    ("F2", "switch between cube chess and spirit chess"),
    ("H or F1", "this help"),
]

SPIRIT_BINDINGS: list[tuple[str, str]] = [
    ("Setup: 1-7 or click the palette", "choose the kind of piece to place"),
    ("Setup: click a square of your half", "place it there; click your piece again to take it back"),
    ("Setup: D", "fill your half with the default placement"),
    ("Setup: Enter", "commit your placement (S2 is checked), then hand the screen over"),
    ("Play: click", "1) your piece to raise one level, 2) the piece to move, 3) its path squares one by one "
                    "(or a highlighted end square)"),
    ("Enter", "confirm the turn (a fixed-step piece confirms on its last step, unless a transform is possible)"),
    ("X (path complete)", "transform (S8): choose an own disciple of level >= 3 and a kind your side has lost "
                          "(1-9); the turn is played with it"),
    ("Backspace / Escape", "take back the last click / cancel the turn"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo a turn (against the computer: its turn and yours)"),
    ("C / Shift+C", "the computer plays the side to move / the other side (again: yours)"),
    ("I / L / Shift+L", "hint: the computer's turn for you, on the board / its level up, down"),
    ("Ctrl+N", "new game (hidden setup)"),
    ("Ctrl+S / Ctrl+O", "save / load a record (type a path, Enter)"),
    ("Q (setup)", "quick start: default placements for both sides"),
    ("F2", "switch to cube chess"),
    ("F9", "start / stop recording the window"),
    ("H or F1", "this help"),
]
