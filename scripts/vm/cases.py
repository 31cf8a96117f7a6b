"""The cases scripts/vm/test runs, boot by boot in the order listed (cases of one boot share it,
so a case may rely on what an earlier one loaded). Adding a case: a Case with its program, its
arguments, its stdin lines and its screen checks (see scenario.py)."""

import hud
import probe
from scenario import (Boot, Case, exits, expect, file_lines, holds, kmsg, load, screen, screen_stays, send,
                      shell, signal, start)

# Bochs's VBE modes under SeaBIOS, as the kernel's vga= takes them (VESA mode + 0x200):
# 0x317 is 1024x768 at 16 bpp (RGB565), 0x318 1024x768 at 24 bpp, 0x344 1024x768 at 32 bpp.
STD_VESA32 = Boot("std-vesa32", ["-vga", "std"], "vga=0x344",
                  "vesafb at 32 bpp, then bochs-drm loaded over it")
STD_VESA16 = Boot("std-vesa16", ["-vga", "std"], "vga=0x317", "vesafb at 16 bpp (RGB565)")
STD_VESA24 = Boot("std-vesa24", ["-vga", "std"], "vga=0x318", "vesafb at 24 bpp")
# virtio-gpu's fbdev emulation gets twice the height to pan in (drm_fbdev_overalloc, percent).
# (bochs-drm in 6.1 would not do: its scanout ignores the pan offset, vesafb on x86-64 cannot pan.)
VIRTIO = Boot("virtio", ["-vga", "none", "-device", "virtio-gpu-pci"], "", "virtio-gpu (DirtyFB)",
              module_options={"drm_kms_helper": "drm_fbdev_overalloc=200"})

# virtio-gpu whose driver no case loaded yet: a boot of its own, as a device's boot starts.
VIRTIO_LATE = Boot("virtio-late", ["-vga", "none", "-device", "virtio-gpu-pci"], "",
                   "virtio-gpu, its driver loaded while the overlay waits for it")

# virtio-gpu with two outputs; the kernel's video= switches the second on (QEMU without a display
# window leaves it disconnected) at a mode that is not the first it lists.
VIRTIO_TWO_HEADS = Boot("virtio-two-heads", ["-vga", "none", "-device", "virtio-gpu-pci,max_outputs=2,id=gpu"],
                        "video=Virtual-2:1024x768e", "virtio-gpu with two outputs, the second at video=1024x768")
SECOND_HEAD = ("gpu", 1)


def vfb_boot(depth):
    """No display device: vfb, a framebuffer in memory only, at 640x480 and `depth` bpp; at 24 and
    32 bpp it puts red in the lowest bits (BGR888, XBGR8888 as DRM names them). Its screen is read
    from its memory."""
    return Boot(f"vfb-{depth}", ["-vga", "none"], "", f"vfb (memory only) at {depth} bpp",
                module_options={"vfb": f"vfb_enable=1 videomemorysize=4194304 mode_option=640x480-{depth}"})


PROBE = "kiosk-spinner-test-framebuffer"
FB0_PAN = "/sys/class/graphics/fb0/pan"
PAN_ROWS = 400
# Opens a loop over the framebuffer console's vtcon ($v), to (un)bind it.
FBCON_VTCON = 'for v in /sys/class/vtconsole/vtcon*; do grep -q "frame buffer" $v/name || continue;'
READY = r"^ready (?P<width>\d+)x(?P<height>\d+) (?P<name>.*)$"
DRAWN = r"^drawn (?P<step>\d+)$"
# RGB565 keeps 5 or 6 bits a channel: one step of 5 bits is 8 levels of 8.
RGB565_TOLERANCE = 8


def probe_case(name, boot, modules, device, depth=32, name_pattern="", end="quit"):
    """The probe on `device` (["--drm", PATH] or ["--fbdev", PATH]): its picture exact (within
    RGB565 for 16 bpp), kept while the kernel prints, one step changing only the square's
    places, and after `end` ("quit" or a signal name) exit 0 with the console back and live."""
    tolerance = RGB565_TOLERANCE if depth == 16 else 0
    steps = [
        start(PROBE, *device),
        expect(READY),
    ]
    if name_pattern:
        steps.append(check_value("name", name_pattern))
    steps += [
        expect(DRAWN),
        screen(probe.picture(depth, tolerance), "picture"),
        kmsg(f"kiosk-spinner VM test: a kernel message while {name} shows"),
        screen_stays(probe.picture(depth, tolerance), "after-kmsg"),
        send("step"),
        expect(DRAWN),
        screen(probe.stepped(depth, tolerance), "step"),
        # A second step: with two DRM buffers, the one now drawn into must be caught up with the
        # step it missed.
        send("step"),
        expect(DRAWN),
        screen(probe.stepped(depth, tolerance), "step2"),
    ]
    if end == "quit":
        steps += [send("quit"), expect(r"^bye$"), exits(0)]
    else:
        steps += [signal(end), expect(r"^bye$"), exits(0)]
    steps += [
        screen(probe.console_back(depth), "console"),
        kmsg("kiosk-spinner VM test: the console is back"),
        screen(probe.changed_since_last(), "console-live"),
    ]
    return Case(name, boot, modules, steps, needs=[PROBE])


def restore_case(name, boot, modules, device, depth=32):
    """The probe draws, then "restore": the console is back and live while the probe still runs."""
    return Case(name, boot, modules, [
        start(PROBE, *device),
        expect(READY),
        expect(DRAWN),
        screen(probe.picture(depth, RGB565_TOLERANCE if depth == 16 else 0), "picture"),
        send("restore"),
        expect(r"^restored$"),
        screen(probe.console_back(depth), "console"),
        kmsg(f"kiosk-spinner VM test: the console is back while {name} holds the device"),
        screen(probe.changed_since_last(), "console-live"),
        send("quit"),
        expect(r"^bye$"),
        exits(0),
    ], needs=[PROBE])


def lost_steps():
    """The next step finds the device gone: "lost", the screen given back, exit 4."""
    return [send("step"), expect(r"^lost$"), expect(r"^bye$"), exits(4)]


def lost_case(name, boot, modules, device, take_away):
    """The probe draws, `take_away` (a shell command) removes the device, the probe says lost."""
    return Case(name, boot, modules, [
        start(PROBE, *device),
        expect(READY),
        expect(DRAWN),
        shell(take_away),
    ] + lost_steps(), needs=[PROBE])


def check_value(name, pattern):
    """A value read from the program's lines matches `pattern`."""
    import re
    from scenario import CaseFailure

    def step(context):
        value = context.values.get(name, "")
        if not re.search(pattern, value):
            raise CaseFailure(f"{name} is {value!r}, expected to match {pattern!r}")
    return step


KIOSK_SPINNER = "kiosk-spinner"
# Where a kiosk-spinner case keeps the program's stderr, to count its lines.
STDERR = "/tmp/kiosk-spinner.err"
DPI = ["--dpi", str(hud.DPI)]


