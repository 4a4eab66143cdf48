"""Property tests: any string in, a fingerprint out, no exception."""

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simhash_core.fingerprint.analyze import analyze_text
from simhash_core.hashing import stable_hashes
from simhash_core.text.normalize import normalize
from simhash_core.text.units import unit_hashes, units
from simhash_core.text.words import term_counts
from simhash_core.types import ScanSettings, UnitSpans

# text biased towards what students' files hold: CJK, Latin, digits, punctuation,
# zero-width and control characters, surrogates excluded by Hypothesis' text()
CHARS = st.one_of(
    st.characters(),
    st.sampled_from(list("学习漢語，。“”「」 \n\t\u200b\u200d\ufeff\u3000ＡＢ１２abc-")),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(CHARS, max_size=400))
def test_pipeline_never_raises(text):
    n = normalize(text)
    u = units(n.text)
    assert len(u.starts) == len(u.tokens)
    term_counts(n.text)
    a = analyze_text(text, ScanSettings())
    assert 0 <= a.fingerprint < 2**64
    assert len(a.minhash) == 128
    assert len(a.usable) == len(a.shingle_seq)
    # unit spans point inside the original text
    assert np.all(a.unit_starts >= 0) and np.all(a.unit_ends <= len(text))
    assert np.all(a.unit_starts < a.unit_ends)
    # a document holds them compactly and gives back the same offsets
    spans = UnitSpans.of(a.unit_starts, a.unit_ends)
    assert np.array_equal(spans.starts, a.unit_starts)
    assert np.array_equal(spans.ends, a.unit_ends)


@settings(max_examples=100, deadline=None)
@given(st.text(CHARS, min_size=1, max_size=200))
def test_fingerprint_is_a_pure_function(text):
    a = analyze_text(text, ScanSettings())
    b = analyze_text(text, ScanSettings())
    assert a.fingerprint == b.fingerprint
    assert np.array_equal(a.minhash, b.minhash)


def _seed_files() -> dict[str, bytes]:
    from tests.data.make_bad_files import (
        ENGLISH_LINES,
        GBK_TEXT,
        _document_xml,
        _paragraphs,
        docx_bytes,
        text_pdf,
    )

    return {
        ".docx": docx_bytes(_document_xml(_paragraphs([GBK_TEXT] * 3))),
        ".pdf": text_pdf(ENGLISH_LINES),
        ".txt": (GBK_TEXT * 2).encode("gb18030"),
    }


SEEDS = _seed_files()
MUTATION = st.tuples(
    st.sampled_from(["flip", "truncate", "insert", "zero"]),
    st.floats(0, 1),
    st.binary(min_size=1, max_size=16),
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(suffix=st.sampled_from(sorted(SEEDS)), mutations=st.lists(MUTATION, min_size=1, max_size=4))
def test_extractors_survive_mutated_files(tmp_path_factory, suffix, mutations):
    from simhash_core.extract import ExtractError, extract

    data = bytearray(SEEDS[suffix])
    for kind, where, chunk in mutations:
        pos = int(where * (len(data) - 1)) if data else 0
        if kind == "flip" and data:
            data[pos] ^= chunk[0] or 0xFF
        elif kind == "truncate":
            del data[pos:]
        elif kind == "insert":
            data[pos:pos] = chunk
        else:
            data[pos : pos + len(chunk)] = bytes(len(chunk))
    path = tmp_path_factory.mktemp("fuzz") / f"mutant{suffix}"
    path.write_bytes(bytes(data))
    try:
        text = extract(path).text
    except ExtractError as exc:
        assert exc.code and exc.reason
    else:
        assert isinstance(text, str) and text.strip()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(CHARS, max_size=300))
def test_unit_hashes_equal_hashing_the_units(text):
    text = normalize(text).text
    u, h = units(text), unit_hashes(text)
    assert h.starts.tolist() == u.starts.tolist()
    assert h.ends.tolist() == u.ends.tolist()
    assert h.hashes.tolist() == stable_hashes(u.tokens).tolist()
    # raw text too: the two must agree on whatever they are given
    raw_u, raw_h = units(text + "\u00e9x_y\u0661"), unit_hashes(text + "\u00e9x_y\u0661")
    assert raw_h.hashes.tolist() == stable_hashes(raw_u.tokens).tolist()
