"""Small immutable value objects passed between the core's stages and to front ends.

Everything a front end (the CLI or the GUI) shows is one of these, so the GUI can be
tested, exported and reproduced without a display.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar, cast, overload

import numpy as np

from simhash_core.messages import Message
from simhash_core.settings import ScanSettings  # re-exported for the core's front ends


class Keywords(Sequence[tuple[str, float]]):
    """Weighted words, strongest first, as ``(word, weight)`` pairs, held compactly: one
    string and one float array. 200 pairs as a tuple of tuples take about 20 KB per
    document; this takes about 3 KB, which is what lets a class of 20,000 documents fit.

    >>> k = Keywords([("课程", 2.5), ("论文", 1.0)])
    >>> list(k), k[0], len(k), k == (("课程", 2.5), ("论文", 1.0))
    ([('课程', 2.5), ('论文', 1.0)], ('课程', 2.5), 2, True)
    """

    __slots__ = ("_joined", "_weights")
    _SEP = "\x00"

    def __init__(self, pairs: Iterable[tuple[str, float]] = ()) -> None:
        pairs = list(pairs)
        self._set([w for w, _ in pairs], np.array([x for _, x in pairs], np.float64))

    @classmethod
    def from_arrays(cls, words: list[str], weights: np.ndarray) -> Keywords:
        out = cls.__new__(cls)
        out._set(words, np.asarray(weights, np.float64))
        return out

    @classmethod
    def from_joined(cls, joined: str, weights: np.ndarray) -> Keywords:
        """The keywords of :attr:`joined` (the words joined by NUL) and their weights:
        what a cache stores, taken without splitting the words.

        >>> k = Keywords([("课程", 2.5), ("论文", 1.0)])
        >>> Keywords.from_joined(k.joined, k.weights) == k
        True
        """
        weights = np.asarray(weights, np.float64)
        if (joined.count(cls._SEP) + 1 if joined or len(weights) else 0) != len(weights):
            raise ValueError("Keywords: as many weights as words are needed")
        out = cls.__new__(cls)
        out._joined, out._weights = joined, weights
        return out

    @property
    def joined(self) -> str:
        """The words joined by NUL (which no word holds)."""
        return self._joined

    def _set(self, words: list[str], weights: np.ndarray) -> None:
        if len(words) != len(weights):
            raise ValueError("Keywords: as many weights as words are needed")
        if any(self._SEP in w for w in words):
            raise ValueError("Keywords: a word cannot contain NUL")
        self._joined = self._SEP.join(words)
        self._weights = weights

    @property
    def words(self) -> list[str]:
        return self._joined.split(self._SEP) if len(self._weights) else []

    @property
    def weights(self) -> np.ndarray:
        return self._weights

    def __len__(self) -> int:
        return len(self._weights)

    @overload
    def __getitem__(self, index: int) -> tuple[str, float]: ...
    @overload
    def __getitem__(self, index: slice) -> Keywords: ...
    def __getitem__(self, index: int | slice) -> tuple[str, float] | Keywords:
        if isinstance(index, slice):
            return Keywords.from_arrays(self.words[index], self._weights[index])
        return (self.words[index], float(self._weights[index]))

    def __iter__(self) -> Iterator[tuple[str, float]]:
        return iter(zip(self.words, self._weights.tolist(), strict=True))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Keywords({list(self)!r})"

    def __getstate__(self) -> tuple[str, bytes]:
        return self._joined, self._weights.tobytes()

    def __setstate__(self, state: tuple[str, bytes]) -> None:
        self._joined = state[0]
        self._weights = np.frombuffer(state[1], np.float64).copy()


@dataclass(frozen=True)
class DocumentMeta:
    """What a file says about itself (DOCX and ODT properties, a PDF's information
    dictionary): who wrote it, when, from which template. Empty strings where the
    file says nothing. Times are ISO 8601 as the file gives them.

    >>> DocumentMeta(author="张三").to_json()
    {'author': '张三'}
    """

    author: str = ""  # who created it: DOCX creator, ODT initial creator, PDF Author
    last_saved_by: str = ""  # DOCX lastModifiedBy, ODT creator
    created: str = ""
    modified: str = ""
    template: str = ""  # the template it was made from (DOCX, ODT)
    application: str = ""  # the program that wrote it (PDF Producer, DOCX Application)

    def to_json(self) -> dict[str, str]:
        return {k: v for k, v in self.__dict__.items() if v}

    @classmethod
    def from_json(cls, data: dict | None) -> DocumentMeta | None:
        if not data:
            return None
        return cls(**{k: str(v)[:200] for k, v in data.items() if k in cls.__dataclass_fields__})


@dataclass(frozen=True)
class OcrRegion:
    """A stretch of a document's text read by OCR: ``text[start:end]``, from a scanned
    PDF ``page`` (1-based) or a ``picture`` inside a DOCX or ODT (the part's name), with
    the recognizer's mean ``confidence`` in [0, 1] over its characters.

    >>> r = OcrRegion(0, 10, 0.97, page=2)
    >>> str(r.where), OcrRegion.from_json(r.to_json()) == r
    ('page 2', True)
    """

    start: int
    end: int
    confidence: float
    page: int | None = None
    picture: str = ""
    # which of a student's several files (joined into one submission): its path from
    # the submission's folder
    file: str = ""

    @property
    def where(self) -> Message:
        """Where the text was read: ``page 2`` or ``picture image1.png`` (then ``in``
        the file, for a student's several files)."""
        if self.page is not None:
            where = Message.of("ocr.where-page", page=self.page)
        elif not self.picture:  # a photo or screenshot handed in as a file
            where = Message.of("ocr.where-photo")
        else:
            where = Message.of("ocr.where-picture", name=self.picture.rsplit("/", 1)[-1])
        return Message.of("ocr.where-in", where=where, name=self.file) if self.file else where

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"start": self.start, "end": self.end, "confidence": self.confidence}
        if self.page is not None:
            data["page"] = self.page
        if self.picture:
            data["picture"] = self.picture
        if self.file:
            data["file"] = self.file
        return data

    @classmethod
    def from_json(cls, data: dict) -> OcrRegion:
        page = data.get("page")
        return cls(
            int(data["start"]),
            int(data["end"]),
            float(data["confidence"]),
            page=int(page) if page is not None else None,
            picture=str(data.get("picture", ""))[:200],
            file=str(data.get("file", ""))[:200],
        )


def ocr_confidence(regions: Sequence[OcrRegion]) -> float | None:
    """The mean confidence of ``regions``, weighted by their lengths (None for none).

    >>> ocr_confidence([OcrRegion(0, 10, 0.9), OcrRegion(10, 40, 0.5)])
    0.6
    """
    chars = sum(r.end - r.start for r in regions)
    if not regions or chars <= 0:
        return None
    return round(sum((r.end - r.start) * r.confidence for r in regions) / chars, 4)


# what each kind of integrity flag is: the message it is told in (see IntegrityFlag)
FLAG_KINDS = (
    "vanish", "colour", "tiny", "decoy", "invisible", "lookalike", "strike", "joiner", "filler",
    "shuffled", "mismatch",
)  # fmt: skip
# the kinds told with the pages of a PDF they were found on
PAGE_FLAG_KINDS = ("shuffled", "mismatch")


@dataclass(frozen=True)
class IntegrityFlag:
    """Something a student hid in a file, as a reader never sees it: ``chars`` characters
    of hidden text or disguised letters of one ``kind`` (:data:`FLAG_KINDS`), ``where``
    in a student's several files (the file's name; empty for the file itself).

    A document tells its flags among its warnings (:attr:`message`), so every place that
    keeps or shows a document's warnings (the cache, the archive, the reports) keeps and
    shows its flags; :func:`integrity_flags` reads them back.

    >>> flag = IntegrityFlag("vanish", 2310)
    >>> str(flag.message)
    '2,310 characters of hidden text, marked as hidden'
    >>> integrity_flags([flag.message, Message.of("warn.truncated", size="1 MB")]) == (flag,)
    True
    """

    kind: str
    chars: int
    where: str = ""
    pages: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in FLAG_KINDS:
            raise ValueError(f"IntegrityFlag: kind must be one of {FLAG_KINDS}, not {self.kind!r}")

    @property
    def message(self) -> Message:
        """What the flag tells a teacher (without ``where``).

        >>> str(IntegrityFlag("mismatch", 1800, pages=(2, 3)).message)
        '1,800 characters of a text layer that does not match what its page shows (p. 2, 3): the page was read by OCR'
        """  # noqa: E501
        if self.kind in PAGE_FLAG_KINDS:
            pages = ", ".join(str(p) for p in self.pages)
            return Message.of(f"flag.{self.kind}", chars=self.chars, pages=pages)
        return Message.of(f"flag.{self.kind}", chars=self.chars)

    @classmethod
    def from_message(cls, message: Message, where: str = "") -> IntegrityFlag | None:
        """The flag a warning tells, or None for any other warning."""
        kind = message.code.removeprefix("flag.")
        if kind == message.code or kind not in FLAG_KINDS:
            return None
        chars = message["chars"]
        pages = str(message["pages"]) if "pages" in message.args else ""
        numbers = tuple(int(p) for p in pages.split(",") if p.strip().isdigit())
        return cls(kind, chars if isinstance(chars, int) else 0, where, numbers)


def integrity_flags(warnings: Iterable[Message]) -> tuple[IntegrityFlag, ...]:
    """The integrity flags among a document's ``warnings``, a student's several files'
    (``warn.in-file``) with the file they are in."""
    found = []
    for warning in warnings:
        where = ""
        if warning.code == "warn.in-file" and isinstance(warning["warning"], Message):
            where, warning = str(warning["name"]), warning["warning"]
        flag = IntegrityFlag.from_message(warning, where)
        if flag is not None:
            found.append(flag)
    return tuple(found)


@dataclass(frozen=True)
class ExtractedText:
    """Plain text read from one file, before normalization.

    ``warnings`` holds non-fatal notes for the user (for example that a very large
    file was truncated, or which encoding was detected).
    """

    text: str
    kind: str  # the reader: "txt", "md", "docx", "pptx", "pdf", "odt", "rtf" or "html"
    encoding: str | None = None
    pages: int | None = None
    warnings: tuple[Message, ...] = ()
    meta: DocumentMeta | None = None
    # the parts of ``text`` read by OCR, in order (empty for a file read as text)
    ocr: tuple[OcrRegion, ...] = ()
    # scanned pages and pictures that could hold text (ocr_offered) and, of those, the
    # ones not read: OCR turned off, or the engine missing or failing (ocr_skipped). A
    # text with any skipped is never cached; with OCR off, a cached text that had any
    # offered is not used (see scan.analyze_files)
    ocr_skipped: int = 0
    ocr_offered: int = 0
    # the content hash of exactly the bytes this text was read from (see
    # extract.digest): the key it may be filed under; empty where nothing was read
    content_hash: str = ""

    @property
    def flags(self) -> tuple[IntegrityFlag, ...]:
        """What the file hides from a reader (told among its warnings)."""
        return integrity_flags(self.warnings)


@dataclass(frozen=True)
class FileError:
    """A file that could not be used, with a reason a teacher can act on.

    >>> str(FileError("a/b.pdf", "encrypted", Message.of("pdf.encrypted")).reason)
    'encrypted PDF: remove the password and submit again'
    """

    path: str  # relative to the scanned root, as shown to the user
    code: str  # the kind of problem, one of messages.PROBLEM_KINDS: "encrypted", ...
    reason: Message  # what to tell the teacher


@dataclass(frozen=True)
class Student:
    """A student as the folder and file names say (:mod:`simhash_core.intake.students`):
    ``name`` as shown, the ``number`` if one was given, and ``key``, what tells two
    students apart (their number and name, else their folder)."""

    name: str
    number: str | None
    key: str
    source: str  # "moodle", "blackboard", "canvas", "google", "number-name", "folder", "file"


class UnitSpans:
    """Where a text's comparison units are: unit ``i`` is ``text[starts[i]:ends[i]]``.

    Held as the first start, then each unit's gap from the previous unit's end (below
    0 where NFKC made two units of one character, as in "¼") and its length, in the
    smallest integer type that holds them: one byte each for nearly every text, a
    quarter of two int32 offset arrays. That is 15 KB per essay, which is what a
    folder of 100,000 of them needs to fit in memory. The offsets are rebuilt when
    asked for; take them once per use, not once per unit.

    >>> u = UnitSpans.of(np.array([3, 5, 8]), np.array([4, 7, 300]))
    >>> u.starts.tolist(), u.ends.tolist(), len(u), u.lengths.dtype.name
    ([3, 5, 8], [4, 7, 300], 3, 'uint16')
    >>> UnitSpans.of(u.starts, u.ends) == u, len(UnitSpans.empty())
    (True, 0)
    """

    __slots__ = ("first", "gaps", "lengths")

    def __init__(self, first: int, gaps: np.ndarray, lengths: np.ndarray) -> None:
        self.first, self.gaps, self.lengths = first, gaps, lengths

    @classmethod
    def of(cls, starts: np.ndarray, ends: np.ndarray) -> UnitSpans:
        """Units from their offsets."""
        starts = np.asarray(starts, np.int64)
        ends = np.asarray(ends, np.int64)
        if len(starts) == 0:
            return cls.empty()
        gaps = np.empty(len(starts), np.int64)
        gaps[0] = 0
        gaps[1:] = starts[1:] - ends[:-1]
        return cls(int(starts[0]), _narrowest(gaps), _narrowest(ends - starts))

    @classmethod
    def empty(cls) -> UnitSpans:
        return cls(0, np.zeros(0, np.uint8), np.zeros(0, np.uint8))

    def __len__(self) -> int:
        return len(self.lengths)

    @property
    def starts(self) -> np.ndarray:
        """Each unit's first character (int32 offsets into the text)."""
        if len(self) == 0:
            return np.zeros(0, np.int32)
        steps = self.gaps.astype(np.int32)
        steps[1:] += self.lengths[:-1]
        steps[0] += self.first
        return np.cumsum(steps, dtype=np.int32)

    @property
    def ends(self) -> np.ndarray:
        """Each unit's end (exclusive, int32)."""
        return self.starts + self.lengths

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, UnitSpans):
            return NotImplemented
        return (
            self.first == other.first
            and np.array_equal(self.gaps, other.gaps)
            and np.array_equal(self.lengths, other.lengths)
        )

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple:
        return (UnitSpans, (self.first, self.gaps, self.lengths))


