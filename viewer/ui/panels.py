"""Text panels both games' windows share: fonts, colours, the help overlay's key table and a
multiline label on a translucent backing (pyglet, imported where a panel is made)."""
from __future__ import annotations

MONO = "DejaVu Sans Mono"
SANS = "DejaVu Sans"
PANEL_BG = (12, 14, 20, 200)
TEXT = (235, 235, 225, 255)
DIM = (170, 175, 185, 255)
LEVEL_COLOR = {"info": (225, 225, 215, 255), "ok": (150, 235, 140, 255), "error": (255, 120, 95, 255)}

def _rgb255(rgb, a=255):
    return (int(rgb[0] * 255), int(rgb[1] * 255), int(rgb[2] * 255), a)


HELP_KEY_WIDTH = 36
HELP_LINE_WIDTH = 108      # characters that fit the help overlay's width in its monospace font


def help_lines(bindings, key_width: int = HELP_KEY_WIDTH, width: int = HELP_LINE_WIDTH) -> list:
    """Key / description rows, each description wrapped inside its own column so a long one
    never spills under the keys."""
    import textwrap
    out = []
    for key, text in bindings:
        parts = textwrap.wrap(text, width - key_width - 1) or [""]
        out.append(f"{key:<{key_width}} {parts[0]}")
        out.extend(" " * (key_width + 1) + more for more in parts[1:])
    return out


# ---------------------------------------------------------------------------------- drawing
class Panel:
    """A multiline label with a translucent backing rectangle."""

    def __init__(self, batch, groups, *, font=MONO, size=11, width=600, anchor="top-left", color=TEXT,
                 bg=PANEL_BG):
        import pyglet
        self.anchor = anchor
        self.bg = pyglet.shapes.Rectangle(0, 0, 1, 1, color=bg, batch=batch, group=groups[0])
        self.label = pyglet.text.Label("", font_name=font, font_size=size, x=0, y=0, width=width,
                                       multiline=True, anchor_x="left", anchor_y="top", color=color,
                                       batch=batch, group=groups[1])
        self.text = None
        self.width = width
        self.visible = True

    def set(self, text: str, x: float, y: float, color=None) -> None:
        lab = self.label
        if text != self.text:
            lab.text = text or " "
            self.text = text
        if color is not None and tuple(lab.color) != tuple(color):
            lab.color = color
        empty = not text
        lab.visible = self.bg.visible = not empty
        if empty:
            return
        w = lab.content_width
        h = lab.content_height
        if self.anchor == "center":
            x, y = x - w / 2, y + h / 2
        elif self.anchor == "top-right":
            x = x - w
        elif self.anchor == "bottom-left":
            y = y + h
        lab.x, lab.y = int(x), int(y)
        self.bg.x, self.bg.y = x - 8, y - h - 6
        self.bg.width, self.bg.height = w + 16, h + 12
