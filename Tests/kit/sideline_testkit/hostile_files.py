"""Files a stranger's USB stick may carry (issue 26): decompression bombs, lying, truncated and
recursive pictures, rosters that are not what they claim, backups with schema objects of their own.

Everything is made here from the formats' own rules (zlib, struct, sqlite3), so no multi-MB file is
kept in the repository: the tests, `make bench-hostile` and the fuzz seeds call these.

    .venv/bin/python -m sideline_testkit.hostile_files OUT_DIR     # writes the whole set (pictures, rosters) into OUT_DIR
"""
import pathlib
import shutil
import sqlite3
import struct
import subprocess
import sys
import tempfile
import time
import zlib


# ---------------------------------------------------------------- pictures

def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width: int, height: int, idat: bytes, colour_type: int = 2, bit_depth: int = 8) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b"")


def png_rows(width: int, height: int, rows: bytes = None) -> bytes:
    """A real RGB PNG, every row filter 0 and grey (small: for seeds and the good cases)."""
    row = b"\x00" + (rows if rows is not None else b"\x80" * (3 * width))
    return png(width, height, zlib.compress(row * height, 9))


def png_bomb(width: int = 40000, height: int = 40000) -> bytes:
    """The issue's crash: a 4.7 MB PNG whose IHDR says 40000 × 40000 RGB pixels, its IDAT a valid zlib
    stream of 40000 rows of 120 001 zero bytes (deflate's best ratio, about 1000:1). SDL_image's loader
    computes the row offset in 32 bits, and 4.8 GB of rows overflow it."""
    return png(width, height, zlib_of_zeros((1 + 3 * width) * height))


def zlib_of_zeros(count: int, chunk: int = 1 << 23) -> bytes:
    """A zlib stream of `count` zero bytes, made in a second: each chunk is deflated once after a full
    flush (which resets the compressor), so every whole chunk's raw deflate bytes are the same and are
    repeated; the Adler-32 of n zeros is (b = n mod 65521, a = 1)."""
    def raw(size):
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        return packer.compress(bytes(size)) + packer.flush(zlib.Z_FULL_FLUSH)
    whole, rest = divmod(count, chunk)
    body = raw(chunk) * whole + (raw(rest) if rest else b"")
    final = b"\x03\x00"  # an empty last block (fixed Huffman, end of block only)
    return b"\x78\xda" + body + final + struct.pack(">I", ((count % 65521) << 16) | 1)


def jpeg_header_only(width: int = 60000, height: int = 60000) -> bytes:
    """A JPEG whose frame header (SOF0) declares `width` × `height` and has a few bytes of scan:
    libjpeg allocates for the declared size before it notices the data is missing."""
    soi = b"\xff\xd8"
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    dqt = b"\xff\xdb" + struct.pack(">H", 67) + b"\x00" + bytes([1] * 64)
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    # One Huffman table each (DC and AC), one code of length 1.
    dht = b"\xff\xc4" + struct.pack(">H", 2 + 2 * 17 + 2) + b"\x00" + b"\x01" + bytes(15) + b"\x00" \
        + b"\x10" + b"\x01" + bytes(15) + b"\x00"
    sos = b"\xff\xda" + struct.pack(">HB", 8, 1) + b"\x01\x00" + b"\x00\x3f\x00"
    return soi + app0 + dqt + sof + dht + sos + b"\x00" * 64 + b"\xff\xd9"


def gif_with_a_giant_frame() -> bytes:
    """A GIF whose screen is 1 × 1 but whose first image says 65535 × 65535 (the loader uses the image's size)."""
    header = b"GIF89a" + struct.pack("<HHBBB", 1, 1, 0x00, 0, 0)
    descriptor = b"\x2c" + struct.pack("<HHHHB", 0, 0, 65535, 65535, 0x00)
    return header + descriptor + b"\x02\x02\x44\x01\x00" + b"\x3b"


def bmp_with_most_negative_height() -> bytes:
    """A BMP whose height is −2³¹ (top-down, and |−2³¹| does not fit an Int32)."""
    info = struct.pack("<IiiHHIIiiII", 40, 4, -2 ** 31, 1, 24, 0, 0, 0, 0, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + 40 + 16, 0, 0, 14 + 40) + info + bytes(16)


def webp_canvas(width: int = 16_000_000, height: int = 16_000_000) -> bytes:
    """An extended WebP (VP8X) whose canvas is 16 M × 16 M pixels."""
    vp8x = b"VP8X" + struct.pack("<I", 10) + b"\x00\x00\x00\x00" \
        + (width - 1).to_bytes(3, "little") + (height - 1).to_bytes(3, "little")
    return b"RIFF" + struct.pack("<I", 4 + len(vp8x)) + b"WEBP" + vp8x


