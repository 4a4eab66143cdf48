"""What a front end does with the archive of past submissions: list, add, remove, and
compare a scan with it (the app's archive manager and scan; the command line's
``archive list`` and ``archive remove``).

Each function opens the archive, does one job and closes it again, so it can run in
any worker thread (an archive object is used by the thread that opened it only). They
raise :class:`simhash_core.archive.ArchiveError` with a sentence a teacher can act on;
the callers show it, never a traceback.

``location`` is what the settings hold: ``""`` for the core's default file (in the
user's data folder), a file path, or a ``redis://`` URL. A missing archive file is an
empty archive: listing or comparing never creates it, only adding does.

The core (and with it the text analysis) is imported inside the functions, so the
window starts without it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from simhash_core.messages import Message
from simhash_core.types import ArchiveCheck, ArchiveStatus

if TYPE_CHECKING:
    from simhash_core.archive import AddResult, ArchiveStore, LabelInfo
    from simhash_core.progress import Progress
    from simhash_core.types import Document, ScanResult, ScanSettings


def default_location() -> str:
    """The core's default archive file (``archive.sqlite`` in the user data folder)."""
    from simhash_core.archive.sqlite_store import default_path

    return str(default_path())


def is_remote(location: str) -> bool:
    """Whether ``location`` names a Redis server rather than a file."""
    from simhash_core.archive import is_redis_url

    return is_redis_url(location.strip())


def resolved(location: str) -> str:
    """The location actually used: the default file for ``""``."""
    location = location.strip()
    return location or default_location()


def display_location(location: str) -> str:
    """The location as it may be shown: a Redis password becomes ``***``."""
    from simhash_core.shown_location import shown_location

    return shown_location(resolved(location))


def _open(location: str, settings: ScanSettings | None = None, *, create: bool) -> ArchiveStore:
    from simhash_core.archive import check_scheme, is_redis_url, open_archive

    location = location.strip()
    check_scheme(location)
    target: str | Path | None = location or None
    if target is not None and not is_redis_url(target):
        target = Path(target).expanduser()
    return open_archive(target, settings, create=create)


def _missing(location: str) -> bool:
    """A file archive that does not exist yet (an empty archive), as the CLI sees it."""
    from simhash_core.archive import check_scheme, not_created_yet

    check_scheme(location.strip())

    return not_created_yet(location.strip() or None) is not None


@dataclass(frozen=True)
class ArchiveSummary:
    """What the archive manager lists."""

    location: str
    exists: bool
    labels: list[LabelInfo] = field(default_factory=list)
    documents: int = 0
    size_bytes: int = 0
    remote: bool = False


def summarize(location: str) -> ArchiveSummary:
    """Labels with their document counts, the number of documents and the size."""
    shown = display_location(location)
    if _missing(location):
        return ArchiveSummary(shown, exists=False)
    with _open(location, create=False) as store:
        return ArchiveSummary(
            store.location,
            exists=True,
            labels=store.labels(),
            documents=store.count(),
            size_bytes=store.storage_bytes(),
            remote=is_remote(location),
        )


def new_documents(result: ScanResult | None) -> list[Document]:
    """The documents of a scan that do not come from the archive."""
    if result is None:
        return []
    return [d for d in result.documents if d.archive_label is None]


@dataclass(frozen=True)
class AddOutcome:
    """What adding a folder did, and the archive afterwards."""

    label: str
    added: int  # new contents filed
    labelled: int  # already archived under another label: this label added
    present: int  # already under this label
    summary: ArchiveSummary


# what a label keeps of the teacher's decisions, given what it kept before (None:
# nothing); returns what it keeps now (None or empty: nothing). The review makes one
# (simhash_core.review.archived.keeping): the archive only stores the JSON.
KeepDecisions = Callable[[Mapping[str, Any] | None], Mapping[str, Any] | None]


def file_class(
    store: ArchiveStore,
    documents: Sequence[Document],
    label: str,
    settings: ScanSettings,
    progress: Progress | None = None,
    templates: Sequence[Path] = (),
    keep: KeepDecisions | None = None,
) -> list[AddResult]:
    """File ``documents`` (a class analysed with ``settings`` and the ``templates``)
    under ``label`` in the open archive ``store``, its template and common text left
    out of later comparisons (see :mod:`simhash_core.archive.class_text`), then keep
    with the label the decisions ``keep`` gives (after the documents: a crash never
    leaves decisions without their class). The app's archive manager (through
    :func:`add_documents`) and ``plagcheck archive add`` both file a class here."""
    from simhash_core.archive.class_text import without_class_text
    from simhash_core.archive.indexed import check_label

    label = check_label(label)  # ValueError with a clear sentence
    filed = without_class_text(documents, settings, store.config, templates)
    results: list[AddResult] = store.add_many(
        filed, label, store.config.settings, progress=progress
    )
    if keep is not None:
        kept = keep(store.kept_decisions().get(label))
        if kept:
            store.keep_decisions(label, kept)
    return results


