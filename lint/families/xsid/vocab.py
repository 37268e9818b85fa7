"""xSID's fixed names: its intents, slot labels, comment keys and which comments a language needs.

The one place they are written down: the checks, the completions, the hover text and the
rule docs read them. The lists are those of xSID 0.7's own checker (``scripts/checkdata.py``
of mainlp/xsid @ 761d926c); a dataset with other labels names its own in config
(``xsid: {intents: [...], slot-labels: [...]}``).
"""

from __future__ import annotations

INTENTS: tuple[str, ...] = (
    "AddToPlaylist", "BookRestaurant", "PlayMusic", "RateBook", "SearchCreativeWork", "SearchScreeningEvent",
    "alarm/cancel_alarm", "alarm/modify_alarm", "alarm/set_alarm", "alarm/show_alarms", "alarm/snooze_alarm",
    "alarm/time_left_on_alarm", "reminder/cancel_reminder", "reminder/set_reminder", "reminder/show_reminders",
    "weather/checkSunrise", "weather/checkSunset", "weather/find",
)

SLOT_LABELS: tuple[str, ...] = (
    "alarm/alarm_modifier", "album", "artist", "best_rating", "condition_description", "condition_temperature", "cuisine",
    "datetime", "entity_name", "facility", "genre", "location", "movie_name", "movie_type", "music_item", "negation",
    "news/type", "object_location_type", "object_name", "object_part_of_series_type", "object_select", "object_type",
    "party_size_description", "party_size_number", "playlist", "rating_unit", "rating_value", "recurring_datetime",
    "reference", "reminder/reminder_modifier", "reminder/todo", "restaurant_name", "restaurant_type", "served_dish",
    "service", "sort", "timer/attributes", "track", "weather/attribute", "weather/temperatureUnit", "reference-part",
)

# The comment keys a sentence carries, and what each holds (completion and hover read this).
COMMENTS: dict[str, str] = {
    "id": "the sentence's id, the same in every language's file (non-English files)",
    "text": "the sentence as written; its tokens, joined without spaces, equal it without spaces",
    "text-en": "the English sentence this one translates (non-English files)",
    "intent": "the sentence's intent; every token's third column repeats it",
    "slots": "English files: the slot spans as `start:end:label,...`, character offsets into `# text`",
}
ONCE = ("id", "text", "text-en", "intent")  # keys a sentence has at most once (and, where required, exactly once)

# Which languages need which comments, as xSID's checker decides it: every file needs
# `# text` and `# intent`; `# id` all but English; `# text-en` all but English and
# Norwegian (whose dialect data was not translated from the English test set).
WITHOUT_ID: tuple[str, ...] = ("en",)
WITHOUT_TEXT_EN: tuple[str, ...] = ("en", "no")

COLUMNS: dict[str, str] = {
    "index": "the token's number in its sentence, from 1",
    "word": "the token as written; the tokens joined without spaces equal `# text` without spaces",
    "intent": "the sentence's intent (as `# intent` says), repeated on every token",
    "tag": "BIO slot tag: `O`, `B-label` (a slot starts) or `I-label` (it goes on)",
}