def backend_named(arguments):
    """The backend `--backend NAME` in `arguments` names: what `status` says draws."""
    return arguments[arguments.index("--backend") + 1]


def hud_case(name, boot, modules, arguments, depth=32, end="quit"):
    """kiosk-spinner with `arguments` on a bare screen, driven through its stdin: each picture is
    the snapshot of the same commands (exact; within RGB565 for 16 bpp), centred; the wheel
    turns, and only its square changes; a kernel message shows nothing over the HUD; `block`
    holds nothing (grab=unsupported); a success hides itself; `hide` leaves the screen black;
    after `end` ("quit" or a signal name) exit 0, the console back and live, and nothing on
    stderr."""
    message = ["msg Updating firmware"]
    progress = message + ["progress 40"]
    blocked = progress + ["block"]
    success = blocked + ["success"]
    again = success + ["show"]
    first, turned = hud.shows([], depth), hud.turned([], depth)
    shows = {commands[-1]: hud.shows(commands, depth) for commands in (message, progress, blocked, success, again)}
    gone = hud.gone(again)
    steps = [
        start(KIOSK_SPINNER, *arguments, *DPI, stderr=STDERR),
        expect(r"^ready$"),
        hud.render_ahead(first, *shows.values(), gone),
        screen(first, "first"),
        screen(turned, "turned"),
        send(message[-1]),
        screen(shows[message[-1]], "message"),
        send(progress[-1]),
        screen(shows[progress[-1]], "progress"),
        kmsg(f"kiosk-spinner VM test: a kernel message while {name} shows"),
        # Nothing moves at a fixed progress: every read is the snapshot, no cursor, no message.
        screen_stays(shows[progress[-1]], "after-kmsg"),
        send("block"),
        send("status"),
        expect(r"^visible=1 blocked=1 grab=(?P<grab>\S+) shown=1 stalled=0 above=held backend=" + backend_named(arguments)
               + r" mode=progress progress=40 "),
        check_value("grab", r"^unsupported$"),
        screen(shows["block"], "blocked"),
        send("success"),
        screen(shows["success"], "success"),
        expect(r"^hidden$"),
        screen(hud.blank(), "hidden"),
        send("show"),
        expect(r"^shown$"),
        screen(shows["show"], "shown-again"),
        send("hide"),
        expect(r"^hidden$"),
        screen(hud.blank(), "hide"),
        send("show"),
        expect(r"^shown$"),
        screen(shows["show"], "shown-after-hide"),
    ]
    if end == "quit":
        steps.append(send("quit"))
    else:
        steps.append(signal(end))
    steps += [
        exits(0),
        screen(gone, "console"),
        kmsg(f"kiosk-spinner VM test: the console is back after {name}"),
        screen(probe.changed_since_last(), "console-live"),
        file_lines(STDERR, 0),
    ]
    proves = ["hud-centred", "hide-clears"] + (["quit-exits-zero"] if end == "quit" else [])
    return Case(name, boot, modules, steps, needs=[KIOSK_SPINNER], backend=backend_named(arguments), proves=proves)


def logo_case(name, boot, modules, arguments, depth=32):
    """kiosk-spinner with `arguments` showing a device maker's logo (`logo PATH`, hud.LOGO) above
    the HUD: each screen its snapshot (the logo scaled, the two centred together), while
    blocking too; a logo line naming no PNG is one stderr line and the logo stays; `logo off`
    leaves the HUD alone in the middle; quit gives the console back."""
    logo = [f"logo {hud.LOGO}", "msg Updating firmware", "progress 40"]
    blocked = logo + ["block"]
    kept = blocked + ["logo /nonexistent.png"]
    plain = kept + ["logo off"]
    shows = {len(commands): hud.shows(commands, depth, centring=commands is plain) for commands in (logo, blocked, plain)}
    return Case(name, boot, modules, [
        start(KIOSK_SPINNER, *arguments, *DPI, stderr=STDERR),
        expect(r"^ready$"),
        hud.render_ahead(*shows.values()),
        *[send(line) for line in logo],
        screen(shows[len(logo)], "logo"),
        send("block"),
        screen(shows[len(blocked)], "logo-blocked"),
        send(kept[-1]),
        send("status"),
        expect(r"^visible=1 blocked=1 "),
        file_lines(STDERR, 1, r'^kiosk-spinner: line 5: "logo" cannot be shown: /nonexistent.png: No such file or directory$'),
        screen(shows[len(blocked)], "logo-kept"),
        send("logo off"),
        screen(shows[len(plain)], "logo-off"),
        send("quit"),
        exits(0),
        screen(hud.gone(plain), "console"),
    ], needs=[KIOSK_SPINNER], backend=backend_named(arguments))


def background_case(name, boot, modules, arguments, depth=32):
    """kiosk-spinner with `arguments` and `--background #204080`: the colour everywhere but the
    HUD (which is drawn, centred), and the whole screen while hidden; quit gives the console
    back."""
    colour = probe.quantise(0x204080, depth)

    def around_the_hud(shown, context):
        total = shown.width * shown.height
        found = shown.count(colour)
        box = shown.bounds(colour)
        problems = [] if total // 2 < found < total else [f"{found} of {total} pixels are the background"]
        return problems + (hud.centred_box(shown, box) if box else ["nothing but the background is drawn"])

    def everywhere(shown, context):
        found = shown.count(colour)
        return [] if found == shown.width * shown.height else [f"{found} of {shown.width * shown.height} pixels are the background"]
    return Case(name, boot, modules, [
        start(KIOSK_SPINNER, *arguments, *DPI, "--background", "#204080", stderr=STDERR),
        expect(r"^ready$"),
        screen(around_the_hud, "background"),
        send("hide"),
        expect(r"^hidden$"),
        screen(everywhere, "background-hidden"),
        send("quit"),
        exits(0),
        file_lines(STDERR, 0),
    ], needs=[KIOSK_SPINNER], backend=backend_named(arguments))


# A backdrop with colour: over black the default one is black, which a surround never written
# would show as well.
BACKDROP = "#2060C0B3"


def surround_case(name, boot, modules, arguments, depth=32):
    """kiosk-spinner with `arguments` and a coloured `--backdrop`: while blocking, every pixel
    around the HUD is the backdrop over black (kept in memory nowhere: the writers put it around
    the HUD's island), on two reads with the wheel turned between them (DRM's two buffers), and
    `status` says it blocks holding nothing (grab=unsupported); after `unblock` black again;
    quit exits 0 with nothing on stderr."""
    backend = backend_named(arguments)
    return Case(name, boot, modules, [
        start(KIOSK_SPINNER, *arguments, *DPI, "--backdrop", BACKDROP, stderr=STDERR),
        expect(r"^ready$"),
        send("block"),
        send("status"),
        expect(rf"^visible=1 blocked=1 grab=unsupported shown=1 stalled=0 above=held backend={backend} "),
        screen(hud.surrounded(BACKDROP, depth), "coloured-backdrop"),
        screen(hud.surrounded(BACKDROP, depth, turned=True), "coloured-backdrop-turned"),
        send("unblock"),
        screen(hud.surrounded(None, depth), "unblocked"),
        send("quit"),
        exits(0),
        file_lines(STDERR, 0),
    ], needs=[KIOSK_SPINNER], backend=backend, proves=["block-dims-and-says", "quit-exits-zero"])


