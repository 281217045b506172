"""The key and mouse tables the help overlays print: cube chess (:data:`BINDINGS`) and spirit chess
(:data:`SPIRIT_BINDINGS`).  Each row is (keys, what it does).

Keyboard decisions (issue 13): the plain arrow keys belong to the game — in cube chess they move
the cell cursor during play and setup (both games), in a review they step through the turns; the
cube camera keeps the mouse, W A S D (pan) and Shift+arrows (orbit).  A review starts with
Ctrl+Left (or a click on the move list) and ends with Escape.  Letters: V overview, I isolate,
L legend, K statistics, C the computer; Shift+I details, Shift+H a hint, Shift+L the computer's
level; F12 colours.  The same keys mean the same in both games wherever both have the feature.
"""

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
    ("Arrow keys", "move the cell cursor on the focused plane (keyboard play); the first press shows it"),
    ("Space (cursor shown)", "click the cursor's cell: choose a piece, a target or a setup slot"),
    ("/ or F3", "type a whole turn in the notation, e.g. P(9,3,1)-(9,4,1), Enter plays it"),
    ("Ctrl+Left / Ctrl+Right", "review the game: the board shows earlier positions, nothing is undone"),
    ("Left / Right (review)", "one turn back / forward (Up / Down: two turns)"),
    ("Home / End (review)", "the start position / the last position"),
    ("Enter (review)", "play from here: the old line is kept (Ctrl+L switches back to it)"),
    ("Click a turn / wheel on the list", "review that turn / scroll the move list"),
    ("Escape (review)", "back to the game"),
    ("Right or left drag, Shift+arrows", "orbit the camera"),
    ("Shift+drag / middle drag / W A S D", "pan the camera (Shift+S pans when S is stack)"),
    ("Mouse wheel / + -", "zoom"),
    ("R or Home", "reset the camera (Home in a review: the start position)"),
    ("1 / 2 / 3", "front / top / side view"),
    ("Z X  or  [ ]", "focus the plane below / above (z)"),
    (", .", "fade the other planes more / less (opacity)"),
    ("I", "isolate the focused plane: hide the other planes / show them again"),
    (
        "V",
        "board overview: the 3-D boards of two higher dimensions side by side, with each side's pieces; "
        "click a board or 1-9 in its list to go there, Tab: other dimensions, V / Escape closes",
    ),
    ("F12", "colours: colour-blind safe (default) / classic"),
    ("E / Shift+E", "spread the planes apart / together (explode)"),
    ("N / M", "step the active higher-dimension slider down / up (shows another 3-D board)"),
    ("Space or the play button", "play: step the active slider automatically"),
    ("G", "ghosts: show the neighbouring boards (index -1 / +1) of the active dimension"),
    ("O", "observation view (C18): z column of pieces around the hovered (x, y); press again: range 1, 2, off"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo a whole turn (against the computer: its turn and yours)"),
    ("C / Shift+C", "the computer plays the side to move / the other side (again: yours)"),
    ("Shift+H / Shift+L", "hint: the turn the computer would play for you, on the board / its level 0-4 (cycles)"),
    ("Ctrl+N", "new game (setup phase)"),
    ("Ctrl+R", "rematch: a new game with the same arrangement, no setup"),
    ("Ctrl+S / Ctrl+O", "save / load a record (type a path, Enter)"),
    ("Ctrl+U / Ctrl+A (in a prompt)", "clear the text / select it all (typing or Backspace replaces it)"),
    ("K", "statistics per piece type (C17) on / off"),
    ("Ctrl+M", "sound on / off"),
    ("Ctrl+E", "the position editor, from the position shown (docs/PUZZLES.md)"),
    ("Q (setup)", "quick start: the default arrangement for both sides"),
    ("Click a slot / 1..4 (setup)", "cycle the piece in that slot (royal part: click two slots to swap)"),
    ("L", "legend: what the colours, lines, rings and faded planes of the board mean"),
    ("Shift+I", "details: show the rule ids (docs/RULES.md) and the engine's words under each message"),
    ("J / Shift+J", "threats: deciding (default) / all / none;  analysis: evaluation bar, best line"),
    ("Ctrl+J (+Shift) / F10 / F11", "show (play) the best turn / level / analyse the game: ?! ? ??, graph"),
    ("F9", "start / stop recording the window to a video"),
    ("F2", "switch between cube chess and spirit chess"),
    ("H or F1", "this help"),
]

SPIRIT_BINDINGS: list[tuple[str, str]] = [
    ("Setup: 1-7 or click the palette", "choose the kind of piece to place"),
    ("Setup: click a square of your half", "place it there; click your piece again to take it back"),
    ("Setup: D", "fill your half with the default placement (press twice if you placed pieces yourself)"),
    ("Setup: Enter", "commit your placement (S2 is checked), then hand the screen over"),
    (
        "Play: click",
        "1) your piece to raise one level, 2) the piece to move, 3) its path squares one by one "
        "(or a highlighted end square)",
    ),
    ("Enter", "confirm the turn (a fixed-step piece confirms on its last step, unless a transform is possible)"),
    (
        "X (path complete)",
        "transform (S8): choose an own disciple of level >= 3 and a kind your side has lost "
        "(1-9); the turn is played with it",
    ),
    ("Backspace / Escape", "take back the last click / cancel the turn"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo a turn (against the computer: its turn and yours)"),
    ("C / Shift+C", "the computer plays the side to move / the other side (again: yours)"),
    ("Shift+H / Shift+L", "hint: the turn the computer would play for you, on the board / its level 0-4 (cycles)"),
    ("Ctrl+N", "new game (hidden setup)"),
    ("Ctrl+R", "rematch: the same placements again"),
    ("Ctrl+S / Ctrl+O", "save / load a record (type a path, Enter); Ctrl+U clears, Ctrl+A selects the text"),
    ("Q (setup)", "quick start: default placements for both sides"),
    ("Shift+I", "details: show the rule ids (docs/RULES-spirit.md) and the engine's words under each message"),
    ("Arrow keys / Space", "move the cell cursor / click its cell (keyboard play); Escape hides it"),
    (
        "Ctrl+Left / Ctrl+Right",
        "review the game; Left / Right step, Home / End, Enter plays from here "
        "(Ctrl+L: back to the old line), Esc goes back",
    ),
    ("Click a turn", "review that turn (the wheel scrolls the list)"),
    ("/ or F3", "type a whole turn, e.g. +(10,3) (10,3)-(10,4), Enter plays it"),
    ("Ctrl+M", "sound on / off"),
    ("J / Shift+J", "threats: deciding (default) / all / none;  analysis: evaluation bar, best line"),
    ("Ctrl+J (+Shift) / F10 / F11", "show (play) the best turn / level / analyse the game: ?! ? ??, graph"),
    ("Ctrl+E", "the position editor, from the position shown (docs/PUZZLES.md)"),
    ("F2", "switch to cube chess"),
    ("F9", "start / stop recording the window"),
    ("H or F1", "this help"),
]
