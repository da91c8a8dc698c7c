"""A minimal PNG reader (8-bit RGB/RGBA, non-interlaced) so pixel checks need nothing outside the standard library."""
import struct
import zlib


def _header_and_data(path):
    """(width, height, channels, the inflated scanlines) of an 8-bit RGB(A) non-interlaced PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    pos, idat = 8, b""
    width = height = colour_type = None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and colour_type in (2, 6), "only 8-bit RGB(A), not interlaced"
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    channels = 4 if colour_type == 6 else 3
    raw = zlib.decompress(idat)
    assert len(raw) == height * (1 + width * channels), f"{path}: its pixel data is not {width}×{height}"
    return width, height, channels, raw


def read_png_size(path):
    """(width, height) of a whole PNG — every scanline present — without unfiltering its pixels:
    `read_png` spends seconds of pure Python on a Full HD picture, this milliseconds."""
    width, height, _, _ = _header_and_data(path)
    return width, height


def read_png(path):
    """Returns (width, height, rows) where rows[y][x] is an (r, g, b) tuple."""
    width, height, channels, raw = _header_and_data(path)
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else up_left)
                line[i] = (line[i] + predictor) & 0xFF
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def read_png_pixels(path):
    """The same pixels as an (height, width, 3) numpy array of RGB, decoded by OpenCV: for tests that
    read dozens of Full HD screenshots (`read_png` takes a second or more for each)."""
    import cv2  # the venv's (Tests/e2e/requirements.txt); imported here so read_png needs nothing

    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    assert image is not None, f"{path} is not a picture OpenCV can read"
    return image[:, :, ::-1]
