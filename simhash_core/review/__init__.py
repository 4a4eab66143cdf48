"""What a teacher reviews after a scan: one pair's evidence (:mod:`.evidence`), the
value every front end renders; the decisions on pairs (:mod:`.decisions`) and where they
are kept (:mod:`.store`). Import from the modules (this package imports nothing, so
that the words of a decision cost nothing to load)."""
