"""Peer of the .agr binary load: numpy.fromfile of the float32 payload. Prints best time in ms."""
import json
import sys
import time

import numpy as np

path, runs = sys.argv[1], int(sys.argv[2])
best = float("inf")
for _ in range(runs):
    t = time.perf_counter()
    a = np.fromfile(path, dtype=np.float32)
    best = min(best, time.perf_counter() - t)
print(json.dumps({"ms": best * 1000, "values": int(a.size)}))
