-- Hotellguiden: initial schema. Runs unchanged on Supabase, any PostgreSQL 15+ and PGlite.

create extension if not exists pg_trgm;
create extension if not exists unaccent;

-- unaccent() is only STABLE, so it cannot appear in an index. This wrapper pins the
-- dictionary and is safe to mark IMMUTABLE. The search_path covers Supabase, which
-- may keep extensions in the "extensions" schema.
create or replace function public.immutable_unaccent(value text)
  returns text
  language sql
  immutable
  parallel safe
  strict
  set search_path = public, extensions
  as $$ select unaccent('unaccent'::regdictionary, value) $$;

-- The key a country or place is matched by in URLs: case, accents, hyphens and runs of
-- whitespace do not matter, so /Sweden/Malmo, /sweden/malmö and /Sweden/Malmö agree.
create or replace function public.place_key(value text)
  returns text
  language sql
  immutable
  parallel safe
  strict
  set search_path = public, extensions
  as $$ select lower(btrim(regexp_replace(public.immutable_unaccent(value), '[\s_-]+', ' ', 'g'))) $$;

create or replace function public.set_updated_at()
  returns trigger
  language plpgsql
  as $$
begin
  new.updated_at = now();
  return new;
end;
$$;

-- Hotels -------------------------------------------------------------------------------

create table public.hotels (
  id uuid primary key default gen_random_uuid(),
  hotel_id text not null,
  name text,
  description text,
  rewritten_text text,
  rating numeric(3, 1),
  review_count integer,
  star_rating smallint,
  price_amount numeric(12, 2),
  price_currency text,
  image_path text,
  additional_image_paths jsonb,
  amenities jsonb,
  location text,
  country text,
  latitude double precision,
  longitude double precision,
  address text,
  affiliate_url text,
  has_affiliate_url boolean not null default false,
  is_description_rewritten boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint hotels_hotel_id_key unique (hotel_id),
  constraint hotels_hotel_id_not_blank check (btrim(hotel_id) <> ''),
  constraint hotels_rating_range check (rating between 0 and 10),
  constraint hotels_review_count_positive check (review_count >= 0),
  constraint hotels_star_rating_range check (star_rating between 1 and 5),
  constraint hotels_price_positive check (price_amount >= 0),
  constraint hotels_price_currency_code check (price_currency ~ '^[A-Z]{3}$'),
  constraint hotels_latitude_range check (latitude between -90 and 90),
  constraint hotels_longitude_range check (longitude between -180 and 180),
  constraint hotels_affiliate_url_http check (affiliate_url ~* '^https?://[^\s/]+'),
  constraint hotels_additional_images_shape
    check (additional_image_paths is null or jsonb_typeof(additional_image_paths) in ('array', 'object')),
  constraint hotels_amenities_shape
    check (amenities is null or jsonb_typeof(amenities) in ('array', 'object'))
);

create trigger hotels_set_updated_at
  before update on public.hotels
  for each row execute function public.set_updated_at();

create index hotels_country_location_idx on public.hotels (country, location);
create index hotels_place_key_idx on public.hotels (public.place_key(country), public.place_key(location));
create index hotels_star_rating_idx on public.hotels (star_rating);
-- Case-insensitive substring search (ILIKE '%…%') over name, description and place.
create index hotels_name_trgm_idx on public.hotels using gin (name gin_trgm_ops);
create index hotels_description_trgm_idx on public.hotels using gin (description gin_trgm_ops);
create index hotels_location_trgm_idx on public.hotels using gin (location gin_trgm_ops);
create index hotels_country_trgm_idx on public.hotels using gin (country gin_trgm_ops);

-- Blog ---------------------------------------------------------------------------------

