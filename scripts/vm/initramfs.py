"""The test VM's initramfs: a cpio archive (newc format, gzip-compressed) written here, holding
busybox-static, the kernel modules a boot needs, the programs under test with every library ldd
lists for them, extra files (fonts) and /init."""

import gzip
import os
import re
import stat
import subprocess

# /init: mounts what programs need, then serves a shell on the host's command channel (CHANNEL,
# machine.ARCHITECTURES' channel_device: the second serial port on x86-64, whose first carries the
# kernel's log; a virtio console on arm64). Raw mode, so the shell's input is not echoed and its
# output is not rewritten. The shell's stdout is a pipe, so it is not
# interactive (no prompt, no line editing; ash asks isatty of stdin and stdout); its own complaints
# go to /tmp/shell-errors. Its stdin is the terminal itself: a `cat <&3 | sh` pipeline lost the
# host's commands now and then. A shell that ends is started again: pid 1 must not exit.
INIT = """#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /run /tmp /dev/pts
mount -t tmpfs tmpfs /run
mount -t tmpfs tmpfs /tmp
# Held open from here on, so nothing the host sends is dropped between two opens.
exec 3<> CHANNEL
stty raw -echo clocal <&3
echo "@@booted $(cut -d' ' -f1 /proc/uptime)" >&3
while true; do
    sh <&3 2>>/tmp/shell-errors 3>&- | cat >&3
done
"""


class Archive:
    """A newc cpio archive being built in memory: directories, files, symlinks, each once."""

    def __init__(self):
        self.entries = {}

    def _directories(self, path):
        parts = path.strip("/").split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            directory = "/".join(parts[:depth])
            self.entries.setdefault(directory, (stat.S_IFDIR | 0o755, b""))

    def add_directory(self, path):
        self._directories(path + "/x")

    def add_bytes(self, path, data, mode=0o644):
        self._directories(path)
        self.entries[path.strip("/")] = (stat.S_IFREG | mode, data)

    def add_file(self, host_path, guest_path, mode=None):
        """A host file (symlinks followed) at `guest_path`; keeps its permission bits by default."""
        real = os.path.realpath(host_path)
        with open(real, "rb") as source:
            data = source.read()
        self.add_bytes(guest_path, data, mode if mode is not None else stat.S_IMODE(os.stat(real).st_mode))

    def add_tree(self, host_folder, guest_folder):
        for folder, _, files in os.walk(host_folder):
            for name in sorted(files):
                host = os.path.join(folder, name)
                relative = os.path.relpath(host, host_folder)
                self.add_file(host, os.path.join(guest_folder, relative), 0o644)

    def add_character_device(self, path, major, minor):
        self._directories(path)
        self.entries[path.strip("/")] = (stat.S_IFCHR | 0o600, (major, minor))

    def add_symlink(self, path, target):
        self._directories(path)
        self.entries[path.strip("/")] = (stat.S_IFLNK | 0o777, target.encode())

    def add_program(self, host_path, guest_path, root=None):
        """A dynamically linked program and every library it loads: those ldd lists, at the
        paths ldd gives, or for a program of another architecture those found in `root`."""
        self.add_file(host_path, guest_path, 0o755)
        pairs = libraries_in_root(host_path, root) if root else [(path, path) for path in libraries_of(host_path)]
        for host, guest in pairs:
            if guest.strip("/") not in self.entries:
                self.add_file(host, guest, 0o755)

    def write(self, path, compresslevel=1):
        """Writes the archive gzip-compressed (level 1: under TCG the kernel's inflate, not the
        archive's size, is what costs)."""
        chunks = []
        for number, (name, (mode, data)) in enumerate(sorted(self.entries.items()), start=1):
            chunks.append(_entry(name, mode, data, number))
        chunks.append(_entry("TRAILER!!!", 0, b"", 0))
        temporary = path + ".part"
        with gzip.open(temporary, "wb", compresslevel=compresslevel) as archive:
            for chunk in chunks:
                archive.write(chunk)
        os.replace(temporary, path)


