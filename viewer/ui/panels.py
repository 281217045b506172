"""Text panels both games' windows share: fonts, colours, the help overlay's key table and a
multiline label on a translucent backing (pyglet, imported where a panel is made)."""

from __future__ import annotations

MONO = "DejaVu Sans Mono"
SANS = "DejaVu Sans"
PANEL_BG = (12, 14, 20, 200)
TEXT = (235, 235, 225, 255)
DIM = (170, 175, 185, 255)
LEVEL_COLOR = {"info": (225, 225, 215, 255), "ok": (150, 235, 140, 255), "error": (255, 120, 95, 255)}


def rgb255(rgb, a=255):
    """A 0..1 colour as 0..255 RGBA (what pyglet's labels and shapes take)."""
    return (int(rgb[0] * 255), int(rgb[1] * 255), int(rgb[2] * 255), a)


_rgb255 = rgb255  # the former private name


HELP_KEY_WIDTH = 36
HELP_LINE_WIDTH = 108  # characters that fit the help overlay's width in its monospace font


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


def mono_width(chars: int, size: float, dpi: float = 96.0) -> int:
    """Pixels that ``chars`` characters of the monospace font take at ``size`` points (DejaVu Sans
    Mono advances 0.602 em), plus a small margin: a panel this wide never wraps such a line."""
    return int(chars * size * 0.6021 * dpi / 72.0) + 8


def prompt_text(prompt) -> str:
    """A one-line prompt as the overlay shows it; text selected with Ctrl+A is shown in brackets."""
    text = f"[{prompt.text}]" if getattr(prompt, "selected", False) and prompt.text else prompt.text
    keys = "" if "Ctrl+U" in prompt.title else "\n(Ctrl+U clears, Ctrl+A selects all)"
    return f"{prompt.title}\n\n> {text}_{keys}"


def help_page(title: str, lines: list[str], rows: int, page: int) -> str:
    """The help overlay's text: ``title`` and the ``page``-th slice of ``lines`` that fits in
    ``rows`` rows (a help taller than the window is paged, never cut off)."""
    per = max(4, rows - 3)
    pages = max(1, -(-len(lines) // per))
    page = max(0, min(pages - 1, page))
    head = title if pages == 1 else f"{title}   -   page {page + 1} of {pages}: PageDown / PageUp"
    return "\n".join([head, ""] + lines[page * per : (page + 1) * per])


# ---------------------------------------------------------------------------------- drawing
class Panel:
    """A multiline label with a translucent backing rectangle."""

    def __init__(self, batch, groups, *, font=MONO, size=11, width=600, anchor="top-left", color=TEXT, bg=PANEL_BG):
        import pyglet

        self.anchor = anchor
        self.bg = pyglet.shapes.Rectangle(0, 0, 1, 1, color=bg, batch=batch, group=groups[0])
        self.label = pyglet.text.Label(
            "",
            font_name=font,
            font_size=size,
            x=0,
            y=0,
            width=width,
            multiline=True,
            anchor_x="left",
            anchor_y="top",
            color=color,
            batch=batch,
            group=groups[1],
        )
        self.text = None
        self.width = width
        self.size = size
        self.scale = 1.0
        self.visible = True

    def fit_chars(self, chars: int) -> None:
        """Make the panel wide enough for ``chars`` characters of its font, measured (so a help line
        of that length never wraps into the key column)."""
        import pyglet

        probe = pyglet.text.Label("M" * chars, font_name=self.label.font_name, font_size=self.size)
        self.width = int(probe.content_width) + 8
        probe.delete()
        self.label.width = int(self.width * self.scale)
        self.text = None

    def wrap(self, width: float) -> None:
        """Wrap the text at ``width`` (before the UI scale), e.g. to stay inside a narrow window."""
        if int(width) != int(self.width):
            self.width = int(width)
            self.label.width = int(self.width * self.scale)
            self.text = None

    def set_scale(self, scale: float) -> None:
        """Multiply the font size, the wrap width and the padding by ``scale`` (the UI scale)."""
        if scale == self.scale:
            return
        self.scale = scale
        self.label.font_size = self.size * scale
        self.label.width = int(self.width * scale)
        self.text = None  # lay the text out again

    def rect(self) -> tuple[float, float, float, float] | None:
        """(x, y, w, h) of the backing as drawn, or None when the panel shows nothing (layout tests)."""
        bg = self.bg
        if not self.text or not bg.visible:
            return None
        return (float(bg.x), float(bg.y), float(bg.width), float(bg.height))

    def contains(self, x: float, y: float) -> bool:
        bg = self.bg
        return bool(self.text) and bg.visible and bg.x <= x <= bg.x + bg.width and bg.y <= y <= bg.y + bg.height

    def row_at(self, x: float, y: float):
        """The text row (0 = the first line) under the pixel, or None outside the panel."""
        if not self.contains(x, y):
            return None
        n = max(1, self.text.count("\n") + 1)
        lh = self.label.content_height / n if self.label.content_height else self.size * self.scale * 1.6
        return int((self.label.y - y) // max(1.0, lh))

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
        k = self.scale
        self.bg.x, self.bg.y = x - 8 * k, y - h - 6 * k
        self.bg.width, self.bg.height = w + 16 * k, h + 12 * k
