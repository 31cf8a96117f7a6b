"""One QEMU guest under test: Debian's kernel and our initramfs under qemu-system-x86_64, or
qemu-system-aarch64 (-M virt) for arm64 (TCG), driven over its command channel (the second serial
port on x86-64, a virtio console on arm64, whose virt machine has one UART), where /init serves a
shell, and read through the monitor's screendump. Nothing here sleeps blindly: every wait is for a line the guest prints (or the
monitor's prompt), with a deadline."""

import os
import re
import shlex
import socket
import subprocess
import threading
import time

from picture import Picture


class MachineError(Exception):
    pass


def _die_with_parent():
    """In the child before exec: SIGKILL when the test driver dies, so no guest outlives it."""
    import ctypes
    import signal
    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


# Per architecture: QEMU and its machine, the serial port the kernel logs on, how the command
# channel reaches the guest (QEMU's options, given the chardev "commands") and the device the
# guest's /init serves the shell on.
ARCHITECTURES = {
    "amd64": {"qemu": ["qemu-system-x86_64"], "console": "ttyS0",
              "channel": ["-serial", "chardev:commands"], "channel_device": "/dev/ttyS1"},
    "arm64": {"qemu": ["qemu-system-aarch64", "-M", "virt", "-cpu", "cortex-a72"], "console": "ttyAMA0",
              "channel": ["-device", "virtio-serial-pci", "-device", "virtconsole,chardev=commands"],
              "channel_device": "/dev/hvc0"},
}


