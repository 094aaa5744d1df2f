-- The back office's hotel table pages through the catalogue sorted by name (case and accents
-- ignored: name_key), by country or by place. Country and place already have indexes on their
-- keys that hand rows out in order; this one does it for the name, with hotel_id as the tie
-- breaker, so a page of 50 out of a million hotels is a short index scan, not a sort of all.
create index if not exists hotels_name_key_order_idx on public.hotels (name_key, hotel_id);
