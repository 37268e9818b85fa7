"""SLURP's vocabulary as its public test and devel splits use it (18 scenarios, 60 intents,
55 entity types; pswietojanski/slurp @ 8eb1654): what the editor offers when config names no
inventory. Checking never uses these lists: it learns the dataset's own inventory (SLP109,
SLP110; see :mod:`.dataset`).
"""

from __future__ import annotations

SCENARIOS: tuple[str, ...] = (
    "alarm", "audio", "calendar", "cooking", "datetime", "email", "general", "iot", "lists", "music", "news",
    "play", "qa", "recommendation", "social", "takeaway", "transport", "weather",
)

INTENTS: tuple[str, ...] = (
    "alarm_query", "alarm_remove", "alarm_set", "audio_volume_down", "audio_volume_mute", "audio_volume_other",
    "audio_volume_up", "calendar_query", "calendar_remove", "calendar_set", "cooking_query", "cooking_recipe",
    "datetime_convert", "datetime_query", "email_addcontact", "email_query", "email_querycontact",
    "email_sendemail", "general_greet", "general_joke", "general_quirky", "iot_cleaning", "iot_coffee",
    "iot_hue_lightchange", "iot_hue_lightdim", "iot_hue_lightoff", "iot_hue_lighton", "iot_hue_lightup",
    "iot_wemo_off", "iot_wemo_on", "lists_createoradd", "lists_query", "lists_remove", "music_dislikeness",
    "music_likeness", "music_query", "music_settings", "news_query", "play_audiobook", "play_game", "play_music",
    "play_podcasts", "play_radio", "qa_currency", "qa_definition", "qa_factoid", "qa_maths", "qa_stock",
    "recommendation_events", "recommendation_locations", "recommendation_movies", "social_post", "social_query",
    "takeaway_order", "takeaway_query", "transport_query", "transport_taxi", "transport_ticket",
    "transport_traffic", "weather_query",
)

ENTITY_TYPES: tuple[str, ...] = (
    "alarm_type", "app_name", "artist_name", "audiobook_author", "audiobook_name", "business_name", "business_type",
    "change_amount", "coffee_type", "color_type", "cooking_type", "currency_name", "date", "definition_word",
    "device_type", "drink_type", "email_address", "email_folder", "event_name", "food_type", "game_name",
    "game_type", "general_frequency", "house_place", "ingredient", "joke_type", "list_name", "meal_type",
    "media_type", "movie_name", "movie_type", "music_album", "music_descriptor", "music_genre", "news_topic",
    "order_type", "person", "personal_info", "place_name", "player_setting", "playlist_name", "podcast_descriptor",
    "podcast_name", "radio_name", "relation", "song_name", "sport_type", "time", "time_zone", "timeofday",
    "transport_agency", "transport_descriptor", "transport_name", "transport_type", "weather_descriptor",
)

ACTIONS: tuple[str, ...] = tuple(sorted({intent.split("_", 1)[1] for intent in INTENTS}))
