"""SCO101–SCO108: what ``goldlint score`` finds in the predictions (and about gold it cannot score).

Registered like every family's rules, so ``goldlint rule SCO102`` documents them and the
reporters name them; the checks are in the family scorers of :mod:`goldlint.score`.
"""

from __future__ import annotations

from goldlint.diagnostics import Severity
from goldlint.rules.registry import Rule, register_declared

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
F = "score"

PREDICTION_SYNTAX = Rule("SCO101", "prediction-syntax", E,
     "The predictions file (a JSONL line, a JSON file, a TSV line, or the JSON inside an `entities` cell) does not parse; the position is exact.",
     "A prediction that cannot be read is scored as missing: the run's numbers silently lose an example.",
     family=F)
PREDICTION_MISSING_FOR_GOLD_ID = Rule("SCO102", "prediction-missing-for-gold-id", W,
     "A gold record (id, corpus entry, meeting, truth row, SLURP record or recording) has no prediction; it is not scored and the metrics' coverage drops.",
     "A run that silently skips the hard examples looks better than it is: coverage says how much was measured.",
     family=F)
PREDICTION_UNKNOWN_ID = Rule("SCO103", "prediction-unknown-id", W,
     "A prediction names an id (entry, meeting, row) that the gold does not have.",
     "Usually predictions scored against the wrong gold file or split, or ids renumbered on one side only.",
     family=F)
PREDICTION_DUPLICATE_ID = Rule("SCO104", "prediction-duplicate-id", W,
     "Two predictions for one id; the first is scored and the later one ignored (slurp: the later one is scored, as SLURP's evaluator does).",
     "A retried example written twice makes the score depend on which copy a scorer keeps.",
     family=F)
PREDICTION_SHAPE = Rule("SCO105", "prediction-shape", E,
     "A prediction is not an object of the kind's prediction format (`id` with `output`, or `intent` and `slots`, for slu; "
     "`id` and `predicted` for corpus; `topics` / `risks` / `actions` for semantic; `intent` and `entities` for truth; "
     "for xsid, a sentence of its gold sentence's token lines, each with its four cells).",
     "The scorer cannot tell which example the prediction answers or what it answers: it is left out.",
     family=F)
PREDICTION_UNPARSABLE_ANSWER = Rule("SCO106", "prediction-unparsable-answer", I,
     "The model's raw answer does not parse the way the official scorer parses it (fence and `json:` prefix removed, "
     "quotes unwrapped, then JSON), or it would crash the official scorer; the example scores 0.",
     "This is the model's failure, not the file's: it is counted in `unparsable_predictions` and shown so it can be inspected.",
     family=F)
GOLD_OFFICIAL_SCORER_CANNOT_SCORE = Rule("SCO107", "gold-official-scorer-cannot-score", W,
     "A gold record the official scorer cannot score: in `slu`, an answer with an apostrophe (MERA's scorer turns every `'` "
     "into `\"` before decoding the gold and raises); goldlint scores it and says so.",
     "The leaderboard's number and goldlint's would differ on this record without anyone noticing.",
     family=F)
PREDICTION_VALUE_OUT_OF_RANGE = Rule("SCO108", "prediction-value-out-of-range", E,
     "A prediction's value is outside what the run card allows (a negative latency, token count or cost, a "
     "`semantic_score` outside 0–1, a number too large to be one): it is left out of the totals. In `semantic`, a meeting whose "
     "predicted and gold actions are too many to compare pair by pair (the message gives the bound): scored as if it predicted no action.",
     "A card built from it would fail `goldlint check`, or carry a composite and a tier from an impossible number.",
     family=F)


register_declared(globals())
