"""A screen read back from QEMU: the monitor's screendump (binary PPM, P6) as RGB pixels, with
the probes the cases use, and PNG output for a person to look at."""

import struct
import zlib


class Picture:
    def __init__(self, width, height, rgb):
        self.width, self.height, self.rgb = width, height, rgb

    @classmethod
    def from_ppm(cls, data):
        fields, position = [], 0
        while len(fields) < 4:
            while data[position:position + 1].isspace():
                position += 1
            if data[position:position + 1] == b"#":
                position = data.index(b"\n", position)
                continue
            start = position
            while not data[position:position + 1].isspace():
                position += 1
            fields.append(data[start:position])
        if fields[0] != b"P6" or int(fields[3]) != 255:
            raise ValueError(f"not an 8-bit binary PPM: {fields}")
        width, height = int(fields[1]), int(fields[2])
        rgb = data[position + 1:position + 1 + width * height * 3]
        if len(rgb) != width * height * 3:
            raise ValueError("PPM cut short")
        return cls(width, height, bytes(rgb))

    @classmethod
    def from_png_over_black(cls, data):
        """An 8-bit RGBA PNG (what `kiosk-spinner --snapshot` writes: straight alpha) as a bare
        screen shows it: laid over black. The snapshot's straight channels are its premultiplied
        ones times 255 / alpha rounded down, so the premultiplied channel, which is what the
        overlay writes to a bare screen, is the smallest whole number not below
        straight * alpha / 255: that inverts it exactly."""
        width, height, rgba = read_png_rgba(data)
        rgb = bytearray(width * height * 3)
        for y in range(height):
            row = rgba[y * width * 4:(y + 1) * width * 4]
            # Transparent, or black at any alpha (a backdrop's dimming): black over black.
            if not (any(row[0::4]) or any(row[1::4]) or any(row[2::4])):
                continue
            out = y * width * 3
            for x in range(width):
                r, g, b, a = row[4 * x:4 * x + 4]
                if a == 0:
                    continue
                if a != 255:
                    r, g, b = ((r * a + 254) // 255, (g * a + 254) // 255, (b * a + 254) // 255)
                rgb[out + 3 * x:out + 3 * x + 3] = bytes((r, g, b))
        return cls(width, height, bytes(rgb))

    def crop(self, rect):
        """The rows of `rect` (x, y, w, h) as RGB bytes, row after row."""
        x, y, w, h = rect
        stride = self.width * 3
        return b"".join(self.rgb[row * stride + x * 3:row * stride + (x + w) * 3] for row in range(y, y + h))

    def bounds(self, background=0):
        """The bounding box (x, y, w, h) of the pixels that are not `background`, or None."""
        target = bytes(((background >> 16) & 255, (background >> 8) & 255, background & 255))
        plain = target * self.width
        stride = self.width * 3
        rows = [y for y in range(self.height) if self.rgb[y * stride:(y + 1) * stride] != plain]
        if not rows:
            return None
        left, right = self.width, -1
        for y in rows:
            row = self.rgb[y * stride:(y + 1) * stride]
            first = next(i for i in range(0, stride, 3) if row[i:i + 3] != target) // 3
            last = next(i for i in range(stride - 3, -1, -3) if row[i:i + 3] != target) // 3
            left, right = min(left, first), max(right, last)
        return (left, rows[0], right - left + 1, rows[-1] - rows[0] + 1)

    def mapped(self, convert):
        """The same picture with every colour (0xRRGGBB) other than black passed through
        `convert`, e.g. to the colours an RGB565 screen shows back."""
        rgb = bytearray(self.rgb)
        cache = {}
        stride = self.width * 3
        for y in range(self.height):
            if not any(rgb[y * stride:(y + 1) * stride]):
                continue
            for offset in range(y * stride, (y + 1) * stride, 3):
                r, g, b = rgb[offset:offset + 3]
                if r | g | b:
                    colour = (r << 16) | (g << 8) | b
                    if colour not in cache:
                        converted = convert(colour)
                        cache[colour] = bytes(((converted >> 16) & 255, (converted >> 8) & 255, converted & 255))
                    rgb[offset:offset + 3] = cache[colour]
        return Picture(self.width, self.height, bytes(rgb))

    def pixel(self, x, y):
        offset = (y * self.width + x) * 3
        r, g, b = self.rgb[offset:offset + 3]
        return (r << 16) | (g << 8) | b

    def count(self, colour, rect=None, tolerance=0):
        """How many pixels of `rect` (x, y, w, h; the whole screen by default) are `colour`."""
        x0, y0, w, h = rect or (0, 0, self.width, self.height)
        total = 0
        for y in range(y0, y0 + h):
            row = self.rgb[(y * self.width + x0) * 3:(y * self.width + x0 + w) * 3]
            if tolerance == 0:
                target = bytes(((colour >> 16) & 255, (colour >> 8) & 255, colour & 255))
                total += sum(1 for i in range(0, len(row), 3) if row[i:i + 3] == target)
            else:
                total += sum(1 for i in range(0, len(row), 3)
                             if close((row[i] << 16) | (row[i + 1] << 8) | row[i + 2], colour, tolerance))
        return total

    def differences(self, other):
        """The bounding box (x, y, w, h) of the pixels that differ from `other`, or None."""
        if (self.width, self.height) != (other.width, other.height):
            return (0, 0, self.width, self.height)
        if self.rgb == other.rgb:
            return None
        stride = self.width * 3
        rows = [y for y in range(self.height) if self.rgb[y * stride:(y + 1) * stride] != other.rgb[y * stride:(y + 1) * stride]]
        left, right = self.width, -1
        for y in rows:
            a, b = self.rgb[y * stride:(y + 1) * stride], other.rgb[y * stride:(y + 1) * stride]
            first = next(i for i in range(0, stride, 3) if a[i:i + 3] != b[i:i + 3]) // 3
            last = next(i for i in range(stride - 3, -1, -3) if a[i:i + 3] != b[i:i + 3]) // 3
            left, right = min(left, first), max(right, last)
        return (left, rows[0], right - left + 1, rows[-1] - rows[0] + 1)

    def write_png(self, path):
        raw = b"".join(b"\0" + self.rgb[y * self.width * 3:(y + 1) * self.width * 3] for y in range(self.height))

        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

        with open(path, "wb") as png:
            png.write(b"\x89PNG\r\n\x1a\n")
            png.write(chunk(b"IHDR", struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)))
            png.write(chunk(b"IDAT", zlib.compress(raw, 6)))
            png.write(chunk(b"IEND", b""))


