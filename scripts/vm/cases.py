"""The cases scripts/vm/test runs, boot by boot in the order listed (cases of one boot share it,
so a case may rely on what an earlier one loaded). Adding a case: a Case with its program, its
arguments, its stdin lines and its screen checks (see scenario.py)."""

import probe
from scenario import (Boot, Case, exits, expect, kmsg, load, screen, screen_stays, send, shell, signal,
                      start)

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
    psplash_case("psplash-drm-bochs", STD_VESA32, ["bochs"], ["--drm", "-n"]),
    # The driver unbound under the probe: the device is lost (last on this boot: bochs is gone).
    lost_case("bochs-drm-unbound", STD_VESA32, ["bochs"], ["--drm", "/dev/dri/card0"],
              "echo 0000:00:02.0 > /sys/bus/pci/drivers/bochs-drm/unbind"),
    # vesafb, 16 bpp (RGB565).
    probe_case("vesafb-16bpp", STD_VESA16, [], ["--fbdev", "/dev/fb0"], 16,
               name_pattern=r"VESA VGA 1024x768 16 bpp RGB565"),
    psplash_case("psplash-vesafb-16bpp", STD_VESA16, [], ["-n"], 16),
    # vesafb, 24 bpp (three bytes a pixel).
    probe_case("vesafb-24bpp", STD_VESA24, [], ["--fbdev", "/dev/fb0"], 24,
               name_pattern=r"VESA VGA 1024x768 24 bpp RGB888"),
    restore_case("vesafb-24bpp-restore-while-open", STD_VESA24, [], ["--fbdev", "/dev/fb0"], 24),
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
    lost_case("virtio-gpu-drm-unbound", VIRTIO, ["virtio_pci", "virtio-gpu"], ["--drm", "/dev/dri/card0"],
              "echo 0000:00:03.0 > /sys/bus/pci/drivers/virtio-pci/unbind"),
]
