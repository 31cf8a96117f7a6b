"""A Debian 12 system with systemd, as a device maker's image is made: mmdebstrap from Debian's
mirror with Debian's kernel (udev loads the display driver at boot, as on a device) and the
libraries kiosk-spinner's .deb depends on, so `dpkg -i` of the package needs nothing more, and a
kiosk compositor to hand the screen over to. Kept
as a tarball under /var/cache/kiosk-spinner-vm, one per package list, and made again when
missing (about 2-5 minutes and 150 MB of downloads here)."""

import hashlib
import os
import subprocess

CACHE = "/var/cache/kiosk-spinner-vm"
SUITE = "bookworm"
MIRROR = "http://deb.debian.org/debian"
# What a minimal device image needs to boot with systemd and udev on Debian's kernel.
SYSTEM = ["systemd-sysv", "udev", "linux-image-amd64", "kmod"]
# The kiosk compositor the splash hands the screen over to (cage 0.1.4 on wlroots 0.15, which will
# not start without Xwayland), seatd giving it the seat without logind, and wev as its application.
KIOSK = ["cage", "xwayland", "seatd", "wev"]


def depends_of(deb):
    """The packages `deb`'s Depends names (the first of each set of alternatives)."""
    field = subprocess.run(["dpkg-deb", "-f", deb, "Depends"], check=True, capture_output=True, text=True).stdout
    return sorted({part.split("|")[0].split("(")[0].strip() for part in field.split(",") if part.strip()})


def base_image(deb, log):
    """The cached root tarball for installing `deb`; made when missing."""
    packages = SYSTEM + KIOSK + depends_of(deb)
    key = hashlib.sha1(" ".join([SUITE, MIRROR] + packages).encode()).hexdigest()[:12]
    path = os.path.join(CACHE, f"debian12-systemd-{key}.tar")
    if os.path.exists(path):
        return path
    os.makedirs(CACHE, exist_ok=True)
    log(f"making the Debian 12 image ({', '.join(packages)}) with mmdebstrap into {path}")
    partial = path + ".part"
    made = subprocess.run(["mmdebstrap", "--variant=minbase", "--format=tar", "--include=" + ",".join(packages),
                           "--aptopt=Acquire::Check-Valid-Until \"false\"", SUITE, partial, MIRROR],
                          capture_output=True, text=True)
    if made.returncode != 0:
        raise RuntimeError(f"mmdebstrap exited {made.returncode}: {made.stderr[-2000:]}")
    os.replace(partial, path)
    return path