create table public.hotels_blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  excerpt text not null default '',
  content jsonb not null default '[]'::jsonb,
  cover_image text,
  author text,
  published boolean not null default false,
  reading_time text not null default '1',
  slug text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint hotels_blog_posts_slug_key unique (slug),
  constraint hotels_blog_posts_title_not_blank check (btrim(title) <> ''),
  constraint hotels_blog_posts_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint hotels_blog_posts_content_is_list check (jsonb_typeof(content) = 'array'),
  constraint hotels_blog_posts_reading_time_minutes check (reading_time ~ '^[0-9]+$'),
  constraint hotels_blog_posts_cover_image_url check (cover_image ~* '^(https?://|/)')
);

create trigger hotels_blog_posts_set_updated_at
  before update on public.hotels_blog_posts
  for each row execute function public.set_updated_at();

create index hotels_blog_posts_published_created_idx
  on public.hotels_blog_posts (published, created_at desc);
create index hotels_blog_posts_title_trgm_idx on public.hotels_blog_posts using gin (title gin_trgm_ops);

-- People, sessions and sign-in --------------------------------------------------------

-- A row makes a user (local or Supabase Auth) an administrator.
create table public.admin_users (
  user_id uuid primary key,
  created_at timestamptz not null default now()
);

-- Accounts of the local auth provider only; Supabase keeps its own auth.users.
create table public.users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  password_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_email_key unique (email),
  constraint users_email_lowercase check (email = lower(btrim(email)) and email like '%_@_%')
);

create trigger users_set_updated_at
  before update on public.users
  for each row execute function public.set_updated_at();

create table public.sessions (
  id text primary key,
  user_id uuid not null,
  email text not null,
  provider text not null,
  access_token text,
  refresh_token text,
  token_expires_at timestamptz,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint sessions_provider_known check (provider in ('local', 'supabase'))
);

create trigger sessions_set_updated_at
  before update on public.sessions
  for each row execute function public.set_updated_at();

create index sessions_user_id_idx on public.sessions (user_id);
create index sessions_expires_at_idx on public.sessions (expires_at);

create table public.login_attempts (
  id bigint generated always as identity primary key,
  key text not null,
  succeeded boolean not null,
  attempted_at timestamptz not null default now()
);

create index login_attempts_key_time_idx on public.login_attempts (key, attempted_at desc);

-- Curated lists ------------------------------------------------------------------------

create table public.popular_locations (
  id uuid primary key default gen_random_uuid(),
  location text not null,
  country text not null,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  constraint popular_locations_place_key unique (country, location)
);

create table public.popular_destinations (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text not null,
  image text not null,
  price_text text not null default 'Från 890 kr',
  link text not null,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  constraint popular_destinations_name_not_blank check (btrim(name) <> ''),
  constraint popular_destinations_image_url check (image ~* '^(https?://|/)'),
  constraint popular_destinations_link_url check (link ~* '^(https?://|/)')
);

-- Affiliate redirects ------------------------------------------------------------------

-- One row per redirect to a partner. Deliberately no IP address and no cookie.
create table public.outbound_clicks (
  id bigint generated always as identity primary key,
  hotel_id text,
  source text,
  target_host text not null,
  clicked_at timestamptz not null default now()
);

create index outbound_clicks_clicked_at_idx on public.outbound_clicks (clicked_at);
create index outbound_clicks_hotel_id_idx on public.outbound_clicks (hotel_id);

-- Row Level Security -------------------------------------------------------------------
-- The app connects as the table owner and enforces permissions itself. Anyone else (for
-- example Supabase's public anon key) may read hotels and published posts, nothing more.

alter table public.hotels enable row level security;
alter table public.hotels_blog_posts enable row level security;
alter table public.admin_users enable row level security;
alter table public.users enable row level security;
alter table public.sessions enable row level security;
alter table public.login_attempts enable row level security;
alter table public.popular_locations enable row level security;
alter table public.popular_destinations enable row level security;
alter table public.outbound_clicks enable row level security;

create policy hotels_public_read on public.hotels
  for select to public using (true);

create policy hotels_blog_posts_public_read on public.hotels_blog_posts
  for select to public using (published);
