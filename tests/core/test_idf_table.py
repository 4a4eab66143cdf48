"""jieba's IDF table as arrays gives the numbers the parsed dict gives, from a file that
is made once, checked when read, and never needed."""

from importlib.util import find_spec
from pathlib import Path

import numpy as np
import pytest

from simhash_core.fingerprint.weights import tfidf
from simhash_core.text.idf_table import IdfTable, idf_table, idf_values, parse_idf
from simhash_core.text.stopwords import stopwords
from simhash_core.text.vocabulary import Vocabulary, jieba_idf


def _jieba_idf_txt() -> Path:
    spec = find_spec("jieba")
    assert spec is not None and spec.origin is not None
    return Path(spec.origin).parent / "analyse" / "idf.txt"


def test_every_word_of_jiebas_table_has_its_idf_and_the_median_is_the_same(tmp_path):
    parsed = parse_idf(_jieba_idf_txt().read_text(encoding="utf-8"))
    table = idf_table(_jieba_idf_txt(), tmp_path)
    assert len(table) == len(parsed) > 200_000
    values = idf_values(table, list(parsed), -1.0)
    assert values == list(parsed.values())
    ordered = sorted(parsed.values())
    assert table.median == ordered[len(ordered) // 2]
    assert jieba_idf()[1] == table.median


def test_words_outside_the_table_take_the_default():
    table = idf_table(_jieba_idf_txt(), None)
    outside = [f"{w}不在表中{i}" for i, w in enumerate(["河流", "study", "x"] * 300)]
    assert idf_values(table, outside, 7.25) == [7.25] * len(outside)
    assert table.get("不在表中的词", 1.5) == 1.5 and "不在表中的词" not in table
    with pytest.raises(KeyError):
        table["不在表中的词"]


def test_the_file_is_made_once_and_read_back_whole(tmp_path):
    source = tmp_path / "idf.txt"
    source.write_text("河流 7.5\n研究 4.25\nriver 9\n", encoding="utf-8")
    folder = tmp_path / "cache"
    first = idf_table(source, folder)
    (written,) = folder.iterdir()
    again = idf_table(source, folder)
    assert np.array_equal(first.hashes, again.hashes)
    assert np.array_equal(first.values, again.values)
    assert again.get("研究") == 4.25 and again.median == 7.5
    # another table (jieba updated) is another file; the first stays valid for its own
    source.write_text("河流 1.0\n", encoding="utf-8")
    assert idf_table(source, folder).get("河流") == 1.0
    assert len(list(folder.iterdir())) == 2 and written.exists()


@pytest.mark.parametrize("damage", ["truncated", "garbage", "unsorted"])
def test_a_damaged_file_is_made_again_from_the_source(tmp_path, damage):
    source = tmp_path / "idf.txt"
    source.write_text("河流 7.5\n研究 4.25\nriver 9\n", encoding="utf-8")
    folder = tmp_path / "cache"
    idf_table(source, folder)
    (path,) = folder.iterdir()
    if damage == "truncated":
        path.write_bytes(path.read_bytes()[:-5])
    elif damage == "garbage":
        path.write_bytes(b"not a table")
    else:  # a whole file whose hashes are out of order
        raw = np.load(path)
        n = len(raw) // 2
        np.save(path, np.concatenate([raw[:n][::-1], raw[n:][::-1]]))
    table = idf_table(source, folder)
    assert (table.get("河流"), table.get("研究"), table.get("river")) == (7.5, 4.25, 9.0)


def test_a_folder_that_cannot_be_written_is_no_error(tmp_path):
    source = tmp_path / "idf.txt"
    source.write_text("河流 7.5\n", encoding="utf-8")
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    assert idf_table(source, blocked / "cache").get("河流") == 7.5


def test_two_words_with_one_hash_are_refused(monkeypatch):
    import simhash_core.text.idf_table as module

    monkeypatch.setattr(module, "stable_hash64", lambda word: 42)
    with pytest.raises(ValueError, match="share a hash"):
        IdfTable.of({"a": 1.0, "b": 2.0})


def test_weights_from_the_table_equal_weights_from_the_dict():
    parsed = parse_idf(_jieba_idf_txt().read_text(encoding="utf-8"))
    table, default = jieba_idf()
    terms = {"河流": 3, "研究": 1, "不在表中的词": 2, "study": 5}
    assert tfidf(terms, table, default) == tfidf(terms, parsed, default)
    by_table = Vocabulary(table, default, stopwords()).features(terms)
    by_dict = Vocabulary(parsed, default, stopwords()).features(terms)
    assert by_table.terms == by_dict.terms
    assert by_table.weights.tolist() == by_dict.weights.tolist()
    assert by_table.hashes.tolist() == by_dict.hashes.tolist()