def console_switch_case(name, boot, modules, arguments):
    """kiosk-spinner with `arguments` on a bare screen while another virtual console is switched to
    (`chvt 2`) and back: the other console shows and the wheel draws nothing over it, one line on
    stderr says so, the host hears `hidden` and `status` says `shown=0`; a message sent meanwhile
    is in the picture shown whole when the first console is back, with a second line, `shown` and
    `shown=1`; quit gives the console back."""
    meanwhile = ["msg Sent while away"]
    first, back = hud.shows([]), hud.shows(meanwhile)
    elsewhere = hud.elsewhere([])
    return Case(name, boot, modules, [
        start(KIOSK_SPINNER, *arguments, *DPI, stderr=STDERR),
        expect(r"^ready$"),
        hud.render_ahead(first, back, elsewhere),
        screen(first, "first"),
        shell("chvt 2"),
        screen(elsewhere, "console-2"),
        screen_stays(elsewhere, "console-2-stays"),
        file_lines(STDERR, 1, r"^kiosk-spinner: another console was switched to: nothing is drawn until this one is back$"),
        expect(r"^hidden$"),
        send(meanwhile[-1]),
        send("status"),
        expect(r'^visible=1 blocked=0 grab=none shown=0 stalled=0 above=held backend=' + backend_named(arguments)
               + r' mode=spinner progress=- message="Sent while away" '),
        screen_stays(elsewhere, "console-2-after-msg"),
        shell("chvt 1"),
        screen(back, "back"),
        file_lines(STDERR, 2, r"^kiosk-spinner: (another console was switched to|the console is back)"),
        expect(r"^shown$"),
        send("status"),
        expect(r'^visible=1 blocked=0 grab=none shown=1 '),
        send("quit"),
        exits(0),
        screen(hud.gone(meanwhile), "console"),
        file_lines(STDERR, 2),
    ], needs=[KIOSK_SPINNER])


CONSOLE_RESET = "kiosk-spinner-test-console-reset"


def hand_over_case(name, boot, modules):
    """The screen handed over to the next program (hud.NEXT_MASTER, as a compositor or an eglfs
    application takes it): `deactivate` (`hidden`, one stderr line, the picture stays, a new
    message drawing nothing), the next program's picture on the first mode set it makes, `quit --retain`
    (exit 0 once that picture is up; it stays); then an overlay started while that program holds
    the device waits for it (`--wait-for-display`, one line) and, once it has ended (the kernel
    switching its screen off), shows its HUD whole, as a reboot screen does."""
    progress = ["msg Updating firmware", "progress 40"]
    shows = hud.shows(progress)
    again = hud.shows([])
    return Case(name, boot, modules, [
        start(KIOSK_SPINNER, "--backend", "drm", *DPI, stderr=STDERR),
        expect(r"^ready$"),
        hud.render_ahead(shows, again),
        send(progress[0]),
        send(progress[1]),
        screen(shows, "progress"),
        send("deactivate"),
        expect(r"^hidden$"),
        # Nothing is drawn any more: a new message leaves the picture as it was.
        send("msg Changed after deactivate"),
        screen_stays(shows, "deactivated"),
        shell(f"(sleep 3600 | {hud.NEXT_MASTER} /dev/dri/card0 {hud.NEXT_MASTER_COLOUR} > /tmp/next.out 2>&1 &)"),
        screen(hud.next_master_shown, "next-program"),
        send("quit --retain"),
        exits(0),
        file_lines(STDERR, 1, r"^kiosk-spinner: deactivated: "),
        screen_stays(hud.next_master_shown, "retained"),
        start(KIOSK_SPINNER, "--backend", "drm", "--wait-for-display", "30", *DPI, stderr=STDERR),
        file_lines(STDERR, 1, r"^kiosk-spinner: no display yet \(.*another DRM master"),
        shell(f"kill $(pidof sleep); while pidof {hud.NEXT_MASTER} > /dev/null; do usleep 50000; done"),
        expect(r"^ready$"),
        screen(again, "overlay-again"),
        send("quit"),
        exits(0),
    ], needs=[KIOSK_SPINNER, hud.NEXT_MASTER])


def console_reset_case(name, boot, modules, arguments):
    """kiosk-spinner with `arguments` on a bare screen while its console is reset as systemd
    resets it before it starts a getty there (getty@tty1's TTYReset=: text mode, switches no
    longer followed; kiosk-spinner-test-console-reset): within a second the console is taken
    back and the HUD shown whole, exact, with one line on stderr, and it stays; a switch away and
    back is still followed; a reset while another console is in front leaves the switch back
    unannounced, which is followed all the same (`shown`, the picture whole); after quit the
    console is back and the HUD gone from it."""
    first = hud.shows([])
    return Case(name, boot, modules, [
        start(KIOSK_SPINNER, *arguments, *DPI, stderr=STDERR),
        expect(r"^ready$"),
        hud.render_ahead(first, hud.gone([])),
        screen(first, "first"),
        shell(f"{CONSOLE_RESET} /dev/tty1"),
        shell("echo 'login: ' > /dev/tty1"),
        screen(first, "taken-back"),
        screen_stays(first, "taken-back-stays"),
        file_lines(STDERR, 1, r"^kiosk-spinner: the console was reset under the overlay \(a getty started on it\?\): "
                   r"it is taken back and the picture drawn whole$"),
        shell("chvt 2"),
        expect(r"^hidden$"),
        shell("chvt 1"),
        expect(r"^shown$"),
        screen(first, "back"),
        # Reset while another console is in front: the switch back comes unasked, and is followed.
        shell("chvt 2"),
        expect(r"^hidden$"),
        shell(f"{CONSOLE_RESET} /dev/tty1"),
        shell("chvt 1"),
        expect(r"^shown$"),
        screen(first, "back-after-a-reset-while-away"),
        send("quit"),
        exits(0),
        screen(hud.gone([]), "console"),
    ], needs=[KIOSK_SPINNER, CONSOLE_RESET])


def bgr_case(name, depth, channel_bytes):
    """kiosk-spinner on vfb set to `depth` bpp, whose channels lie in the other order (red lowest):
    its memory holds the snapshot of the same commands (an orange ring: red and blue unlike), each
    pixel as `channel_bytes` lays it."""
    commands = ["color #FF8000", "msg Updating firmware", "progress 40"]
    return Case(name, vfb_boot(depth), ["vfb"], [
        shell("cat /sys/class/graphics/fb0/bits_per_pixel", output=rf"^{depth}$"),
        start(KIOSK_SPINNER, "--backend", "fbdev", "--fade", "0", *DPI, stderr=STDERR),
        expect(r"^ready$"),
        *[send(command) for command in commands],
        hud.in_memory("/dev/fb0", commands, channel_bytes),
        send("quit"),
        exits(0),
        file_lines(STDERR, 0),
    ], needs=[KIOSK_SPINNER])