def _narrowest(values: np.ndarray) -> np.ndarray:
    """``values`` in the smallest integer type that holds them.

    >>> [_narrowest(np.array(v)).dtype.name for v in ([0, 255], [-1, 127], [-1, 255])]
    ['uint8', 'int8', 'int16']
    """
    if len(values) == 0:
        return values.astype(np.uint8)
    low, high = int(values.min()), int(values.max())
    for kind in (np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32):
        if np.iinfo(kind).min <= low and high <= np.iinfo(kind).max:
            return values.astype(kind)
    return values.astype(np.int64)


_T = TypeVar("_T")


class DeferredValue:
    """A field's value made when it is first read (:class:`DeferredField`): a document
    restored from the cache carries its text, its arrays and its keywords so, decoded
    from the stored row only when something reads them (a re-scan answered by its
    cached verdict reads none of them). Pickled (to a worker) or deep-copied, it is the
    value itself.

    >>> import copy, pickle
    >>> d = DeferredValue(lambda: "made")
    >>> pickle.loads(pickle.dumps(d)), copy.deepcopy(d)
    ('made', 'made')
    """

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make = make

    def made(self) -> Any:
        """The value (made anew on each call: :class:`DeferredField` keeps it)."""
        return self._make()

    def __reduce__(self) -> str | tuple[Any, ...]:
        return (_given, (self.made(),))

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self.made()


