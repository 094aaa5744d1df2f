-- Price history (issue 38, point 2): what a stay cost at a partner, per hotel, check-in date and
-- length, for one reference party (two adults in one room), in SEK with taxes and fees, on the
-- days it was observed. Imports and live answers append to it in the transaction of their own
-- write (app/prices/price-history.server.ts); the deal signal reads the median of comparable
-- stays from it (app/prices/deal.ts). One row per key and day at most, the day's lowest price, and
-- only when the price is new for the key. See docs/decisions/073-price-history-and-deals.md.
create table public.price_history (
  hotel_id uuid not null references public.hotels (id) on delete cascade,
  partner_id text not null references public.partners (id) on delete cascade on update cascade,
  check_in date not null,
  nights smallint not null,
  -- The day (in Sweden) the price was seen.
  observed_on date not null,
  total_sek numeric(12, 2) not null,
  -- Hotel and length first: the deal signal reads one hotel's (or a page's hotels') stays of one
  -- length; the key's latest observation is the last entry of its range.
  primary key (hotel_id, nights, check_in, partner_id, observed_on),
  constraint price_history_nights check (nights between 1 and 30),
  constraint price_history_total check (total_sek > 0)
);
-- Housekeeping deletes what is older than 13 months a day at a time.
create index price_history_observed_idx on public.price_history (observed_on);