def png_lying_about_its_size() -> bytes:
    """IHDR says 300 × 300; the IDAT holds the rows of a 10 × 10 picture."""
    row = b"\x00" + b"\x80" * 30
    return png(300, 300, zlib.compress(row * 10))


def truncated(data: bytes, keep: int) -> bytes:
    return data[:keep]


def svg_named_jpg() -> bytes:
    """An SVG that references itself (a recursive file), named like a photo: SDL_image's SVG loader
    must never see it."""
    return b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">' \
           b'<g id="a"><use xlink:href="#a"/></g></svg>'


def gif_that_crashes_sdl_image() -> bytes:
    """A 767 × 514 interlaced GIF, within every limit, whose LZW codes overrun SDL_image 2.6.3's decoder
    stack: a wild write, a segmentation fault (found by the PhotoDecode fuzz target; Debian bookworm's
    libsdl2-image). Only the photo helper ever decodes it: the helper dies, the photo is refused."""
    return bytes.fromhex(
    "47494638376107000500850000d8c880b4c88090c880d8249680b46b7f00000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000021212121212121212121eeeeeeeeeeee0000000000000113eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
    "eeeeeeeeeeeceeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
    "eeeeeeeeeeceeeee21fe0221212121210021000000000000000000474946383961010001000000000000000000000000"
    "00002c00000002ff02020244015353535353535353535353535353535353535353535353535353535353535353535353"
    "535353535353535353535353535353535353535353535353535353535353535353535353535353535353535353535353"
    "5353"
    )


PICTURES = {
    # name → (bytes maker, what the refusal must say)
    "bomb-40000x40000.png": (png_bomb, "40000×40000"),
    "header-60000x60000.jpg": (jpeg_header_only, "60000×60000"),
    "giant-frame.gif": (gif_with_a_giant_frame, "65535×65535"),
    "negative-height.bmp": (bmp_with_most_negative_height, "BMP"),
    "canvas-16M.webp": (webp_canvas, "16000000×16000000"),
    "lying-300x300.png": (png_lying_about_its_size, "cannot be decoded"),
    "cut-short.png": (lambda: truncated(png_rows(64, 64), 40), "a PNG that cannot be decoded"),
    "recursive-svg.jpg": (svg_named_jpg, "not a JPEG, PNG, GIF, BMP or WebP picture"),
    "crashes-sdl-image.gif": (gif_that_crashes_sdl_image, "the picture crashed its decoder (Segmentation fault)"),
}


# ---------------------------------------------------------------- rosters

HEADER = "number,first,last,birth_year,sex,weight_kg,rest_hr,max_hr,strap,photo\n"


def roster_lines(count: int, start: int = 1) -> str:
    return "".join(f"{start + i},Player{i},Test,2008,F,60,60,,,\n" for i in range(count))


def roster_of(players: int) -> bytes:
    return (HEADER + roster_lines(players)).encode()


def roster_with_a_long_line(length: int) -> bytes:
    return (HEADER + roster_lines(2) + "3," + "A" * length + ",Long,2008,F,60,60,,,\n").encode()


def roster_mixing_encodings() -> bytes:
    """UTF-8 on one line (Jürgen), Windows-1252 on another (Müller)."""
    return HEADER.encode() + "1,Jürgen,Berg,2008,M,60,60,,,\n".encode() + "2,Anna,Müller,2008,F,60,60,,,\n".encode("cp1252")


def roster_with_a_bom_in_the_middle() -> bytes:
    """Two files joined: the second starts with its own byte-order mark and header."""
    return ("\ufeff" + HEADER + roster_lines(2) + "\ufeff" + HEADER + roster_lines(2, start=3)).encode()


def roster_with_nul_bytes() -> bytes:
    return (HEADER + roster_lines(2)).encode() + b"3,Nul\x00,Byte,2008,F,60,60,,,\n"


def roster_with_formulas() -> bytes:
    """Names a spreadsheet would run: imported as text, and said."""
    return (HEADER + '1,"=HYPERLINK(""x"")",Berg,2008,F,60,60,,,\n' + "2,@SUM(A1),Lind,2008,F,60,60,,,\n"
            + "3,Ann,+1 555,2008,F,60,60,,,\n").encode()


ROSTERS = {
    "players-100000.csv": lambda: roster_of(100_000),
    "players-600.csv": lambda: roster_of(600),
    "line-10MB.csv": lambda: roster_with_a_long_line(10_000_000),
    "line-200kB.csv": lambda: roster_with_a_long_line(200_000),
    "mixed-encodings.csv": roster_mixing_encodings,
    "bom-in-the-middle.csv": roster_with_a_bom_in_the_middle,
    "nul-bytes.csv": roster_with_nul_bytes,
    "formulas.csv": roster_with_formulas,
}


