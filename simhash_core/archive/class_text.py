"""What a class leaves out of matching, kept with its documents when it is archived.

A class is scanned with its template (the assignment text) left out, and with its
shared text (a prompt or a cover sheet many of its files hold at their start or end,
see :func:`~simhash_core.compare.shared_text_shingles`) counted as no evidence. A late file
compared with the archived class must be judged the same way, or the prompt every
student copied flags every archived student, and the copied student is one name among
forty.

So before a class is filed, its documents are analysed in the archive's analysis space
with the template and the class's common text excluded, exactly as ``--template``
excludes a template: their usable shingles, fingerprints, signatures and index keys
then hold none of it, and every later comparison with them leaves it out. The template
is read again in the archive's space: a scan in another space (re-analysed for the
archive) would otherwise lose it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from simhash_core.archive.codec import ArchiveConfig, in_archive_space
from simhash_core.compare import shared_text_shingles
from simhash_core.fingerprint.analyze import analyze_text, template_shingles, with_analysis
from simhash_core.hashing import sorted_unique
from simhash_core.types import Document, ScanSettings


def class_exclusions(
    docs: Sequence[Document], space: ScanSettings, files: int, templates: Sequence[Path] = ()
) -> np.ndarray:
    """Shingles (in the analysis space ``space``, which ``docs`` are in) that the class
    leaves out: its templates' and its common text's, sorted unique."""
    template, _ = template_shingles(templates, space)  # the scan said what was unreadable
    common = shared_text_shingles(list(docs), files)
    return sorted_unique(np.concatenate([template, common]))


def without_class_text(
    docs: Sequence[Document],
    settings: ScanSettings | None,
    config: ArchiveConfig,
    templates: Sequence[Path] = (),
) -> list[Document]:
    """``docs`` (a class, analysed with ``settings``) as the archive files them: in its
    analysis space (``config.settings``), with the class's template and common text
    excluded from matching. File them with ``config.settings``."""
    settings = settings or ScanSettings()
    space = config.settings
    docs = [in_archive_space(d, settings, config) for d in docs]
    excluded = class_exclusions(docs, space, settings.shared_text_files, templates)
    if not len(excluded):
        return docs
    return [_excluding(d, excluded, space) for d in docs]


def _excluding(doc: Document, excluded: np.ndarray, space: ScanSettings) -> Document:
    """``doc`` analysed again with ``excluded`` left out (as a template is), or as it is
    when it holds none of it."""
    if not doc.text or not np.isin(doc.shingle_seq, excluded).any():
        return doc
    return with_analysis(doc, analyze_text(doc.text, space, excluded, kind=doc.kind))
