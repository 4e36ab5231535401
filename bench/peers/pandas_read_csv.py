"""Peer of the .agr text parse: pandas read_csv (C engine) on the same numbers. Prints best time in ms."""
import json
import sys
import time

import pandas as pd

path, runs = sys.argv[1], int(sys.argv[2])
best = float("inf")
for _ in range(runs):
    t = time.perf_counter()
    frame = pd.read_csv(path, sep=" ", header=None, engine="c", dtype="float32")
    best = min(best, time.perf_counter() - t)
print(json.dumps({"ms": best * 1000, "values": int(frame.size)}))
