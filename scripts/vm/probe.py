"""What kiosk-spinner-test-framebuffer (Tests/FramebufferProbe/main.c) draws, computed here
independently from the same description, and the screen checks built on it."""

from picture import close, rect_contains, union

BACKGROUND = 0x404040
SQUARE = 0xFF8000
BLOCKS = (0xFF0000, 0x00FF00, 0x0000FF, 0xC08040)
CORNER = 8
CORNERS = ((0, 0, 0xFFFFFF), (1, 0, 0xFFFF00), (0, 1, 0x00FFFF), (1, 1, 0xFF00FF))


def unit(width, height):
    return min(width, height) // 8


def square_at(width, height, step):
    b = unit(width, height)
    size = b // 2
    places = max(1, (width - 2 * b) // size)
    return (b + (step % places) * size, 3 * b, size, size)


def rects(width, height, step):
    """The picture as (rect, colour) in drawing order, background first."""
    b = unit(width, height)
    drawn = [((0, 0, width, height), BACKGROUND)]
    drawn += [(((2 * i + 1) * b, b, b, b), colour) for i, colour in enumerate(BLOCKS)]
    for right, bottom, colour in CORNERS:
        drawn.append(((right * (width - CORNER), bottom * (height - CORNER), CORNER, CORNER), colour))
    drawn.append((square_at(width, height, step), SQUARE))
    return drawn


def quantise(colour, depth):
    """`colour` as a `depth`-bit screen shows it back: RGB565's channels widened again by
    repeating their high bits."""
    if depth != 16:
        return colour
    r, g, b = (colour >> 19) & 31, (colour >> 10) & 63, (colour >> 3) & 31
    return (((r << 3) | (r >> 2)) << 16) | (((g << 2) | (g >> 4)) << 8) | ((b << 3) | (b >> 2))


def expected_rgb(width, height, step, depth):
    image = bytearray(width * height * 3)
    for (x, y, w, h), colour in rects(width, height, step):
        colour = quantise(colour, depth)
        run = bytes(((colour >> 16) & 255, (colour >> 8) & 255, colour & 255)) * w
        for row in range(y, y + h):
            start = (row * width + x) * 3
            image[start:start + w * 3] = run
    return bytes(image)


def expected_xrgb(width, height, step, first_row, rows):
    """Rows of the picture as a 32-bit XRGB8888 framebuffer holds them (little-endian words, the
    X byte 0), for comparing with the device's memory."""
    rgb = expected_rgb(width, height, step, 32)
    out = bytearray()
    for y in range(first_row, first_row + rows):
        row = rgb[y * width * 3:(y + 1) * width * 3]
        for x in range(0, len(row), 3):
            out += bytes((row[x + 2], row[x + 1], row[x], 0))
    return bytes(out)


def compare(picture, expected, tolerance, rows=None):
    """Problems where `picture` differs from `expected` (RGB bytes of the same size), in the rows
    `rows` (first, count) or all."""
    width = picture.width
    stride = width * 3
    problems, wrong = [], 0
    first, count = rows or (0, picture.height)
    for y in range(first, first + count):
        row, want = picture.rgb[y * stride:(y + 1) * stride], expected[y * stride:(y + 1) * stride]
        if row == want:
            continue
        for x in range(width):
            i = x * 3
            got = (row[i] << 16) | (row[i + 1] << 8) | row[i + 2]
            should = (want[i] << 16) | (want[i + 1] << 8) | want[i + 2]
            if not close(got, should, tolerance):
                wrong += 1
                if len(problems) < 3:
                    problems.append(f"({x},{y}) is #{got:06x}, expected #{should:06x}")
    if wrong:
        problems.insert(0, f"{wrong} pixels differ from the probe's picture")
    return problems


def picture(depth=32, tolerance=0, rows=None):
    """The whole screen (or its rows `rows`: first, count) is the probe's picture at its current
    step (exact, or within `tolerance` per channel)."""
    def check(shown, context):
        width, height = context.number("width"), context.number("height")
        if (shown.width, shown.height) != (width, height):
            return [f"screen is {shown.width}x{shown.height}, the probe said {width}x{height}"]
        step = int(context.values.get("step", 0))
        return compare(shown, expected_rgb(width, height, step, depth), tolerance, rows)
    return check


def in_memory(device, first_row):
    """A step: the device's memory (read in the guest with dd) holds the probe's picture from
    virtual row `first_row` on, as XRGB8888: where the probe drew, whatever the display shows."""
    import hashlib
    from scenario import CaseFailure

    def step(context):
        width, height = context.number("width"), context.number("height")
        step_number = int(context.values.get("step", 0))
        sysfs = f"/sys/class/graphics/{device.rsplit('/', 1)[-1]}"
        _, lines = context.machine.run(f"cat {sysfs}/stride {sysfs}/bits_per_pixel")
        stride, bits = int(lines[0]), int(lines[1])
        digest = context.machine.framebuffer_md5(device, stride, first_row, height)
        if bits != 32 or stride != width * 4:
            raise CaseFailure(f"{device} is {bits} bpp with {stride}-byte lines: this check wants "
                              f"XRGB8888 without padding")
        expected = hashlib.md5(expected_xrgb(width, height, step_number, 0, height)).hexdigest()
        if digest != expected:
            raise CaseFailure(f"{device} rows {first_row}..{first_row + height - 1} are not the "
                              f"probe's picture at step {step_number} (md5 {digest}, expected {expected})")
    return step


def stepped(depth=32, tolerance=0):
    """After one more step: the picture at the new step, and nothing changed since the last read
    outside the square's old and new places."""
    whole = picture(depth, tolerance)

    def check(shown, context):
        width, height = context.number("width"), context.number("height")
        step = int(context.values.get("step", 0))
        allowed = union(square_at(width, height, step - 1), square_at(width, height, step))
        problems = whole(shown, context)
        changed = shown.differences(context.last_picture) if context.last_picture else None
        if changed is None:
            problems.append("nothing changed since the last read")
        elif not rect_contains(allowed, changed):
            problems.append(f"pixels changed in {changed}, outside the square's places {allowed}")
        return problems
    return check


def console_back(depth=32):
    """The probe's picture is gone: almost no background grey and no colour block left (the
    console's text and black are back)."""
    def check(shown, context):
        width, height = context.number("width"), context.number("height")
        grey = quantise(BACKGROUND, depth)
        total = shown.width * shown.height
        problems = []
        grey_count = shown.count(grey)
        if grey_count > total // 100:
            problems.append(f"{grey_count} of {total} pixels are still the probe's grey")
        b = unit(width, height)
        for i, colour in enumerate(BLOCKS):
            block = ((2 * i + 1) * b + 2, b + 2, b - 4, b - 4)
            if shown.width >= block[0] + block[2] and shown.height >= block[1] + block[3]:
                if shown.count(quantise(colour, depth), block) > block[2] * block[3] // 2:
                    problems.append(f"block {i} (#{colour:06x}) is still shown")
        return problems
    return check


def changed_since_last():
    """The screen differs from the last read (e.g. the console printed a line)."""
    def check(shown, context):
        if context.last_picture is not None and shown.differences(context.last_picture) is None:
            return ["the screen did not change"]
        return []
    return check
