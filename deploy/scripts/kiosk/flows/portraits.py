#!/usr/bin/env python3
"""Stand-in player photos for the screenshot flows: drawn here (a head and shoulders on a coloured
background, 240×320 PNG), so the repository ships no pictures of anyone. Writes them and a roster
CSV naming them (the `photo` column) into the folder given; Python's standard library only.
Usage: portraits.py FOLDER"""
import os
import struct
import sys
import zlib

PLAYERS = [  # number, first, last, birth year, sex, background, shirt, skin
    (4, "Mia", "Berg", 2008, "F", (70, 110, 160), (200, 40, 40), (241, 194, 160)),
    (7, "Noah", "Costa", 2007, "M", (90, 140, 90), (30, 60, 160), (198, 134, 96)),
    (9, "Sofia", "Eriksen", 2008, "F", (150, 120, 80), (240, 200, 40), (255, 219, 190)),
    (11, "Jonas", "Jansen", 2007, "M", (120, 90, 140), (20, 130, 70), (141, 85, 56)),
]


def png(path, width, height, pixel):
    rows = b"".join(b"\0" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def portrait(background, shirt, skin):
    def pixel(x, y):
        if (x - 120) ** 2 + (y - 120) ** 2 <= 58 ** 2:
            return skin
        if y > 200 and (x - 120) ** 2 / 110 ** 2 + (y - 330) ** 2 / 130 ** 2 <= 1:
            return shirt
        return background
    return pixel


def main(folder):
    os.makedirs(folder, exist_ok=True)
    lines = ["number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap,photo"]
    for number, first, last, born, sex, background, shirt, skin in PLAYERS:
        name = f"{first.lower()}.png"
        png(os.path.join(folder, name), 240, 320, portrait(background, shirt, skin))
        lines.append(f"{number},{first},{last},{born},{sex},{62 if sex == 'F' else 72},{56},,5A:1D:00:00:00:{number:02X},{name}")
    # A fifth player without a photo: the initials in their colour.
    lines.append("12,Ida,Fischer,2008,F,58,57,,5A:1D:00:00:00:0C,")
    with open(os.path.join(folder, "roster.csv"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
