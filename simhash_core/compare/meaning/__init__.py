"""Sentences aligned by meaning: reworded passages, and passages translated zh <-> en.

Word passages (:mod:`simhash_core.compare.passages`) need runs of identical words; a
student who rewords each sentence, or translates an English source, leaves none. This
layer compares sentences instead (:mod:`simhash_core.text.sentences`):

1. **Sentence similarity.** TF-IDF cosine of each sentence's terms, IDF over the
   folder's sentences (:mod:`.tfidf`), multiplied a block at a time
   (:mod:`.products`; within a language each pair of sentences once, :mod:`.halves`).
2. **Relative to the folder (ratio margin).** A cosine is divided by how similar the
   two sentences are to their nearest sentences in *other* documents (the mean of the
   :data:`~.products.NEIGHBOURS` best, Artetxe and Schwenk 2019). A formulaic sentence
   ("the river flows through five provinces") resembles many sentences and gains
   little; a sentence that matches one other sentence far better than anything else
   stands out. A margin of 2 means "twice as close as this sentence's usual closest".
   In a large folder each document meets only its candidate documents and a reference
   sample (:mod:`.blocking`).
3. **Passages, not sentences.** Matched sentences (:mod:`.links`) are chained in order
   on both sides (:mod:`.runs`). A reworded or translated passage is a chain of at
   least :data:`~.runs.MIN_SENTENCES` sentences, each with a margin of at least the
   threshold (:mod:`.judging`): one similar sentence is never evidence.

The comparison memo keeps the links as flat arrays (:mod:`.codec`).

Everything is computed from the folder's sentences alone, with no randomness: the same
files give the same passages in any process.

The tunable constants live in the module that reads them (``products.ROWS_PER_BLOCK``,
``blocking.BLOCKING_FROM``, ``tfidf.TFIDF_SLICE``...): set them there.
"""

from __future__ import annotations

from simhash_core.compare.meaning.blocking import candidate_documents, is_large, rare_limit
from simhash_core.compare.meaning.codec import (
    decode_meaning,
    encode_meaning,
    meaning_arrays,
    meaning_key,
)
from simhash_core.compare.meaning.judging import (
    NOTHING_FOUND,
    MeaningFound,
    judge_meaning,
    other_facts,
    sentence_share,
    shown_beside,
    spans_covered,
)
from simhash_core.compare.meaning.links import meaning_pairs, needs_glosses
from simhash_core.compare.meaning.runs import (
    REWORDED,
    TRANSLATED,
    MeaningRun,
    PairMeaning,
    SentenceLink,
    chain_runs,
)
from simhash_core.compare.meaning.tfidf import sentence_space
from simhash_core.text.sentences import CHINESE, ENGLISH

__all__ = [
    "CHINESE",
    "ENGLISH",
    "NOTHING_FOUND",
    "REWORDED",
    "TRANSLATED",
    "MeaningFound",
    "MeaningRun",
    "PairMeaning",
    "SentenceLink",
    "candidate_documents",
    "chain_runs",
    "decode_meaning",
    "encode_meaning",
    "is_large",
    "judge_meaning",
    "meaning_arrays",
    "meaning_key",
    "meaning_pairs",
    "needs_glosses",
    "other_facts",
    "rare_limit",
    "sentence_share",
    "sentence_space",
    "shown_beside",
    "spans_covered",
]
