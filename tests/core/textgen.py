"""Deterministic synthetic essays for tests (no external data needed)."""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def _zh_words() -> list[str]:
    import jieba

    path = Path(jieba.__file__).parent / "dict.txt"
    words = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            word, freq, *_ = line.split()
            if 2 <= len(word) <= 4 and int(freq) > 2000:
                words.append(word)
    return words


EN_WORDS = [
    "river",
    "valley",
    "mountain",
    "history",
    "school",
    "student",
    "teacher",
    "theory",
    "method",
    "result",
    "evidence",
    "village",
    "market",
    "engine",
    "signal",
    "network",
    "energy",
    "climate",
    "forest",
    "ocean",
    "culture",
    "language",
    "science",
    "garden",
    "museum",
    "winter",
    "summer",
    "bridge",
    "castle",
    "harbor",
    "island",
    "desert",
    "planet",
    "argument",
    "experiment",
    "protein",
    "molecule",
    "reaction",
    "pressure",
    "frequency",
    "velocity",
    "budget",
    "council",
    "election",
    "province",
    "railway",
    "factory",
    "harvest",
    "library",
    "archive",
    "manuscript",
]


def zh_essay(seed: int, sentences: int = 30) -> str:
    """A Chinese 'essay' of random dictionary words, one sentence per line."""
    rng = random.Random(seed)
    words = _zh_words()
    out = []
    for _ in range(sentences):
        n = rng.randint(6, 12)
        out.append("".join(rng.choice(words) for _ in range(n)) + rng.choice("。，；") + "\n")
    return "".join(out)


def en_essay(seed: int, sentences: int = 30) -> str:
    rng = random.Random(seed)
    out = []
    for _ in range(sentences):
        n = rng.randint(8, 16)
        s = " ".join(rng.choice(EN_WORDS) for _ in range(n))
        out.append(s.capitalize() + ". ")
    return "".join(out)


def sentences_of(text: str) -> list[str]:
    return [s for s in text.split("\n") if s]


def two_passages(seed: int = 7, apart: int = 40) -> tuple[str, str]:
    """Two Chinese essays that share two passages of six sentences, in the same order,
    ``apart`` sentences of their own between them on both sides (and more around)."""
    a = zh_essay(seed, 2 * apart + 20).splitlines(keepends=True)
    own = zh_essay(seed + 1, 2 * apart + 10).splitlines(keepends=True)
    first, second = a[4:10], a[10 + apart : 16 + apart]
    half = apart // 2
    b = own[:half] + first + own[half : half + apart] + second + own[half + apart :]
    return "".join(a), "".join(b)
