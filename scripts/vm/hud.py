"""What kiosk-spinner shows on a bare screen, computed on the host: the same commands rendered by
the same build with `kiosk-spinner --snapshot` at the screen's size and density, laid over black
(nothing is beneath the overlay on a bare framebuffer), and the screen checks built on it.

The snapshot is the settled state of its commands; on the screen the wheel turns, so where it
turns a screen is compared outside the wheel's square, and inside it with each of the wheel's
poses (snapshots at each twelfth of its one-second turn), one of which it must be exactly."""

import concurrent.futures
import functools
import hashlib
import os
import subprocess
import tempfile
import time
import zlib

import probe
from picture import Picture, rect_contains, union

# The density both sides lay out for: a QEMU connector reports no millimetres, so the guest
# assumes 96 dpi (DisplayProfile); the cases give --dpi 96 to both anyway.
DPI = 96
# The wheel's poses in one turn (Appearance.spokeCount, periodSeconds 1): a pose lasts 1/12 s.
POSES = 12
HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.dirname(os.path.dirname(HERE))
# A device maker's logo for the logo cases, at the same path on the host (for the snapshots)
# and in the guest's initramfs (for the overlay): made by `make_logo` before the boots.
LOGO = os.path.join(CHECKOUT, ".build", "vm", "logo.png")


# The program that takes a DRM screen over after the overlay (Tests/NextMaster, built with cc
# against libdrm), and the colour of its picture: that colour, white across the middle third.
NEXT_MASTER = "kiosk-spinner-test-next-master"
NEXT_MASTER_COLOUR = "0A84FF"


def build_next_master(path):
    """Builds NEXT_MASTER at `path`: plain C with libdrm, as a device's application is."""
    libdrm = subprocess.run(["pkg-config", "--cflags", "--libs", "libdrm"], check=True, capture_output=True,
                            text=True).stdout.split()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    subprocess.run(["cc", "-O2", "-Wall", "-o", path, os.path.join(CHECKOUT, "Tests", "NextMaster", "main.c"), *libdrm],
                   check=True)


