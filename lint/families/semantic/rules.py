"""SEM101–SEM109: the rules of semantic gold labels, as metadata (the checks are beside)."""

from __future__ import annotations

from collections.abc import Mapping

from goldlint.diagnostics import Severity
from goldlint.rules.registry import Rule, register_declared

E, W = Severity.ERROR, Severity.WARNING
F = "semantic"


def _facts() -> Mapping[str, object]:
    """What the docs say of the declared fields (the declaration names these rules: read late)."""
    from goldlint.families.semantic.declaration import facts

    return facts()


SEMANTIC_SCHEMA = Rule("SEM101", "semantic-schema", E,
    "The gold label file does not follow the schema: a required field is missing ({required}), "
    "`schema_version` is not {version}, a value has the wrong type or is empty, or a key is unknown (with a did-you-mean).",
    "The benchmark reads these files without a schema check of its own: a missing `risks` array or a misspelt "
    "`segment_ids` key silently scores the meeting as having no risks or no segments.",
    "unsafe: a misspelt key is renamed to the key it is a typo of (only when that is unambiguous).", F, facts=_facts)
MEETING_ID_MISMATCH = Rule("SEM102", "meeting-id-mismatch", E,
    "`meeting_id` differs from the file name stem.",
    "Gold labels are looked up by `<meeting_id>.json` and matched to the transcript by `meeting_id`: a file whose id "
    "differs from its name is never paired with its meeting, and the meeting is scored as having no gold labels.",
    "unsafe: the id is rewritten to the file name stem (the file name may be the wrong one, and the id pairs the "
    "labels with their transcript: a human decides).", F)
UNKNOWN_TOPIC = Rule("SEM103", "unknown-topic", W,
    "A topic label is outside the profile's controlled vocabulary; the message says which profile was applied and "
    "suggests the closest label. The profile: config's `semantic: {profile: spec | slower-whisper}`, or by default "
    "(`auto`) the one the file's labels follow (SEM109); `extend-topics` adds labels to it.",
    "Topic F1 compares labels exactly: a label outside the vocabulary the annotator predicts can never be matched, so "
    "it counts as a miss in every run. (slower-whisper's own validator warns about these too.)",
    "safe: a label that differs from a vocabulary label only in case or `-`/`_`/space is rewritten to it.", F)
UNKNOWN_RISK = Rule("SEM104", "unknown-risk", E,
    "A risk `type` is not one of the profile's risk types, or its `severity` is not allowed for that type "
    "(in the spec profile {spec_narrowed}). Choosing the profile: `semantic: {{profile: spec}}` (the seed's {spec_count} "
    "risk types) or `{{profile: slower-whisper}}` ({slower_whisper}) in goldlint.yaml; by default (`auto`) each file is judged by the profile its "
    "labels follow, the message says which, and a file that follows another profile than config names is one "
    "SEM109. `extend-risk-types` adds types or severities; `goldlint score --profile` lints the gold with that profile.",
    "Risk metrics match type and severity exactly; an unknown type or an impossible severity is a label no system can "
    "ever produce, and it distorts the severity-weighted F1.",
    "safe: a type that differs from a known type only in case or `-`/`_`/space is rewritten to it.", F, facts=_facts)
DUPLICATE_LABEL = Rule("SEM105", "duplicate-label", W,
    "A topic label appears twice, two risks share a type and a `segment_id`, or two actions have the same text after "
    "normalisation (case, punctuation and spacing ignored, as the benchmark's fuzzy matcher does).",
    "Duplicates are counted twice as gold items: a system that finds the topic once gets half recall for it.",
    "", F)
EMPTY_LABELS = Rule("SEM106", "empty-labels", W,
    "`topics`, `risks` or `actions` is an empty array (`--strict` makes warnings fail, as the project's validator does).",
    "An empty list is either a meeting without any topics (rare, and worth a second look) or labelling that was never "
    "finished; both make the meeting's F1 undefined.",
    "", F)
SEGMENT_IDS = Rule("SEM107", "segment-ids", E,
    "A segment id is negative (error), a `segment_ids` list is unsorted or repeats an id (warning), or, when a "
    "transcript is configured (`transcripts` pattern), a segment id does not exist in the meeting's transcript (error). "
    "A configured transcript that is missing or unreadable is reported here as a warning.",
    "Segment ids point into the transcript: an id beyond it makes the label unverifiable and never matches a "
    "predicted segment.",
    "safe: an unsorted or repeating list is rewritten sorted and without repeats.", F)
PROFILE_MISMATCH = Rule("SEM109", "profile-mismatch", E,
    "The file's labels follow the other vocabulary profile than the one config names (`semantic: {profile: ...}`): "
    "risk types, else topics, else a `critical` severity that only the other profile knows. Reported once, at the "
    "first such label; those labels are then not reported one by one (SEM103, SEM104). With `profile: auto` (the "
    "default) each file is judged by the profile its labels follow, and messages say which was applied.",
    "Checked against the wrong profile, a file of valid labels becomes a pile of SEM104 errors and its real defects "
    "drown in them; scored against the wrong profile, every label counts as a miss.",
    "", F)
EVIDENCE_NOT_IN_TRANSCRIPT = Rule("SEM108", "evidence-not-in-transcript", W,
    "A risk's `evidence` is not found in the transcript segment its `segment_id` names (case, spacing and curly "
    "quotes ignored). Only runs when a transcript is configured; the range starts where the evidence stops matching.",
    "Evidence is the quote a reviewer checks the label against; evidence from another segment usually means the "
    "`segment_id` is off by one.",
    "", F)

register_declared(globals())