def read_png_rgba(data):
    """(width, height, RGBA bytes) of an 8-bit RGBA PNG, not interlaced (what libpng's
    simplified API writes for --snapshot). Rows that are zero before and after filtering are skipped quickly: a
    snapshot is mostly transparent."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, compressed, header = 8, [], None
    while position < len(data):
        length, = struct.unpack(">I", data[position:position + 4])
        kind, body = data[position + 4:position + 8], data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed.append(body)
        elif kind == b"IEND":
            break
    if not header:
        raise ValueError("PNG without IHDR")
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type != 6 or interlace != 0:
        raise ValueError(f"PNG is not 8-bit RGBA without interlace: depth {depth}, colour type {colour_type}")
    raw = zlib.decompress(b"".join(compressed))
    stride = width * 4
    out = bytearray(height * stride)
    previous = bytes(stride)
    zero = bytes(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        if line == zero and (kind in (0, 1) or previous == zero):
            row = zero
        elif kind == 0:
            row = line
        elif kind == 2:
            row = bytes((a + b) & 255 for a, b in zip(line, previous))
        elif kind in (1, 3, 4):
            row = _unfilter(kind, line, previous)
        else:
            raise ValueError(f"PNG filter {kind}")
        out[y * stride:(y + 1) * stride] = row
        previous = row
    return width, height, bytes(out)


def _first_nonzero(data):
    stripped = data.lstrip(b"\0")
    return len(data) - len(stripped)


def _last_nonzero(data):
    return len(data.rstrip(b"\0")) - 1


def _unfilter(kind, line, previous):
    """One row of PNG filter 1 (Sub), 3 (Average) or 4 (Paeth), 4 bytes a pixel. Where the
    filtered row and the row above are both zero, before the first nonzero byte of either, the
    result is zero; past the last nonzero byte of both, once four result bytes in a row are
    zero, so is the rest (each predictor of zeros is zero)."""
    stride = len(line)
    begin = min(_first_nonzero(line), _first_nonzero(previous)) // 4 * 4
    last = max(_last_nonzero(line), _last_nonzero(previous))
    row = bytearray(stride)
    for i in range(begin, stride):
        left = row[i - 4] if i >= 4 else 0
        up = previous[i]
        if kind == 1:
            value = line[i] + left
        elif kind == 3:
            value = line[i] + ((left + up) >> 1)
        else:
            corner = previous[i - 4] if i >= 4 else 0
            estimate = left + up - corner
            pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
            value = line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)
        row[i] = value & 255
        if i > last + 4 and not (row[i] or row[i - 1] or row[i - 2] or row[i - 3]):
            break
    return bytes(row)


def close(a, b, tolerance):
    """Whether colours `a` and `b` (0xRRGGBB) differ by at most `tolerance` in every channel."""
    return all(abs(((a >> shift) & 255) - ((b >> shift) & 255)) <= tolerance for shift in (16, 8, 0))


def rect_contains(outer, inner):
    ox, oy, ow, oh = outer
    ix, iy, iw, ih = inner
    return ix >= ox and iy >= oy and ix + iw <= ox + ow and iy + ih <= oy + oh


def union(a, b):
    left, top = min(a[0], b[0]), min(a[1], b[1])
    right, bottom = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
    return (left, top, right - left, bottom - top)
