"""What every live tile in a kiosk state dump must hold, whatever the squad, screen or flow: its
parts inside it and apart (never text over text, nor over the battery bar, the heart or the
avatar), number and name at a readable size, the name whole or shortened at a word."""


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
        # Never text over text, nor over the battery bar, the heart or the avatar.
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
