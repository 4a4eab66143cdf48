"""The whole scan: find files, analyse them in isolated workers, compare, group.

>>> from simhash_core.types import ScanSettings
>>> r = scan([], settings=ScanSettings())
>>> (len(r.documents), len(r.pairs), r.cancelled)
(0, 0, False)
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import numpy as np

from simhash_core.compare import compare_documents
from simhash_core.compare.comparison import Comparison, restore_comparison
from simhash_core.compare.memo import ComparisonMemo, memo_key
from simhash_core.compare.verdict import Verdict, verdict_key
from simhash_core.compare.warm import load_comparison_soon
from simhash_core.extract.errors import DEFAULT_LIMITS, ExtractError
from simhash_core.extract.zip_entries import close_zips, is_member, is_zip_name, member_signature
from simhash_core.fingerprint.analyze import (
    Analysis,
    analyze_file,
    file_digest,
    file_mtime,
    shingles_of_texts,
    template_texts,
    to_document,
)
from simhash_core.fingerprint.weights import reweighted
from simhash_core.intake.discover import discover
from simhash_core.intake.students import layout_notices, own_path
from simhash_core.intake.submissions import (
    Member,
    Submission,
    SubmissionRead,
    read_submission,
    submission_hash,
    submissions_of,
)
from simhash_core.memory import (
    MappedShelf,
    collector_paused,
    give_back_free_memory,
    kept_objects_released,
    on_a_map,
)
from simhash_core.ocr.reader import STEP_SECONDS, STEP_SECONDS_CAP, OcrReader
from simhash_core.pool import (
    WORKER_PRELOAD,
    IsolatedPool,
    TaskFailure,
    TaskFunc,
    TaskNote,
    note,
    start_server,
)
from simhash_core.progress import Cancelled, Progress, Stage
from simhash_core.store.cache import (
    ROWS_AT_ONCE,
    AnalysisCache,
    CacheWriter,
    array_digest,
    default_cache_path,
    settings_key,
    stat_signature,
)
from simhash_core.text import glossary
from simhash_core.text.sentences import Sentences
from simhash_core.text.words import warm_up
from simhash_core.types import (
    Document,
    ExtractedText,
    FileError,
    ScanResult,
    ScanSettings,
    UnitSpans,
    given_array,
    replaced,
)


def warm_worker() -> None:
    """A worker's start: the segmenter's dictionary and the stemmer loaded before its
    first file (already done where workers fork from a preloaded server)."""
    warm_up()
    glossary.english_stems("warm")


def prepare_workers() -> None:
    """Get the worker processes' fork server ready (imports and dictionaries loaded),
    e.g. while the app waits for its first folder."""
    start_server(WORKER_PRELOAD)


def _prepare_workers_soon() -> None:
    """:func:`prepare_workers` in a thread: the server's imports (most of a second) are
    done while this process hashes and plans, not after (safe to call again)."""
    threading.Thread(target=prepare_workers, name="prepare-workers", daemon=True).start()


def _file_id(path: Path | str) -> tuple[int, int] | str:
    """What makes two paths the same file: device and inode (one ``stat``, where
    ``resolve`` would look up every folder on the way), or the resolved path."""
    try:
        st = os.stat(path)
    except OSError:
        return str(Path(path).resolve())
    return (st.st_dev, st.st_ino)


def given_alone(paths: Sequence[Path], files: Sequence[tuple[Path, str]]) -> dict[str, str]:
    """The display path of each file given on its own (not found in a chosen folder),
    with what its own path says about its student (:func:`students.own_path`)."""
    alone = {os.path.abspath(p) for p in paths if not p.is_dir()}
    return {shown: own_path(Path(p)) for p, shown in files if os.path.abspath(p) in alone}


def _without(files: list[tuple[Path, str]], templates: list[Path]) -> list[tuple[Path, str]]:
    """``files`` minus the template files, however either was named."""
    if not templates:
        return list(files)
    ids = {_file_id(t) for t in templates}
    return [(p, shown) for p, shown in files if _file_id(p) not in ids]


def _analyze_task(
    path: str,
    settings: ScanSettings,
    template: np.ndarray,
    digest: str | None,
    extracted: ExtractedText | None,
    store: tuple[str, str] | None = None,
    keep_terms: bool = True,
) -> Analysis:
    """One file's analysis; with ``store`` (cache path, settings key), also stored in
    the cache by this (worker) process. ``keep_terms=False`` returns it without its term
    counts (stored, but the biggest thing to unpickle, and only corpus IDF needs them)."""
    reader = OcrReader(enabled=settings.ocr, on_step=_ocr_step)
    analysis = analyze_file(Path(path), settings, template, digest, extracted, reader)
    if store is not None and usable_later(analysis):
        t0 = time.perf_counter()
        _cache_writer(store[0]).put(store[1], analysis)
        spent = ("cache write", time.perf_counter() - t0)
        analysis = replace(analysis, timings=(*analysis.timings, spent))
    return _sent(analysis, keep_terms)


def _sent(analysis: Analysis, keep_terms: bool) -> Analysis:
    """What a worker sends back of an analysis: not its units (only the cache stores
    them), nor the term counts unless ``keep_terms``."""
    if keep_terms:
        return replace(analysis, unit_hashes=None)
    return replace(analysis, unit_hashes=None, terms={})


def usable_later(a: Analysis | ExtractedText) -> bool:
    """Whether a file's analysis may be stored for later scans: not when scans or
    pictures were left unread (OCR off, or the engine failing), or it would stand in
    for what a scan with a working OCR reads."""
    return a.ocr_skipped == 0


def usable_now(a: Analysis | ExtractedText, settings: ScanSettings) -> bool:
    """Whether a stored analysis or text gives this scan what reading the file would:
    with OCR off, only if the file had nothing for OCR to read."""
    return a.ocr_skipped == 0 and (settings.ocr or a.ocr_offered == 0)


def _ocr_step(done: int, total: int) -> None:
    """A worker's OCR progress, passed to the parent with the time the rest may take."""
    note(done, total, min(STEP_SECONDS_CAP, STEP_SECONDS * total))


