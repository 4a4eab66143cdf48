"""What a teacher reviews after a scan: one pair's evidence (:mod:`.evidence`), the
value every front end renders and the review's decisions hang on."""

from simhash_core.review.evidence import PairEvidence, SideEvidence, pair_evidence

__all__ = ["PairEvidence", "SideEvidence", "pair_evidence"]
