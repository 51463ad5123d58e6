# The peer of bench/leakage-peer.mjs: an exact-cosine brute force with numpy (OpenBLAS sgemm).
# It embeds nothing: it reads the L2-normalised float32 vectors the Node side wrote, and times only
# the scan: sgemm in tiles (bounded memory) and each row's max / first argmax across tiles.
#   python3 bench/leakage-peer.py SOURCES.f32 GENERATED.f32 THRESHOLD OUT.json
# Threads come from OPENBLAS_NUM_THREADS, set by the caller.
import json
import resource
import sys
import time

import numpy as np

DIM = 256
ROW_TILE = 4096  # generated rows per sgemm (the fastest of 512-4096 x 8192-32768 tried here)
SOURCE_TILE = 8192  # sources per sgemm: a 4096 x 8192 f32 product is 128 MiB


def load(path):
    return np.fromfile(path, dtype=np.float32).reshape(-1, DIM)


def scan(sources, generated):
    n = generated.shape[0]
    best = np.zeros(n, dtype=np.float32)
    best_j = np.full(n, -1, dtype=np.int64)
    out = np.empty((ROW_TILE, SOURCE_TILE), dtype=np.float32)
    for r0 in range(0, n, ROW_TILE):
        rows = generated[r0 : r0 + ROW_TILE]
        b = best[r0 : r0 + len(rows)]
        bj = best_j[r0 : r0 + len(rows)]
        for s0 in range(0, sources.shape[0], SOURCE_TILE):
            tile = sources[s0 : s0 + SOURCE_TILE]
            sims = out[: len(rows), : len(tile)]
            np.matmul(rows, tile.T, out=sims)
            j = sims.argmax(axis=1)
            m = sims[np.arange(len(rows)), j]
            # Strict > across tiles keeps the lowest index on ties, as Python's scan does.
            better = m > b
            b[better] = m[better]
            bj[better] = j[better] + s0
    return best, best_j


def main():
    sources_path, generated_path, threshold, out_path = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
    sources = load(sources_path)
    generated = load(generated_path)
    # Warm the BLAS threads and page the inputs in before the clock starts.
    scan(sources[:SOURCE_TILE], generated[:ROW_TILE])
    t0 = time.perf_counter()
    best, best_j = scan(sources, generated)
    seconds = time.perf_counter() - t0
    flagged = np.nonzero(best >= np.float32(threshold))[0]
    blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
    with open(out_path, "w") as f:
        json.dump(
            {
                "seconds": seconds,
                "sources": int(sources.shape[0]),
                "generated": int(generated.shape[0]),
                "max_similarity": float(best.max()),
                "flagged": flagged.tolist(),
                "flagged_sources": best_j[flagged].tolist(),
                "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                "numpy": np.__version__,
                "blas": blas.get("openblas configuration", blas.get("name")),
            },
            f,
        )


main()