FBSET = "kiosk-spinner-test-fbset"


def fbdev_mode_case(name):
    """kiosk-spinner on vfb (32 bpp, red lowest), blocking, whose mode is set to another size
    under it (kiosk-spinner-test-fbset, as fbset or another program does on a device): within a
    second the HUD is laid out for the new size and its memory holds the blocked snapshot at that
    size, exact (the HUD centred and whole, the backdrop everywhere else: over black it is black,
    so a strip left undimmed would not show); `status` still says blocked and shown, and nothing
    is said on stderr."""
    commands = ["msg Updating firmware", "progress 40", "block"]

    def xbgr8888(red, green, blue):
        return bytes((red, green, blue, 255))
    return Case(name, vfb_boot(32), ["vfb"], [
        start(KIOSK_SPINNER, "--backend", "fbdev", "--fade", "0", *DPI, stderr=STDERR),
        expect(r"^ready$"),
        *[send(command) for command in commands],
        hud.in_memory("/dev/fb0", commands, xbgr8888),
        shell(f"{FBSET} /dev/fb0 800 600"),
        shell("cat /sys/class/graphics/fb0/virtual_size", output=r"^800,600$"),
        hud.in_memory("/dev/fb0", commands, xbgr8888),
        send("status"),
        expect(r"^visible=1 blocked=1 grab=unsupported shown=1 "),
        send("quit"),
        exits(0),
        file_lines(STDERR, 0),
    ], needs=[KIOSK_SPINNER, FBSET], backend="fbdev", proves=["screen-change-followed"])


def of_size(check, size):
    """`check`, on a screen of `size` (width, height) only."""
    def sized(shown, context):
        if (shown.width, shown.height) != size:
            return [f"the screen is {shown.width}x{shown.height}, not {size[0]}x{size[1]}"]
        return check(shown, context)
    sized.wants = check.wants
    return sized


def two_heads_case(name):
    """`--backend drm --display all` on a card with two connected outputs: each shows the HUD
    exact at its own size (the second at the mode the kernel's video= names, not the first it
    lists, 5120x2160: QEMU gives it no preferred mode); a message reaches both; quit gives both
    back."""
    message = ["msg Updating firmware"]
    first, shown = hud.shows([]), hud.shows(message)
    heads = ((None, "first"), (SECOND_HEAD, "second"))
    return Case(name, VIRTIO_TWO_HEADS, ["virtio_pci", "virtio-gpu"], [
        start(KIOSK_SPINNER, "--backend", "drm", "--display", "all", *DPI, stderr=STDERR),
        expect(r"^ready$"),
        screen(first, "first-output"),
        screen(of_size(first, (1024, 768)), "second-output", head=SECOND_HEAD),
        send(message[-1]),
        *[screen(shown, f"{label}-output-message", head=head) for head, label in heads],
        send("quit"),
        exits(0),
        *[screen(hud.gone(message), f"{label}-output-console", head=head) for head, label in heads],
        file_lines(STDERR, 0),
    ], needs=[KIOSK_SPINNER])


def second_output_case(name):
    """`--backend drm --display 1` on virtio-gpu's two outputs: the HUD shows on the second, exact
    at its size, and nothing is drawn on the first (the console's text stays there)."""
    first = hud.shows([])
    return Case(name, VIRTIO_TWO_HEADS, ["virtio_pci", "virtio-gpu"], [
        start(KIOSK_SPINNER, "--backend", "drm", "--display", "1", *DPI, stderr=STDERR),
        expect(r"^ready$"),
        screen(of_size(first, (1024, 768)), "second-output", head=SECOND_HEAD),
        screen(hud.gone([]), "first-output-untouched"),
        send("quit"),
        exits(0),
        file_lines(STDERR, 0),
    ], needs=[KIOSK_SPINNER])


def hand_over_one_of_two_case(name):
    """`--display all` on virtio-gpu's two outputs, then `quit --retain` while the next program
    (hud.NEXT_MASTER) lights only the first: it exits within about a second, not at the end of its
    wait, with nothing on stderr but the deactivate line; the first output keeps that program's
    picture."""
    return Case(name, VIRTIO_TWO_HEADS, ["virtio_pci", "virtio-gpu"], [
        start(KIOSK_SPINNER, "--backend", "drm", "--display", "all", *DPI, stderr=STDERR),
        expect(r"^ready$"),
        screen(of_size(hud.shows([]), (1024, 768)), "second-output", head=SECOND_HEAD),
        send("deactivate"),
        expect(r"^hidden$"),
        shell(f"(sleep 3600 | {hud.NEXT_MASTER} /dev/dri/card0 {hud.NEXT_MASTER_COLOUR} > /tmp/next.out 2>&1 &)"),
        screen(hud.next_master_shown, "next-program"),
        shell("i=0; until [ -s /tmp/next.out ]; do [ $i -lt 100 ] || exit 1; usleep 20000; i=$((i + 1)); done"),
        send("quit --retain"),
        exits(0, timeout=3),
        file_lines(STDERR, 1, r"^kiosk-spinner: deactivated: "),
        screen_stays(hud.next_master_shown, "retained"),
        shell(f"kill $(pidof sleep); while pidof {hud.NEXT_MASTER} > /dev/null; do usleep 50000; done"),
    ], needs=[KIOSK_SPINNER, hud.NEXT_MASTER])


def connector_status(output, value):
    """A step: forces DRM connector `output` of card0 ("Virtual-2") `value` through sysfs ("off",
    "on", or "detect" to let it be probed again), as a cable pulled or plugged back does, and has
    the kernel send the card's "change" event, as it does for a real plug (with HOTPLUG=1, from the
    plug's interrupt; 6.1 sends none for a status forced through sysfs on virtio-gpu, whose
    outputs are not polled, so it is asked for through the card's uevent file, as `udevadm
    trigger` does: the kernel's event all the same, on the same socket)."""
    return shell(f"echo {value} > /sys/class/drm/card0-{output}/status; echo change > /sys/class/drm/card0/uevent")


