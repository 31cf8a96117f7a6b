"""The words a test case is written in: boots, cases and their steps.

A case is a name, the boot it needs, the modules it loads, and steps run in order against one
program in the guest. A step waits for something the guest shows (a line, the screen) or does
something (a stdin line, a signal, a shell command). For example:

    Case("bochs-drm", STD_VESA32, ["bochs"], [
        start("kiosk-spinner-test-framebuffer", "--drm", "/dev/dri/card0"),
        expect(r"^ready (?P<width>\\d+)x(?P<height>\\d+)"),
        expect(r"^drawn 0$"),
        screen(probe_picture(), "first"),
        send("quit"), exits(0),
    ])

A screen check is a function (picture, context) -> list of problems (empty when it holds)."""

import os
import sys
import time
import traceback

from machine import MachineError


class Boot:
    """How a guest is started: QEMU's device options and the kernel's command line."""

    def __init__(self, name, qemu_arguments, command_line="", note="", module_options=None, architecture="amd64"):
        """`module_options`: {module: "param=value ..."} given to insmod whenever this boot
        loads that module (busybox insmod does not read them from the kernel's command line).
        `architecture`: the guest's, "amd64" or "arm64" (machine.ARCHITECTURES)."""
        self.name, self.qemu_arguments, self.command_line, self.note = name, qemu_arguments, command_line, note
        self.module_options = module_options or {}
        self.architecture = architecture


class CaseFailure(Exception):
    pass


class Context:
    """What a case's steps share: the guest, the program, values read from its lines (named
    groups of `expect` patterns), the screens read so far."""

    def __init__(self, machine, case, screens_folder):
        self.machine, self.case, self.screens_folder = machine, case, screens_folder
        # The guest programs as built on the host: {name: host path} (kiosk-spinner's renders the
        # snapshots the screen is compared with).
        self.programs = {}
        self.program = None
        self.values = {}
        self.last_picture = None
        self.pictures = {}
        self.saved = []

    def number(self, name):
        return int(self.values[name])

    def save(self, picture, label):
        if not self.screens_folder:
            return
        os.makedirs(self.screens_folder, exist_ok=True)
        path = os.path.join(self.screens_folder, f"{self.case.name}-{label}.png")
        picture.write_png(path)
        self.saved.append(path)


class Case:
    def __init__(self, name, boot, modules, steps, needs=(), backend=None, proves=()):
        """`needs`: guest programs the case runs; it fails at once when one was not built.
        `proves`: the promises of the backend contract (contract.py) the case proves on
        kiosk-spinner's `backend`."""
        self.name, self.boot, self.modules, self.steps, self.needs = name, boot, modules, steps, needs
        self.backend, self.proves = backend, proves

    def run(self, machine, screens_folder, available):
        context = Context(machine, self, screens_folder)
        context.programs = available
        missing = [program for program in self.needs if program not in available]
        if missing:
            raise CaseFailure(f"not built: {', '.join(missing)}")
        try:
            if self.modules:
                machine.load_modules(self.modules, self.boot.module_options)
            for number, step in enumerate(self.steps, start=1):
                began = time.monotonic()
                step(context)
                if os.environ.get("KIOSK_SPINNER_VM_STEP_TIMES"):
                    print(f"  {self.name} step {number} ({getattr(step, '__qualname__', '?').split('.')[0]}): "
                          f"{time.monotonic() - began:.2f} s", file=sys.stderr, flush=True)
        finally:
            program = context.program
            if program and program.status is None:
                # A case that failed half-way leaves nothing running for the next one: asked to
                # stop first, so it gives the screen back (killed outright, an fbdev program
                # would leave the console in graphics mode for every later case), then killed.
                machine.run(f"kill -TERM {program.pid} 2>/dev/null; i=0; while kill -0 {program.pid} 2>/dev/null "
                            f"&& [ $i -lt 30 ]; do usleep 100000; i=$((i + 1)); done; "
                            f"kill -KILL {program.pid} 2>/dev/null; exec 3>&-; wait {program.pid}", check=False)
        return context


# ---- steps -------------------------------------------------------------------------------

def start(*argv, stderr=None):
    """Starts the case's program (stdin: lines from `send`; output: lines for `expect`; its
    stderr in the guest's file `stderr` when given, else with its output)."""
    def step(context):
        if stderr:
            context.machine.run(f"rm -f {stderr}")
        context.program = context.machine.start(list(argv), stderr=stderr)
    return step


def expect(pattern, timeout=60):
    """Waits for the program's next line matching `pattern`; its named groups become values."""
    def step(context):
        try:
            match = context.program.expect(pattern, timeout)
        except MachineError as error:
            raise CaseFailure(str(error)) from None
        context.values.update(match.groupdict())
    return step


def send(line):
    """Writes a line to the program's stdin."""
    def step(context):
        context.program.send(line)
    return step


def signal(name):
    """Sends the program a signal (TERM, INT, ...)."""
    def step(context):
        context.program.signal(name)
    return step