def _given(value: _T) -> _T:
    """``value`` itself: how a pickled :class:`DeferredValue` is read back."""
    return value


class DeferredArray(DeferredValue):
    """A :class:`DeferredValue` that is an array of a length known without making it
    (``size``): a document restored from the cache carries its shingles so, and a
    re-scan answered by its cached verdict never makes them (on 100,000 files: making
    them and writing them to a mapped file was 13 of the 34 s of re-opening).

    >>> import copy, pickle
    >>> d = DeferredArray(lambda: np.arange(3, dtype=np.uint64), 3)
    >>> len(d), pickle.loads(pickle.dumps(d)).tolist(), copy.deepcopy(d).tolist()
    (3, [0, 1, 2], [0, 1, 2])
    """

    __slots__ = ("size",)

    def __init__(self, make: Callable[[], np.ndarray], size: int) -> None:
        super().__init__(make)
        self.size = size

    def __len__(self) -> int:
        return self.size

    def made(self) -> np.ndarray:
        made = self._make()
        if len(made) != self.size:
            raise ValueError(f"a deferred array of {len(made)} values, not {self.size}")
        return made

    def __reduce__(self) -> str | tuple[Any, ...]:
        return self.made().__reduce__()


class DeferredField:
    """A dataclass field that holds a value, or a :class:`DeferredValue` made into one
    when the field is first read (and then kept in its place). Installed on a dataclass
    by :func:`deferrable`; what was given is kept in the instance's ``__dict__`` under
    the field's own name (so pickles are those of a plain field). :func:`given` reads
    what was given without making it.
    """

    def __init__(self, name: str) -> None:
        self._name = name

    def __get__(self, obj: object | None, owner: type | None = None) -> Any:
        if obj is None:  # the class's attribute
            raise AttributeError(self._name)
        held = obj.__dict__[self._name]
        if isinstance(held, DeferredValue):
            held = obj.__dict__[self._name] = held.made()
        return held

    def __set__(self, obj: object, value: Any) -> None:
        obj.__dict__[self._name] = value  # also on a frozen dataclass: only in __init__