_WRITERS: dict[str, CacheWriter] = {}  # per worker process: one connection per cache


def _cache_writer(path: str) -> CacheWriter:
    writer = _WRITERS.get(path)
    if writer is None:
        writer = _WRITERS[path] = CacheWriter(Path(path))
    return writer


def refuse_huge(
    files: list[tuple[Path, str]], limit: int
) -> tuple[list[tuple[Path, str]], list[FileError]]:
    """``files`` without those larger than any submission can be, and an error row for
    each: decided on the size alone, before any byte is read or hashed.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     big = Path(d) / "big.txt"
    ...     with big.open("wb") as fh:
    ...         _ = fh.truncate(300 * 1024 * 1024)  # sparse: takes no disk
    ...     kept, errors = refuse_huge([(big, "big.txt")], 200 * 1024 * 1024)
    >>> kept, errors[0].code, str(errors[0].reason)
    ([], 'too-large', 'too large: the file is 300 MB, and no submission is larger than 200 MB')
    """
    from simhash_core.extract.errors import too_large_reason

    kept, errors = [], []
    for path, shown in files:
        try:
            size = os.stat(path).st_size
        except OSError:
            size = 0  # the worker says why it can't be read
        if size > limit:
            errors.append(FileError(shown, "too-large", too_large_reason(size, limit)))
        else:
            kept.append((path, shown))
    return kept, errors


def _digests(
    paths: Sequence[Path], cache: AnalysisCache | None, progress: Progress | None = None
) -> list[str | None]:
    """Content hashes of the files: from the cache for files whose stat signature is
    unchanged (for an entry of a ZIP: its CRC and sizes), otherwise read in parallel
    threads (hashing releases the GIL). After a cancel the rest are left unhashed (None)."""
    stats: dict[str, str] = {}
    known: dict[str, str] = {}
    if cache is not None:
        for p in paths:
            try:
                stats[str(p)] = stat_signature(os.stat(p))
            except OSError:
                # an entry of a ZIP; else the worker reports why it can't be read
                with contextlib.suppress(ExtractError):
                    if is_member(p):
                        stats[str(p)] = member_signature(p)
        known = cache.known_digests(stats)

    def one(p: Path) -> str | None:
        if progress is not None and progress.cancelled:
            return None
        try:
            return file_digest(p)
        except (OSError, ExtractError):  # the worker says why
            return None

    digests: list[str | None] = [known.get(str(p)) for p in paths]
    todo = [k for k, d in enumerate(digests) if not d]  # only these are read
    if todo:
        with ThreadPoolExecutor(max_workers=4) as pool:
            for k, d in zip(todo, pool.map(one, [paths[k] for k in todo]), strict=True):
                digests[k] = d
    if cache is not None:
        cache.remember_digests(
            [
                (str(p), stats[str(p)], d)
                for p, d in zip(paths, digests, strict=True)
                if d and str(p) in stats and str(p) not in known
            ]
        )
    return digests


def _submission_task(
    members: list[Member],
    settings: ScanSettings,
    template: np.ndarray,
    store: tuple[str, str] | None,
    keep_terms: bool,
    per_file: float,
) -> SubmissionRead:
    """A student's several files read and their joined text analysed, in a worker; with
    ``store``, the analysis and the texts just read stored in the cache by this worker.
    Each file finished gives the task ``per_file`` more seconds."""
    reader = OcrReader(enabled=settings.ocr, on_step=_ocr_step)
    done = read_submission(
        members, settings, template, reader, lambda k, n: note(k, n, k * per_file)
    )
    if store is not None and done.analysis is not None and usable_later(done.analysis):
        t0 = time.perf_counter()
        writer = _cache_writer(store[0])
        for text in done.fresh:
            if usable_later(text):
                writer.put_text(text)
        writer.put(store[1], done.analysis)
        spent = ("cache write", time.perf_counter() - t0)
        done = replace(
            done, fresh=(), analysis=replace(done.analysis, timings=(*done.analysis.timings, spent))
        )
    if done.analysis is not None:
        done = replace(done, analysis=_sent(done.analysis, keep_terms))
    return done