@functools.lru_cache(maxsize=4)
def next_master_picture(width, height):
    """NEXT_MASTER's picture on a `width`x`height` screen, as RGB bytes (made once per size)."""
    colour, white = bytes.fromhex(NEXT_MASTER_COLOUR) * width, b"\xff" * (3 * width)
    return b"".join(white if height // 3 <= y < 2 * height // 3 else colour for y in range(height))


def next_master_shown(shown, context):
    """A screen check: the screen is NEXT_MASTER's picture, exactly."""
    return [] if shown.rgb == next_master_picture(shown.width, shown.height) else ["not the next program's picture"]


def make_logo(binary):
    """Writes LOGO with `binary`: a blue HUD with a full ring over "ACME Medical", transparent
    around it (a snapshot is a PNG with straight alpha, as a device maker's logo is)."""
    made = subprocess.run([binary, "--snapshot", LOGO, "--window", "360x160", "--hud-color", "#0A84FFFF",
                           "--message", "ACME Medical"], input=b"progress 100\n", capture_output=True, timeout=60)
    if made.returncode != 0:
        raise RuntimeError(f"the logo's snapshot exited {made.returncode}: {made.stderr.decode()[-400:]}")


class Snapshots:
    """Snapshots rendered by `binary` with the repository's fonts, each once: kept in memory for
    the run and, laid over black, in `cache` (a folder per build of the binary and its fonts),
    so a later run of the same build renders nothing again."""

    def __init__(self, binary, cache):
        self.binary = binary
        self.fonts = os.path.join(CHECKOUT, "fonts")
        digest = hashlib.sha1()
        for path in [binary] + sorted(os.path.join(self.fonts, name) for name in os.listdir(self.fonts)):
            with open(path, "rb") as data:
                digest.update(hashlib.sha1(data.read()).digest())
        self.cache = os.path.join(cache, digest.hexdigest()[:16])
        os.makedirs(self.cache, exist_ok=True)
        self.folder = tempfile.mkdtemp(prefix="kiosk-spinner-vm-snapshots-")
        self.pictures = {}
        self.backdrops = {}
        self.environment = dict(os.environ, KIOSK_SPINNER_FONT_DIR=self.fonts)
        for name in ("DISPLAY", "WAYLAND_DISPLAY"):
            self.environment.pop(name, None)

    def render(self, commands, size, rotate=0, at=None, depth=32):
        """The screen `commands` (stdin lines) leave at `at` seconds (by default in the wheel's
        first pose), on a `size` (width, height) screen turned by `rotate` (--rotate), as a
        `depth`-bit screen shows it back."""
        at = FIRST_POSE_SECONDS if at is None else at
        key = (tuple(commands), tuple(size), rotate, round(at, 4), depth)
        if key in self.pictures:
            return self.pictures[key]
        stored = os.path.join(self.cache, hashlib.sha1(repr(key).encode()).hexdigest() + ".rgb.z")
        if os.path.exists(stored):
            with open(stored, "rb") as kept:
                picture = Picture(size[0], size[1], zlib.decompress(kept.read()))
        elif depth == 16:
            picture = self.render(commands, size, rotate, at).mapped(lambda colour: probe.quantise(colour, 16))
        else:
            picture = self._snapshot(commands, size, rotate, at)
        if not os.path.exists(stored):
            with open(stored + ".part", "wb") as kept:
                kept.write(zlib.compress(picture.rgb, 1))
            os.replace(stored + ".part", stored)
        self.pictures[key] = picture
        return picture

    def _snapshot(self, commands, size, rotate, at):
        descriptor, path = tempfile.mkstemp(suffix=".png", dir=self.folder)
        os.close(descriptor)
        # --fade 0: the settled picture (no fades, no motion) with the wheel in its pose at `at`,
        # as the screen shows once it has settled.
        arguments = [self.binary, "--snapshot", path, "--window", f"{size[0]}x{size[1]}", "--dpi", str(DPI),
                     "--rotate", str(rotate), "--at", f"{at:.4f}", "--fade", "0"]
        try:
            made = subprocess.run(arguments, input="".join(line + "\n" for line in commands).encode(),
                                  capture_output=True, env=self.environment, timeout=60)
            if made.returncode != 0:
                raise RuntimeError(f"{' '.join(arguments)} exited {made.returncode}: {made.stderr.decode()[-400:]}")
            with open(path, "rb") as png:
                return Picture.from_png_over_black(png.read())
        finally:
            os.unlink(path)

    def backdrop_colour(self, backdrop):
        """The colour a `block` with `--backdrop BACKDROP` shows around the HUD over black."""
        if backdrop not in self.backdrops:
            descriptor, path = tempfile.mkstemp(suffix=".png", dir=self.folder)
            os.close(descriptor)
            try:
                made = subprocess.run([self.binary, "--snapshot", path, "--window", "320x240", "--fade", "0",
                                       "--backdrop", backdrop], input=b"block\n", capture_output=True,
                                      env=self.environment, timeout=60)
                if made.returncode != 0:
                    raise RuntimeError(f"the backdrop's snapshot exited {made.returncode}: {made.stderr.decode()[-400:]}")
                with open(path, "rb") as png:
                    self.backdrops[backdrop] = Picture.from_png_over_black(png.read()).pixel(0, 0)
            finally:
                os.unlink(path)
        return self.backdrops[backdrop]

    def turns(self, commands, size, rotate=0):
        """Whether the wheel turns in the snapshots of `commands` (its first two poses differ)."""
        return self.render(commands, size, rotate, pose_seconds(0)).rgb != \
            self.render(commands, size, rotate, pose_seconds(1)).rgb

    def poses(self, commands, size, rotate=0, depth=32):
        """The screen at each of the wheel's poses (the middle of each twelfth of a second)."""
        return [self.render(commands, size, rotate, pose_seconds(pose), depth) for pose in range(POSES)]

    def wheel_square(self, commands, size, rotate=0):
        """The bounding box of every pixel that differs between the wheel's poses; None when
        nothing turns (a progress gauge, an outcome's mark)."""
        if not self.turns(commands, size, rotate):
            return None
        poses = self.poses(commands, size, rotate)
        box = None
        for pose in poses[1:]:
            changed = pose.differences(poses[0])
            if changed:
                box = changed if box is None else union(box, changed)
        return box

    def render_all(self, wanted, size):
        """Renders what the checks of every (commands, depth, rotate) of `wanted` compare with at
        `size`: the first two poses, and the others where the wheel turns; two at a time."""
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            list(pool.map(lambda job: self.render(job[0], size, job[1], pose_seconds(job[2])),
                          [(commands, rotate, pose) for commands, _, rotate in wanted for pose in (0, 1)]))
            turning = [(commands, rotate) for commands, _, rotate in wanted if self.turns(commands, size, rotate)]
            list(pool.map(lambda job: self.render(job[0], size, job[1], pose_seconds(job[2])),
                          [(commands, rotate, pose) for commands, rotate in turning for pose in range(2, POSES)]))
        for commands, depth, rotate in wanted:
            self.render(commands, size, rotate, depth=depth)
            if (commands, rotate) in turning:
                self.poses(commands, size, rotate, depth)


def pose_seconds(pose):
    """When a snapshot shows the wheel's pose `pose`: the middle of its twelfth of a second."""
    return (pose + 0.5) / POSES


FIRST_POSE_SECONDS = pose_seconds(0)


_snapshots = {}


def snapshots(context):
    """The snapshots of the kiosk-spinner the guest runs (the same host build)."""
    binary = context.programs["kiosk-spinner"]
    if binary not in _snapshots:
        _snapshots[binary] = Snapshots(binary, os.path.join(CHECKOUT, ".build", "vm", "snapshots"))
    return _snapshots[binary]


def render_ahead(*checks):
    """A step: renders now, at the screen's size, every snapshot `checks` (made by `shows`,
    `turned`, `gone`) will compare with, so that no check renders while what it waits for
    passes (a success shows for 2 s)."""
    def step(context):
        shown = context.machine.screen()
        wanted = []
        for check in checks:
            if check.wants not in wanted:
                wanted.append(check.wants)
        snapshots(context).render_all(wanted, (shown.width, shown.height))
    return step


def compare(shown, expected, outside=None):
    """Problems where `shown` differs from `expected` (same size), except inside `outside`."""
    if (shown.width, shown.height) != (expected.width, expected.height):
        return [f"the screen is {shown.width}x{shown.height}, the snapshot {expected.width}x{expected.height}"]
    if shown.rgb == expected.rgb:
        return []
    stride = shown.width * 3
    wrong, examples = 0, []
    for y in range(shown.height):
        row, want = shown.rgb[y * stride:(y + 1) * stride], expected.rgb[y * stride:(y + 1) * stride]
        if row == want:
            continue
        for x in range(shown.width):
            if row[3 * x:3 * x + 3] == want[3 * x:3 * x + 3]:
                continue
            if outside and rect_contains(outside, (x, y, 1, 1)):
                continue
            wrong += 1
            if len(examples) < 3:
                examples.append(f"({x},{y}) is #{row[3 * x:3 * x + 3].hex()}, the snapshot #{want[3 * x:3 * x + 3].hex()}")
    if not wrong:
        return []
    where = f" outside the wheel's square {outside}" if outside else ""
    return [f"{wrong} pixels differ from the snapshot{where}"] + examples


def centred(shown):
    """Problems unless what is drawn has equal margins (within a pixel) left and right, above
    and below."""
    box = shown.bounds()
    if box is None:
        return ["nothing is drawn"]
    return centred_box(shown, box)


def centred_box(shown, box):
    """Problems unless `box` (x, y, w, h) has equal margins on `shown` (within a pixel)."""
    x, y, w, h = box
    right, bottom = shown.width - x - w, shown.height - y - h
    if abs(x - right) > 1 or abs(y - bottom) > 1:
        return [f"the HUD {box} is not centred: margins {x} left, {right} right, {y} above, {bottom} below"]
    return []


def shows(commands, depth=32, rotate=0, centring=True):
    """The screen is the snapshot of `commands` at its size, centred (unless not `centring`: a
    logo with transparent margins above the HUD leaves what is drawn off-centre); exact (at 16
    bpp: the snapshot as RGB565 stores it and the screen shows it back). Where the wheel turns
    (its snapshots differ with the time), its square shows one of its poses exactly and the rest
    is exact."""
    def check(shown, context):
        found = snapshots(context)
        size = (shown.width, shown.height)
        expected = found.render(commands, size, rotate, depth=depth)
        square = found.wheel_square(commands, size, rotate)
        if square is None:
            return compare(shown, expected) + (centred(shown) if centring else [])
        problems = compare(shown, expected, outside=square)
        inside = shown.crop(square)
        if not any(inside == pose.crop(square) for pose in found.poses(commands, size, rotate, depth)):
            problems.append(f"the wheel's square {square} is none of the wheel's {POSES} poses")
        return problems + (centred(shown) if centring else [])
    check.wants = (tuple(commands), depth, rotate)
    return check


def surrounded(backdrop, depth=32, turned=False):
    """While blocking with `--backdrop BACKDROP` (None: no block): every pixel around the HUD is
    the colour the host's snapshot shows for that backdrop over black (black without one), the
    HUD a small box at the centre; with `turned`, the wheel turned since the last read, so a
    screen of two buffers shows the other one."""
    def check(shown, context):
        colour = 0 if backdrop is None else probe.quantise(snapshots(context).backdrop_colour(backdrop), depth)
        box = shown.bounds(background=colour)
        if box is None:
            return [f"nothing but #{colour:06x} is drawn"]
        problems = centred_box(shown, box)
        if box[2] * box[3] * 4 > shown.width * shown.height:
            problems.append(f"the pixels that are not #{colour:06x} reach over {box}: the surround is not all written")
        if turned and (context.last_picture is None or shown.differences(context.last_picture) is None):
            problems.append("the wheel did not turn since the last read")
        return problems
    return check


def turned(commands, depth=32, rotate=0):
    """The wheel turned since the last read: the screen shows `commands` with the wheel at
    another pose, and only pixels inside the wheel's square changed."""
    whole = shows(commands, depth, rotate)

    def check(shown, context):
        problems = whole(shown, context)
        square = snapshots(context).wheel_square(commands, (shown.width, shown.height), rotate)
        changed = shown.differences(context.last_picture) if context.last_picture else None
        if square is None:
            problems.append(f"the wheel does not turn in the snapshots of {commands}")
        elif changed is None:
            problems.append("nothing changed since the last read")
        elif not rect_contains(square, changed):
            problems.append(f"pixels changed in {changed}, outside the wheel's square {square}")
        return problems
    check.wants = whole.wants
    return check


def gone(commands, rotate=0):
    """The HUD `commands` showed is gone from the screen: under a tenth of the pixels it drew
    (those not black in its snapshot: black is also the console's, as in a logo's transparent
    margins) are still its own (the console's text and black are back)."""
    def check(shown, context):
        expected = snapshots(context).render(commands, (shown.width, shown.height), rotate)
        box = expected.bounds()
        if box is None:
            return ["the snapshot shows nothing"]
        now, drawn = shown.crop(box), expected.crop(box)
        black = bytes(3)
        pixels = [i for i in range(0, len(drawn), 3) if drawn[i:i + 3] != black]
        same = sum(1 for i in pixels if now[i:i + 3] == drawn[i:i + 3])
        if same * 10 > len(pixels):
            return [f"{same} of the {len(pixels)} pixels the HUD drew are still as it drew them"]
        return []
    check.wants = (tuple(commands), 32, rotate)
    return check


def elsewhere(commands, rotate=0):
    """Another console is in front: where the HUD `commands` show would be, every pixel is black
    (a fresh console's screen; its cursor is in the top left corner, far from the HUD)."""
    def check(shown, context):
        box = snapshots(context).render(commands, (shown.width, shown.height), rotate).bounds()
        if box is None:
            return ["the snapshot shows nothing"]
        lit = sum(1 for value in shown.crop(box) if value)
        return [f"{lit} channels lit where the HUD would be, {box}"] if lit else []
    check.wants = (tuple(commands), 32, rotate)
    return check


def in_memory(device, commands, channel_bytes, timeout=15):
    """A step: the framebuffer `device`'s memory (read in the guest with dd, for a framebuffer no
    display shows) comes to hold the snapshot of `commands` (settled: nothing may move) at its
    size, each pixel as `channel_bytes(red, green, blue)` gives its bytes in the device's order."""
    import hashlib
    from scenario import CaseFailure

    def step(context):
        sysfs = f"/sys/class/graphics/{device.rsplit('/', 1)[-1]}"
        _, lines = context.machine.run(f"cat {sysfs}/virtual_size {sysfs}/stride")
        width, height = (int(value) for value in lines[0].split(","))
        stride = int(lines[1])
        expected_picture = snapshots(context).render(commands, (width, height))
        rgb = expected_picture.rgb
        pixel_bytes = len(channel_bytes(0, 0, 0))
        padding = bytes(stride - width * pixel_bytes)
        cache, rows = {}, []
        for y in range(height):
            row = bytearray()
            for offset in range(y * width * 3, (y + 1) * width * 3, 3):
                colour = rgb[offset:offset + 3]
                if colour not in cache:
                    cache[colour] = channel_bytes(*colour)
                row += cache[colour]
            rows.append(bytes(row) + padding)
        expected = hashlib.md5(b"".join(rows)).hexdigest()
        deadline, digest = time.monotonic() + timeout, None
        while time.monotonic() < deadline:
            digest = context.machine.framebuffer_md5(device, stride, 0, height)
            if digest == expected:
                return
            time.sleep(0.2)
        raise CaseFailure(f"{device} ({width}x{height}, {stride}-byte lines) does not hold the snapshot of "
                          f"{commands} in its order within {timeout} s (md5 {digest}, expected {expected})")
    step.wants = (tuple(commands), 32, 0)
    return step


def blank():
    """Nothing is drawn: the whole screen is black (the HUD hidden)."""
    def check(shown, context):
        box = shown.bounds()
        return [f"pixels drawn in {box}"] if box else []
    return check