def deferrable(*names: str) -> Callable[[type[_T]], type[_T]]:
    """A class decorator (over ``@dataclass``) making the fields ``names``
    :class:`DeferredField`: each may be given a :func:`deferred_array` or a
    :func:`deferred_value`. Type checkers see the fields as what they are when read.

    >>> from dataclasses import dataclass
    >>> @deferrable("values")
    ... @dataclass(frozen=True)
    ... class Held:
    ...     values: np.ndarray
    >>> made = []
    >>> h = Held(deferred_array(lambda: made.append(1) or np.ones(2), 2))
    >>> type(given(h, "values")).__name__, h.values.tolist(), h.values.tolist(), made
    ('DeferredArray', [1.0, 1.0], [1.0, 1.0], [1])
    """

    def install(cls: type[_T]) -> type[_T]:
        for name in names:
            setattr(cls, name, DeferredField(name))
        return cls

    return install


def deferred_array(make: Callable[[], np.ndarray], size: int) -> np.ndarray:
    """A :class:`DeferredArray` of ``size`` values made by ``make``, typed as the array
    it stands for: only for the fields of :func:`deferrable`."""
    return cast(np.ndarray, DeferredArray(make, size))


def deferred_value(make: Callable[[], _T]) -> _T:
    """A :class:`DeferredValue` made by ``make``, typed as the value it stands for: only
    for the fields of :func:`deferrable`."""
    return cast(_T, DeferredValue(make))