def _one_file(outcome: Analysis | TaskFailure) -> SubmissionRead:
    """A one-file submission's outcome as a :class:`SubmissionRead`."""
    if isinstance(outcome, TaskFailure):
        return SubmissionRead(None, (), ((0, outcome.code, outcome.reason),), ())
    return SubmissionRead(outcome, (0,), (), ())


def _failed(outcome: SubmissionRead) -> bool:
    """Whether a submission's bytes changed while they were read (its twins are read
    themselves then: their bytes may still be those hashed)."""
    return any(code == "changed" for _, code, _ in outcome.failed)


class _Reading:
    """The read of a scan's submissions, planned: what comes from the cache, what twins
    wait for, and the tasks for the workers (see :func:`analyze_files`)."""

    def __init__(
        self,
        files: Sequence[tuple[Path, str]],
        subs: Sequence[Submission],
        settings: ScanSettings,
        template: np.ndarray,
        cache: AnalysisCache | None,
        digests: list[str | None],
        store: tuple[str, str] | None,
        keep_terms: bool,
        per_file: float,
    ) -> None:
        self.files, self.subs, self.settings, self.template = files, subs, settings, template
        self.cache, self.digests, self.store = cache, digests, store
        self.keep_terms, self.per_file = keep_terms, per_file
        self.key = settings_key(settings, array_digest(template)) if cache else ""
        self.hashes = [self._hash(sub) for sub in subs]
        self.left = Counter(h for h in self.hashes if h)  # each content's submissions to come
        self.known: dict[str, SubmissionRead] = {}
        self.twins: dict[str, list[int]] = {}
        # the analyses of the next submissions, read from the cache in one query
        self._fetched: dict[str, Analysis] = {}
        self._asked: set[str] = set()

    def _hash(self, sub: Submission) -> str | None:
        """What the submission's content is cached and twinned under (None: not hashed)."""
        found = [self.digests[j] for j in sub.files]
        if any(d is None for d in found):
            return None
        return found[0] if len(found) == 1 else submission_hash([d or "" for d in found])

    def plan(self, task: TaskFunc) -> Iterator[tuple[int, SubmissionRead | tuple]]:
        """Each submission's outcome when it is already known (the cache, a twin read
        before), else its task ``(func, args...)``; twins of a submission still to be
        read wait for it (:meth:`waiting`)."""
        for n, sub in enumerate(self.subs):
            h = self.hashes[n]
            if h:
                self.left[h] -= 1
            if h in self.known:
                yield n, _twin(self.known[h] if self.left[h] else self.known.pop(h))
                continue
            if h in self.twins:
                self.twins[h].append(n)
                continue
            hit = self._cached(h, sub, n)
            if hit is not None:
                if h and self.left[h]:
                    self.known[h] = hit
                yield n, hit
                continue
            if h:
                self.twins[h] = []
            yield n, self._task(sub, task)

    def _cached(self, h: str | None, sub: Submission, n: int) -> SubmissionRead | None:
        """Submission ``n`` from the cache, when it gives what reading its files would:
        its analysis, or (one file) why the same bytes could not be read before."""
        if self.cache is None or not h:
            return None
        hit = self._analysis(h, n)
        if hit is not None and usable_now(hit, self.settings):
            return SubmissionRead(hit, tuple(range(len(sub.files))), (), ())
        if len(sub.files) == 1:
            failure = self.cache.get_failure(h, self._read_as(sub))
            if failure is not None:
                return SubmissionRead(None, (), ((0, *failure),), ())
        return None

    def _analysis(self, h: str, n: int) -> Analysis | None:
        """The cached analysis of submission ``n`` (content ``h``): read with those of
        the submissions after it, :data:`~simhash_core.store.cache.ROWS_AT_ONCE` to a
        query."""
        assert self.cache is not None
        if h not in self._asked:
            ahead = [x for x in self.hashes[n : n + ROWS_AT_ONCE] if x]
            self._asked = set(ahead)
            corpus_idf = self.settings.idf == "corpus"
            self._fetched = self.cache.get_analyses(ahead, self.key, with_terms=corpus_idf)
        return self._fetched.pop(h, None)

    def remember(self, n: int, outcome: SubmissionRead) -> None:
        """Store why a one-file submission could not be read, if its bytes decide it."""
        h = self.hashes[n]
        sub = self.subs[n]
        if self.cache is None or not h or len(sub.files) != 1:
            return
        for _, code, reason in outcome.failed:
            self.cache.put_failure(h, self._read_as(sub), code, reason)

    def _read_as(self, sub: Submission) -> str:
        """How a one-file submission is read, beside its bytes: its name's suffix (the
        reader is chosen by it) and whether OCR is off (what a page of pictures gives)."""
        suffix = self.files[sub.files[0]][0].suffix.lower()
        return suffix if self.settings.ocr else f"{suffix} no-ocr"

    def _text(self, digest: str | None) -> ExtractedText | None:
        """A file's text from the cache, when it gives what reading the file would."""
        if self.cache is None or not digest:
            return None
        text = self.cache.get_text(digest)
        return text if text is not None and usable_now(text, self.settings) else None

    def _task(self, sub: Submission, task: TaskFunc) -> tuple:
        keep = self.keep_terms
        if len(sub.files) == 1:
            (j,) = sub.files
            path, digest = str(self.files[j][0]), self.digests[j]
            extracted = self._text(digest)
            return (task, path, self.settings, self.template, digest, extracted, self.store, keep)
        members = [
            replace(_member(self.files, sub, j, self.digests[j]), text=self._text(self.digests[j]))
            for j in sub.files
        ]
        return (
            _submission_task,
            members,
            self.settings,
            self.template,
            self.store,
            keep,
            self.per_file,
        )

    def waiting(self, n: int) -> list[int]:
        """The submissions with the content of submission ``n``, waiting for its read."""
        return self.twins.get(self.hashes[n] or "", [])


