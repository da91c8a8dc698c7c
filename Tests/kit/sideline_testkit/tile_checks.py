"""What every live tile in a kiosk state dump must hold, whatever the squad, screen or flow: its
parts inside it and apart (never text over text, nor over the battery glyph, the heart or the
avatar), number and name at a readable size, the name whole or shortened at a word — and, for the
tests of issue 25, the longest such form that fits at a readable size, the battery glyph as its
pixels show it, and the percentage beside the zone badge inside that zone."""


def overlap(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def inside(part, tile):
    x, y, w, h = part
    tx, ty, tw, th = tile
    return tx <= x and ty <= y and x + w <= tx + tw and y + h <= ty + th


def check_tiles(tiles, min_text, where):
    """Asserts it of every tile of a dump's `tiles` (text at least `min_text` px); `where` names the
    dump in a failure."""
    for tile in tiles:
        parts = tile["parts"]
        texts = [p for p in parts if p["text"] is not None]
        label = f"{where}, tile {tile['playerID']}"
        for p in parts:
            assert inside(p["rect"], tile["rect"]), (label, p)
        # Never text over text, nor over the battery glyph, the heart or the avatar.
        for i, a in enumerate(parts):
            for b in parts[i + 1:]:
                assert not overlap(a["rect"], b["rect"]), (label, a, b)
        roles = {p["role"]: p for p in texts}
        assert "number" in roles and "name" in roles, (label, texts)
        for role in ("number", "name"):
            assert roles[role]["size"] >= min_text, (label, roles[role])
        # The name is the player's, whole or shortened at a word: never cut mid-word.
        assert roles["name"]["text"] in name_forms(tile.get("name", roles["name"]["text"])), (label, roles["name"])


def name_forms(full):
    """The forms a tile may show a full name in: whole, "First L.", "First", or the initials."""
    first, _, last = full.partition(" ")
    forms = [full, f"{first} {last[:1]}." if last else first, first, (first[:1] + last[:1]).upper()]
    return forms


def part(tile, role):
    return next((p for p in tile["parts"] if p["role"] == role), None)


def check_name_fit(tile, where):
    """The name shown is the first (longest) of its forms whose width at the smallest readable size
    fits the room beside the number, drawn at that size or larger."""
    fit = tile["nameFit"]
    fitting = [text for text, width in fit["forms"] if width <= fit["room"]]
    name = part(tile, "name")
    label = f"{where}, tile {tile['playerID']}"
    assert fitting, (label, fit)
    assert name is not None and name["text"] == fitting[0], (label, name, fit)
    assert name["size"] >= fit["readable"], (label, name, fit)


ZONE_STARTS = {1: 50, 2: 60, 3: 70, 4: 80, 5: 90}


def zone_of(percent):
    return max([0] + [z for z, start in ZONE_STARTS.items() if percent >= start])


def check_zone_agrees(tile, where):
    """A tile with a signal: the percentage on its third line (when it shows one) is in the zone
    its badge names."""
    detail, badge = part(tile, "detail"), part(tile, "badge")
    if not tile["signal"] or badge is None or detail is None or "%" not in detail["text"]:
        return
    percent = int(detail["text"].split("%")[0])
    assert f"Z{zone_of(percent)}" == badge["text"].rstrip("!"), (f"{where}, tile {tile['playerID']}", detail, badge)
    assert percent == tile["shownPercent"], (where, tile["playerID"], detail, tile["shownPercent"])


WHITE = (255, 255, 255)
LOW_RED = (0xFF, 0x52, 0x52)


def check_battery_glyph(tile, level, image, where):
    """The battery glyph where the dump says it is: a white outline; filled from the left, white or
    red at 20 % or less, over a darker inside; hollow (the tile's colour inside) when the strap
    reports no battery. `image`: rows of (r, g, b) or an RGB array (`read_png_pixels`). Returns
    which of "known", "low" or "unknown" it was."""
    pixels = PixelRows(image)
    x, y, w, h = part(tile, "battery")["rect"]
    label = f"{where}, tile {tile['playerID']}, battery {level} at {(x, y, w, h)}"
    line = max(1, h // 8)
    nub = max(2, h // 6)
    body_w = w - nub
    mid = y + h // 2
    assert pixels[mid][x] == WHITE and pixels[y][x + body_w // 2] == WHITE, (label, pixels[mid][x], pixels[y][x + body_w // 2])
    tile_colour = pixels[mid][x - 1]  # the gap left of the glyph
    inside_left, inside_right = x + line, x + body_w - line - 1
    if level is None:
        assert pixels[mid][(inside_left + inside_right) // 2] == tile_colour, (label, "hollow", tile_colour)
        return "unknown"
    if level > 0:
        expected = LOW_RED if level <= 20 else WHITE
        assert pixels[mid][inside_left] == expected, (label, pixels[mid][inside_left], expected)
    if level < 75:
        empty = pixels[mid][inside_right]
        assert empty != tile_colour and sum(empty) < sum(tile_colour), (label, "a darker empty part", empty, tile_colour)
    return "low" if level <= 20 else "known"


class PixelRows:
    """`rows[y][x]` as an (r, g, b) tuple of ints, from `read_png`'s rows or an RGB array."""

    def __init__(self, image):
        self.image = image

    def __getitem__(self, y):
        row = self.image[y]
        return _Row(row)


class _Row:
    def __init__(self, row):
        self.row = row

    def __getitem__(self, x):
        return tuple(int(v) for v in self.row[x][:3])