def given(obj: object, name: str) -> Any:
    """What a :func:`deferrable` field of ``obj`` holds, a :class:`DeferredValue` left
    unmade."""
    return obj.__dict__[name]


def given_array(obj: object, name: str) -> np.ndarray:
    """:func:`given` for an array field (typed as :func:`deferred_array` types it)."""
    return cast(np.ndarray, given(obj, name))


def replaced(obj: _T, **changes: Any) -> _T:
    """``dataclasses.replace(obj, **changes)`` that leaves what ``obj``'s
    :func:`deferrable` fields hold unmade (``replace`` reads, and so makes, them).

    >>> from dataclasses import dataclass
    >>> @deferrable("text")
    ... @dataclass(frozen=True)
    ... class Held:
    ...     text: str
    ...     name: str = ""
    >>> h = replaced(Held(deferred_value(lambda: "made")), name="b")
    >>> type(given(h, "text")).__name__, h.text, h.name
    ('DeferredValue', 'made', 'b')
    """
    kept = {
        f.name: obj.__dict__[f.name]
        for f in fields(obj)  # type: ignore[arg-type]
        if f.init and f.name not in changes
    }
    return type(obj)(**kept, **changes)


@deferrable("shingle_seq", "text", "usable", "minhash", "bit_sums", "units", "keywords")
@dataclass(frozen=True, eq=False)
class Document:
    """One readable submission with everything comparison needs.

    Units are the comparison units (CJK characters, Latin words); ``units`` holds
    their spans in the *original* ``text`` (:attr:`unit_starts`, :attr:`unit_ends`).
    ``shingle_seq[i]`` hashes units ``[i, i + n)``; ``usable[i]`` is False where that
    shingle is template text or an excluded region (references, quotes).
    :attr:`shingles` is the sorted unique set of usable shingle hashes, computed when
    asked for: not stored, so that a class of 20,000 documents fits in memory.
    """

    path: str  # display path, relative to the scanned root (unique within a scan)
    abspath: Path
    text: str  # original extracted text (what the side-by-side view highlights)
    kind: str
    fingerprint: int  # 64-bit SimHash
    minhash: np.ndarray  # uint64 signature
    shingle_seq: np.ndarray  # uint64 per unit position (may be given deferred)
    usable: np.ndarray  # bool per shingle position
    units: UnitSpans  # where each unit is in text
    terms: dict[str, int] = field(default_factory=dict)  # SimHash feature counts
    keywords: Sequence[tuple[str, float]] = ()  # weighted features, strongest first
    # (a Keywords where the core made them: compact)
    # exact per-bit SimHash sums over all features (most significant bit first):
    # the fingerprint's bit i is sums[i] > 0, so views can explain every bit
    bit_sums: np.ndarray = field(default_factory=lambda: np.zeros(64))
    mtime: float = 0.0
    content_hash: str = ""
    warnings: tuple[Message, ...] = ()
    archive_label: str | None = None
    student: Student | None = None  # who handed it in, where the names say
    meta: DocumentMeta | None = None  # what the file says about itself
    ocr: tuple[OcrRegion, ...] = ()  # the parts of text read by OCR
    # a student's several files joined into one submission: their names, in order
    files: tuple[str, ...] = ()
    shown: str = ""  # how a teacher reads its name: the student's (see label)
    # text.sentences.Sentences: the meaning layer's sentences; None where not made yet
    # (archived documents: made from their text when compared)
    sentences: Any = None
    # the shingle size its shingles were made with: shingle_seq[i] hashes units
    # [i, i + ngram) (ScanSettings.ngram of the analysis)
    ngram: int = field(kw_only=True)

    @property
    def flags(self) -> tuple[IntegrityFlag, ...]:
        """What the file hides from a reader (told among its warnings)."""
        return integrity_flags(self.warnings)

    @property
    def unit_count(self) -> int:
        return len(self.units)

    @property
    def unit_starts(self) -> np.ndarray:
        """Each unit's first character in ``text`` (int32; rebuilt on each call)."""
        return self.units.starts

    @property
    def unit_ends(self) -> np.ndarray:
        """Each unit's end in ``text`` (exclusive; int32; rebuilt on each call)."""
        return self.units.ends

    @property
    def shingles(self) -> np.ndarray:
        """Sorted unique usable uint64 shingle hashes."""
        return np.unique(self.shingle_seq[self.usable])

    @property
    def name(self) -> str:
        """The file name."""
        return self.path.rsplit("/", 1)[-1]

    @property
    def file_names(self) -> str:
        """The file's name, or a submission's files, comma-separated."""
        return ", ".join(self.files) if self.files else self.name

    @property
    def label(self) -> str:
        """What a teacher reads: the student (with the file name when the student
        handed in several), else the display path."""
        return self.shown or self.path

    @property
    def file_key(self) -> str:
        """The key a teacher's decisions and exclusions are filed under: the file's
        content hash (they follow the file wherever it is scanned again), or its path
        where it came without one."""
        return self.content_hash or f"path:{self.path}"


