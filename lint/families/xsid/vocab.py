"""xSID's fixed names: its intents and slot labels (its comment keys and columns:
:mod:`.declaration`).

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
