"""Quality on the labelled samples at default settings (issue 4's bar)."""

from simhash_core.compare.pair_stream import every_pair
from simhash_core.scan import scan
from simhash_core.types import ScanResult
from tests.core.samples import CLASS_ZH, PAN13, needs_samples, truth


def auc(pos: list[float], neg: list[float]) -> float:
    """Probability that a random plagiarised pair outscores a random honest one."""
    wins = 0.0
    for p in pos:
        wins += sum(1.0 if p > n else 0.5 if p == n else 0.0 for n in neg)
    return wins / (len(pos) * len(neg))


def by_name(result: ScanResult):
    return {
        tuple(sorted((result.documents[p.a].name, result.documents[p.b].name))): p
        for p in every_pair(result.pairs, result.other_pairs)
    }


@needs_samples
def test_class_zh_every_copy_flagged_no_false_positive():
    result = scan(
        [CLASS_ZH / "submissions"], [CLASS_ZH / "template.txt"], all_pairs=True, isolate=False
    )
    assert not result.errors
    labels = truth(CLASS_ZH)
    pairs = by_name(result)
    missed = [(k, v) for k, v in labels.items() if v != "none" and not pairs[k].flagged]
    false = [k for k, v in labels.items() if v == "none" and pairs[k].flagged]
    assert missed == [] and false == []
    pos = [pairs[k].similarity for k, v in labels.items() if v != "none"]
    neg = [pairs[k].similarity for k, v in labels.items() if v == "none"]
    assert auc(pos, neg) == 1.0
    assert min(pos) > 5 * max(neg)


@needs_samples
def test_pan13_partial_plagiarism():
    result = scan([PAN13 / "documents"], all_pairs=True, isolate=False)
    labels = truth(PAN13)
    pairs = by_name(result)
    pos_keys = [k for k, v in labels.items() if v != "none"]
    neg_keys = [k for k, v in labels.items() if v == "none"]
    recall = sum(pairs[k].flagged for k in pos_keys) / len(pos_keys)
    fp_rate = sum(pairs[k].flagged for k in neg_keys) / len(neg_keys)
    assert recall >= 0.95
    assert fp_rate <= 0.005
    assert (
        auc([pairs[k].similarity for k in pos_keys], [pairs[k].similarity for k in neg_keys])
        >= 0.99
    )
