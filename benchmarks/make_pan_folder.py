"""Build a large folder of English plain text from the PAN 2013 samples.

    python benchmarks/make_pan_folder.py DEST [--files 1000]

Replica 0 holds every distinct text of ``shared/samples/pan13-en`` and
``pan13-obfuscated`` (452 files: sources and suspicious documents, with their copied
passages). Every further replica holds the same texts with each word replaced through a
seeded permutation of the samples' vocabulary (its own per replica): lengths, lines,
punctuation and the copies inside a replica are kept, and nothing is shared across
replicas. Plain UTF-8 text, as the speed benchmark's plain-text folder.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT.parent / "shared" / "samples"
_WORD = re.compile(r"[A-Za-z]+")


def pan_texts(samples: Path = SAMPLES) -> list[tuple[str, str]]:
    """``(name, text)`` of each distinct PAN text, in name order."""
    paths = [
        *sorted((samples / "pan13-en" / "documents").glob("*.txt")),
        *sorted((samples / "pan13-obfuscated" / "src").glob("*.txt")),
        *sorted((samples / "pan13-obfuscated" / "susp").glob("*.txt")),
    ]
    seen: set[str] = set()
    out = []
    for p in paths:
        text = p.read_text(encoding="utf-8", errors="replace")
        digest = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
        if digest not in seen:
            seen.add(digest)
            out.append((f"{p.parent.name}-{p.name}", text))
    return out


def recoded(text: str, mapping: dict[str, str]) -> str:
    """``text`` with each word replaced by its image under ``mapping`` (lower-case
    keys), keeping an initial capital.

    >>> recoded("The cat sat.", {"the": "a", "cat": "dog", "sat": "ran"})
    'A dog ran.'
    """

    def swap(m: re.Match[str]) -> str:
        word = m.group()
        new = mapping.get(word.lower(), word)
        return new.capitalize() if word[0].isupper() else new

    return _WORD.sub(swap, text)


def make_pan_folder(dest: Path, files: int = 1000, samples: Path = SAMPLES) -> list[Path]:
    """Write ``files`` texts into ``dest`` (replica folders r00, r01, ...)."""
    texts = pan_texts(samples)
    vocabulary = sorted({w.lower() for _, t in texts for w in _WORD.findall(t)})
    written: list[Path] = []
    replica = 0
    while len(written) < files:
        folder = dest / f"r{replica:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        mapping: dict[str, str] = {}
        if replica:
            images = list(vocabulary)
            random.Random(replica).shuffle(images)
            mapping = dict(zip(vocabulary, images, strict=True))
        for name, text in texts[: files - len(written)]:
            out = folder / name
            out.write_text(recoded(text, mapping) if mapping else text, encoding="utf-8")
            written.append(out)
        replica += 1
    return written


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dest", type=Path)
    ap.add_argument("--files", type=int, default=1000)
    args = ap.parse_args()
    paths = make_pan_folder(args.dest, args.files)
    size = sum(p.stat().st_size for p in paths)
    print(f"wrote {len(paths)} files ({size / 1e6:.1f} MB) under {args.dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