def kept_decisions(archive: str | ArchiveStore) -> dict[str, dict[str, Any]]:
    """The decisions kept with each label of ``archive`` (a location, or an archive
    already open, left open); none for an archive not created yet."""
    if not isinstance(archive, str):
        return archive.kept_decisions()
    if _missing(archive):
        return {}
    with _open(archive, create=False) as store:
        return store.kept_decisions()


def add_documents(
    location: str,
    documents: Sequence[Document],
    label: str,
    settings: ScanSettings,
    progress: Progress | None = None,
    templates: Sequence[Path] = (),
    keep: KeepDecisions | None = None,
) -> AddOutcome:
    """File ``documents`` under ``label`` and keep the decisions ``keep`` gives with
    them (see :func:`file_class`); each document is its own transaction, so a crash
    keeps the ones already filed. A new archive takes ``settings``' analysis space."""
    from simhash_core.archive.indexed import check_label

    label = check_label(label)  # ValueError with a clear sentence
    with _open(location, settings, create=True) as store:
        results = file_class(store, documents, label, settings, progress, templates, keep)
    status = [r.status for r in results]
    return AddOutcome(
        label,
        added=status.count("added"),
        labelled=status.count("labelled"),
        present=status.count("present"),
        summary=summarize(location),
    )


@dataclass(frozen=True)
class RemoveOutcome:
    label: str
    documents: int  # how many documents carried the label
    summary: ArchiveSummary


def remove_label(location: str, label: str) -> RemoveOutcome:
    """Drop ``label`` and the decisions kept with it; documents left without a label
    are deleted."""
    from simhash_core.archive import ArchiveError

    if _missing(location):
        raise ArchiveError(Message.of("archive.missing", location=display_location(location)))
    with _open(location, create=False) as store:
        known = [x.label for x in store.labels()]
        if label not in known:
            raise ArchiveError(Message.of("archive.no-label", label=label))
        n = store.remove_label(label)
    return RemoveOutcome(label, n, summarize(location))


def failure(exc: Exception) -> Message:
    """Why comparing with the archive failed, in a sentence for the user: an
    :class:`~simhash_core.archive.ArchiveError`'s own, or the exception's (whose
    traceback is logged)."""
    import logging
    import traceback

    from simhash_core.archive import ArchiveError

    if isinstance(exc, ArchiveError):
        return exc.message
    logging.getLogger(__name__).error("archive comparison failed:\n%s", traceback.format_exc())
    return Message.of("archive.unexpected", detail=f"{type(exc).__name__}: {exc}")


def compare_scan(
    result: ScanResult,
    archive: str | ArchiveStore,
    settings: ScanSettings | None = None,
    progress: Progress | None = None,
    *,
    all_pairs: bool = False,
) -> tuple[ScanResult, ArchiveCheck]:
    """``result`` with its near matches in the archive appended (new against archived,
    never archived against archived), and how the search went. ``archive`` is a
    location, or an archive already open (left open). Archive problems are reported in
    the :class:`ArchiveCheck`, never raised: the scan itself stands."""
    import contextlib

    from simhash_core.archive import compare_with_archive
    from simhash_core.progress import Cancelled

    shown = display_location(archive) if isinstance(archive, str) else archive.location
    try:
        if result.cancelled:
            return _checked(result, ArchiveCheck(ArchiveStatus.CANCELLED, shown))
        if isinstance(archive, str) and _missing(archive):
            return _checked(result, ArchiveCheck(ArchiveStatus.EMPTY, shown))
        opened = (
            _open(archive, create=False)
            if isinstance(archive, str)
            else contextlib.nullcontext(archive)
        )
        with opened as store:
            searched = store.count()
            if searched == 0:
                return _checked(result, ArchiveCheck(ArchiveStatus.EMPTY, store.location))
            compared = compare_with_archive(
                result, store, settings or result.settings, progress=progress, all_pairs=all_pairs
            )
            shown = store.location
    except Cancelled:
        return _checked(result, ArchiveCheck(ArchiveStatus.CANCELLED, shown))
    except Exception as exc:  # the scan's own result is still shown, and says so
        return _checked(result, ArchiveCheck(ArchiveStatus.FAILED, shown, error=failure(exc)))
    matched = len(compared.documents) - len(result.documents)
    return _checked(compared, ArchiveCheck(ArchiveStatus.COMPARED, shown, searched, matched))


def _checked(result: ScanResult, check: ArchiveCheck) -> tuple[ScanResult, ArchiveCheck]:
    """``result`` carrying ``check`` (what its reports say about the archive)."""
    from dataclasses import replace

    return replace(result, archive=check), check


def human_size(n: int) -> str:
    """Bytes for people, as ``plagcheck archive list`` and the app write them.

    >>> human_size(512), human_size(2_500_000)
    ('512 B', '2.4 MB')
    """
    size = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{int(size)} B" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} TB"  # pragma: no cover
