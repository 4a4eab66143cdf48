"""The scan settings, each declared once with everything the front ends need of it.

A setting is a field of :class:`ScanSettings` made by :func:`setting`: its type and
default, its allowed range, the words a teacher reads (a label and a tip, English here,
translated by the app in the context ``Setting``), its command-line flag, whether the
Settings dialog edits it and the settings file keeps it, and which part of a scan it
changes (:class:`Affects`). Everything else is derived from these declarations:

- the command line's options and their help (:mod:`simhash_core.cli.setting_options`),
- the Settings dialog's editors and the keys of the app's settings file (``app``),
- the fields that key a file's analysis in the fingerprint cache, the archive and the
  comparison memo (:func:`analysis_fields`).

The next setting is one more field here.

>>> spec_of("flag_similarity").flag, spec_of("flag_similarity").affects.value
('--threshold', 'comparison')
>>> analysis_fields()
('ngram', 't2s', 'minhash_perms', 'exclude_quotes', 'exclude_references')
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any


class Affects(Enum):
    """The part of a scan a setting changes."""

    READ = "read"  # how files are read (the cache notes per file whether OCR ran)
    ANALYSIS = "analysis"  # each file's analysis: keys the cache, the archive, the memo
    COMPARISON = "comparison"  # how analyses are compared and judged
    RUN = "run"  # how the scan runs, never what it finds


@dataclass(frozen=True)
class SettingSpec:
    """Everything declared of one setting (see :func:`setting`)."""

    name: str
    kind: type
    default: Any
    label: str  # what the dialog shows beside its editor (a switch's own text)
    tip: str  # one sentence: the dialog's tooltip and the command line's help
    affects: Affects
    flag: str | None = None  # the command-line option; a switch's flag turns it over
    saved: bool = False  # edited in the Settings dialog, kept in the settings file
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    scale: float = 1.0  # the dialog shows value × scale (100: a share as a percentage)
    suffix: str = ""  # after the dialog's number (" %", " words")
    decimals: int = 0  # the dialog's decimals, of the scaled value
    step: float = 1.0  # the dialog's step, of the scaled value

    @property
    def suffix_in_words(self) -> bool:
        """Whether the unit after the number is a word to translate (" words"), not a
        sign that reads the same in every language (" %", " ×").

        >>> [spec_of(name).suffix_in_words for name in ("flag_passage_words", "flag_similarity")]
        [True, False]
        """
        return any(ch.isalpha() for ch in self.suffix)

    @property
    def shown_decimals(self) -> int:
        """Decimals of the value as stored, for a dialog that shows it × ``scale``
        (a share shown in whole per cent is kept to 2 decimals).

        >>> spec_of("flag_similarity").shown_decimals, spec_of("meaning_margin").shown_decimals
        (2, 2)
        """
        return self.decimals + round(math.log10(self.scale))

    def cli_help(self) -> str:
        """The command line's help: the tip, and what not giving the flag means.

        >>> spec_of("ngram").cli_help()
        'Shingle size in units (words, or two Chinese characters): 2-12 (default 5)'
        >>> spec_of("ocr").cli_help()[:40]
        'turn off (on by default): Read scanned P'
        """
        if self.kind is bool:  # the flag turns the switch over
            state = "turn off (on by default)" if self.default else "turn on (off by default)"
            return f"{state}: {self.tip}"
        if self.choices:
            return f"{self.tip}: {', '.join(self.choices)} (default {self.default})"
        return f"{self.tip}: {self.low:g}-{self.high:g} (default {self.default:g})"


_KINDS: dict[str, type] = {"int": int, "float": float, "bool": bool, "str": str}


def setting(
    default: Any,
    *,
    label: str,
    tip: str,
    affects: Affects,
    flag: str | None = None,
    saved: bool = False,
    low: float | None = None,
    high: float | None = None,
    choices: tuple[str, ...] = (),
    scale: float = 1.0,
    suffix: str = "",
    decimals: int = 0,
    step: float = 1.0,
) -> Any:
    """A :class:`ScanSettings` field and its declaration (the one place for both)."""
    spec = {
        "label": label,
        "tip": tip,
        "affects": affects,
        "flag": flag,
        "saved": saved,
        "low": low,
        "high": high,
        "choices": choices,
        "scale": scale,
        "suffix": suffix,
        "decimals": decimals,
        "step": step,
    }
    metadata: dict[str, Any] = {"setting": spec}
    if low is not None and high is not None:
        metadata["range"] = (low, high)
    return field(default=default, metadata=metadata)


@dataclass(frozen=True)
class ScanSettings:
    """Every knob that changes results. Defaults are chosen for teachers in general.

    Each number carries its allowed range (:func:`setting_range`), the one place the
    command line's argument checks and the app's spin boxes take their limits from; a
    value out of range is a ``ValueError`` that names the field.

    >>> ScanSettings(simhash_k=13)
    Traceback (most recent call last):
    ValueError: ScanSettings.simhash_k must be between 0 and 12, got 13
    """

    simhash_k: int = setting(
        3,
        low=0,
        high=12,
        label="SimHash distance threshold (k, bits):",
        tip="SimHash Hamming distance for near-duplicates",
        affects=Affects.COMPARISON,
        flag="-k",
        saved=True,
    )
    flag_similarity: float = setting(
        0.15,
        low=0.01,
        high=1.0,
        label="Flag pairs with matched text of at least:",
        tip="Flag a pair when this share of either file is matched text",
        affects=Affects.COMPARISON,
        flag="--threshold",
        saved=True,
        scale=100,
        suffix=" %",
    )
    flag_passage_words: float = setting(  # the longest passage, in words
        40.0,
        low=5,
        high=100_000,
        label="…or one matching passage of at least:",
        tip="Also flag a pair when one passage of at least this many words is the same in "
        "both (2 Chinese characters count as 1 word)",
        affects=Affects.COMPARISON,
        flag="--passage-words",
        saved=True,
        suffix=" words",
    )
    report_floor: float = setting(
        0.02,
        low=0.0,
        high=1.0,
        label="Report pairs from this similarity:",
        tip="Pairs below this similarity are left out of the pairs list",
        affects=Affects.COMPARISON,
    )
    ngram: int = setting(
        5,
        low=2,
        high=12,
        label="Word-sequence length (n-gram):",
        tip="Shingle size in units (words, or two Chinese characters)",
        affects=Affects.ANALYSIS,
        flag="--ngram",
        saved=True,
    )
    min_passage_units: int = setting(
        12,
        low=2,
        high=10_000,
        label="Shortest passage, in units:",
        tip="Matched runs shorter than this many units are not passages",
        affects=Affects.COMPARISON,
    )
    shared_text_files: int = setting(
        4,
        low=2,
        high=10_000,
        label="Shared text: the same start or end in at least:",
        tip="Text that at least this many files hold at their start or end, short beside "
        "them (a prompt, a cover sheet), is shared text and not counted",
        affects=Affects.COMPARISON,
        flag="--shared-text-files",
        saved=True,
        suffix=" files",
    )
    t2s: bool = setting(
        True,
        label="Convert Traditional Chinese to Simplified before comparing",
        tip="Map Traditional Chinese to Simplified, so a copy converted to Traditional is "
        "still found",
        affects=Affects.ANALYSIS,
        flag="--no-t2s",
        saved=True,
    )
    idf: str = setting(
        "jieba",
        label="Word weights from:",
        tip="IDF source for SimHash weights (jieba: a fixed table; corpus: the folder)",
        affects=Affects.COMPARISON,
        flag="--idf",
        choices=("jieba", "corpus"),
    )
    minhash_perms: int = setting(
        128,
        low=1,
        high=4096,
        label="MinHash permutations:",
        tip="Permutations of the MinHash signature",
        affects=Affects.ANALYSIS,
    )
    exclude_quotes: bool = setting(
        False,
        label='Ignore quoted text (“…”, 「…」, "…")',
        tip="Leave quoted text out of the comparison",
        affects=Affects.ANALYSIS,
        flag="--exclude-quotes",
        saved=True,
    )
    exclude_references: bool = setting(
        True,
        label="Ignore the reference section (参考文献, References)",
        tip="Leave the reference section (参考文献, References) out of the comparison",
        affects=Affects.ANALYSIS,
        flag="--keep-references",
        saved=True,
    )
    # the meaning layer (compare.meaning): reworded sentences within a language, and
    # sentences translated between Chinese and English
    reworded: bool = setting(
        True,
        label="Find passages reworded sentence by sentence (Chinese, English)",
        tip="Look for sentences reworded within a language (Chinese, English)",
        affects=Affects.COMPARISON,
        flag="--no-reworded",
        saved=True,
    )
    translated: bool = setting(
        True,
        label="Find passages translated between Chinese and English",
        tip="Look for sentences translated between Chinese and English",
        affects=Affects.COMPARISON,
        flag="--no-translated",
        saved=True,
    )
    # a reworded or translated passage: at least this many sentences in order, each at
    # least this many times closer to its match than to its usual nearest sentences (or
    # between two such on both sides, and as close as its usual nearest: links.py)
    meaning_margin: float = setting(
        1.3,
        low=1.0,
        high=10.0,
        label="Reworded or translated: sentences closer by at least:",
        tip="Each sentence of a reworded or translated passage must be this many times "
        "closer to its match than to its usual nearest sentences in other files (a "
        "sentence between two such ones, on both sides: as close as its usual nearest)",
        affects=Affects.COMPARISON,
        flag="--meaning-margin",
        saved=True,
        suffix=" ×",
        decimals=2,
        step=0.05,
    )
    meaning_sentences: int = setting(
        3,
        low=2,
        high=100,
        label="Reworded or translated: sentences in order, at least:",
        tip="Sentences in order that make a reworded or translated passage",
        affects=Affects.COMPARISON,
        flag="--meaning-sentences",
    )
    workers: int = setting(
        0,
        low=0,
        high=1024,
        label="Worker processes:",
        tip="Worker processes (0: one per core)",
        affects=Affects.RUN,
        flag="--workers",
    )
    # read scanned PDF pages and pictures in DOCX/ODT by OCR (simhash_core.ocr)
    ocr: bool = setting(
        True,
        label="Read scanned pages and pictures of text (OCR, about 5-10 s per page)",
        tip="Read scanned PDF pages and pictures in DOCX/ODT files by OCR (about 5-10 s per "
        "page); without it a PDF that is only scans is reported, not read",
        affects=Affects.READ,
        flag="--no-ocr",
        saved=True,
    )

    def __post_init__(self) -> None:
        for spec in specs(type(self)):
            check_value(spec, getattr(self, spec.name), type(self).__name__)


def check_value(spec: SettingSpec, value: Any, owner: str = "ScanSettings") -> None:
    """Raise ``ValueError`` naming ``spec`` when ``value`` is not one it allows."""
    where = f"{owner}.{spec.name}"
    if spec.kind is bool:
        if not isinstance(value, bool):
            raise ValueError(f"{where} must be True or False, got {value!r}")
    elif spec.choices:
        if value not in spec.choices:
            raise ValueError(f"{where} must be one of {', '.join(spec.choices)}, got {value!r}")
    elif spec.low is not None and spec.high is not None:
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise ValueError(f"{where} must be a number, got {value!r}")
        number = float(value)
        if spec.kind is int and not number.is_integer():
            raise ValueError(f"{where} must be a whole number, got {value}")
        if not spec.low <= number <= spec.high:
            raise ValueError(
                f"{where} must be between {spec.low:g} and {spec.high:g}, got {number:g}"
            )


def specs(cls: type = ScanSettings) -> tuple[SettingSpec, ...]:
    """The declarations of ``cls``'s settings, in field order."""
    return _specs(cls)