def output_unplugged_case(name):
    """`--backend drm --display all` on virtio-gpu's two outputs, the second unplugged and plugged
    back (its connector forced off, then on: the kernel's hot-plug event): gone, it is said in one
    line and drawn nothing while the first goes on (`status` still `shown=1`); back, the HUD is
    drawn on it whole and exact again, at once; the first output never stops showing it."""
    message = ["msg Updating firmware"]
    first, shown = hud.shows([]), hud.shows(message)
    return Case(name, VIRTIO_TWO_HEADS, ["virtio_pci", "virtio-gpu"], [
        start(KIOSK_SPINNER, "--backend", "drm", "--display", "all", *DPI, stderr=STDERR),
        expect(r"^ready$"),
        screen(first, "first-output"),
        screen(of_size(first, (1024, 768)), "second-output", head=SECOND_HEAD),
        connector_status("Virtual-2", "off"),
        send(message[-1]),
        send("status"),
        expect(r"^visible=1 blocked=0 grab=none shown=1 "),
        screen(shown, "first-output-while-second-gone"),
        file_lines(STDERR, 1, r"^kiosk-spinner: display 1 \(output Virtual-2\) is gone \(unplugged or turned off\): the "
                   r"overlay is not seen there until it is back$"),
        connector_status("Virtual-2", "on"),
        screen(of_size(shown, (1024, 768)), "second-output-back", head=SECOND_HEAD),
        file_lines(STDERR, 2),
        shell(f"sed -n 2p {STDERR}", output=r"^kiosk-spinner: display 1 is back$"),
        screen(shown, "first-output-after"),
        send("quit"),
        exits(0),
        # As the boot left it: the kernel's video=...e forces the second output on.
        connector_status("Virtual-2", "on"),
    ], needs=[KIOSK_SPINNER])


def output_plugged_in_case(name):
    """`--backend drm --display all` on virtio-gpu's two outputs, the second unplugged before the
    start (its connector forced off) and plugged in while blocking: one line says so, the HUD and
    the block are drawn on it whole and exact at once, the first goes on showing them, and quit
    gives both back to the console."""
    blocked = ["block"]
    shown = hud.shows(blocked)
    heads = ((None, "first"), (SECOND_HEAD, "second"))
    return Case(name, VIRTIO_TWO_HEADS, ["virtio_pci", "virtio-gpu"], [
        connector_status("Virtual-2", "off"),
        start(KIOSK_SPINNER, "--backend", "drm", "--display", "all", *DPI, stderr=STDERR),
        expect(r"^ready$"),
        send("block"),
        screen(shown, "first-output"),
        connector_status("Virtual-2", "on"),
        screen(of_size(shown, (1024, 768)), "second-output-plugged-in", head=SECOND_HEAD),
        file_lines(STDERR, 1, r"^kiosk-spinner: display 1 \(output Virtual-2\) was plugged in: the overlay shows there too$"),
        screen(shown, "first-output-after"),
        send("quit"),
        exits(0),
        *[screen(hud.gone(blocked), f"{label}-output-console", head=head) for head, label in heads],
    ], needs=[KIOSK_SPINNER])


def only_output_unplugged_case(name):
    """`--backend drm` on virtio-gpu's one output, unplugged while blocking (its connector forced
    off): `hidden`, one line, `status` says `shown=0` while the block is still asked for; plugged
    back: `shown`, the HUD whole and exact at once, `status` says `shown=1`. The screen changed
    under a block is followed here, at the mode it had: the stage can give a connector no other
    (the contract's line for screen-change-followed says so)."""
    blocked = ["block"]
    shown = hud.shows(blocked)
    return Case(name, VIRTIO, ["virtio_pci", "virtio-gpu"], [
        start(KIOSK_SPINNER, "--backend", "drm", *DPI, stderr=STDERR),
        expect(r"^ready$"),
        send("block"),
        screen(shown, "blocked"),
        connector_status("Virtual-1", "off"),
        expect(r"^hidden$"),
        send("status"),
        expect(r"^visible=1 blocked=1 grab=unsupported shown=0 "),
        file_lines(STDERR, 1, r"^kiosk-spinner: the output Virtual-1 is gone \(unplugged or turned off\): the overlay is "
                   r"not seen there until it is back$"),
        connector_status("Virtual-1", "on"),
        expect(r"^shown$"),
        screen(shown, "back"),
        send("status"),
        expect(r"^visible=1 blocked=1 grab=unsupported shown=1 "),
        shell(f"sed -n 2p {STDERR}", output=r"^kiosk-spinner: the display is back$"),
        send("quit"),
        exits(0),
        connector_status("Virtual-1", "detect"),
    ], needs=[KIOSK_SPINNER], backend="drm", proves=["screen-change-followed"])


def auto_case(name, boot, modules, device):
    """Plain `kiosk-spinner`, no DISPLAY nor WAYLAND_DISPLAY: auto picks `device` (its descriptor
    is held), shows the HUD, and says nothing on stderr."""
    first = hud.shows([])
    return Case(name, boot, modules, [
        start(KIOSK_SPINNER, *DPI, stderr=STDERR),
        expect(r"^ready$"),
        holds(device),
        hud.render_ahead(first),
        screen(first, "first"),
        send("quit"),
        exits(0),
        file_lines(STDERR, 0),
    ], needs=[KIOSK_SPINNER])


def loads_everything(log):
    """Every library the program loaded at run time (dlopen, as glibc's LD_DEBUG=files wrote to
    `log`: "file=NAME [0];  dynamically loaded by ...") was found and initialised."""
    import re
    from scenario import CaseFailure

    def step(context):
        _, lines = context.machine.run(f"grep -E 'dynamically loaded by|calling init:' {log} || true")
        opened = [match.group(1) for line in lines for match in [re.search(r"file=(\S+) \[\d+\];\s+dynamically loaded", line)]
                  if match]
        started = [line.split("calling init:", 1)[1].strip().rsplit("/", 1)[-1] for line in lines if "calling init:" in line]
        missing = [name for name in opened if name not in started]
        if missing:
            raise CaseFailure(f"loaded at run time but not found in the guest: {', '.join(missing)}")
    return step


# Three scripts the bundled fonts hold (Latin in DejaVu Sans, Chinese in Droid Sans Fallback,
# Devanagari in Noto Sans Devanagari), so nothing is looked up through fontconfig.
SCRIPTS_MESSAGE = "msg Wait 正在接收心电数据 कृपया प्रतीक्षा करें"


def libraries_case(name, boot, modules):
    """kiosk-spinner --backend drm with a message in three scripts, under LD_DEBUG=files: the
    message is the snapshot's (the bundled fonts found beside the binary), every library it
    opens at run time is in the guest (the initramfs has what ldd lists, nothing more), and SDL2
    is not one of them (only the X11 backend loads it)."""
    shows = hud.shows([SCRIPTS_MESSAGE])
    log = "/tmp/kiosk-spinner.ld"
    return Case(name, boot, modules, [
        start("env", "LD_DEBUG=files", KIOSK_SPINNER, "--backend", "drm", *DPI, stderr=log),
        expect(r"^ready$"),
        hud.render_ahead(shows),
        send(SCRIPTS_MESSAGE),
        screen(shows, "scripts"),
        send("quit"),
        exits(0),
        loads_everything(log),
        shell(f"! grep -v '^ *[0-9]*:' {log}", output=None),
        shell(f"! grep -i 'libSDL2' {log}", output=None),
    ], needs=[KIOSK_SPINNER])


