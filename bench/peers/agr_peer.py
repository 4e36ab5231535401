"""Peer of the .agr rows (bench/agr.ts), one long-lived process.

It prints a hello line (which peers import), then answers one command per
stdin line with one JSON line:

  csv PATH N                pandas.read_csv (C engine, float32) of PATH, N times
  bin PATH SIZE OFF COUNT OFF COUNT N
                            opens PATH, readinto a reused SIZE-byte numpy buffer, views the
                            two float32 sections (scalars, vectors) in place, N times
  binfile PATH OFF COUNT OFF COUNT N
                            np.fromfile(PATH, uint8) (fresh memory), viewing the two float32
                            sections in place, N times
  fromfile PATH N           numpy.fromfile(PATH, float32, sep=" ") (whitespace-separated text), N times
  dump OUT                  writes the last answer (float32, flattened, NaN padding dropped) to OUT
  quit

Times are measured here, ms per call: wall (time.perf_counter) and CPU of
every thread of this process (time.process_time).
"""
import json
import sys
import time

have = {}
why = {}
try:
    import numpy as np

    have["numpy"] = np.__version__
except Exception as e:  # noqa: BLE001 - any import failure means the peer is missing
    why["numpy"] = f"{type(e).__name__}: {e}"
try:
    import pandas as pd

    have["pandas"] = pd.__version__
except Exception as e:  # noqa: BLE001
    why["pandas"] = f"{type(e).__name__}: {e}"

buffers = {}
last = None


def csv(path):
    frame = pd.read_csv(path, sep=" ", header=None, engine="c", dtype="float32")
    return frame


def binary(path, size, o1, n1, o2, n2):
    buf = buffers.get(size)
    if buf is None:
        buf = buffers[size] = np.empty(size, dtype=np.uint8)
    with open(path, "rb", buffering=0) as f:
        f.readinto(buf)
    return (np.frombuffer(buf, np.float32, n1, o1), np.frombuffer(buf, np.float32, n2, o2))


def binfile(path, o1, n1, o2, n2):
    buf = np.fromfile(path, dtype=np.uint8)
    return (np.frombuffer(buf, np.float32, n1, o1), np.frombuffer(buf, np.float32, n2, o2))


print(json.dumps({"have": have, "why": why}), flush=True)
for line in sys.stdin:
    cmd = line.split()
    if not cmd:
        continue
    try:
        if cmd[0] == "quit":
            break
        if cmd[0] == "dump":
            if isinstance(last, tuple):
                flat = np.concatenate(last)
            elif isinstance(last, np.ndarray):
                flat = last
            else:
                flat = last.to_numpy(dtype=np.float32).reshape(-1)
                flat = flat[~np.isnan(flat)]
            flat.astype(np.float32).tofile(cmd[1])
            print(json.dumps({"ok": True, "values": int(flat.size)}), flush=True)
            continue
        if cmd[0] == "csv":
            job = (lambda p=cmd[1]: csv(p))
        elif cmd[0] == "binfile":
            a = [int(x) for x in cmd[2:6]]
            job = (lambda p=cmd[1], a=a: binfile(p, *a))
        elif cmd[0] == "fromfile":
            job = (lambda p=cmd[1]: np.fromfile(p, dtype=np.float32, sep=" "))
        elif cmd[0] == "bin":
            a = [int(x) for x in cmd[2:7]]
            job = (lambda p=cmd[1], a=a: binary(p, *a))
        else:
            raise ValueError(f"unknown command {cmd[0]}")
        n = int(cmd[-1])
        start = time.perf_counter()
        cpu = time.process_time()
        for _ in range(n):
            out = job()
        ms = (time.perf_counter() - start) * 1000 / n
        cpu = (time.process_time() - cpu) * 1000 / n
        last = out
        print(json.dumps({"ms": ms, "cpu": cpu}), flush=True)
    except Exception as e:  # noqa: BLE001 - report, keep serving
        print(json.dumps({"error": f"{type(e).__name__}: {e}"}), flush=True)