def exits(status, timeout=30):
    """Closes the program's stdin and waits for it to exit with `status`."""
    def step(context):
        got = context.program.wait(timeout)
        if got != status:
            raise CaseFailure(f"exited {got}, expected {status}")
    return step


def shell(command, status=0, output=None):
    """Runs a guest shell command; checks its status and, if given, a regex its output matches."""
    import re

    def step(context):
        got, lines = context.machine.run(command, check=False)
        if got != status:
            raise CaseFailure(f"`{command}` exited {got}, expected {status}: {' | '.join(lines)}")
        if output and not any(re.search(output, line) for line in lines):
            raise CaseFailure(f"`{command}` printed nothing matching {output!r}: {' | '.join(lines)}")
    return step


def kmsg(text):
    """Has the kernel print `text` (to /dev/kmsg, at KERN_ERR, so every console shows it)."""
    return shell(f"echo '<3>{text}' > /dev/kmsg")


def load(*modules):
    """Loads kernel modules (with their dependencies) now, e.g. while a program runs."""
    def step(context):
        context.machine.load_modules(list(modules), context.case.boot.module_options)
    return step


def screen(check, label, timeout=10, head=None):
    """Reads the screen until `check` holds (a display may take a moment to show what was
    written), saves it as a PNG, and remembers it as the last picture. `head` (device id, output
    number) reads another output of a display device."""
    def step(context):
        problems = []

        def accept(picture):
            problems[:] = check(picture, context)
            return not problems

        picture, held = context.machine.wait_for_screen(accept, timeout, head)
        context.save(picture, label)
        if not held:
            raise CaseFailure(f"screen '{label}': " + "; ".join(problems[:4]))
        context.last_picture = picture
        context.pictures[label] = picture
    return step


def screen_stays(check, label, seconds=1.0):
    """Reads the screen for `seconds` (at least three reads) and requires `check` on every read:
    for what must not appear, like a console cursor that blinks."""
    def step(context):
        deadline, reads = time.monotonic() + seconds, 0
        while reads < 3 or time.monotonic() < deadline:
            picture = context.machine.screen()
            problems = check(picture, context)
            reads += 1
            if problems:
                context.save(picture, label)
                raise CaseFailure(f"screen '{label}' (read {reads}): " + "; ".join(problems[:4]))
        context.save(picture, label)
        context.last_picture = picture
    return step


def file_lines(path, count, pattern=None):
    """The guest's file `path` has exactly `count` lines, each matching `pattern` when given
    (e.g. a program's stderr: nothing, or one line saying why). Waits up to 2 s for that many
    lines first: kiosk-spinner writes stderr from a thread of its own, so a line reported before an
    answer on stdout may reach its file after the answer was read."""
    import re

    def step(context):
        _, lines = context.machine.run(f"i=0; while [ $(cat {path} | wc -l) -lt {count} ] && [ $i -lt 100 ]; do "
                                       f"usleep 20000; i=$((i + 1)); done; cat {path}")
        if len(lines) != count:
            raise CaseFailure(f"{path} has {len(lines)} lines, expected {count}: {' | '.join(lines[:4])}")
        if pattern and not all(re.search(pattern, line) for line in lines):
            raise CaseFailure(f"{path}: {' | '.join(lines)} does not match {pattern!r}")
    return step


def holds(pattern):
    """The case's program has a descriptor open on a file matching `pattern` (e.g. the device
    `--backend auto` chose)."""
    import re

    def step(context):
        _, lines = context.machine.run(f"ls -l /proc/{context.program.pid}/fd")
        if not any(re.search(pattern, line) for line in lines):
            raise CaseFailure(f"the program holds nothing matching {pattern!r}: "
                              f"{' | '.join(line.split(' -> ')[-1] for line in lines if ' -> ' in line)}")
    return step


def run_cases(machine, boot_cases, screens, programs):
    """Runs `boot_cases` on the booted `machine`, printing a line for each: (passed, failed)."""
    passed = failed = 0
    broken = None
    for case in boot_cases:
        if broken:
            print(f"FAIL {case.name}: not run, the guest stopped answering ({broken})", flush=True)
            failed += 1
            continue
        started = time.monotonic()
        try:
            case.run(machine, screens, programs)
            print(f"PASS {case.name} ({time.monotonic() - started:.1f} s)", flush=True)
            passed += 1
        except CaseFailure as error:
            print(f"FAIL {case.name}: {error}", flush=True)
            failed += 1
        except MachineError as error:
            print(f"FAIL {case.name}: {error}", flush=True)
            failed += 1
            try:
                machine.run("true", timeout=10)
            except MachineError:
                broken = "no answer to `true`"
        except Exception:
            print(f"FAIL {case.name}: {traceback.format_exc().strip().splitlines()[-1]}", flush=True)
            print(traceback.format_exc(), file=sys.stderr, flush=True)
            failed += 1
    return passed, failed
