"""The fingerprint cache's rows (format of CACHE_VERSION 23): what is made again from
the stored text (the units of one character, the Chinese sentences' term ids) comes
back exactly as analysed, and a damaged row, or a row beside another text, is a miss
that reads the file again, never a crash or another analysis."""

from __future__ import annotations

import pickle
import sqlite3
import zlib
from dataclasses import fields, replace

import numpy as np
import pytest
import zstandard

from simhash_core.fingerprint.analyze import analyze_text
from simhash_core.scan import scan
from simhash_core.store import codec
from simhash_core.store.cache import _ANALYSES, _TEXTS, AnalysisCache
from simhash_core.store.codec import (
    DeferredSentences,
    decode_analysis,
    encode_analysis,
    text_of,
    text_value,
)
from simhash_core.store.frames import pack_frame, squeeze, unpack_frame, unsqueeze
from simhash_core.text.sentences import Sentences
from simhash_core.types import ScanSettings, UnitSpans, given_array
from tests.core.textgen import en_essay, zh_essay

ARRAYS = ("unit_starts", "unit_ends", "shingle_seq", "usable", "minhash", "bit_sums")


def same(a, b) -> bool:
    """Whether two analyses hold the same values, their sentences' arrays included."""
    return (
        all(np.array_equal(getattr(a, n), getattr(b, n)) for n in ARRAYS)
        and all(
            np.array_equal(getattr(a.sentences, f.name), getattr(b.sentences, f.name))
            for f in fields(Sentences)
        )
        and (a.text, a.kind, a.terms, a.keywords, a.fingerprint, a.ngram)
        == (b.text, b.kind, b.terms, b.keywords, b.fingerprint, b.ngram)
    )


def round_trip(a):
    return decode_analysis(encode_analysis(a), a.kind)


TEXTS = {
    "chinese": zh_essay(3),
    "english": en_essay(4),
    "mixed": zh_essay(5, 10) + "\n" + en_essay(6, 10) + "DNA测序 and 蛋白质 folding。" * 3,
    # traditional characters are hashed as their simplified forms: stored, not made
    "traditional": "這個學期的課程論文討論經濟發展與環境保護的關係。" * 12,
    # a line break inside a Chinese sentence is dropped by normalization: that
    # sentence's pairs are not the stored text's, and are stored
    "wrapped": "".join(f"第{i}段讲到乙方的\n义务和责任，以及合同的履行。" for i in range(20)),
    "lone surrogates": "".join(f"第{i}段讲到\ud800乙方\udfff的义务。" for i in range(30)),
    "one character": "学",
    "empty": "",
}


@pytest.mark.parametrize("name", list(TEXTS))
def test_an_analysis_comes_back_whole(name):
    a = analyze_text(TEXTS[name], ScanSettings())
    back = round_trip(a)
    assert same(a, back)
    assert [getattr(back, n).dtype for n in ARRAYS] == [getattr(a, n).dtype for n in ARRAYS]
    # the spans a document takes as they are: those its offsets give
    assert back.unit_spans == UnitSpans.of(a.unit_starts, a.unit_ends)
    # the sentences are made when first read: the same again, and pickled as plain ones
    assert isinstance(back.sentences, DeferredSentences)
    plain = pickle.loads(pickle.dumps(back.sentences))
    assert type(plain) is Sentences
    assert all(
        np.array_equal(getattr(plain, f.name), getattr(a.sentences, f.name))
        for f in fields(Sentences)
    )


def _small(row):
    from simhash_core.store.codec import _SMALL

    (size,) = np.frombuffer(row.arrays, "<u4", 1).tolist()
    return dict(zip(_SMALL, unpack_frame(row.arrays[4 : 4 + size], compressed=True), strict=True))


def _holds_a_buffer(value) -> bool:
    """Whether an array is a view of bytes (a row read: it would keep it all alive)."""
    while isinstance(value, np.ndarray):
        value = value.base
    return value is not None


def test_what_is_made_of_a_row_holds_none_of_it():
    """A document keeps its arrays for the whole scan (100,000 of them in a large
    folder): none is a view of the row it was read from, nor are its sentences'."""
    back = round_trip(analyze_text(TEXTS["mixed"], ScanSettings()))
    kept = [getattr(back, n) for n in ARRAYS] + [back.unit_spans.gaps, back.unit_spans.lengths]
    kept += [getattr(back.sentences, f.name) for f in fields(Sentences)]
    assert not any(_holds_a_buffer(a) for a in kept)


