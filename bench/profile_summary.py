"""Summarise a py-spy ``--format raw`` profile (collapsed stacks): where the time goes.

    python bench/profile_summary.py PROFILE.txt [--top 25]

Prints the share of samples *inside* (inclusive) the busiest functions, and the busiest
functions by their own (self) samples.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("profile", type=Path)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in args.profile.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        n = int(count)
        frames = [
            f.split(" (")[0] + " (" + f.split(" (")[-1].split(":")[0].rsplit("/", 1)[-1]
            if " (" in f
            else f
            for f in stack.split(";")
        ]
        total += n
        for f in set(frames):
            inclusive[f] += n
        own[frames[-1]] += n
    print(f"{total} samples")
    print("inclusive:")
    for f, n in inclusive.most_common(args.top):
        print(f"  {100 * n / total:5.1f} %  {f}")
    print("self:")
    for f, n in own.most_common(args.top):
        print(f"  {100 * n / total:5.1f} %  {f}")


if __name__ == "__main__":
    main()