def _member(
    files: Sequence[tuple[Path, str]], sub: Submission, j: int, digest: str | None = None
) -> Member:
    """File ``j`` of a student's submission, to read."""
    path, shown = files[j]
    inside = os.path.relpath(path, files[sub.files[0]][0].parent)
    return Member(str(path), shown.rsplit("/", 1)[-1], inside, digest)


def _run(func: TaskFunc, *args: object) -> object:
    """A planned task, in a worker: ``func(*args)``."""
    return func(*args)


def analyze_files(
    files: Sequence[tuple[Path, str]],
    settings: ScanSettings,
    template: np.ndarray,
    progress: Progress,
    *,
    subs: Sequence[Submission] | None = None,
    isolate: bool = True,
    timeout: float = 60.0,
    cache: AnalysisCache | None = None,
    task: TaskFunc | None = None,
    on_note: Callable[[int, TaskNote], None] | None = None,
    reading_starts: Callable[[], None] | None = None,
) -> Generator[tuple[int, SubmissionRead], None, None]:
    """Yield ``(index into subs, what was read)`` as submissions finish (``subs``: the
    files grouped by student, :func:`submissions_of`; by default each file alone);
    ``on_note`` hears a submission's progress (pages read by OCR, or files read).

    With OCR off, nothing read by OCR is taken from the cache (the same files always
    give the same result, whatever was scanned before).

    With a cache, unchanged submissions come straight from it; files whose text is
    cached but whose settings changed skip extraction; results are stored back (by the
    isolated workers themselves, so the parent does not spend its time encoding them).

    Files are hashed here and read later by the workers, which check that they read
    the bytes hashed: a file replaced in between is a ``changed`` failure (its text is
    stored under no hash), and the submissions of its old content are then read
    themselves. ``task`` replaces the per-file function of one-file submissions (same
    arguments as the default); tests use it to simulate a reader that hangs or crashes.
    """
    subs = list(subs) if subs is not None else [Submission((i,), None) for i in range(len(files))]
    # isolated workers store their own results (the parent stays free for the GUI)
    store = None
    if cache is not None and isolate:
        store = (str(cache.path), settings_key(settings, array_digest(template)))
    corpus_idf = settings.idf == "corpus"
    parent_stores = cache is not None and store is None
    reading = _Reading(
        files,
        subs,
        settings,
        template,
        cache,
        _digests([p for p, _ in files], cache, progress),
        store,
        corpus_idf or parent_stores,
        timeout,
    )
    tasks: list[tuple[int, tuple]] = []
    # what the cache gives is many objects and no cycles: the collector waits (its
    # passes through every object held were a fifth of re-opening 10,000 files); the
    # callers close this generator, so a consumer that stops can't leave it off
    with collector_paused(keep=True):
        for n, planned in reading.plan(task or _analyze_task):
            if isinstance(planned, SubmissionRead):
                yield n, planned
                continue
            if cache is not None and not tasks:  # the first file the cache lacks
                if isolate:
                    _prepare_workers_soon()  # (without a cache, scan() has started them)
                if reading_starts is not None:
                    reading_starts()
            tasks.append((n, planned))
    unread: list[int] = []  # twins of a submission that changed while it was read
    apart: dict[int, list[int]] = {}  # submissions whose read failed as a whole: twins
    for n, outcome, whole in _outcomes(tasks, settings, progress, isolate, timeout, on_note):
        if whole:
            apart[n] = reading.waiting(n)
            continue
        if parent_stores:
            assert cache is not None  # parent_stores says so
            outcome = _kept(cache, reading.key, outcome, corpus_idf)
        reading.remember(n, outcome)
        yield n, replace(outcome, fresh=())
        if _failed(outcome):
            unread.extend(reading.waiting(n))
            continue
        for twin in reading.waiting(n):
            yield twin, _twin(outcome)
    if (apart or unread) and not progress.cancelled:
        yield from _read_again(
            files,
            subs,
            settings,
            template,
            progress,
            apart,
            unread,
            on_note,
            isolate=isolate,
            timeout=timeout,
            cache=cache,
            task=task,
        )