# psplash-write from before the FIFO exists until a write succeeds (as a boot script's first
# `psplash-write` may run before psplash has made it): the first message written must show.
PSPLASH_TRIES = "/tmp/psplash-write.tries"
FIRST_WRITE = (f"rm -f {PSPLASH_TRIES}; (n=1; until psplash-write 'MSG Booting'; do n=$((n + 1)); usleep 5000; done; "
               f"echo $n > {PSPLASH_TRIES}) < /dev/null > /dev/null 2>&1 3>&- &")


def psplash_hud_case(name, boot, modules, arguments, device, depth=32, rotate=0):
    """`kiosk-spinner --psplash ARGUMENTS` (psplash's boot line) on `device`, driven by the real
    psplash-write from the FIFO's first moment: MSG, PROGRESS 40, then QUIT exits 0 and
    removes the FIFO; each picture the snapshot of the same commands (turned by `rotate`)."""
    message = hud.shows(["msg Booting"], depth, rotate)
    progress = hud.shows(["msg Booting", "progress 40"], depth, rotate)
    gone = hud.gone(["msg Booting", "progress 40"], rotate)
    return Case(name, boot, modules, [
        shell(FIRST_WRITE),
        start(KIOSK_SPINNER, "--psplash", *arguments, *DPI, stderr=STDERR),
        expect(r"^ready$"),
        holds(device),
        hud.render_ahead(message, progress, gone),
        shell(f"until [ -e {PSPLASH_TRIES} ]; do usleep 20000; done"),
        screen(message, "message"),
        shell("psplash-write 'PROGRESS 40'"),
        screen(progress, "progress"),
        shell("psplash-write QUIT"),
        exits(0),
        screen(gone, "console"),
        shell("[ ! -e /run/psplash_fifo ]"),
        file_lines(STDERR, 0),
    ], needs=[KIOSK_SPINNER, "psplash-write"])


def waits_for_device_case(name, boot, modules):
    """`kiosk-spinner --psplash -n --wait-for-display 60` started before any display driver is
    loaded, as a boot unit starts before udev has loaded the DRM driver: one line says it waits;
    its FIFO is there at once, so psplash-write's MSG written before the device exists succeeds
    and is kept; the driver loaded (`modules`), the overlay shows that message, exact; QUIT exits 0."""
    message = hud.shows(["msg Waiting for the GPU"])
    gone = hud.gone(["msg Waiting for the GPU"])
    return Case(name, boot, [], [
        shell("[ ! -e /dev/dri/card0 ] && [ ! -e /dev/fb0 ]"),
        start(KIOSK_SPINNER, "--psplash", "-n", "--wait-for-display", "60", *DPI, stderr=STDERR),
        shell("until [ -p /run/psplash_fifo ]; do usleep 20000; done"),
        shell("psplash-write 'MSG Waiting for the GPU'"),
        file_lines(STDERR, 1, r"^kiosk-spinner: no display yet \(.*\); waiting up to 60 s for one \(--wait-for-display\)$"),
        load(*modules),
        expect(r"^ready$"),
        hud.render_ahead(message, gone),
        screen(message, "message"),
        shell("psplash-write QUIT"),
        exits(0),
        screen(gone, "console"),
        file_lines(STDERR, 2, r"^kiosk-spinner: (no display yet \(.*\); waiting up to 60 s for one \(--wait-for-display\)"
                   r"|a display came after [0-9.]+ s; showing on it \(drm\))$"),
    ], needs=[KIOSK_SPINNER, "psplash-write"])


# What kiosk-spinner says when its device goes, by backend.
LOST_LINES = {
    "drm": r"^kiosk-spinner: the DRM device /dev/dri/card0 went away; exiting$",
    "fbdev": r"^kiosk-spinner: the framebuffer /dev/fb0 went away; exiting$",
}


def hud_lost_case(name, boot, modules, arguments, take_away, give_back=None, depth=32):
    """kiosk-spinner with `arguments` shows, `take_away` (a step) removes the device: exit 4 and
    one line on stderr, the backend's. `give_back` (a shell command) first brings the device back
    if an earlier case took it."""
    first = hud.shows([], depth)
    backend = backend_named(arguments)
    steps = [shell(give_back)] if give_back else []
    steps += [
        start(KIOSK_SPINNER, *arguments, *DPI, stderr=STDERR),
        expect(r"^ready$"),
        hud.render_ahead(first),
        screen(first, "first"),
        take_away,
        exits(4),
        file_lines(STDERR, 1, LOST_LINES[backend]),
    ]
    return Case(name, boot, modules, steps, needs=[KIOSK_SPINNER], backend=backend, proves=["display-lost-exits-four"])


def psplash_background(depth=32):
    """Most of the screen is psplash's background colour (psplash-colors.h: ECECE1)."""
    colour = probe.quantise(0xECECE1, depth)

    def check(shown, context):
        count = shown.count(colour, tolerance=8 if depth == 16 else 0)
        if count < shown.width * shown.height // 2:
            return [f"only {count} of {shown.width * shown.height} pixels are psplash's background"]
        return []
    return check


def psplash_case(name, boot, modules, arguments, depth=32):
    """The peer psplash shows its picture and quits on psplash-write QUIT (for the benchmark
    later: it runs in this VM)."""
    return Case(name, boot, modules, [
        start("psplash", *arguments),
        screen(psplash_background(depth), "picture", timeout=30),
        shell("psplash-write 'PROGRESS 50'"),
        shell("psplash-write QUIT"),
        exits(0),
    ], needs=["psplash", "psplash-write"])


