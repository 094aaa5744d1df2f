-- The back office's hotel table sorts a hotel by the name it shows. A hotel without a name (or
-- with a stand-in the feeds used to write) shows as "Namnlöst hotell", so it sorts as that, among
-- the N's, not first and by its id. name_key stays the stored name's key: search matches what a
-- hotel is called, and an unnamed hotel is called nothing.
create or replace function public.hotel_name_key(name text)
  returns text
  language sql
  immutable
  parallel safe
  as $$
    select case
      when coalesce(btrim(name), '') in ('', 'Namnlöst hotell', 'Unnamed Hotel') then public.place_key('Namnlöst hotell')
      else public.place_key(name)
    end
  $$;

-- Pages of the table by name stay a short index scan (decision 029); the index on the stored
-- name's key served only this order.
create index hotels_display_name_key_order_idx on public.hotels (public.hotel_name_key(name), hotel_id);
drop index if exists public.hotels_name_key_order_idx;