def _read_again(
    files: Sequence[tuple[Path, str]],
    subs: Sequence[Submission],
    settings: ScanSettings,
    template: np.ndarray,
    progress: Progress,
    apart: dict[int, list[int]],
    unread: list[int],
    on_note: Callable[[int, TaskNote], None] | None,
    **how: Any,
) -> Iterator[tuple[int, SubmissionRead]]:
    """The second round of :func:`analyze_files`: submissions whose read failed as a
    whole read again file by file (``apart``: each with its twins), and the twins of
    submissions that changed while they were read (``unread``) read themselves."""
    if apart:
        chosen = [subs[n] for n in apart]
        again_apart = _read_apart(files, chosen, settings, template, progress, **how)
        for n, outcome in zip(apart, again_apart, strict=True):
            yield n, outcome
            for twin in apart[n]:
                yield twin, _twin(outcome)
    if unread:
        notes = (lambda k, note: on_note(unread[k], note)) if on_note is not None else None
        again = analyze_files(
            files,
            settings,
            template,
            progress,
            subs=[subs[k] for k in unread],
            on_note=notes,
            **how,
        )
        for k, outcome in again:
            yield unread[k], outcome


def _kept(
    cache: AnalysisCache, key: str, outcome: SubmissionRead, with_terms: bool
) -> SubmissionRead:
    """``outcome`` stored in the cache by this process (the texts just read with it),
    without its term counts unless ``with_terms``."""
    if outcome.analysis is None or not usable_later(outcome.analysis):
        return outcome
    for text in outcome.fresh:
        if usable_later(text):
            cache.put_text(text)
    cache.put(key, outcome.analysis)
    return replace(outcome, analysis=_sent(outcome.analysis, with_terms))


def _outcomes(
    tasks: list[tuple[int, tuple]],
    settings: ScanSettings,
    progress: Progress,
    isolate: bool,
    timeout: float,
    on_note: Callable[[int, TaskNote], None] | None,
) -> Iterator[tuple[int, SubmissionRead, bool]]:
    """The planned tasks run, inline or in isolated workers, each outcome as a
    :class:`SubmissionRead`, and whether a student's several files failed as a whole."""
    if not tasks:
        return
    if not isolate:
        outcomes: Iterable[tuple[int, object]] = (
            (n, _run_inline(_run, args)) for n, args in tasks if not progress.cancelled
        )
    else:
        pool = IsolatedPool(
            settings.workers, timeout=timeout, initializer=warm_worker, preload=WORKER_PRELOAD
        )
        outcomes = pool.run(_run, tasks, progress, on_note)
    several = {n for n, args in tasks if args[0] is _submission_task}
    for n, outcome in outcomes:
        if isinstance(outcome, SubmissionRead):
            yield n, outcome, False
        elif n in several:  # a file of it hung or crashed the worker: read them apart
            yield n, SubmissionRead(None, (), (), ()), True
        else:
            yield n, _one_file(outcome), False  # type: ignore[arg-type]


def _read_apart(
    files: Sequence[tuple[Path, str]],
    subs: Sequence[Submission],
    settings: ScanSettings,
    template: np.ndarray,
    progress: Progress,
    **how: Any,
) -> list[SubmissionRead]:
    """Students' submissions whose read failed as a whole (a file hung or crashed the
    worker) read again file by file, so that the bad file costs only itself; the files
    read are then joined and analysed here (no file is read in this process)."""
    alone = [Submission((j,), None) for sub in subs for j in sub.files]
    texts: dict[int, SubmissionRead] = {}
    alone_read = analyze_files(files, settings, template, progress, subs=alone, **how)
    with contextlib.closing(alone_read):
        for k, outcome in alone_read:
            texts[alone[k].files[0]] = outcome
    out = []
    for sub in subs:
        got = [texts.get(j, SubmissionRead(None, (), (), ())) for j in sub.files]
        failed = tuple(
            (k, code, reason) for k, one in enumerate(got) for _, code, reason in one.failed
        )
        members = [
            replace(_member(files, sub, j), text=_text_of(one.analysis))
            for j, one in zip(sub.files, got, strict=True)
            if one.analysis is not None
        ]
        if not members:
            out.append(SubmissionRead(None, (), failed, ()))
            continue
        read = read_submission(members, settings, template, OcrReader(enabled=False))
        kept = tuple(k for k, one in enumerate(got) if one.analysis is not None)
        out.append(replace(read, joined=kept, failed=failed, fresh=()))
    return out