def _entry(name, mode, data, inode):
    encoded = name.encode() + b"\0"
    major, minor = 0, 0
    if stat.S_ISCHR(mode):
        (major, minor), data = data, b""
    fields = [inode, mode, 0, 0, 2 if stat.S_ISDIR(mode) else 1, 0, len(data), 0, 0, major, minor, len(encoded), 0]
    header = b"070701" + b"".join(b"%08X" % field for field in fields)
    padding = (-(len(header) + len(encoded))) % 4
    return header + encoded + b"\0" * padding + data + b"\0" * ((-len(data)) % 4)


def libraries_in_root(program, root):
    """The shared libraries an arm64 program loads, found in `root` (a Debian arm64 root) by its
    NEEDED entries and theirs: [(host path, guest path)], the loader (its interpreter) first."""
    def needed(path):
        dynamic = subprocess.run(["readelf", "-d", path], check=True, capture_output=True, text=True).stdout
        return re.findall(r"\(NEEDED\).*\[(.*)\]", dynamic)

    headers = subprocess.run(["readelf", "-l", program], check=True, capture_output=True, text=True).stdout
    interpreter = re.search(r"program interpreter: (\S+)\]", headers).group(1)
    found = [(os.path.join(root, interpreter.lstrip("/")), interpreter)]
    folders = [folder for folder in ("usr/lib/aarch64-linux-gnu", "usr/lib") if os.path.isdir(os.path.join(root, folder))]
    pending, seen = needed(program), {os.path.basename(interpreter)}
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        for folder in folders:
            host = os.path.join(root, folder, name)
            if os.path.exists(host):
                found.append((host, "/" + os.path.join(folder, name)))
                pending += needed(host)
                break
        else:
            raise RuntimeError(f"{program} needs {name}, which {root} does not have")
    return found


def libraries_of(program):
    """The absolute paths of the shared libraries `program` loads (ldd's list, the loader too)."""
    result = subprocess.run(["ldd", program], capture_output=True, text=True)
    if result.returncode != 0:
        if "not a dynamic executable" in result.stdout + result.stderr:
            return []
        raise RuntimeError(f"ldd {program}: {result.stderr.strip()}")
    libraries = []
    for line in result.stdout.splitlines():
        match = re.search(r"=>\s*(/\S+)", line) or re.match(r"\s*(/\S+)", line)
        if match:
            libraries.append(match.group(1))
        elif "not found" in line:
            raise RuntimeError(f"ldd {program}: {line.strip()}")
    return libraries


def build(path, kernel, modules, programs, files=(), trees=(), root=None, busybox="/bin/busybox", architecture="amd64"):
    """Writes the initramfs at `path`: busybox, /init, `modules` (names; with their dependencies,
    as /lib/modules/NAME.ko, decompressed, and what loading each takes in /lib/modules/NAME.load), `programs`
    (host path -> guest path), `files` (host -> guest) and `trees` (host folder -> guest folder).
    For a guest of another architecture, `root` is a Debian root of its own holding the programs'
    libraries and `busybox` a static busybox of its own; `architecture` is the guest's (its /init
    serves the host's shell on that machine's channel)."""
    from machine import ARCHITECTURES
    archive = Archive()
    for folder in ("proc", "sys", "dev", "run", "tmp", "usr/bin", "lib/modules"):
        archive.add_directory(folder)
    # The kernel opens /dev/console for /init's output before /init mounts devtmpfs.
    archive.add_character_device("/dev/console", 5, 1)
    archive.add_file(busybox, "/bin/busybox", 0o755)
    archive.add_bytes("/init", INIT.replace("CHANNEL", ARCHITECTURES[architecture]["channel_device"]).encode(), 0o755)
    from kernel import read_module
    order = kernel.load_order(modules)
    for name in order:
        archive.add_bytes(f"/lib/modules/{name}.ko", read_module(kernel.module_path(name)))
        # What to insmod for it, in order, itself last (busybox insmod resolves nothing).
        archive.add_bytes(f"/lib/modules/{name}.load", (" ".join(kernel.load_order([name])) + "\n").encode())
    for host, guest in programs:
        archive.add_program(host, guest, root)
    for host, guest in files:
        archive.add_file(host, guest)
    for host, guest in trees:
        archive.add_tree(host, guest)
    archive.write(path)
    return order
