"""Classes of generated submissions, written to disk and scanned by the core (no Qt),
for tests of how the window copes with large results: many short files, or a few
hundred long essays. The texts are seeded, so every run scans the same folder."""

from __future__ import annotations

import random
from pathlib import Path

# CJK characters of everyday text: random strings of them shingle like real prose
_CHARS = (
    "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动"
    "同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自"
    "二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日"
    "那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变"
)
_STOPS = "，。；，。"


def sentence(rng: random.Random) -> str:
    """One sentence of 8 to 24 characters with its punctuation."""
    return "".join(rng.choice(_CHARS) for _ in range(rng.randint(8, 24))) + rng.choice(_STOPS)


def body(rng: random.Random, chars: int) -> str:
    """About ``chars`` characters of sentences."""
    out: list[str] = []
    n = 0
    while n < chars:
        s = sentence(rng)
        out.append(s)
        n += len(s)
    return "".join(out)


def light_edit(rng: random.Random, text: str) -> str:
    """A copy with about one sentence in ten dropped and one in ten replaced."""
    parts = text.split("。")
    kept = [p for p in parts if rng.random() > 0.1]
    return "。".join(sentence(rng) if rng.random() < 0.1 else p for p in kept)


def write_class(
    folder: Path, files: int, chars: int, *, shared: int = 0, pool: int = 1, seed: int = 37
) -> Path:
    """``files`` submissions of about ``chars`` characters in ``folder``; one in ten is a
    lightly edited copy of the file before it (so groups and flagged pairs exist). Each
    other file also quotes ``shared`` of ``pool`` stock passages (phrases every class
    has in common) in its middle, so many pairs share a little text and are reported,
    unflagged."""
    rng = random.Random(seed)
    stock = [body(rng, 60) for _ in range(pool)]
    folder.mkdir(parents=True, exist_ok=True)
    previous = ""
    for i in range(files):
        if previous and i % 10 == 1:
            text = light_edit(rng, previous)
        else:
            quoted = [rng.choice(stock) for _ in range(shared)]
            # in the middle of the text: stock phrases a few files hold at their end
            # would be shared text, like a declaration, and never counted
            text = body(rng, chars // 2) + "".join(quoted) + body(rng, chars // 2)
        (folder / f"s{i:05d}.txt").write_text(text, encoding="utf-8")
        previous = text
    return folder