CASES = [
    # vesafb, 32 bpp, before any DRM driver is loaded.
    probe_case("vesafb-32bpp", STD_VESA32, [], ["--fbdev", "/dev/fb0"], 32,
               name_pattern=r"VESA VGA 1024x768 32 bpp XRGB8888"),
    probe_case("vesafb-32bpp-sigterm", STD_VESA32, [], ["--fbdev", "/dev/fb0"], 32, end="TERM"),
    # kiosk-spinner on vesafb at 32 bpp, no DRM module loaded: named, and chosen by auto.
    hud_case("kiosk-spinner-vesafb-32bpp", STD_VESA32, [], ["--backend", "fbdev"], 32, end="quit"),
    console_switch_case("kiosk-spinner-vesafb-console-switch", STD_VESA32, [], ["--backend", "fbdev"]),
    console_reset_case("kiosk-spinner-vesafb-console-reset", STD_VESA32, [], ["--backend", "fbdev"]),
    psplash_hud_case("kiosk-spinner-psplash-vesafb-32bpp", STD_VESA32, [], ["-n"], r"/dev/fb0$", 32),
    # bochs-drm takes the hardware over from vesafb while the probe draws on it.
    Case("vesafb-lost-to-bochs", STD_VESA32, [], [
        start(PROBE, "--fbdev", "/dev/fb0"),
        expect(READY),
        expect(DRAWN),
        load("bochs"),
    ] + lost_steps(), needs=[PROBE]),
    # bochs-drm: two dumb buffers flipped.
    probe_case("bochs-drm", STD_VESA32, ["bochs"], ["--drm", "/dev/dri/card0"], 32,
               name_pattern=r"card0 Virtual-1 \d+x\d+ \(bochs-drm, 2 buffers flipped\)"),
    Case("bochs-drm-busy-then-sigterm", STD_VESA32, ["bochs"], [
        start(PROBE, "--drm", "/dev/dri/card0"),
        expect(READY),
        expect(DRAWN),
        shell(f"{PROBE} --drm /dev/dri/card0 < /dev/null", status=1,
              output=r"^error /dev/dri/card0: drmSetMaster failed: .*another DRM master.*\(status 2\)$"),
        screen(probe.picture(32), "picture"),
        signal("TERM"),
        expect(r"^bye$"),
        exits(0),
        screen(probe.console_back(32), "console"),
    ], needs=[PROBE]),
    # Killed outright, nothing is restored by us: the kernel's own clean-up must do (DRM only;
    # fbdev's console would stay in KD_GRAPHICS). Seen on bochs-drm: the console's screen comes
    # back black, without its earlier text, and shows what is printed from then on.
    Case("bochs-drm-sigkill", STD_VESA32, ["bochs"], [
        start(PROBE, "--drm", "/dev/dri/card0"),
        expect(READY),
        expect(DRAWN),
        screen(probe.picture(32), "picture"),
        signal("KILL"),
        exits(137),
        screen(probe.console_back(32), "console"),
        kmsg("kiosk-spinner VM test: the console is back after SIGKILL"),
        screen(probe.changed_since_last(), "console-live"),
    ], needs=[PROBE]),
    # kfb_restore_all gives the console back while the device is still open (not only the
    # kernel, when the last descriptor closes).
    restore_case("bochs-drm-restore-while-open", STD_VESA32, ["bochs"], ["--drm", "/dev/dri/card0"]),
    # fbdev on bochs-drm's fbdev emulation.
    probe_case("bochs-fbdev", STD_VESA32, ["bochs"], ["--fbdev", "/dev/fb0"], 32,
               name_pattern=r"bochs-drmdrmfb"),
    # kiosk-spinner on bochs-drm: named, chosen by auto, as psplash --drm, turned by -a 90.
    hud_case("kiosk-spinner-bochs-drm", STD_VESA32, ["bochs"], ["--backend", "drm"], 32, end="TERM"),
    console_switch_case("kiosk-spinner-bochs-drm-console-switch", STD_VESA32, ["bochs"], ["--backend", "drm"]),
    console_reset_case("kiosk-spinner-bochs-drm-console-reset", STD_VESA32, ["bochs"], ["--backend", "drm"]),
    hand_over_case("kiosk-spinner-bochs-drm-hand-over", STD_VESA32, ["bochs"]),
    surround_case("kiosk-spinner-bochs-drm-backdrop", STD_VESA32, ["bochs"], ["--backend", "drm"]),
    logo_case("kiosk-spinner-bochs-drm-logo", STD_VESA32, ["bochs"], ["--backend", "drm"]),
    background_case("kiosk-spinner-bochs-drm-background", STD_VESA32, ["bochs"], ["--backend", "drm"]),
    auto_case("kiosk-spinner-bochs-auto", STD_VESA32, ["bochs"], r"/dev/dri/card0$"),
    libraries_case("kiosk-spinner-bochs-libraries", STD_VESA32, ["bochs"]),
    psplash_hud_case("kiosk-spinner-psplash-bochs-drm", STD_VESA32, ["bochs"], ["-n", "--drm"],
                     r"/dev/dri/card0$"),
    # psplash turns its picture counter-clockwise by -a: -a 90 is --rotate 270.
    psplash_hud_case("kiosk-spinner-psplash-bochs-angle-90", STD_VESA32, ["bochs"], ["-n", "-a", "90"],
                     r"/dev/dri/card0$", rotate=270),
    # Another DRM master holds the device: one line, exit 3, the holder's picture untouched.
    Case("kiosk-spinner-bochs-drm-busy", STD_VESA32, ["bochs"], [
        start(PROBE, "--drm", "/dev/dri/card0"),
        expect(READY),
        expect(DRAWN),
        shell(f"kiosk-spinner --backend drm < /dev/null > /tmp/kiosk-spinner.out 2> {STDERR}; echo status $?",
              output=r"^status 3$"),
        file_lines(STDERR, 1, r"^kiosk-spinner: /dev/dri/card0: drmSetMaster failed: .*another DRM master"),
        file_lines("/tmp/kiosk-spinner.out", 0),
        screen(probe.picture(32), "probe-untouched"),
        send("quit"),
        expect(r"^bye$"),
        exits(0),
    ], needs=[PROBE, KIOSK_SPINNER]),
    psplash_case("psplash-drm-bochs", STD_VESA32, ["bochs"], ["--drm", "-n"]),
    # The driver unbound under the probe: the device is lost (last on this boot: bochs is gone).
    lost_case("bochs-drm-unbound", STD_VESA32, ["bochs"], ["--drm", "/dev/dri/card0"],
              "echo 0000:00:02.0 > /sys/bus/pci/drivers/bochs-drm/unbind"),
    # bound again, and unbound under kiosk-spinner: exit 4 (last: bochs is gone again).
    hud_lost_case("kiosk-spinner-bochs-drm-unbound", STD_VESA32, ["bochs"], ["--backend", "drm"],
                  shell("echo 0000:00:02.0 > /sys/bus/pci/drivers/bochs-drm/unbind"),
                  give_back="[ -e /dev/dri/card0 ] || echo 0000:00:02.0 > /sys/bus/pci/drivers/bochs-drm/bind"),
    # vesafb, 16 bpp (RGB565).
    probe_case("vesafb-16bpp", STD_VESA16, [], ["--fbdev", "/dev/fb0"], 16,
               name_pattern=r"VESA VGA 1024x768 16 bpp RGB565"),
    hud_case("kiosk-spinner-vesafb-16bpp", STD_VESA16, [], ["--backend", "fbdev"], 16, end="TERM"),
    surround_case("kiosk-spinner-vesafb-16bpp-backdrop", STD_VESA16, [], ["--backend", "fbdev"], 16),
    logo_case("kiosk-spinner-vesafb-16bpp-logo", STD_VESA16, [], ["--backend", "fbdev"], 16),
    background_case("kiosk-spinner-vesafb-16bpp-background", STD_VESA16, [], ["--backend", "fbdev"], 16),
    psplash_hud_case("kiosk-spinner-psplash-vesafb-16bpp", STD_VESA16, [], ["-n"], r"/dev/fb0$", 16),
    psplash_case("psplash-vesafb-16bpp", STD_VESA16, [], ["-n"], 16),
    # bochs-drm loaded while kiosk-spinner draws on vesafb, as a late DRM driver takes the screen
    # over on a device's boot: exit 4 (last on this boot: vesafb is gone).
    hud_lost_case("kiosk-spinner-vesafb-16bpp-lost-to-bochs", STD_VESA16, [], ["--backend", "fbdev"],
                  load("bochs"), depth=16),
    # vesafb, 24 bpp (three bytes a pixel).
    probe_case("vesafb-24bpp", STD_VESA24, [], ["--fbdev", "/dev/fb0"], 24,
               name_pattern=r"VESA VGA 1024x768 24 bpp RGB888"),
    restore_case("vesafb-24bpp-restore-while-open", STD_VESA24, [], ["--fbdev", "/dev/fb0"], 24),
    hud_case("kiosk-spinner-vesafb-24bpp", STD_VESA24, [], ["--backend", "fbdev"], 24, end="quit"),
    # BGR panels: red in the lowest byte, the alpha byte of vfb's 32 bpp mode written opaque.
    bgr_case("kiosk-spinner-vfb-xbgr8888", 32, lambda red, green, blue: bytes((red, green, blue, 255))),
    # A mode set under it while blocking (fbset): followed within a second.
    fbdev_mode_case("kiosk-spinner-vfb-mode-set-under-it"),
    bgr_case("kiosk-spinner-vfb-bgr888", 24, lambda red, green, blue: bytes((red, green, blue))),
    # virtio-gpu: one buffer and DirtyFB.
    probe_case("virtio-gpu-drm", VIRTIO, ["virtio_pci", "virtio-gpu"], ["--drm", "/dev/dri/card0"], 32,
               name_pattern=r"card0 Virtual-1 \d+x\d+ \(virtio_gpu, 1 buffer \+ DirtyFB\)"),
    probe_case("virtio-gpu-fbdev", VIRTIO, ["virtio_pci", "virtio-gpu"], ["--fbdev", "/dev/fb0"], 32,
               name_pattern=r"virtio_gpudrmfb"),
    # fbdev panned: the picture goes where the screen shows, follows a pan made under it, and
    # the pan the probe found is put back. The device's memory is read too: 6.1's fbdev emulation
    # copies to virtio-gpu only the rows above yres of what is written, so at a pan offset the
    # screen shows the picture's top rows and black below them (seen on its screendump). The
    # framebuffer console is unbound for the case (as on a kiosk without one): where it is bound,
    # KD_TEXT makes it pan back to its own scroll offset, which hides whether ours was restored.
    Case("virtio-gpu-fbdev-panned", VIRTIO, ["virtio_pci", "virtio-gpu"], [
        shell(f"{FBCON_VTCON} echo 0 > $v/bind; done"),
        shell(f"echo 0,{PAN_ROWS} > {FB0_PAN}"),
        start(PROBE, "--fbdev", "/dev/fb0"),
        expect(READY),
        expect(DRAWN),
        probe.in_memory("/dev/fb0", PAN_ROWS),
        screen(probe.picture(32, rows=(0, PAN_ROWS)), "picture"),
        shell(f"echo 0,0 > {FB0_PAN}"),
        send("step"),
        expect(DRAWN),
        probe.in_memory("/dev/fb0", 0),
        screen(probe.picture(32), "step-after-pan"),
        send("quit"),
        expect(r"^bye$"),
        exits(0),
        shell(f"cat {FB0_PAN}", output=f"^0,{PAN_ROWS}$"),
        shell(f"echo 0,0 > {FB0_PAN}; {FBCON_VTCON} echo 1 > $v/bind; done"),
    ], needs=[PROBE]),
    hud_case("kiosk-spinner-virtio-gpu-drm", VIRTIO, ["virtio_pci", "virtio-gpu"], ["--backend", "drm"], 32),
    waits_for_device_case("kiosk-spinner-virtio-gpu-waits-for-its-device", VIRTIO_LATE, ["virtio_pci", "virtio-gpu"]),
    surround_case("kiosk-spinner-virtio-gpu-drm-backdrop", VIRTIO, ["virtio_pci", "virtio-gpu"], ["--backend", "drm"]),
    auto_case("kiosk-spinner-virtio-gpu-auto", VIRTIO, ["virtio_pci", "virtio-gpu"], r"/dev/dri/card0$"),
    # The only connector unplugged and plugged back while blocking (forced through sysfs).
    only_output_unplugged_case("kiosk-spinner-virtio-gpu-only-output-unplugged"),
    lost_case("virtio-gpu-drm-unbound", VIRTIO, ["virtio_pci", "virtio-gpu"], ["--drm", "/dev/dri/card0"],
              "echo 0000:00:03.0 > /sys/bus/pci/drivers/virtio-pci/unbind"),
    # bound again, and unbound under kiosk-spinner (one buffer and DirtyFB): exit 4.
    hud_lost_case("kiosk-spinner-virtio-gpu-drm-unbound", VIRTIO, ["virtio_pci", "virtio-gpu"], ["--backend", "drm"],
                  shell("echo 0000:00:03.0 > /sys/bus/pci/drivers/virtio-pci/unbind"),
                  give_back="[ -e /dev/dri/card0 ] || echo 0000:00:03.0 > /sys/bus/pci/drivers/virtio-pci/bind"),
    # Two connectors on one card, both drawn (--display all).
    two_heads_case("kiosk-spinner-virtio-gpu-two-outputs"),
    # A connector unplugged and plugged back (forced through sysfs): followed by the kernel's event.
    output_unplugged_case("kiosk-spinner-virtio-gpu-output-unplugged"),
    # One not connected at the start, plugged in while blocking: added (--display all).
    output_plugged_in_case("kiosk-spinner-virtio-gpu-output-plugged-in"),
    second_output_case("kiosk-spinner-virtio-gpu-second-output"),
    hand_over_one_of_two_case("kiosk-spinner-virtio-gpu-hand-over-one-of-two"),
]

# arm64: Debian 13's arm64 kernel under qemu-system-aarch64 -M virt (TCG) with virtio-gpu on PCI
# (virtio_pci is built into that kernel) and the arm64 package's binary in the initramfs, its
# screens compared with this machine's snapshots (the same pixels: scripts/arm64/test checks that
# first). scripts/arm64/test runs these; scripts/vm/test runs CASES.
ARM64_VIRTIO = Boot("arm64-virtio", ["-device", "virtio-gpu-pci"], "", "virtio-gpu on arm64 (-M virt)",
                    architecture="arm64")
ARM64_CASES = [
    hud_case("kiosk-spinner-arm64-virtio-gpu-drm", ARM64_VIRTIO, ["virtio-gpu"], ["--backend", "drm"], 32),
    hud_case("kiosk-spinner-arm64-virtio-gpu-drm-sigterm", ARM64_VIRTIO, ["virtio-gpu"], ["--backend", "drm"], 32,
             end="TERM"),
    psplash_hud_case("kiosk-spinner-arm64-psplash-virtio-gpu", ARM64_VIRTIO, ["virtio-gpu"], ["-n", "--drm"],
                     r"/dev/dri/card0$", 32),
]