@dataclass(frozen=True)
class Summing:
    """A passage that is a summary: its ``side`` (0: A, 1: B) says in ``sentences``
    sentences what ``summed`` sentences of the other side say."""

    side: int
    sentences: int
    summed: int


class PassageKind(str, Enum):
    """How a passage matches: word for word, sentence by sentence in other words, or in
    the other language. A string too: stored and written as its value.

    >>> str(PassageKind.REWORDED), PassageKind("translated") is PassageKind.TRANSLATED
    ('reworded', True)
    """

    COPIED = "copied"  # the same words
    REWORDED = "reworded"
    TRANSLATED = "translated"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Passage:
    """A matching passage: ``[a_start, a_end)`` of document A's original text matches
    ``[b_start, b_end)`` of B's. ``units`` counts comparison units (CJK characters or
    Latin words) in the match; ``common`` marks text shared by much of the class.
    ``kind`` says how it matches (:class:`PassageKind`)."""

    a_start: int
    a_end: int
    b_start: int
    b_end: int
    units: int
    common: bool = False
    kind: PassageKind = PassageKind.COPIED
    sentences: int = 0  # reworded and translated passages: sentences matched in order
    summary: Summing | None = None  # a summary of the other side's text (whole passages)


class SharedPlace(Enum):
    """Where in its documents a shared text stands."""

    START = "start"
    END = "end"


