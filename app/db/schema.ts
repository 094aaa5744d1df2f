import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** Timestamps are written as Date or ISO text and always read as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable timestamp. */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb columns: the raw value as stored (its shape is checked by the domain rules). */
type Json = ColumnType<unknown, string, string>;

export interface HotelsTable {
  id: Generated<string>;
  hotel_id: string;
  name: string | null;
  description: string | null;
  rewritten_text: string | null;
  rating: number | null;
  review_count: number | null;
  star_rating: number | null;
  price_amount: number | null;
  price_currency: string | null;
  image_path: string | null;
  additional_image_paths: Json | null;
  amenities: Json | null;
  /** The amenities' vocabulary keys (app/hotels/amenities.ts), written with them. */
  amenity_keys: ColumnType<string[], string[] | undefined, string[]>;
  location: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  /** The hotel's district within its place ('Södermalm'): feed data, trimmed, at most 100 characters. */
  district: string | null;
  /** slugify(district), kept by the database: the neighbourhood page's address segment. */
  district_slug: ColumnType<string | null, never, never>;
  /** place_key(country) and place_key(location), kept by the database. */
  country_key: ColumnType<string | null, never, never>;
  location_key: ColumnType<string | null, never, never>;
  /** place_key(name): the name as search matches it (case and accents ignored). */
  name_key: ColumnType<string, never, never>;
  /**
   * The hotel's address within its place, unique there: given by the database when the hotel is
   * added (hotel_slug_base, with -2, -3… when taken) and kept when it is renamed.
   */
  slug: ColumnType<string | null, never, never>;
  affiliate_url: string | null;
  has_affiliate_url: Generated<boolean>;
  /**
   * The lead price without dates ("från X kr / natt": the cheapest night of the next 30 days, SEK,
   * taxes and fees included) and how many partners sell the hotel: refresh_hotel_offer_summary.
   */
  offer_price: ColumnType<number | null, never, never>;
  offer_count: ColumnType<number, never, never>;
  /** What a list sorts by without dates: offer_price (generated; the feed's own price is not a partner price). */
  shown_price: ColumnType<number | null, never, never>;
  is_description_rewritten: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BlogPostsTable {
  id: Generated<string>;
  title: string;
  excerpt: Generated<string>;
  content: Json;
  cover_image: string | null;
  author: string | null;
  published: Generated<boolean>;
  reading_time: Generated<string>;
  slug: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Raised by every update (trigger): the editor saves only over the version it was opened at. */
  version: Generated<number>;
  /** When the post was first published (set by a trigger, never moved); null while it never was. */
  published_at: NullableTimestamp;
  /** The cover's text alternative; '' when it is decorative; null when nobody has said (shown as decorative). */
  cover_image_alt: string | null;
  /** For search engines and shared links; '' means the title. */
  seo_title: Generated<string>;
  /** For search engines and shared links; '' means the excerpt. */
  seo_description: Generated<string>;
}

export interface AdminUsersTable {
  user_id: string;
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  /** 'sign-up': the open form, address unverified; 'operator': user:create or ADMIN_EMAIL. */
  registered_via: Generated<"sign-up" | "operator">;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  email: string;
  provider: string;
  access_token: string | null;
  refresh_token: string | null;
  token_expires_at: NullableTimestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Who has signed in to this site, of either provider, and when last. */
export interface AccountSignInsTable {
  user_id: string;
  email: string;
  provider: "local" | "supabase";
  first_sign_in_at: Timestamp;
  last_sign_in_at: Timestamp;
}

/** One write in the back office, or a role change made with a command-line script. */
export interface AdminAuditLogTable {
  id: ColumnType<number, never, never>;
  at: Timestamp;
  actor: "admin" | "cli";
  user_id: string | null;
  email: string | null;
  screen: string;
  path: string;
  method: string;
  intent: string | null;
  row_ids: ColumnType<string[], string[] | undefined, string[]>;
  row_count: ColumnType<number, number | undefined, number>;
  status: number | null;
  outcome: "ok" | "refused" | "failed";
  message: string | null;
}

export interface RateLimitsTable {
  key: string;
  hits: Date[];
  last_allowed: boolean;
  updated_at: Generated<Date>;
}

export interface AiJobsTable {
  id: Generated<string>;
  kind: "rewrite";
  status: Generated<"running" | "finished">;
  total: number;
  done: Generated<number>;
  failed: Generated<number>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: Date | null;
}

export interface AiJobItemsTable {
  job_id: string;
  hotel_id: string;
  status: Generated<"pending" | "running" | "done" | "failed">;
  attempts: Generated<number>;
  error: string | null;
  updated_at: Generated<Date>;
}

export interface PopularLocationsTable {
  id: Generated<string>;
  location: string;
  country: string;
  position: Generated<number>;
  created_at: Timestamp;
}

/** The countries the Destinationer menu lists first, in order (/admin/menu). */
export interface MenuCountriesTable {
  iso_code: string;
  position: number;
}

export interface PopularDestinationsTable {
  id: Generated<string>;
  name: string;
  description: string;
  image: string;
  price_text: Generated<string>;
  link: string;
  position: Generated<number>;
  created_at: Timestamp;
}

export interface OutboundClicksTable {
  id: Generated<number>;
  hotel_id: string | null;
  source: string | null;
  target_host: string;
  clicked_at: Timestamp;
  /** Salted daily hash of address and user agent; cleared when its day's salt is gone. */
  visitor_hash: string | null;
  partner_id: string | null;
  /** The stay the visitor chose, when they chose one (YYYY-MM-DD). */
  check_in: ColumnType<string | null, string | null | undefined, string | null>;
  check_out: ColumnType<string | null, string | null | undefined, string | null>;
  adults: number | null;
  rooms: number | null;
}

export interface PartnersTable {
  /** A short key ('resekompassen'): how offer feeds name the partner. */
  id: string;
  name: string;
  /** URL#host of the partner's links: what /redirect trusts. */
  host: string;
  logo_url: string | null;
  /** The landing URL of a file that carries none (Transaction messages), with {hotel_id}. */
  landing_url_template: ColumnType<string | null, string | null | undefined, string | null>;
  /** Query parameters added to an offer's landing URL (app/offers/deep-link.ts). */
  deep_link_template: Generated<string>;
  /** The https URL of the partner's price file, fetched by the server on a schedule (null: none). */
  feed_url: ColumnType<string | null, string | null | undefined, string | null>;
  active: Generated<boolean>;
  /** Its hotels' offer summaries still count its previous state (set by trigger when `active` changes). */
  summary_pending: ColumnType<boolean, never, boolean>;
  /** The last hotels.id whose summary the background recompute has done (null: none yet). */
  summary_done_through: ColumnType<string | null, never, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface HotelOffersTable {
  /** hotels.id */
  hotel_id: string;
  partner_id: string;
  price_per_night: number;
  currency: Generated<string>;
  landing_url: string;
  breakfast_included: Generated<boolean>;
  free_cancellation: Generated<boolean>;
  updated_at: Timestamp;
  gone_at: NullableTimestamp;
}

export interface ClickSaltsTable {
  day: string;
  salt: string;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  message: string;
  created_at: Timestamp;
}

export interface CountriesTable {
  iso_code: string;
  /** The English name, as feeds spell it. */
  name: string;
  name_sv: string;
}

export interface CountryNamesTable {
  /** place_key of one spelling of the country. */
  name_key: string;
  iso_code: string;
}

export interface PlaceNamesTable {
  iso_code: string;
  /** place_key of the catalogue's spelling of the place. */
  location_key: string;
  name_sv: string;
  name_sv_key: ColumnType<string, never, never>;
}

/** Other spellings that find a place (København, Helsingfors), from CLDR (decision 057). */
export interface PlaceAlternateNamesTable {
  iso_code: string;
  /** place_key of the catalogue's spelling of the place. */
  location_key: string;
  /** place_key of the other spelling. */
  name_key: string;
}

/** The catalogue's places and their hotel counts, kept by triggers on hotels. */
export interface CataloguePlacesTable {
  country_key: string;
  /** '' for a country's hotels without a place. */
  location_key: string;
  /** The catalogue's spelling, as addresses use it. */
  country: string;
  location: string;
  hotel_count: number;
}

/** A place's landmark (issue 39, decision 077): the centre, a station, a sight. */
export interface PlaceLandmarksTable {
  id: Generated<string>;
  /** place_key of the place's country and name, as catalogue_places has them. */
  country_key: string;
  location_key: string;
  slug: string;
  name_sv: string;
  kind: string;
  latitude: number;
  longitude: number;
  is_centre: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: Timestamp;
}

/** The ECB's euro reference rates (docs/partner-formats/ecb-eurofxref.md). */
export interface FxRatesTable {
  /** Written as YYYY-MM-DD; read it with to_char (the drivers read a date differently). */
  rate_date: ColumnType<string, string, string>;
  currency: string;
  per_eur: ColumnType<number, string | number, string | number>;
  imported_at: Generated<Date>;
}

export interface PriceFeedRunsTable {
  id: Generated<number>;
  partner_id: string;
  status: Generated<"queued" | "running" | "ok" | "failed">;
  /** The administrator who pressed "Fetch now"; null for the schedule. */
  requested_by: string | null;
  queued_at: Generated<Date>;
  started_at: Date | null;
  finished_at: Date | null;
  attempts: Generated<number>;
  rows_taken: number | null;
  rows_rejected: number | null;
  bytes: ColumnType<number | null, number | null | undefined, number | null>;
  error: string | null;
}

type Money = ColumnType<number, number | string, number | string>;

export interface RatePlansTable {
  id: Generated<number>;
  hotel_id: string;
  partner_id: string;
  adults: number;
  rooms: number;
  room_key: Generated<string>;
  room_name: string | null;
  breakfast_included: boolean;
  refundable: boolean;
  pay_at_hotel: boolean;
  /** Bits: 1 breakfast, 2 free cancellation, 4 pay at the hotel (generated). */
  conditions: ColumnType<number, never, never>;
  currency: string;
  landing_url: string;
  created_at: Generated<Date>;
}

export interface NightlyRatesTable {
  plan_id: number;
  /** YYYY-MM-DD. */
  night: ColumnType<string, string, string>;
  base: Money;
  tax: Money;
  fees: Money;
  free_cancellation_until: NullableTimestamp;
  confirmed_at: Timestamp;
}

/** What a stay cost (two adults, one room, SEK with taxes and fees) on the day it was seen: app/prices/price-history.server.ts. */
export interface PriceHistoryTable {
  hotel_id: string;
  partner_id: string;
  /** YYYY-MM-DD. */
  check_in: ColumnType<string, string, string>;
  nights: number;
  /** YYYY-MM-DD, in Sweden. */
  observed_on: ColumnType<string, string, string>;
  total_sek: Money;
}

export interface ItineraryPricesTable {
  plan_id: number;
  check_in: ColumnType<string, string, string>;
  nights: number;
  base: Money;
  tax: Money;
  fees: Money;
  free_cancellation_until: NullableTimestamp;
  confirmed_at: Timestamp;
}

export interface SoldOutItinerariesTable {
  hotel_id: string;
  partner_id: string;
  check_in: ColumnType<string, string, string>;
  nights: number;
  confirmed_at: Timestamp;
}

export interface HotelLeadPricesTable {
  hotel_id: string;
  conditions: number;
  price: Money;
  partner_id: string;
}

/** A hotel's id at a partner whose search API is asked live (decision 067). */
export interface HotelPartnerIdsTable {
  /** hotels.id */
  hotel_id: string;
  partner_id: string;
  partner_hotel_id: string;
  updated_at: Generated<Date>;
}

/** A partner's live answer for one hotel and stay, kept until expires_at for every app server. */
export interface LivePriceAnswersTable {
  partner_id: string;
  /** hotels.id */
  hotel_id: string;
  check_in: ColumnType<string, string, string>;
  check_out: ColumnType<string, string, string>;
  adults: number;
  rooms: number;
  /** LiveQuote[] (app/live-prices/connector.ts); [] is no availability. */
  quotes: ColumnType<unknown, string, string>;
  fetched_at: Generated<Date>;
  expires_at: Date;
}

/** One call to a partner's API, for the back office's connector health. */
export interface ConnectorCallsTable {
  id: Generated<string>;
  partner_id: string;
  operation: "search" | "availability" | "test";
  started_at: Generated<Date>;
  duration_ms: number;
  /** "ok" or a ConnectorFailure. */
  outcome: string;
  in_budget: boolean;
  http_status: number | null;
  error: string | null;
}

/** A partner's circuit breaker, shared by every app server. */
export interface ConnectorBreakersTable {
  partner_id: string;
  consecutive_failures: Generated<number>;
  open_until: Date | null;
  last_failure: string | null;
  last_failure_at: Date | null;
  updated_at: Generated<Date>;
}

export interface AlertSubscribersTable {
  id: Generated<string>;
  email: string;
  created_at: Generated<Date>;
}

export interface PriceAlertsTable {
  id: Generated<string>;
  subscriber_id: string;
  hotel_id: string;
  /** YYYY-MM-DD (select it as text: the drivers read a date differently); null, with nights, without dates. */
  check_in: ColumnType<string | null, string | null, string | null>;
  nights: number | null;
  adults: number;
  rooms: number;
  /** SEK. */
  target_price: number | null;
  status: Generated<"pending" | "confirmed">;
  reference_price: number | null;
  last_sent_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface AlertTokensTable {
  hash: string;
  purpose: "confirm" | "unsubscribe" | "forget";
  subscriber_id: string;
  alert_id: string | null;
  created_at: Generated<Date>;
  expires_at: NullableTimestamp;
}

export interface PriceAlertMailsTable {
  id: Generated<string>;
  kind: "confirm" | "alert";
  sent_at: Generated<Date>;
}

export interface Database {
  rate_plans: RatePlansTable;
  nightly_rates: NightlyRatesTable;
  itinerary_prices: ItineraryPricesTable;
  price_history: PriceHistoryTable;
  sold_out_itineraries: SoldOutItinerariesTable;
  hotel_lead_prices: HotelLeadPricesTable;
  hotels: HotelsTable;
  hotels_blog_posts: BlogPostsTable;
  admin_users: AdminUsersTable;
  users: UsersTable;
  sessions: SessionsTable;
  account_sign_ins: AccountSignInsTable;
  admin_audit_log: AdminAuditLogTable;
  rate_limits: RateLimitsTable;
  ai_jobs: AiJobsTable;
  ai_job_items: AiJobItemsTable;
  popular_locations: PopularLocationsTable;
  popular_destinations: PopularDestinationsTable;
  menu_countries: MenuCountriesTable;
  outbound_clicks: OutboundClicksTable;
  click_salts: ClickSaltsTable;
  partners: PartnersTable;
  hotel_offers: HotelOffersTable;
  contact_messages: ContactMessagesTable;
  countries: CountriesTable;
  country_names: CountryNamesTable;
  place_names: PlaceNamesTable;
  place_alternate_names: PlaceAlternateNamesTable;
  catalogue_places: CataloguePlacesTable;
  place_landmarks: PlaceLandmarksTable;
  schema_migrations: SchemaMigrationsTable;
  fx_rates: FxRatesTable;
  price_feed_runs: PriceFeedRunsTable;
  hotel_partner_ids: HotelPartnerIdsTable;
  live_price_answers: LivePriceAnswersTable;
  connector_calls: ConnectorCallsTable;
  connector_breakers: ConnectorBreakersTable;
  alert_subscribers: AlertSubscribersTable;
  price_alerts: PriceAlertsTable;
  alert_tokens: AlertTokensTable;
  price_alert_mails: PriceAlertMailsTable;
}

export type HotelRow = Selectable<HotelsTable>;
export type NewHotel = Insertable<HotelsTable>;
export type HotelUpdate = Updateable<HotelsTable>;
export type BlogPostRow = Selectable<BlogPostsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewBlogPost = Insertable<BlogPostsTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;