def _text_of(a: Analysis | None) -> ExtractedText:
    """The text an analysis was made of."""
    assert a is not None
    return ExtractedText(
        a.text,
        a.kind,
        a.encoding,
        a.pages,
        a.warnings,
        a.meta,
        a.ocr,
        a.ocr_skipped,
        a.ocr_offered,
        a.content_hash,
    )


def _twin(outcome: SubmissionRead) -> SubmissionRead:
    """The outcome of a submission with the same content as one already read: the
    same, without the CPU time (spent once)."""
    if outcome.analysis is None:
        return outcome
    return replace(outcome, analysis=replaced(outcome.analysis, timings=()))


def _run_inline(task: TaskFunc, args: tuple) -> object:
    from simhash_core.extract import ExtractError

    try:
        return task(*args)
    except ExtractError as exc:
        return TaskFailure(exc.code, exc.reason)


def submission_document(
    files: Sequence[tuple[Path, str]], sub: Submission, read: SubmissionRead
) -> Document:
    """The document of a submission read: one file's, or a student's several files
    joined (shown as the student's folder, or the first file's path with the number of
    files), named after its student."""
    assert read.analysis is not None
    members = [sub.files[k] for k in read.joined]
    if len(members) == 1:
        path, shown = files[members[0]]
        doc = to_document(shown, path, read.analysis)
    else:
        paths = [files[j][1] for j in members]
        folders = {p.rsplit("/", 1)[0] for p in paths if "/" in p}
        joined = folders.pop() if len(folders) == 1 else f"{paths[0]} (+{len(members) - 1})"
        doc = replaced(
            to_document(joined, files[members[0]][0].parent, read.analysis),
            mtime=max(file_mtime(files[j][0]) for j in members),
            files=tuple(p.rsplit("/", 1)[-1] for p in paths),
        )
    if sub.student is None:
        return doc
    return replaced(doc, student=sub.student, shown=sub.student.name)


def reweight_with_corpus_idf(docs: list[Document]) -> list[Document]:
    """Fingerprints and keywords recomputed with IDF from these documents."""
    return reweighted(docs, docs)


