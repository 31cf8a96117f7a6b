"""Debian's own kernel for the test VM: fetched with `apt-get download`, unpacked with `dpkg -x`
into a cache folder (never installed), and its modules' dependencies read from the .ko files."""

import os
import re
import shutil
import struct
import subprocess
import tempfile


class KernelError(Exception):
    pass


def update_package_lists(log=print):
    """`apt-get update` (through sudo when not root): a fresh machine may have no package lists,
    and old lists name a kernel the mirror no longer has."""
    command = ["apt-get", "update", "-q"]
    if os.geteuid() != 0:
        command = ["sudo", "-n"] + command
    log(f"running {' '.join(command)} (the package lists do not name a kernel to download)")
    updated = subprocess.run(command, capture_output=True, text=True)
    if updated.returncode != 0:
        raise KernelError(f"{' '.join(command)} failed: {(updated.stderr or updated.stdout).strip()[-400:]}")


def current_package(log=print, updated=False):
    """The linux-image package that linux-image-amd64 depends on now (e.g. linux-image-6.1.0-57-amd64);
    the package lists are updated first when they name none."""
    listed = subprocess.run(["apt-cache", "depends", "linux-image-amd64"], capture_output=True, text=True)
    for line in listed.stdout.splitlines():
        match = re.match(r"\s*Depends:\s*(linux-image-\S+)", line)
        if match:
            return match.group(1)
    if updated:
        raise KernelError("apt-cache depends linux-image-amd64 names no linux-image package, even after "
                          f"apt-get update: {listed.stderr.strip()[-400:]}")
    update_package_lists(log)
    return current_package(log, updated=True)


class Kernel:
    """An unpacked kernel package: its vmlinuz, its config and its modules folder."""

    def __init__(self, root):
        self.root = root
        boot = os.path.join(root, "boot")
        images = sorted(name for name in os.listdir(boot) if name.startswith("vmlinuz-"))
        if not images:
            raise KernelError(f"{boot}: no vmlinuz-*")
        self.release = images[-1][len("vmlinuz-"):]
        self.image = os.path.join(boot, images[-1])
        self.config_path = os.path.join(boot, "config-" + self.release)
        self.modules = os.path.join(root, "lib", "modules", self.release)
        self._index = None

    def config(self, option):
        """The value of CONFIG_`option` ('y', 'm', a string) or None when unset."""
        with open(self.config_path) as config:
            for line in config:
                if line.startswith(f"CONFIG_{option}="):
                    return line.split("=", 1)[1].strip()
        return None

    def _modules_by_name(self):
        if self._index is None:
            self._index = {}
            for folder, _, files in os.walk(self.modules):
                for name in files:
                    for suffix in (".ko", ".ko.xz", ".ko.zst", ".ko.gz"):
                        if name.endswith(suffix):
                            module = name[: -len(suffix)].replace("-", "_")
                            self._index[module] = os.path.join(folder, name)
        return self._index

    def module_path(self, name):
        path = self._modules_by_name().get(name.replace("-", "_"))
        if not path:
            raise KernelError(f"module {name} is not in {self.modules} (built in? CONFIG says so)")
        return path

    def load_order(self, names):
        """`names` with every module they depend on, dependencies first, each once."""
        order, seen = [], set()

        def visit(name):
            name = name.replace("-", "_")
            if name in seen:
                return
            seen.add(name)
            for dependency in module_dependencies(read_module(self.module_path(name))):
                visit(dependency)
            order.append(name)

        for name in names:
            visit(name)
        return order


def fetch(cache, package=None, log=print):
    """The kernel unpacked under `cache`/`package`, downloading and unpacking it when missing."""
    chosen = package
    package = package or current_package(log)
    root = os.path.join(cache, package)
    if os.path.isdir(os.path.join(root, "boot")):
        return Kernel(root)
    os.makedirs(cache, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as download:
        log(f"fetching {package} (apt-get download, dpkg -x; not installed)")
        # _apt cannot write into a folder of root's: the download runs unsandboxed, as apt warns.
        fetched = subprocess.run(["apt-get", "download", "-q", package], cwd=download,
                                 capture_output=True, text=True)
        if fetched.returncode != 0 and not chosen:
            # Lists older than the mirror name a version it no longer has: update, ask again.
            update_package_lists(log)
            if current_package(log, updated=True) != package:
                return fetch(cache, None, log)
            fetched = subprocess.run(["apt-get", "download", "-q", package], cwd=download,
                                     capture_output=True, text=True)
        if fetched.returncode != 0:
            raise KernelError(f"apt-get download {package} failed: {fetched.stderr.strip()}")
        debs = [name for name in os.listdir(download) if name.endswith(".deb")]
        if len(debs) != 1:
            raise KernelError(f"apt-get download {package} left {debs}")
        unpacked = os.path.join(download, "root")
        subprocess.run(["dpkg", "-x", os.path.join(download, debs[0]), unpacked], check=True)
        shutil.move(unpacked, root)
    return Kernel(root)


def read_module(path):
    """A module's bytes, decompressed if it is .ko.xz, .ko.zst or .ko.gz (busybox insmod reads
    plain ELF only)."""
    if path.endswith(".xz"):
        import lzma
        with lzma.open(path) as module:
            return module.read()
    if path.endswith(".gz"):
        import gzip
        with gzip.open(path) as module:
            return module.read()
    if path.endswith(".zst"):
        return subprocess.run(["zstd", "-dc", path], check=True, capture_output=True).stdout
    with open(path, "rb") as module:
        return module.read()


def module_dependencies(elf):
    """The `depends=` list of a module's .modinfo section (what modules.dep is made from)."""
    if elf[:4] != b"\x7fELF" or elf[4] != 2 or elf[5] != 1:
        raise KernelError("not a 64-bit little-endian ELF module")
    section_offset, = struct.unpack_from("<Q", elf, 0x28)
    entry_size, count, names_index = struct.unpack_from("<HHH", elf, 0x3A)

    def section(index):
        name, _, _, _, offset, size = struct.unpack_from("<IIQQQQ", elf, section_offset + index * entry_size)
        return name, offset, size

    _, names_offset, _ = section(names_index)
    for index in range(count):
        name, offset, size = section(index)
        end = elf.index(b"\0", names_offset + name)
        if elf[names_offset + name:end] == b".modinfo":
            for field in elf[offset:offset + size].split(b"\0"):
                if field.startswith(b"depends="):
                    value = field[len(b"depends="):].decode()
                    return [name for name in value.split(",") if name]
            return []
    return []
