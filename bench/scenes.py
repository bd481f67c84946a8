"""Speedy Pickers scene bench: generation time (cold and warm), bytes, hit-test time, memory.

    .venv/bin/python -m bench.scenes [--seed N] [--clicks N]

"Cold" is a process that has rasterised no emoji yet (each set's first scene pays for its
set's rasterisation); "new scene" is a scene not yet drawn once the emoji are rasterised
(what every later game pays); "cached" is the same look asked again (every later viewer
request). Hit tests click random points of a painted look, half of them on objects.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from app.pictures import emoji
from app.pictures.speedy_pickers.compose import HEIGHT, WIDTH
from app.pictures.speedy_pickers.painter import ScenePainter
from app.pictures.speedy_pickers.styles import STYLES

_CLOTH = (700, 420, 520, 360, 25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clicks", type=int, default=20_000)
    options = parser.parse_args()
    print(f"cpus {os.cpu_count()}, load average {os.getloadavg()[0]:.2f}, {WIDTH}×{HEIGHT} WebP\n")
    painter = ScenePainter()
    _generation(painter, options.seed)
    _looks(painter, options.seed)
    _hits(painter, options.seed, options.clicks)
    _memory(painter, options.seed)


def _ms(painter: ScenePainter, args: tuple[object, ...]) -> float:
    """Returns how long painting `args` takes, in milliseconds."""
    start = time.perf_counter()
    painter.paint(args)
    return (time.perf_counter() - start) * 1000


def _generation(painter: ScenePainter, seed: int) -> None:
    print("index style        set       cold ms  new scene ms  cached ms   bytes")
    colds, news, sizes = [], [], []
    for index, style in enumerate(STYLES):
        args = (seed, index, False, None, False)
        cold = _ms(painter, args)
        new_args = (seed + 1000, index, False, None, False)
        new = _ms(painter, new_args)
        cached = _ms(painter, args)
        size = len(painter.paint(args).data)
        colds.append(cold)
        news.append(new)
        sizes.append(size)
        print(
            f"{index:5} {style.name:12} {style.emoji_set.value:9} {cold:7.0f} {new:13.0f}"
            f" {cached:10.3f} {size:7,}"
        )
    print(
        f"new scene: mean {statistics.mean(news):.0f} ms, max {max(news):.0f} ms; "
        f"bytes: mean {statistics.mean(sizes):,.0f}, max {max(sizes):,}\n"
    )


def _looks(painter: ScenePainter, seed: int) -> None:
    print("look (scene 0 cached)        paint ms   bytes")
    looks = {
        "turned": (True, None, False),
        "cloth": (False, _CLOTH, False),
        "low-res": (False, None, True),
        "turned+cloth+low-res": (True, _CLOTH, True),
    }
    for name, (rotated, cloth, low_res) in looks.items():
        args = (seed, 0, rotated, cloth, low_res)
        ms = _ms(painter, args)
        print(f"{name:28} {ms:8.0f} {len(painter.paint(args).data):7,}")
    print()


def _hits(painter: ScenePainter, seed: int, clicks: int) -> None:
    rng = random.Random(seed)
    print("hit test                      mean µs   p99 µs  max µs  found")
    for name, args in {
        "plain look": (seed, 1, False, None, False),
        "turned+cloth+low-res": (seed, 1, True, _CLOTH, True),
    }.items():
        picture = painter.paint(args)
        points = [(rng.randrange(WIDTH), rng.randrange(HEIGHT)) for _ in range(clicks)]
        times, found = [], 0
        for x, y in points:
            start = time.perf_counter_ns()
            key = picture.hit(x, y)
            times.append((time.perf_counter_ns() - start) / 1000)
            found += bool(key)
        times.sort()
        print(
            f"{name:28} {statistics.mean(times):8.1f} {times[int(len(times) * 0.99)]:8.1f}"
            f" {times[-1]:7.0f} {found / clicks:6.0%}"
        )
    print()


def _memory(painter: ScenePainter, seed: int) -> None:
    scene = painter.scene(seed, 0)
    outlines = scene.outlines.nbytes()
    image = scene.nbytes() - outlines
    look = painter.paint((seed, 0, False, _CLOTH, False))
    print(
        f"per cached base scene: {scene.nbytes() / 1e6:.1f} MB ({image / 1e6:.1f} MB RGB pixels, "
        f"{outlines / 1e3:.0f} KB outlines)"
    )
    print(
        f"per cached look: {len(look.data) / 1e3:.0f} KB image bytes (+ cloth mask, if any; "
        "outlines shared with the base)"
    )
    print(f"rasterised emoji (all sets, kept for the process): {emoji.cached_bytes() / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
