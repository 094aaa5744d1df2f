-- Every write to a table that published pages show tells every app server, by itself (decision
-- 063): a statement-level trigger sends a notice on the channel the servers LISTEN on, so no
-- write path can forget to invalidate the catalogue and page caches. PostgreSQL delivers the
-- notice at commit (nothing for a rolled-back write) and sends one per table and transaction
-- however many statements wrote it; the writing process hears it too.
create or replace function public.announce_catalogue_change()
  returns trigger
  language plpgsql
  as $$
    begin
      perform pg_notify('hotellguiden_changes', tg_table_name);
      return null;
    end
  $$;

do $$
  declare
    catalogue_table text;
  begin
    foreach catalogue_table in array array[
      'hotels', 'hotels_blog_posts', 'popular_locations', 'popular_destinations', 'menu_countries',
      'partners', 'hotel_offers', 'countries', 'country_names', 'place_names', 'place_alternate_names',
      'catalogue_places', 'fx_rates', 'rate_plans', 'nightly_rates', 'itinerary_prices',
      'sold_out_itineraries', 'hotel_lead_prices'
    ] loop
      execute format(
        'create trigger %I after insert or update or delete or truncate on public.%I
           for each statement execute function public.announce_catalogue_change()',
        catalogue_table || '_announce_change', catalogue_table);
    end loop;
  end
$$;