class Machine:
    """A booted guest. `qemu_arguments` are the device options (e.g. ["-vga", "std"]),
    `command_line` the kernel's (console settings are added)."""

    def __init__(self, name, kernel_image, initramfs, qemu_arguments, command_line, folder, memory_mb=512,
                 architecture="amd64", scratch="/tmp/.out"):
        """`scratch`: the guest file a command's output is kept in until it is sent back (a
        systemd boot empties /tmp while it runs: systemd-tmpfiles-setup)."""
        self.name = name
        self.scratch = scratch
        self.folder = folder
        os.makedirs(folder, exist_ok=True)
        self.serial_path = os.path.join(folder, "serial.sock")
        self.monitor_path = os.path.join(folder, "monitor.sock")
        self.kernel_log = os.path.join(folder, "kernel.log")
        for path in (self.serial_path, self.monitor_path):
            if os.path.exists(path):
                os.unlink(path)
        machine = ARCHITECTURES[architecture]
        self.channel_device = machine["channel_device"]
        self.arguments = [
            *machine["qemu"], "-accel", "tcg", "-smp", "1", "-m", str(memory_mb),
            "-kernel", kernel_image, "-initrd", initramfs,
            # The kernel's log on the first serial port and the screen; /dev/console is the screen.
            "-append", f"console={machine['console']} console=tty0 panic=-1 {command_line}".strip(),
            "-display", "none", "-no-reboot",
            "-serial", f"file:{self.kernel_log}",
            "-chardev", f"socket,id=commands,path={self.serial_path},server=on,wait=on",
            *machine["channel"],
            "-monitor", f"unix:{self.monitor_path},server=on,wait=off",
            *qemu_arguments,
        ]
        self.lines = []
        self.condition = threading.Condition()
        self.closed = False
        self.commands = 0
        self.process = None
        self.serial = None
        self.monitor = None
        self.launched = None
        self.boot_seconds = None
        self.guest_uptime_at_boot = None

    # ---- life --------------------------------------------------------------------------

    def boot(self, timeout=180):
        self.launch()
        return self.wait_until_booted(timeout)

    def launch(self):
        """Starts QEMU and connects its serial port and monitor; the screen can be read from now
        on, while the guest boots."""
        self.launched = time.monotonic()
        with open(os.path.join(self.folder, "qemu.log"), "wb") as qemu_log:
            self.process = subprocess.Popen(self.arguments, stdin=subprocess.DEVNULL, stdout=qemu_log,
                                            stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)
        self.serial = self._connect(self.serial_path, self.launched + 30)
        threading.Thread(target=self._read_serial, daemon=True).start()
        self.monitor = self._connect(self.monitor_path, self.launched + 30)
        self._monitor_until_prompt(self.launched + 30)
        return self

    def wait_until_booted(self, timeout=180):
        """Waits for the test's shell (`@@booted`) of a launched guest."""
        index, match = self.wait_for(r"@@booted (\S+)", 0, timeout)
        self.guest_uptime_at_boot = float(match.group(1))
        self.boot_seconds = time.monotonic() - self.launched
        return self

    def _connect(self, path, deadline):
        while True:
            if self.process.poll() is not None:
                raise MachineError(f"{self.name}: qemu exited with {self.process.returncode} "
                                   f"(see {self.folder}/qemu.log)")
            try:
                connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                connection.connect(path)
                return connection
            except (FileNotFoundError, ConnectionRefusedError):
                connection.close()
                if time.monotonic() > deadline:
                    raise MachineError(f"{self.name}: no socket {path} from qemu")
                time.sleep(0.05)

    def close(self):
        if self.process and self.process.poll() is None:
            try:
                self.monitor.sendall(b"quit\n")
                self.process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        for connection in (self.serial, self.monitor):
            if connection:
                connection.close()

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    # ---- the command channel -----------------------------------------------------------

    def _read_serial(self):
        pending = b""
        with open(os.path.join(self.folder, "commands.log"), "wb") as log:
            while True:
                try:
                    data = self.serial.recv(65536)
                except OSError:
                    data = b""
                if not data:
                    with self.condition:
                        self.closed = True
                        self.condition.notify_all()
                    return
                log.write(data)
                log.flush()
                pending += data
                *complete, pending = pending.split(b"\n")
                if complete:
                    with self.condition:
                        self.lines.extend(line.decode(errors="replace").rstrip("\r") for line in complete)
                        self.condition.notify_all()

    def mark(self):
        """Where the guest's output stands now, for wait_for to search from."""
        with self.condition:
            return len(self.lines)

    def wait_for(self, pattern, start, timeout):
        """The first line from `start` on that matches `pattern` (re.search): (its index, match)."""
        expression = re.compile(pattern)
        deadline = time.monotonic() + timeout
        with self.condition:
            index = start
            while True:
                while index < len(self.lines):
                    match = expression.search(self.lines[index])
                    if match:
                        return index, match
                    index += 1
                remaining = deadline - time.monotonic()
                if self.closed or remaining <= 0 or (self.process and self.process.poll() is not None):
                    tail = "\n    ".join(self.lines[-8:])
                    raise MachineError(f"{self.name}: no line matching {pattern!r} within {timeout} s; "
                                       f"last lines:\n    {tail}")
                self.condition.wait(min(remaining, 0.5))

    def send(self, text):
        self.serial.sendall(text.encode())

    def run(self, command, timeout=60, check=True):
        """Runs `command` in the guest's shell: (exit status, output lines)."""
        self.commands += 1
        number = self.commands
        start = self.mark()
        self.send(f"{{ {command}\n}} > {self.scratch} 2>&1; s=$?; sed 's/^/@@o {number} /' {self.scratch}; "
                  f"echo \"@@done {number} $s\"\n")
        index, match = self.wait_for(rf"^@@done {number} (\d+)$", start, timeout)
        prefix = f"@@o {number} "
        output = [line[len(prefix):] for line in self.lines[start:index] if line.startswith(prefix)]
        status = int(match.group(1))
        if check and status != 0:
            raise MachineError(f"{self.name}: `{command}` exited {status}: {' | '.join(output)}")
        return status, output

    def load_modules(self, names, options=None, timeout=120):
        """insmod's each module in `names` that is not loaded yet, after its dependencies, with
        `options` ({module: "param=value ..."}) for those that have some."""
        options = options or {}
        for name in names:
            name = name.replace("-", "_")
            cases = "".join(f"{module}) o={shlex.quote(value)};; " for module, value in options.items())
            self.run(f"for m in $(cat /lib/modules/{name}.load); do "
                     f"o=; case $m in {cases}*) ;; esac; "
                     f"[ -d /sys/module/$m ] || insmod /lib/modules/$m.ko $o || break; done; "
                     f"[ -d /sys/module/{name} ]", timeout=timeout)

    def start(self, argv, name=None, stderr=None):
        """Starts a program in the background, its stdin a FIFO the shell holds, its output on the
        command channel (its stderr in the guest's file `stderr` when given). One at a time."""
        return Program(self, argv, name or os.path.basename(argv[0]), stderr)

    # ---- the screen ----------------------------------------------------------------------

    def _monitor_until_prompt(self, deadline):
        received = b""
        self.monitor.settimeout(1)
        while not received.endswith(b"(qemu) "):
            if time.monotonic() > deadline:
                raise MachineError(f"{self.name}: no monitor prompt; got {received[-200:]!r}")
            try:
                data = self.monitor.recv(65536)
            except socket.timeout:
                continue
            if not data:
                raise MachineError(f"{self.name}: monitor closed")
            received += data
        return received.decode(errors="replace")

    def monitor_command(self, command, timeout=30):
        self.monitor.sendall(command.encode() + b"\n")
        return self._monitor_until_prompt(time.monotonic() + timeout)

    def framebuffer_md5(self, device, line_bytes, first_row, rows):
        """The md5 (hex) of `rows` lines of `line_bytes` of framebuffer `device`'s memory from
        virtual row `first_row` on, read in the guest with dd: what a framebuffer holds, shown or
        not."""
        command = f"dd if={device} bs={line_bytes} skip={first_row} count={rows} 2>/dev/null | md5sum"
        return self.run(command)[1][0].split()[0]

    def screen(self, head=None):
        """The screen now, from the monitor's screendump; `head` (device id, output number) reads
        another output of a display device with several."""
        path = os.path.join(self.folder, "screen.ppm")
        if os.path.exists(path):
            os.unlink(path)
        reply = self.monitor_command(f"screendump {path}" + (f" {head[0]} {head[1]}" if head else ""))
        if not os.path.exists(path):
            raise MachineError(f"{self.name}: screendump wrote nothing: {reply.strip()[-200:]}")
        with open(path, "rb") as dump:
            return Picture.from_ppm(dump.read())

    def wait_for_screen(self, accept, timeout=10, head=None):
        """Reads the screen until `accept(picture)` is true (what a guest wrote may reach the
        display a moment later, e.g. virtio-gpu's transfer to the host): (picture, True), or the
        last picture and False at the deadline."""
        deadline = time.monotonic() + timeout
        while True:
            picture = self.screen(head)
            if accept(picture):
                return picture, True
            if time.monotonic() > deadline:
                return picture, False
            time.sleep(0.1)


