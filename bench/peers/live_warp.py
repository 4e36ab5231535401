"""Peer of the improved in-between (bench/live-improved.ts), one long-lived process.

Started with a folder holding what the bench wrote once: k.rgba, l.rgba (H×W×4
bytes), maps.f32 (four float32 planes: x and y in K, x and y in L, the sources
our engine computed), points.json (size, t, control points at t, in K, in L).
It prints a hello line (which peers import), then answers one command per
stdin line with one JSON line:

  remap N    two cv2.remap (bilinear, edge replicated) with our maps + addWeighted, N times
  skimage N  PiecewiseAffineTransform on the same points (+ the corners) for K and L,
             skimage.transform.warp of both (bilinear, edge) and the blend, N times
  morph N    the usual OpenCV face morph on the same points (+ the corners) and the
             triangles in points.json (a Delaunay triangulation of the points at t):
             per triangle, the bounding rectangles' warpAffine of K and of L, their
             blend, and a fillConvexPoly mask pasting it in, N times
  dump       writes remap.rgba, skimage.rgba and morph.rgba (the last answers) into the folder
  quit

Times are measured here, ms per call: wall (time.perf_counter) and CPU of
every thread of this process (time.process_time).
"""
import json
import os
import sys
import time

import numpy as np

folder = sys.argv[1]
have = {}
why = {}
try:
    import cv2

    have["cv2"] = cv2.__version__
    threads = cv2.getNumThreads()
except Exception as e:  # noqa: BLE001 - any import failure means the peer is missing
    why["cv2"] = f"{type(e).__name__}: {e}"
    threads = 0
try:
    import skimage
    from skimage.transform import PiecewiseAffineTransform, warp

    have["skimage"] = skimage.__version__
except Exception as e:  # noqa: BLE001
    why["skimage"] = f"{type(e).__name__}: {e}"

with open(os.path.join(folder, "points.json")) as f:
    meta = json.load(f)
w, h, t = meta["width"], meta["height"], meta["t"]
k = np.fromfile(os.path.join(folder, "k.rgba"), dtype=np.uint8).reshape(h, w, 4)
l = np.fromfile(os.path.join(folder, "l.rgba"), dtype=np.uint8).reshape(h, w, 4)
maps = np.fromfile(os.path.join(folder, "maps.f32"), dtype=np.float32).reshape(4, h, w)
corners = np.array([[0, 0], [w - 1, 0], [0, h - 1], [w - 1, h - 1]], dtype=np.float64)
at_t = np.vstack([np.array(meta["at"], dtype=np.float64), corners])
in_k = np.vstack([np.array(meta["k"], dtype=np.float64), corners])
in_l = np.vstack([np.array(meta["l"], dtype=np.float64), corners])
triangles = np.array(meta["triangles"], dtype=np.int32).reshape(-1, 3)
last = {}


def remap():
    a = cv2.remap(k, maps[0], maps[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    b = cv2.remap(l, maps[2], maps[3], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return cv2.addWeighted(a, 1 - t, b, t, 0)


def morph():
    # warp() maps output coordinates to input ones: estimate C(t) → K (and → L).
    tk = PiecewiseAffineTransform()
    tk.estimate(at_t, in_k)
    tl = PiecewiseAffineTransform()
    tl.estimate(at_t, in_l)
    a = warp(k, tk, order=1, mode="edge")
    b = warp(l, tl, order=1, mode="edge")
    return np.rint(((1 - t) * a + t * b) * 255).astype(np.uint8)


def patch(image, src, dst, r):
    """The triangle `src` of `image` warped onto `dst` in the rectangle r = (x, y, w, h)."""
    x, y, w, h = cv2.boundingRect(src)
    m = cv2.getAffineTransform(src - np.float32([x, y]), dst - np.float32([r[0], r[1]]))
    return cv2.warpAffine(
        image[y : y + h, x : x + w],
        m,
        (r[2], r[3]),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REFLECT_101,
    )


def morph_cv():
    out = np.zeros((h, w, 4), dtype=np.float32)
    kf = k.astype(np.float32)
    lf = l.astype(np.float32)
    for tri in triangles:
        dst = at_t32[tri]
        r = cv2.boundingRect(dst)
        x, y, rw, rh = r
        blend = (1 - t) * patch(kf, in_k32[tri], dst, r) + t * patch(lf, in_l32[tri], dst, r)
        mask = np.zeros((rh, rw, 4), dtype=np.float32)
        cv2.fillConvexPoly(mask, np.int32(np.round(dst - np.float32([x, y]))), (1, 1, 1, 1), 16, 0)
        area = out[y : y + rh, x : x + rw]
        area[:] = area * (1 - mask) + blend * mask
    return np.clip(np.rint(out), 0, 255).astype(np.uint8)


at_t32 = at_t.astype(np.float32)
in_k32 = in_k.astype(np.float32)
in_l32 = in_l.astype(np.float32)

print(json.dumps({"have": have, "why": why, "threads": threads}), flush=True)
for line in sys.stdin:
    cmd = line.split()
    if not cmd:
        continue
    try:
        if cmd[0] == "quit":
            break
        if cmd[0] == "dump":
            for name, image in last.items():
                image.tofile(os.path.join(folder, f"{name}.rgba"))
            print(json.dumps({"ok": True}), flush=True)
            continue
        n = int(cmd[1])
        job = {"remap": remap, "skimage": morph, "morph": morph_cv}[cmd[0]]
        start = time.perf_counter()
        cpu = time.process_time()
        for _ in range(n):
            out = job()
        ms = (time.perf_counter() - start) * 1000 / n
        cpu = (time.process_time() - cpu) * 1000 / n
        last[cmd[0]] = out
        print(json.dumps({"ms": ms, "cpu": cpu}), flush=True)
    except Exception as e:  # noqa: BLE001 - report, keep serving
        print(json.dumps({"error": f"{type(e).__name__}: {e}"}), flush=True)
