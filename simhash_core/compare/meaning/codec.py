"""Codec: the meaning layer's result as flat arrays, for the comparison memo."""

from __future__ import annotations

import numpy as np

from simhash_core.compare.meaning.runs import (
    REWORDED,
    TRANSLATED,
    MeaningRun,
    PairMeaning,
    SentenceLink,
)


def meaning_key(settings: object, translated: bool) -> str:
    """What the meaning layer's links depend on besides the documents (a memo key)."""
    fields = ("reworded", "meaning_margin", "meaning_sentences", "t2s")
    return repr((*(getattr(settings, f) for f in fields), translated))


def encode_meaning(found: dict[tuple[int, int], PairMeaning]) -> dict[str, np.ndarray]:
    """Flat arrays of :func:`meaning_pairs`' result, for the comparison memo.

    >>> k = SentenceLink(1, 2, 1.5, 0.4)
    >>> m = {(0, 3): PairMeaning((MeaningRun(TRANSLATED, (k,)),), 0.5)}
    >>> decode_meaning(encode_meaning(m)) == m
    True
    """
    keys = sorted(found)
    runs = [(n, r) for n, key in enumerate(keys) for r in found[key].runs]
    return {
        "meaning_pairs": np.array(keys, np.int64).reshape(-1, 2),
        "meaning_strength": np.array([found[k].strength for k in keys], np.float64),
        "meaning_run_pair": np.array([n for n, _ in runs], np.int64),
        "meaning_run_kind": np.array([r.kind == TRANSLATED for _, r in runs], np.int8),
        **_link_arrays([r for _, r in runs]),
    }


def _link_arrays(runs: list[MeaningRun]) -> dict[str, np.ndarray]:
    """Each run's links, one after the other: its run, its sentences, its scores."""
    links = [(m, k) for m, r in enumerate(runs) for k in r.links]
    return {
        "meaning_link_run": np.array([m for m, _ in links], np.int64),
        "meaning_links": np.array([(k.a, k.b) for _, k in links], np.int64).reshape(-1, 2),
        "meaning_link_scores": np.array(
            [(k.margin, k.cosine) for _, k in links], np.float64
        ).reshape(-1, 2),
    }


_ARRAYS = (
    "meaning_pairs",
    "meaning_strength",
    "meaning_run_pair",
    "meaning_run_kind",
    "meaning_link_run",
    "meaning_links",
    "meaning_link_scores",
)


def meaning_arrays(a: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The arrays of :func:`encode_meaning` among ``a``, checked to hold together (so
    that :func:`decode_meaning` can make them later); ValueError (or KeyError) if not.

    >>> k = SentenceLink(1, 2, 1.5, 0.4)
    >>> a = encode_meaning({(0, 3): PairMeaning((MeaningRun(TRANSLATED, (k,)),), 0.5)})
    >>> sorted(meaning_arrays(a)) == sorted(a)
    True
    >>> meaning_arrays({**a, "meaning_link_run": np.array([1])})
    Traceback (most recent call last):
    ValueError: meaning: arrays that do not hold together
    """
    found = {name: a[name] for name in _ARRAYS}
    pairs, runs, links = (
        len(found[n]) for n in ("meaning_pairs", "meaning_run_pair", "meaning_link_run")
    )
    fits = (
        found["meaning_pairs"].shape == (pairs, 2)
        and len(found["meaning_strength"]) == pairs
        and len(found["meaning_run_kind"]) == runs
        and found["meaning_links"].shape == found["meaning_link_scores"].shape == (links, 2)
        and _below(found["meaning_run_pair"], pairs)
        and _below(found["meaning_link_run"], runs)
    )
    if not fits:
        raise ValueError("meaning: arrays that do not hold together")
    return found


def _below(index: np.ndarray, count: int) -> bool:
    return index.ndim == 1 and (not len(index) or (index.min() >= 0 and index.max() < count))


def decode_meaning(a: dict[str, np.ndarray]) -> dict[tuple[int, int], PairMeaning]:
    """The result :func:`encode_meaning` flattened."""
    links: list[list[SentenceLink]] = [[] for _ in range(len(a["meaning_run_pair"]))]
    for m, (x, y), (margin, cosine) in zip(
        a["meaning_link_run"].tolist(),
        a["meaning_links"].tolist(),
        a["meaning_link_scores"].tolist(),
        strict=True,
    ):
        links[m].append(SentenceLink(x, y, margin, cosine))
    runs: list[list[MeaningRun]] = [[] for _ in range(len(a["meaning_pairs"]))]
    for m, (n, kind) in enumerate(
        zip(a["meaning_run_pair"].tolist(), a["meaning_run_kind"].tolist(), strict=True)
    ):
        runs[n].append(MeaningRun(TRANSLATED if kind else REWORDED, tuple(links[m])))
    return {
        (int(i), int(j)): PairMeaning(tuple(r), float(s))
        for (i, j), r, s in zip(
            a["meaning_pairs"].tolist(), runs, a["meaning_strength"].tolist(), strict=True
        )
    }
