-- A search on a country's or a place's page looks for names that start with the text in that
-- country or place. Without these the planner ANDed the place index (56,828 entries for
-- Stockholm) with the name trigrams and sorted every match (Stockholm's page searching
-- "hotel": 14,184 rows, 280–840 ms at a million hotels). With the keys first, the names of
-- one place that start with the text are one range of the index, read in name order until
-- the search has enough (decision 038).
create index hotels_country_name_key_prefix_idx on public.hotels (country_key, name_key text_pattern_ops);
create index hotels_place_name_key_prefix_idx on public.hotels (country_key, location_key, name_key text_pattern_ops);