@dataclass(frozen=True)
class SharedText:
    """Text that many submissions hold at the same place, short beside them (a prompt,
    a cover sheet, a declaration): greyed and not counted, reported so a teacher can
    confirm it as the assignment text (see :mod:`simhash_core.compare.shared_text`).

    ``documents`` are indices into the scan's documents, ``spans`` each one's
    characters of it (in the same order), ``text`` the first one's, ``words`` its
    length in words (2 Chinese characters count as 1; the median document's).
    """

    place: SharedPlace
    documents: tuple[int, ...]
    spans: tuple[tuple[int, int], ...]
    words: int
    text: str

    @property
    def files(self) -> int:
        return len(self.documents)

    @property
    def message(self) -> Message:
        """What a teacher reads ("11 students begin with the same 46 words: ...")."""
        return Message.of(f"shared.{self.place.value}", files=self.files, words=self.words)


@dataclass(frozen=True)
class PairScore:
    """Every score of one pair of documents (indices into the scan's document list)."""

    a: int
    b: int
    similarity: float  # headline score in [0, 1] used for ranking
    simhash_distance: int
    jaccard: float  # MinHash estimate of shingle Jaccard
    containment_a: float  # share of A's shingles found in B
    containment_b: float
    # the matched passages as the reports list them: word for word, reworded and
    # translated (what the similarity counts; see compare.pair_score.counted)
    matched_chars: int = 0  # characters of A's original text inside matched passages
    matched_chars_b: int = 0
    share_a: float = 0.0  # share of A's text inside them: similarity = max(share_a, share_b)
    share_b: float = 0.0
    passages: int = 0
    flagged: bool = False
    reasons: tuple[Message, ...] = ()  # why it is flagged, codes "pair.*"
    reworded: int = 0  # sentences in reworded passages (compare.meaning; or rewritten ones)
    translated: int = 0  # sentences in translated passages
    meaning_share: float = 0.0  # share of the more-covered side in those passages
    group: int | None = None
    direction: Direction | None = None  # flagged pairs: who copied from whom, if shown


@dataclass(frozen=True)
class Direction:
    """Who copied from whom in one pair (see :mod:`simhash_core.compare.direction`):
    ``source`` and ``copy`` are document indices, both None when nothing shows it;
    ``reason`` states the evidence (codes ``direction.*``)."""

    source: int | None
    copy: int | None
    reason: Message

    @property
    def known(self) -> bool:
        return self.source is not None


@dataclass(frozen=True)
class Cluster:
    """A group of near-duplicates found by union-find over flagged pairs."""

    id: int
    members: tuple[int, ...]
    max_similarity: float
    # the member the group's text comes from, when the evidence shows one (an archived
    # document); None when the direction is unknown or the group has several sources
    likely_source: int | None
    source_reason: Message  # codes "source.*": the evidence, or "direction unknown"
    compiler: int | None = None  # a member built from passages of the others, if shown

    @property
    def lead(self) -> int:
        """The member a view lists first: the source, else the compiler, else the
        first member."""
        if self.likely_source is not None:
            return self.likely_source
        return self.compiler if self.compiler is not None else self.members[0]