def test_a_row_read_decodes_nothing_until_it_is_read(monkeypatch):
    """Reading a row checks its bytes and reads its header only: its text and its
    frames are decoded when a field made of them is first read (a re-scan answered by
    its verdict reads none), each once."""
    a = analyze_text(TEXTS["mixed"], ScanSettings())
    row = encode_analysis(a)
    decoded: list[str] = []
    real_frame, real_text = codec.unpack_frame, codec.text_of
    monkeypatch.setattr(
        codec, "unpack_frame", lambda *x, **k: decoded.append("frame") or real_frame(*x, **k)
    )
    monkeypatch.setattr(codec, "text_of", lambda v: decoded.append("text") or real_text(v))
    back = decode_analysis(row, a.kind)
    assert (back.fingerprint, back.ngram) == (a.fingerprint, a.ngram)
    assert len(given_array(back, "shingle_seq")) == len(a.shingle_seq)
    assert len(given_array(back, "usable")) == len(a.usable)
    assert decoded == []
    assert back.text == a.text and decoded == ["text"]
    assert list(back.keywords) == list(a.keywords) and decoded == ["text", "frame"]
    assert np.array_equal(back.shingle_seq, a.shingle_seq)  # the text and spans kept
    assert back.sentences.count == a.sentences.count
    # the compressed frame once, the plain one for the shingles' stored units
    assert decoded == ["text", "frame", "frame"]


def test_what_the_text_gives_is_not_stored():
    """A Chinese essay's units and sentence ids come from its text: no unit hash and
    no id of a sentence the text gives is stored; traditional characters (hashed as
    simplified ones) are."""
    a = analyze_text(zh_essay(8, 60), ScanSettings())
    small = _small(encode_analysis(a))
    assert len(small["stored_at"]) == len(small["unit_index"]) == 0
    assert small["told"].all() and len(small["word_ids"]) == 0
    trad_text = TEXTS["traditional"]
    trad = _small(encode_analysis(analyze_text(trad_text, ScanSettings())))
    assert len(trad["stored_at"]) > 0.5 * len(trad_text) and not trad["told"].all()
    wrapped = _small(encode_analysis(analyze_text(TEXTS["wrapped"], ScanSettings())))
    assert not wrapped["told"].any()


def test_shingles_without_units_are_stored_as_they_are():
    a = analyze_text(zh_essay(2), ScanSettings())
    other = replace(a, unit_hashes=None)
    assert same(round_trip(other), a)


def test_a_row_beside_another_text_is_refused():
    """The cache reads the text from its own table: a row read with any other text
    (damaged, or replaced) raises, and is a miss."""
    a = analyze_text(zh_essay(1), ScanSettings())
    row = encode_analysis(a)
    changed = a.text.replace(a.text[40], "它", 1)
    with pytest.raises(ValueError):
        decode_analysis(replace(row, text=text_value(changed)), a.kind)


def _flipped(blob: bytes, at: int) -> bytes:
    return blob[:at] + bytes([blob[at] ^ 0x40]) + blob[at + 1 :]


