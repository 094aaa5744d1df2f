-- The countries the site header's Destinationer menu lists first, in order (issue 35 point 8):
-- an administrator's choice at /admin/menu. The menu fills up with the countries with the most
-- hotels after these. Seeded with the countries Swedish travellers look for first. No foreign
-- key to countries: that table is filled after the migrations (syncCountryNames), and a code
-- whose country has no hotels is simply not shown.
create table public.menu_countries (
  iso_code text primary key,
  position integer not null,
  constraint menu_countries_iso_code_format check (iso_code ~ '^[A-Z]{2}$'),
  constraint menu_countries_position_range check (position between 0 and 9)
);

alter table public.menu_countries enable row level security;

insert into public.menu_countries (iso_code, position) values ('SE', 0), ('NO', 1), ('DK', 2), ('FI', 3);