_CACHE: dict[type, tuple[SettingSpec, ...]] = {}


def _specs(cls: type) -> tuple[SettingSpec, ...]:
    known = _CACHE.get(cls)
    if known is None:
        known = tuple(
            SettingSpec(
                name=f.name,
                kind=_KINDS[f.type] if isinstance(f.type, str) else f.type,
                default=f.default,
                **f.metadata["setting"],
            )
            for f in fields(cls)
            if "setting" in f.metadata
        )
        _CACHE[cls] = known
    return known


def spec_of(name: str, cls: type = ScanSettings) -> SettingSpec:
    """The declaration of setting ``name``."""
    for spec in specs(cls):
        if spec.name == name:
            return spec
    raise KeyError(f"{cls.__name__} has no setting {name!r}")


def analysis_fields(cls: type = ScanSettings) -> tuple[str, ...]:
    """The settings that change a file's analysis (its shingles, fingerprint and
    signature): the fingerprint cache, the archive and the comparison memo key analyses
    by exactly these. Every other setting changes how analyses are compared or run."""
    return tuple(s.name for s in specs(cls) if s.affects is Affects.ANALYSIS)


def saved_fields(cls: type = ScanSettings) -> tuple[str, ...]:
    """The settings the Settings dialog edits and the app's settings file keeps."""
    return tuple(s.name for s in specs(cls) if s.saved)


ANALYSIS_FIELDS = analysis_fields()
IDF_SOURCES = spec_of("idf").choices


def analysis_settings(settings: Any) -> dict[str, Any]:
    """The values of the analysis settings (:func:`analysis_fields`) in ``settings``.

    >>> analysis_settings(ScanSettings(ngram=6))["ngram"]
    6
    """
    return {name: getattr(settings, name) for name in analysis_fields(type(settings))}


def setting_range(name: str, cls: type = ScanSettings) -> tuple[float, float]:
    """The allowed ``(low, high)`` of a numeric setting.

    >>> setting_range("ngram")
    (2, 12)
    """
    spec = spec_of(name, cls)
    if spec.low is None or spec.high is None:
        raise KeyError(f"{cls.__name__} has no numeric setting {name!r}")
    return spec.low, spec.high
