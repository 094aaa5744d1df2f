-- Switching a partner off or on takes effect at once at any catalogue size (issue 33). The
-- trigger partners_summarise_offers rewrote the offer summary of every hotel of the partner in
-- the switch's own statement: at 60,000 hotels that ran past the statement timeout, the admin
-- got a 503 and the partner stayed on. Now the switch only flips `active` and marks the
-- partner's hotels' summaries as owed; reads leave an inactive partner's offers out at once,
-- and app servers' background workers recompute the summaries in batches.
-- See docs/decisions/047-partner-switch-public-hosts-one-job.md.

drop trigger partners_summarise_offers on public.partners;
drop function public.summarise_partner_offers();

alter table public.partners
  -- The summaries of this partner's hotels still count its previous state.
  add column summary_pending boolean not null default false,
  -- How far the recompute has come: the last hotels.id done, in id order (null: none yet).
  add column summary_done_through uuid;

-- Every writer of `active` (the back office, SQL by hand) owes the recompute; a switch during
-- one starts it again from the first hotel.
create or replace function public.owe_partner_summaries()
  returns trigger
  language plpgsql
  as $$
begin
  if new.active is distinct from old.active then
    new.summary_pending := true;
    new.summary_done_through := null;
  end if;
  return new;
end;
$$;
create trigger partners_owe_summaries before update of active on public.partners
  for each row execute function public.owe_partner_summaries();

-- A partner's hotels in id order, read a batch at a time from where the last one stopped.
create index hotel_offers_partner_hotel_idx on public.hotel_offers (partner_id, hotel_id);

-- The summary of the given hotels as their current offers make it (an offer counts while it
-- is not gone and its partner is active): what the refresh writes, and what a list reads for
-- its page while a partner's recompute is under way.
create or replace function public.current_offer_summary(hotel_ids uuid[])
  returns table (hotel_id uuid, offer_price numeric(12, 2), offer_count smallint)
  language sql
  stable
  as $$
  select wanted.id, min(offer.price_per_night), count(offer.partner_id)::smallint
  from (select distinct unnest(hotel_ids) as id) wanted
  left join public.hotel_offers offer on offer.hotel_id = wanted.id and offer.gone_at is null
    and exists (select 1 from public.partners partner where partner.id = offer.partner_id and partner.active)
  group by wanted.id
$$;

create or replace function public.refresh_hotel_offer_summary(hotel_ids uuid[])
  returns void
  language sql
  as $$
  update public.hotels hotel
  set offer_price = summary.offer_price, offer_count = summary.offer_count
  from public.current_offer_summary(hotel_ids) summary
  where hotel.id = summary.hotel_id
    and (hotel.offer_price is distinct from summary.offer_price or hotel.offer_count <> summary.offer_count);
$$;
