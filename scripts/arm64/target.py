"""The arm64 target as the tests and benchmarks meet it: Debian 13 (trixie) arm64 roots made with
mmdebstrap from Debian's mirror (extracted only, never run: qemu-user or qemu-system runs what is
in them), merged /usr as Debian 13 is."""

import os
import shutil
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.dirname(os.path.dirname(HERE))
WORK = os.path.join(CHECKOUT, ".build", "arm64")


def _configured():
    """target.conf's NAME=value lines."""
    with open(os.path.join(HERE, "target.conf")) as conf:
        return dict(line.strip().split("=", 1) for line in conf if "=" in line and not line.startswith("#"))


SUITE = _configured()["TARGET_SUITE"]
MIRROR = _configured()["MIRROR"]
# The glibc of Debian 13: the binary may need no symbol version past it.
GLIBC = (2, 41)
# The mirror's trixie Release file is past its Valid-Until date.
EXTRACT = ["mmdebstrap", "--quiet", "--variant=extract", "--architectures=arm64",
           "--aptopt=Acquire::Check-Valid-Until \"false\"", "--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr"]


def package_root(deb, folder):
    """Makes in `folder` a root holding the package `deb` and what its Depends names, nothing else;
    returns mmdebstrap's CompletedProcess. apt resolves the Depends outside and hands dpkg inside
    the package's path as it is, so a copy lies at that path inside the root while it is made."""
    with tempfile.TemporaryDirectory(prefix="kiosk-spinner-arm64-deb.") as hand_over:
        package = os.path.join(hand_over, os.path.basename(deb))
        shutil.copy(deb, package)
        return subprocess.run(EXTRACT + [f"--include={package}",
                                         f'--setup-hook=mkdir -p "$1{hand_over}" && cp "{package}" "$1{hand_over}/"',
                                         f'--extract-hook=rm -rf "$1{hand_over}"', SUITE, folder, MIRROR],
                              capture_output=True, text=True)


def kernel_root():
    """Debian 13's arm64 kernel and busybox-static, extracted into .build/arm64/kernel once."""
    folder = os.path.join(WORK, "kernel")
    if not os.path.isdir(os.path.join(folder, "boot")):
        shutil.rmtree(folder + ".part", ignore_errors=True)
        made = subprocess.run(EXTRACT + ["--include=linux-image-arm64,busybox-static", SUITE, folder + ".part", MIRROR],
                              capture_output=True, text=True)
        if made.returncode != 0:
            raise RuntimeError(f"mmdebstrap of Debian 13's arm64 kernel exited {made.returncode}: {made.stderr[-1500:]}")
        os.rename(folder + ".part", folder)
    return folder


def initramfs_for(path, root, modules, programs):
    """Writes at `path` an initramfs for Debian 13's arm64 kernel (`kernel_root`) and returns that
    kernel: busybox, `modules`, the package's kiosk-spinner and fonts from its Debian 13 `root`,
    and `programs` ({name in /usr/bin: host path}), each with the libraries it needs from `root`."""
    import initramfs
    import kernel
    linux = kernel.Kernel(kernel_root())
    installed = os.path.join(root, "usr", "bin", "kiosk-spinner")
    initramfs.build(path, linux, modules,
                    [(host, f"/usr/bin/{name}") for name, host in {"kiosk-spinner": installed, **programs}.items()],
                    trees=[(os.path.join(root, "usr", "share", "kiosk-spinner", "fonts"), "/usr/share/kiosk-spinner/fonts")],
                    root=root, busybox=os.path.join(linux.root, "usr", "bin", "busybox"), architecture="arm64")
    return linux


def newest_package():
    """The newest .build/deb/kiosk-spinner_*_arm64.deb, or None."""
    folder = os.path.join(CHECKOUT, ".build", "deb")
    debs = [os.path.join(folder, name) for name in os.listdir(folder) if name.endswith("_arm64.deb")] \
        if os.path.isdir(folder) else []
    return max(debs, key=os.path.getmtime, default=None)


def compile_c(sources, output, flags=()):
    """Compiles a C program for arm64 from `sources` into `output` (both under the checkout, which
    the toolchain sees at the same path) with the toolchain's clang against the sysroot
    (scripts/arm64/toolchain makes them; scripts/arm64/run runs it)."""
    os.makedirs(os.path.dirname(output), exist_ok=True)
    subprocess.run([os.path.join(CHECKOUT, "scripts", "arm64", "run"), "/usr/libexec/swift/bin/clang",
                    "--target=aarch64-linux-gnu", "--sysroot=/sysroot", "-fuse-ld=lld", "-O2", *flags,
                    "-o", output, *sources], check=True)


def build_psplash():
    """The peer, psplash, and psplash-write for arm64 in .build/arm64/psplash/: {name: path}. From
    the sources scripts/vm/build-psplash prepares for x86-64 (its configure's config.h, the image
    headers it generates with gdk-pixbuf-csource), built as that build does: DRM on, Radeon font."""
    subprocess.run([os.path.join(CHECKOUT, "scripts", "vm", "build-psplash")], check=True, stdout=subprocess.DEVNULL)
    prepared = os.path.join(CHECKOUT, ".build", "vm", "psplash-src")
    folder = os.path.join(WORK, "psplash")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for name in os.listdir(prepared):
        if name.endswith((".c", ".h")):
            shutil.copy(os.path.join(prepared, name), folder)
    common = ["-D_GNU_SOURCE", "-DHAVE_CONFIG_H"]
    psplash = ["psplash.c", "psplash-fb.c", "psplash-console.c", "psplash-draw.c", "psplash-drm.c"]
    programs = {name: os.path.join(folder, name) for name in ("psplash", "psplash-write")}
    compile_c([os.path.join(folder, source) for source in psplash], programs["psplash"],
              common + ['-DFONT_HEADER="radeon-font.h"', "-DFONT_DEF=radeon_font", "-DENABLE_DRM",
                        "-I/sysroot/usr/include/libdrm", "-ldrm"])
    compile_c([os.path.join(folder, "psplash-write.c")], programs["psplash-write"], common)
    return programs