def scan(
    paths: Iterable[Path | str],
    templates: Sequence[Path | str] = (),
    settings: ScanSettings | None = None,
    progress: Progress | None = None,
    *,
    all_pairs: bool = False,
    isolate: bool = True,
    timeout: float = 60.0,
    cache: AnalysisCache | None = None,
    task: TaskFunc | None = None,
    compare: bool = True,
) -> ScanResult:
    """Scan files and folders and compare every readable document with every other.

    Per-file problems become :class:`FileError` rows; the scan always completes.
    When ``progress`` is cancelled mid-way, the documents read so far are compared
    and the result is marked ``cancelled``. ``compare=False`` only reads and
    fingerprints (what archiving needs).
    """
    settings = settings or ScanSettings()
    progress = progress or Progress()
    kept_objects_released()  # the last scan's (see collector_paused)
    if isolate and cache is None:  # every file found is read, by the workers
        _prepare_workers_soon()
    # what the comparison loads first, loaded while files are read (none: none loaded)
    reading_starts = load_comparison_soon if compare else None
    if reading_starts is not None and cache is None:
        reading_starts()
    progress.plan(Stage.DISCOVER, Stage.READ, *([Stage.COMPARE] if compare else []))
    progress.begin(Stage.DISCOVER)
    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    chosen = [Path(p) for p in paths]
    root = chosen[0] if len(chosen) == 1 and (chosen[0].is_dir() or _a_zip(chosen[0])) else None
    found = discover(chosen)
    template_paths = [Path(t).resolve() for t in templates]
    files, errors = refuse_huge(
        _without(found.files, template_paths), DEFAULT_LIMITS.max_file_bytes
    )
    assignment, template_errors = template_texts(template_paths)
    template = shingles_of_texts(assignment, settings)
    errors.extend(template_errors)
    timings["discover"] = time.perf_counter() - t0

    t1 = time.perf_counter()
    # a student's several files are one submission: grouped here, read and analysed as
    # one text in a worker (the next scan takes it from the cache)
    subs = submissions_of([shown for _, shown in files], given_alone(chosen, files))
    by_index: dict[int, Document] = {}
    cpu: dict[str, float] = {}  # CPU seconds per analysis stage, summed over workers
    total = len(files)
    progress.begin(Stage.READ)
    progress.update(0, total, "")
    finished = 0
    # a large folder's results wait in a mapped file, not the heap (see _shelved)
    shelf = MappedShelf(_mapped_folder(cache)) if compare and len(subs) >= MAPPED_FROM else None

    def pages_read(n: int, note: TaskNote) -> None:
        shown = files[subs[n].files[0]][1]
        progress.update(finished, total, shown, step=(note.done, note.total))

    outcomes = analyze_files(
        files,
        settings,
        template,
        progress,
        subs=subs,
        isolate=isolate,
        timeout=timeout,
        cache=cache,
        task=task,
        on_note=pages_read,
        reading_starts=reading_starts,
    )
    with contextlib.closing(outcomes):  # closed even if this stops: see analyze_files
        for n, outcome in outcomes:
            sub = subs[n]
            finished += len(sub.files)
            for k, code, reason in outcome.failed:
                errors.append(FileError(files[sub.files[k]][1], code, reason))
            if outcome.analysis is not None:
                doc = submission_document(files, sub, outcome)
                by_index[n] = _shelved(doc, shelf) if shelf is not None else doc
                for stage, seconds in outcome.analysis.timings:
                    cpu[stage] = cpu.get(stage, 0.0) + seconds
            progress.update(finished, total, files[sub.files[0]][1])
    cancelled = progress.cancelled
    timings["analyse"] = time.perf_counter() - t1
    timings.update({f"cpu:{stage}": seconds for stage, seconds in sorted(cpu.items())})

    docs = [by_index[n] for n in sorted(by_index)]
    by_index.clear()  # the documents live in docs alone (see _arrays_mapped)
    close_zips()  # the teacher may move or delete them now
    zip_notices = layout_notices(found.zips, docs)
    if settings.idf == "corpus":
        docs = reweight_with_corpus_idf(docs)
    if compare:  # the comparison's gigabytes, not the read's freed buffers
        give_back_free_memory()
    t2 = time.perf_counter()
    stopped = False  # the comparison cancelled
    pairs: list = []
    clusters: list = []
    matrix = corpus = others = None
    try:
        # compare what was read even after a cancel: the user keeps partial results;
        # a second cancel, during the comparison, stops that too
        if compare:
            progress.resume()
            progress.begin(Stage.COMPARE)
            # told at once: the shared text and the sentence spaces come before the
            # comparison's first step (32 s of 10,000 files, the bar at "read" till then)
            progress.reached(0.0)
            workers = (settings.workers or default_workers()) if isolate else 1
            compared, docs = _compare(
                docs, settings, template, cache, all_pairs, progress, workers, timings,
                assignment=assignment,
            )  # fmt: skip
            pairs, clusters, corpus, matrix, others = compared[:5]
            timings.update({f"compare: {k}": t for k, t in compared.timings.items()})
    except Cancelled:
        cancelled = stopped = True
        pairs, clusters, matrix, corpus, others = [], [], None, None, None
    timings["compare"] = time.perf_counter() - t2
    timings["total"] = time.perf_counter() - t0
    errors.sort(key=lambda e: e.path)
    result = ScanResult(
        root=root,
        settings=settings,
        documents=docs,
        errors=errors,
        skipped=list(found.skipped),
        pairs=pairs,
        clusters=clusters,
        cancelled=cancelled,
        comparison_cancelled=stopped,
        timings=timings,
        corpus=corpus,
        matrix=matrix,
        other_pairs=others,
        notices=[*(cache.notices if cache is not None else []), *zip_notices],
        templates=template_paths,
    )
    result.shared_texts  # noqa: B018  found here, off a window's thread: it only reads them
    return result


MAPPED_FROM = 20_000  # documents: from this many, their arrays wait in a mapped file


def _mapped_folder(cache: AnalysisCache | None) -> Path:
    """Where a large scan's mapped file goes: the cache's folder; without a cache the
    user's cache folder still (a disk, where the system's temporary folder may be
    memory), else the temporary folder."""
    folder = (cache.path if cache is not None else default_cache_path()).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        folder = Path(tempfile.gettempdir())
    return folder


def _arrays_mapped(docs: list[Document], cache: AnalysisCache | None) -> list[Document]:
    """``docs`` with the arrays the comparison reads (shingles, units, which shingles
    count, sentences) held in a file mapped into memory, in the cache's folder, as the
    reading's shelf holds those the workers sent (:func:`_shelved`): a large folder's
    gigabytes that the comparison reads in a few passes only (see
    :mod:`simhash_core.memory`). The same ``docs`` where that file cannot be written.

    The documents the cache gave (their fields deferred) are made one at a time, put
    on the shelf, and replaced in ``docs`` itself, the caller's list: neither a made
    original nor the stored row it was decoded from (97 KB of an essay, together) stays
    in memory. Making them all and keeping the originals took a re-judged folder of
    100,000 files to 10.5 GB.
    """
    todo = [k for k, d in enumerate(docs) if not on_a_map(given_array(d, "shingle_seq"))]
    if not todo:
        return docs
    shelf = MappedShelf(_mapped_folder(cache))
    if not shelf.holding:
        return docs
    for k in todo:
        docs[k] = _shelved(replace(docs[k]), shelf)  # replace() makes every field
    return docs