def sparse_file(path: pathlib.Path, size: int = 1 << 30) -> pathlib.Path:
    """A 1 GB file that costs no disk (a hole): a roster of 1 GB is refused before it is read."""
    with open(path, "wb") as f:
        f.truncate(size)
    return path


# ---------------------------------------------------------------- backups

def hostile_backups(good: pathlib.Path, out: pathlib.Path) -> dict:
    """Copies of a real backup `good`, each with one thing Sideline did not put there.
    Returns name → (path, what the refusal must name)."""
    def variant(name, *statements, pragma_before=None):
        path = out / name
        shutil.copy(good, path)
        con = sqlite3.connect(path, isolation_level=None)
        try:
            if pragma_before:
                con.execute(pragma_before)
            for statement in statements:
                con.execute(statement)
        finally:
            con.close()
        return path

    made = {
        "trigger.sqlite": (variant("trigger.sqlite", "CREATE TRIGGER wipe AFTER INSERT ON sample_minute BEGIN DELETE FROM sample_minute; END"), "trigger wipe"),
        "view.sqlite": (variant("view.sqlite", "CREATE VIEW everyone AS SELECT * FROM player"), "view everyone"),
        "fts.sqlite": (variant("fts.sqlite", "CREATE VIRTUAL TABLE notes USING fts4(body)"), "table notes"),
        "expression-index.sqlite": (variant("expression-index.sqlite", "CREATE INDEX odd ON player(abs(resting_hr) + 1)"), "index odd"),
        "extra-table.sqlite": (variant("extra-table.sqlite", "CREATE TABLE extra(x)"), "table extra"),
        "altered-table.sqlite": (variant("altered-table.sqlite", "ALTER TABLE team ADD COLUMN note TEXT DEFAULT 'x'"), "table team"),
        "statistics.sqlite": (variant("statistics.sqlite", "ANALYZE"), "sqlite_stat1"),
        "user-version.sqlite": (variant("user-version.sqlite", "PRAGMA user_version = 7"), "user_version"),
        "application-id.sqlite": (variant("application-id.sqlite", "PRAGMA application_id = 1234"), "application_id"),
        "auto-vacuum.sqlite": (variant("auto-vacuum.sqlite", "VACUUM", pragma_before="PRAGMA auto_vacuum = FULL"), "auto_vacuum"),
    }
    # A header that claims 2³¹ − 1 pages (8 TiB at 4 KiB) in a file of a few pages.
    lying = out / "page-count.sqlite"
    data = bytearray(good.read_bytes())
    data[28:32] = struct.pack(">I", 2 ** 31 - 1)    # in-header database size, in pages
    data[92:96] = data[24:28]                       # "valid for" = change counter: SQLite trusts it
    lying.write_bytes(bytes(data))
    made["page-count.sqlite"] = (lying, "pages")
    return made


def database_and_hostile_backups(sideline: str, folder: pathlib.Path, team: str = "Here", straps: int = 3):
    """A database of a recorded team (what a restore must leave alone) and hostile variants of a real
    backup of another, fresh one: (database, name → (path, what the refusal must name))."""
    db = folder / "kiosk.sqlite"
    subprocess.run([sideline, "record", "--db", str(db), "--source", f"sim:{straps}", "--speed", "6000", "--team", team,
                    "--minutes", "1", "--quiet"], check=True, capture_output=True, timeout=300)
    other = folder / "other.sqlite"
    subprocess.run([sideline, "teams", "--db", str(other)], check=True, capture_output=True, timeout=60)
    subprocess.run([sideline, "backup", "--db", str(other), "--to", str(folder / "good")], check=True, capture_output=True, timeout=60)
    (good,) = (folder / "good").iterdir()
    (folder / "hostile").mkdir(exist_ok=True)
    return db, hostile_backups(good, folder / "hostile")


def run_with_peak_rss(argv, timeout=300):
    """Runs argv; returns (completed process, peak RSS in MB of it or of a child it waited for — the
    photo helper —, seconds). Through GNU time: a child forked from Python would carry Python's own
    peak into its figure (Linux keeps the larger of the image before and after exec)."""
    start = time.monotonic()
    with tempfile.NamedTemporaryFile("r") as peak:
        result = subprocess.run(["/usr/bin/time", "-q", "-f", "%M", "-o", peak.name, *argv], capture_output=True, timeout=timeout)
        # Text, whatever came (prepare-photo answers a JPEG).
        result.stdout, result.stderr = (result.stdout.decode(errors="replace"), result.stderr.decode(errors="replace"))
        return result, int(peak.read().split()[-1]) / 1024, time.monotonic() - start


def main(out: str) -> None:
    folder = pathlib.Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for name, (make, _) in PICTURES.items():
        (folder / name).write_bytes(make())
    for name, make in ROSTERS.items():
        (folder / name).write_bytes(make())
    sparse_file(folder / "roster-1GB.csv")
    print(f"hostile files in {folder}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "hostile")
