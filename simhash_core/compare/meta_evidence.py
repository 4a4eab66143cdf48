"""What two files' own properties agree on: the classic giveaways beside the text; and
what either file hides from its reader (its integrity flags).

A student who copies a classmate's file keeps its properties: the same author, the
same creation time, or, worse, the classmate's name as its author. These agreements
are added to a flagged pair's reasons (never a reason to flag on their own), and a
file whose author is the other student gives the pair its direction. So are the
integrity flags of the two files (hidden text, disguised letters): the teacher reads,
beside the copied passage, how the copy was hidden.

A value counts only where it is rare in the class: shared by exactly these two files,
and not a name programs write when nobody typed one ("Administrator", "Microsoft
Office User"). Defaults every file carries (the date of Word's template) are shared by
more than two, and so never reported.

>>> from simhash_core.types import DocumentMeta
>>> metas = [DocumentMeta(author="Ann", created="2025-11-03T14:15:00Z"),
...          DocumentMeta(author="Ann", created="2025-11-03T14:15:00Z"),
...          DocumentMeta(author="Bo")]
>>> [m.code for m in MetaEvidence(metas, labels=["a", "b", "c"]).agreements(0, 1)]
['meta.same-author', 'meta.same-created']
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

from simhash_core.messages import Message
from simhash_core.types import DocumentMeta, IntegrityFlag, Student

_FIELDS = (
    ("author", "meta.same-author"),
    ("last_saved_by", "meta.same-saver"),
    ("template", "meta.same-template"),
)
_OTHER_STUDENT = (("author", "meta.author-other"), ("last_saved_by", "meta.saver-other"))


# what programs write when nobody typed a name: never evidence, however rare
_GENERIC = frozenset(
    {
        "administrator", "admin", "user", "owner", "author", "unknown", "guest",
        "python-docx", "microsoft office user", "microsoft office 用户", "windows user",
        "作者", "用户", "微软用户", "lenovo", "dell", "hp", "asus", "acer", "apple", "mac", "pc",
    }
)  # fmt: skip


@functools.lru_cache(maxsize=65536)
def _norm(value: str) -> str:
    """A property as compared: NFKC, spaces folded, case folded (each distinct value
    once: a class of copies asks for the same few values tens of thousands of times)."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", value)).strip().casefold()


class MetaEvidence:
    """The metadata of a scan's documents (``None`` where a file has none) and how
    often each value occurs among them."""

    def __init__(
        self,
        metas: Sequence[DocumentMeta | None],
        students: Sequence[Student | None] = (),
        labels: Sequence[str] = (),
        flags: Sequence[Sequence[IntegrityFlag]] = (),
    ) -> None:
        self.metas = list(metas)
        self.flags = list(flags) or [()] * len(self.metas)
        self.students = list(students) or [None] * len(self.metas)
        self.labels = list(labels) or [str(i) for i in range(len(self.metas))]
        self.counts: Counter[tuple[str, str]] = Counter()
        for m in self.metas:
            if m is None:
                continue
            for field in ("author", "last_saved_by", "created", "template"):
                value = _norm(getattr(m, field))
                if value:
                    self.counts[(field, value)] += 1

    def _rare_same(self, a: int, b: int, field: str) -> str | None:
        ma, mb = self.metas[a], self.metas[b]
        if ma is None or mb is None:
            return None
        va, vb = getattr(ma, field), getattr(mb, field)
        if not va or _norm(va) != _norm(vb) or _norm(va) in _GENERIC:
            return None
        return va if self.counts[(field, _norm(va))] == 2 else None

    def agreements(self, a: int, b: int) -> tuple[Message, ...]:
        """What the two files' properties share that no other file of the class does,
        an author who is the other student, then what each file hides (its flags)."""
        out = []
        for field, code in _FIELDS:
            value = self._rare_same(a, b, field)
            if value:
                out.append(Message.of(code, name=value))
        created = self._rare_same(a, b, "created")
        if created:
            out.append(Message.of("meta.same-created", time=created))
        for writer, other in ((a, b), (b, a)):
            named = self.named_other(writer, other)
            if named:
                out.append(named)
        return (*out, *self.hidden(a), *self.hidden(b))

    def hidden(self, file: int) -> tuple[Message, ...]:
        """``file``'s integrity flags as reasons: its name, and what it hides.

        >>> flags = [[IntegrityFlag("vanish", 2310)], []]
        >>> [str(m) for m in MetaEvidence([None, None], labels=["s014.docx", "b"],
        ...                               flags=flags).agreements(0, 1)]
        ['s014.docx: 2,310 characters of hidden text, marked as hidden']
        """
        label = self.labels[file]
        out = []
        for flag in self.flags[file]:
            name = f"{label}, {flag.where}" if flag.where else label
            out.append(Message.of("pair.flag", name=name, flag=flag.message))
        return tuple(out)

    def named_other(self, file: int, other: int) -> Message | None:
        """``file``'s author (or last saver) is the student who handed in ``other``:
        it started as the other student's file."""
        meta, student, own = self.metas[file], self.students[other], self.students[file]
        if meta is None or student is None:
            return None
        if own is not None and _norm(own.name) == _norm(student.name):
            return None
        for field, code in _OTHER_STUDENT:
            value = getattr(meta, field)
            if value and _norm(value) == _norm(student.name):
                return Message.of(code, name=value, copy=self.labels[file], source=student.name)
        return None