# Above this many documents no dense N x N matrix is built: the comparison scores pairs
# from the indexes, and the app shows a note instead of the matrix view.
DENSE_MATRIX_LIMIT = 3000


class ArchiveStatus(Enum):
    """How the comparison of a scan with the archive went."""

    COMPARED = "compared"
    EMPTY = "empty"  # no archive yet, or no document in it
    CANCELLED = "cancelled"  # the scan was cancelled: the archive was not searched
    FAILED = "failed"


@dataclass(frozen=True)
class ArchiveCheck:
    """The archive side of one scan (``ScanResult.archive``; ``None`` there when the
    scan did not ask for the archive)."""

    status: ArchiveStatus
    location: str  # as it may be shown (a Redis password as ``***``)
    searched: int = 0  # archived documents in the archive
    matched: int = 0  # archived documents added to the result
    error: Message | None = None  # why it failed

    @property
    def checked(self) -> bool:
        """Whether the archive was searched (empty or not)."""
        return self.status in (ArchiveStatus.COMPARED, ArchiveStatus.EMPTY)

    @property
    def message(self) -> Message:
        """What a report says about the archive: checked (with what), or asked for and
        not checked, and why.

        >>> str(ArchiveCheck(ArchiveStatus.COMPARED, "a.sqlite", 40, 3).message)
        'compared with the archive a.sqlite: 40 archived documents searched, 3 close enough to compare'
        >>> str(ArchiveCheck(ArchiveStatus.FAILED, "a.sqlite",
        ...                  error=Message.of("archive.bad-offsets")).message)
        'the archive a.sqlite was asked for but NOT checked: the archive file is damaged: unit offsets do not match'
        """  # noqa: E501
        where = self.location
        if self.status is ArchiveStatus.COMPARED:
            return Message.of(
                "archive.checked", location=where, searched=self.searched, matched=self.matched
            )
        if self.status is ArchiveStatus.EMPTY:
            return Message.of("archive.empty", location=where)
        if self.status is ArchiveStatus.CANCELLED:
            why = Message.of("archive.scan-cancelled")
        else:
            why = self.error or Message.of("archive.unexpected", detail="unknown")
        return Message.of("archive.not-checked", location=where, reason=why)


@dataclass
class ScanResult:
    """The outcome of a scan: documents, errors, scores of reported pairs, and groups."""

    root: Path | None
    settings: ScanSettings
    documents: list[Document] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    skipped: list[FileError] = field(default_factory=list)
    pairs: list[PairScore] = field(default_factory=list)
    clusters: list[Cluster] = field(default_factory=list)
    cancelled: bool = False
    # the comparison itself was stopped: the documents were read, but no pair was
    # compared (so no flagged pair says nothing about copying)
    comparison_cancelled: bool = False
    timings: dict[str, float] = field(default_factory=dict)
    corpus: Any = None  # compare.Corpus: passages and common text on demand
    matrix: Any = None  # compare.PairMatrix: dense N x N scores (None for huge scans)
    # pair_stream.OtherPairs: with all_pairs, every pair not in ``pairs``, streamed
    other_pairs: Any = None
    # what the user should hear about the run itself, once (a damaged cache was replaced,
    # the cache or the archive could not be used)
    notices: list[Message] = field(default_factory=list)
    templates: list[Path] = field(default_factory=list)  # the template files used
    # how comparing with the archive went; None: the scan did not ask for the archive
    archive: ArchiveCheck | None = None
    # review.Decisions: the teacher's decisions the scan is reported with (None: none)
    decisions: Any = None
    # review.exclusions.Applied: what the teacher excluded, by whom, and the scan
    # without it (None: nothing excluded; see review.exclusions.apply_exclusions)
    exclusions: Any = None

    @property
    def shared_texts(self) -> tuple[SharedText, ...]:
        """Text many submissions hold at one place (a prompt, a cover sheet), greyed
        and not counted: what the teacher is asked to confirm as the assignment text."""
        return self.corpus.shared_texts() if self.corpus is not None else ()