class Program:
    def __init__(self, machine, argv, name, stderr=None):
        self.machine = machine
        self.name = name
        machine.commands += 1
        self.number = machine.commands
        fifo = f"/tmp/.in{self.number}"
        command = " ".join(shlex.quote(word) for word in argv)
        errors = f"2>{shlex.quote(stderr)}" if stderr else "2>&1"
        self.cursor = machine.mark()
        self.started_at = time.monotonic()
        machine.send(f"mkfifo {fifo}\n{command} < {fifo} > {machine.channel_device} {errors} &\n"
                     f"p{self.number}=$!; echo \"@@pid {self.number} $p{self.number}\"\n"
                     f"exec 3> {fifo}\n")
        _, match = machine.wait_for(rf"^@@pid {self.number} (\d+)$", self.cursor, 30)
        self.pid = int(match.group(1))
        self.status = None

    def expect(self, pattern, timeout=60):
        """The program's next line (from where the last expectation matched) matching `pattern`."""
        index, match = self.machine.wait_for(pattern, self.cursor, timeout)
        self.cursor = index + 1
        return match

    def send(self, line):
        """Writes one line to the program's stdin."""
        self.machine.run(f"echo {shlex.quote(line)} >&3")

    def signal(self, name="TERM"):
        self.machine.run(f"kill -{name} {self.pid}")

    def wait(self, timeout=30):
        """Closes the program's stdin, waits for it to end, returns its exit status."""
        if self.status is None:
            _, output = self.machine.run(f"exec 3>&-; wait {self.pid}; echo $?", timeout=timeout, check=False)
            self.status = int(output[-1]) if output and output[-1].isdigit() else -1
        return self.status
