"""Runs each row of the zenity --progress table against the real zenity (see check-zenity-table).

Started inside its own D-Bus session; starts an Xvfb and the at-spi bus, then for each row:
zenity --progress ARGS with the row's input on a pipe (closed after it for `eof` rows), waits
until the dialog has read it, and compares what the dialog shows with the row.
"""
import os
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

SETTLE_SECONDS = 1.0


def decode(text):
    """The table's escapes: \\n \\r \\t \\0 \\\\ \\xHH, as bytes."""
    out = bytearray()
    i = 0
    raw = text.encode("utf-8")
    while i < len(raw):
        c = raw[i]
        if c == 0x5C and i + 1 < len(raw):
            n = chr(raw[i + 1])
            if n == "x":
                out.append(int(raw[i + 2:i + 4], 16))
                i += 4
                continue
            out += {"n": b"\n", "r": b"\r", "t": b"\t", "0": b"\0", "\\": b"\\"}[n]
            i += 2
            continue
        out.append(c)
        i += 1
    return bytes(out)


def rows(path):
    with open(path, encoding="utf-8") as table:
        for line in table:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            name, args, data, end, text, percent, bar, exit_ = line.split("\t")
            arguments = [] if args == "-" else [decode(a).decode("utf-8") for a in args.split("|")]
            yield name, arguments, decode(data), end, decode(text).decode("utf-8"), percent, bar, exit_


def zenity_app(pid):
    """zenity's application on the accessibility bus, found by process (--name renames it)."""
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        try:
            if app is not None and app.get_process_id() == pid:
                return app
        except GLib.Error:
            continue
    return None


def dialog_state(pid):
    """The first label's text and the progress bar's value in percent, or None."""
    app = zenity_app(pid)
    if app is None:
        return None
    found = {"labels": [], "value": None}

    def walk(node):
        role = node.get_role_name()
        if role == "label":
            found["labels"].append(node.get_name())
        elif role == "progress bar":
            found["value"] = node.get_current_value() * 100
        for i in range(node.get_child_count()):
            child = node.get_child_at_index(i)
            if child is not None:
                walk(child)

    walk(app)
    return found


def dialog_window(display, pid):
    out = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                         env={**os.environ, "DISPLAY": display}, capture_output=True, text=True).stdout.split()
    return out[-1] if out else None


def screenshot(display, window):
    return subprocess.run(["xwd", "-silent", "-id", window], env={**os.environ, "DISPLAY": display},
                          capture_output=True).stdout


def pulsing(display, pid):
    window = dialog_window(display, pid)
    if window is None:
        return None
    first = screenshot(display, window)
    time.sleep(0.35)
    return first != screenshot(display, window)


def check(row, display):
    name, arguments, data, end, text, percent, bar, exit_ = row
    env = {**os.environ, "DISPLAY": display, "GTK_MODULES": "gail:atk-bridge", "NO_AT_BRIDGE": "0"}
    arguments = [a.replace("{DISPLAY}", display) for a in arguments]
    zenity = subprocess.Popen(["zenity", "--progress", *arguments], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 10
    while dialog_state(zenity.pid) is None and zenity.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    try:
        zenity.stdin.write(data)
        zenity.stdin.flush()
        if end == "eof":
            zenity.stdin.close()
    except BrokenPipeError:
        pass  # it exited (a refused option, a help option) before reading
    time.sleep(SETTLE_SECONDS)
    problems = []
    status = zenity.poll()
    if exit_ == "running":
        if status is not None:
            problems.append(f"exited {status}, expected running")
        else:
            state = dialog_state(zenity.pid)
            if state is None:
                problems.append("no dialog on the accessibility bus")
            else:
                shown_text = state["labels"][0] if state["labels"] else None
                if shown_text != text:
                    problems.append(f"text {shown_text!r}, expected {text!r}")
                if state["value"] is None or abs(state["value"] - float(percent)) > 1e-3:
                    problems.append(f"percentage {state['value']}, expected {percent}")
            is_pulsing = pulsing(display, zenity.pid)
            if is_pulsing is None:
                problems.append("no dialog window to look at")
            elif is_pulsing != (bar == "pulsing"):
                problems.append(f"bar {'pulsing' if is_pulsing else 'still'}, expected {bar}")
    elif exit_ == "refused":
        # zenity refuses an option with exit 255 and one line on stderr (kiosk-spinner: exit 2)
        if status != 255:
            problems.append(f"status {status}, expected 255 (refused)")
    elif status is None or str(status) != exit_:
        problems.append(f"status {status}, expected exit {exit_}")
    if zenity.poll() is None:
        zenity.kill()
    try:
        zenity.stdin.close()
    except BrokenPipeError:
        pass
    output = zenity.stdout.read()
    zenity.stderr.close()
    zenity.stdout.close()
    zenity.wait()
    if exit_ in ("running", "0") and not any(a.startswith(("--help", "-?")) for a in arguments) and output:
        problems.append(f"wrote {output[:60]!r} on stdout, expected nothing")
    return problems


def main():
    table, wanted = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "")
    display = ":%d" % (200 + os.getpid() % 500)
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    bus = None
    try:
        time.sleep(1)
        bus = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                               env={**os.environ, "DISPLAY": display},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1)
        failures = 0
        count = 0
        for row in rows(table):
            if wanted not in row[0]:
                continue
            count += 1
            problems = check(row, display)
            failures += bool(problems)
            print(("FAIL " if problems else "ok   ") + row[0] + ("" if not problems else ": " + "; ".join(problems)),
                  flush=True)
        print(f"{count - failures} of {count} rows agree with zenity {zenity_version(display)}")
        return 1 if failures else 0
    finally:
        if bus is not None:
            bus.terminate()
        xvfb.terminate()


def zenity_version(display):
    return subprocess.run(["zenity", "--version"], env={**os.environ, "DISPLAY": display},
                          capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    sys.exit(main())