def _shelved(doc: Document, shelf: MappedShelf) -> Document:
    """``doc`` as the workers sent it, with its arrays (its shingles, where its units
    are, which shingles count, its sentences': 39 KB of an essay's 50 KB) put on the
    ``shelf``, each kind beside the same kind of the other documents: a folder of
    100,000 files read without holding them in the heap. A document the cache gives
    stays as it is: its shingles are made only when read, its sentences decoded when
    asked for."""
    seq = given_array(doc, "shingle_seq")
    if not isinstance(seq, np.ndarray):  # deferred: from the cache
        return doc
    u = doc.units
    units = UnitSpans(u.first, shelf.put(u.gaps, "unit gaps"), shelf.put(u.lengths, "unit lengths"))
    s = doc.sentences
    if isinstance(s, Sentences) and s.count:
        s = replace(s, **{f.name: shelf.put(getattr(s, f.name), f.name) for f in fields(s)})
    usable = shelf.put(doc.usable, "usable")
    return replace(
        doc, shingle_seq=shelf.put(seq, "shingles"), usable=usable, units=units, sentences=s
    )


def _a_zip(path: Path) -> bool:
    """Whether ``path`` is a ZIP file (chosen like a folder)."""
    return is_zip_name(path.name) and path.is_file()


def _compare(
    docs: list[Document],
    settings: ScanSettings,
    template: np.ndarray,
    cache: AnalysisCache | None,
    all_pairs: bool,
    progress: Progress | None = None,
    workers: int = 1,
    timings: dict[str, float] | None = None,
    *,
    assignment: Sequence[str] = (),
) -> tuple[Comparison, list[Document]]:
    """:func:`compare_documents`, with the comparison memo from the cache when there is
    one for exactly these documents and settings, stored back if it grew; and the
    documents compared. Where the cached verdict answers, that is ``docs`` as they
    are (their shingles, deferred where the cache gave them, are not made); else, from
    :data:`MAPPED_FROM` documents on, ``docs`` with their arrays in a mapped file
    (:func:`_arrays_mapped`; the time it took in ``timings``). ``assignment``: the
    template files' texts (their shingles are ``template``)."""
    key = None
    if cache is not None:
        analysis_key = settings_key(settings, array_digest(template))
        key = memo_key(analysis_key, settings, [d.content_hash for d in docs])
    memo = (cache.get_comparison(key) if cache is not None and key else None) or (
        ComparisonMemo.empty()
    )
    # the judged outcome too, for the same files, names and settings (not for the
    # stream of every pair, which is made anew)
    judged = verdict_key(key, settings, docs) if key and not all_pairs else None
    restored = _restored(cache, judged, docs, settings, memo, assignment)
    if restored is not None:
        if progress is not None:
            progress.update(1, 1)
        return restored, docs
    if len(docs) >= MAPPED_FROM:
        t0 = time.perf_counter()
        docs = _arrays_mapped(docs, cache)
        give_back_free_memory()  # their arrays in memory
        if timings is not None:
            timings["compare: arrays mapped"] = time.perf_counter() - t0
    out = compare_documents(
        docs,
        settings,
        all_pairs=all_pairs,
        memo=memo,
        progress=progress,
        workers=workers,
        assignment=assignment,
    )
    if cache is not None and key and memo.changed:
        cache.put_comparison(key, memo)
    if cache is not None and judged and not (progress is not None and progress.cancelled):
        found = Verdict(
            out.pairs,
            out.clusters,
            dict(out.corpus.meaning),
            out.corpus.shared_texts(),
            out.corpus.same_text.labels.tolist(),
        )
        cache.put_verdict(judged, found)
    return out, docs


def _restored(
    cache: AnalysisCache | None,
    judged: str | None,
    docs: list[Document],
    settings: ScanSettings,
    memo: ComparisonMemo,
    assignment: Sequence[str] = (),
) -> Comparison | None:
    """The comparison rebuilt from the cached verdict stored under ``judged`` and the
    complete ``memo``; None where there is none (or it is not of these documents)."""
    if cache is None or not judged or not memo.complete:
        return None
    with collector_paused(keep=True):  # a verdict is thousands of objects, and no cycles
        verdict = cache.get_verdict(judged)
        if verdict is None:
            return None
        try:
            return restore_comparison(docs, settings, memo, verdict, assignment=assignment)
        except (ValueError, IndexError):  # not of these documents after all: compare
            return None


def default_workers() -> int:
    """One worker per core."""
    return os.cpu_count() or 1