@pytest.mark.parametrize("part", ["header", "arrays", "terms", "text"])
def test_every_damaged_byte_of_a_row_is_refused(part):
    a = analyze_text(zh_essay(9), ScanSettings())
    row = encode_analysis(a)
    blob = getattr(row, part)
    for at in range(0, len(blob), max(1, len(blob) // 40)):
        damaged = replace(row, **{part: _flipped(blob, at)})
        try:
            back = decode_analysis(damaged, a.kind)
        except (ValueError, KeyError, TypeError, IndexError, zlib.error, zstandard.ZstdError):
            continue
        raise AssertionError(f"byte {at} of the {part} flipped was read: {same(a, back)}")
    for cut in (0 if part != "terms" else 1, 1, len(blob) // 2, len(blob) - 1):
        # (no terms at all is a row whose terms were not kept)
        with pytest.raises(Exception) as info:
            decode_analysis(replace(row, **{part: blob[:cut]}), a.kind)
        assert not isinstance(info.value, (MemoryError, SystemError))


def test_frames_refuse_lengths_that_do_not_add_up():
    frame = pack_frame([np.arange(5, dtype=np.uint16), np.array([True, False])])
    for damaged in (frame[:-1], frame + b"\0", frame[:3], b""):
        with pytest.raises(ValueError):
            unpack_frame(damaged)
    bad_type = frame[:2] + b"\x63" + frame[3:]
    with pytest.raises(ValueError):
        unpack_frame(bad_type)


def test_a_frame_that_claims_a_huge_size_is_refused_unread():
    real = squeeze(b"x" * 100)
    claim = zstandard.ZstdCompressor().compress(b"y" * 64)
    # a frame header saying 2**40 bytes (content size field), the rest of it garbage
    huge = real[:4] + bytes([0xE0]) + (1 << 40).to_bytes(8, "little") + b"\0" * 8
    for blob in (huge, claim[:-3]):
        with pytest.raises((ValueError, zstandard.ZstdError)):
            unsqueeze(blob)


def test_texts_stored_before_are_still_read():
    text = "课程论文要求 ok \ud800"
    before = zlib.compress(text.encode("utf-8", "surrogatepass"), 1)  # EXTRACT_VERSION 8-9
    assert text_of(before) == text == text_of(text_value(text))
    assert text_value(text)[:4] == b"\x28\xb5\x2f\xfd"


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "class"
    d.mkdir()
    for i in range(3):
        (d / f"s{i}.txt").write_text(zh_essay(i), encoding="utf-8")
    (d / "e.txt").write_text(en_essay(1), encoding="utf-8")
    return d


def _outcome(result):
    return [(p.a, p.b, p.similarity, p.flagged) for p in result.pairs], [
        (d.path, d.fingerprint, d.shingle_seq.tobytes(), d.sentences.word_ids.tobytes())
        for d in result.documents
    ]


DAMAGE = {
    "a flipped byte": f"UPDATE {_ANALYSES} SET arrays = "
    "CAST(substr(arrays, 1, 30) || x'ff' || substr(arrays, 32) AS BLOB)",
    "a truncated row": f"UPDATE {_ANALYSES} SET arrays = substr(arrays, 1, length(arrays) - 9)",
    "a short header": f"UPDATE {_ANALYSES} SET header = substr(header, 1, 5)",
    "a damaged text": f"UPDATE {_TEXTS} SET text = substr(text, 1, 20)",
    "a text byte flipped": f"UPDATE {_TEXTS} SET text = "
    "CAST(substr(text, 1, 30) || x'ff' || substr(text, 32) AS BLOB)",
}


def _rows(path):
    with sqlite3.connect(path) as db:
        return [
            sorted(db.execute(f"SELECT * FROM {_ANALYSES}").fetchall()),
            sorted(db.execute(f"SELECT digest, text FROM {_TEXTS}").fetchall()),
        ]


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_row_is_made_again(damage, folder, tmp_path, count_extractions):
    """The scan after the damage is the cold one, and it stores the rows again as they
    were: the damaged ones were misses (a damaged text: its file is read again)."""
    path = tmp_path / "c.sqlite"
    cache = AnalysisCache(path)
    cold = scan([folder], isolate=False, cache=cache)
    stored = _rows(path)
    assert len(count_extractions) == 4
    with sqlite3.connect(path) as db:
        changed = db.execute(DAMAGE[damage]).rowcount
    assert changed >= 1 and _rows(path) != stored
    again = scan([folder], isolate=False, cache=cache)
    assert _outcome(again) == _outcome(cold) and not again.errors
    assert _rows(path) == stored
    if "text" in damage:
        assert len(count_extractions) > 4


def test_a_warm_scan_with_its_verdict_does_not_make_the_sentences(folder, tmp_path):
    """Restored with its verdict, a re-scan never reads its documents' sentences: they
    stay unmade (no term ids made from the text)."""
    cache = AnalysisCache(tmp_path / "c.sqlite")
    cold = scan([folder], isolate=False, cache=cache)
    warm = scan([folder], isolate=False, cache=cache)
    held = [d.sentences for d in warm.documents]
    assert all(isinstance(s, DeferredSentences) for s in held)
    assert not any("word_ids" in vars(s) for s in held)
    assert _outcome(warm) == _outcome(cold)  # made when read: the same
    assert all("word_ids" in vars(s) for s in held)


def test_a_memo_makes_its_meaning_links_only_when_asked(folder, tmp_path, monkeypatch):
    """The comparison memo's meaning links (100,000 of them for 10,000 files) are made
    from their arrays only when a comparison reads them: not by a re-scan restored with
    its verdict, and by one whose threshold changed (the same pairs as a cold scan)."""
    import simhash_core.compare.memo as memo_module

    (folder / "r.txt").write_text(zh_essay(1) + zh_essay(2), encoding="utf-8")
    made = []
    real = memo_module.decode_meaning

    def counting(a):
        made.append(len(a["meaning_pairs"]))
        return real(a)

    monkeypatch.setattr(memo_module, "decode_meaning", counting)
    cache = AnalysisCache(tmp_path / "c.sqlite")
    scan([folder], isolate=False, cache=cache)
    warm = scan([folder], isolate=False, cache=cache)
    assert made == []
    lower = ScanSettings(flag_similarity=0.2)
    judged = scan([folder], settings=lower, isolate=False, cache=cache)
    assert len(made) == 1
    cold = scan([folder], settings=lower, isolate=False)
    assert _outcome(judged) == _outcome(cold) and _outcome(warm)[1] == _outcome(cold)[1]


def test_meaning_arrays_that_do_not_hold_together_are_a_damaged_memo():
    from simhash_core.compare.meaning import MeaningRun, PairMeaning, SentenceLink
    from simhash_core.compare.memo import ComparisonMemo

    memo = ComparisonMemo.empty()
    memo.shared, memo.common = {(0, 1): 5}, np.array([7], np.uint64)
    memo.comparable, memo.set_sizes = np.array([10, 20]), np.array([8, 16])
    link = SentenceLink(1, 2, 1.5, 0.4)
    memo.meaning = {(0, 1): PairMeaning((MeaningRun("reworded", (link,)),), 0.5)}
    memo.meaning_settings = "k"
    back = ComparisonMemo.decode(memo.encode())
    assert back.meaning == memo.meaning and back.meaning_settings == "k"
    import io

    with np.load(io.BytesIO(memo.encode())) as z:
        arrays = {n: z[n] for n in z.files}
    arrays["meaning_link_run"] = np.array([3])
    buf = io.BytesIO()
    np.savez(buf, **arrays)
    with pytest.raises(ValueError):
        ComparisonMemo.decode(buf.getvalue())
