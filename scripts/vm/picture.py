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
