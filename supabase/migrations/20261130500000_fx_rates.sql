-- Currency conversion (issue 34): the European Central Bank's euro reference rates, one row per
-- business day and currency, read from eurofxref XML (npm run import, or FX_RATES_URL). A price in
-- another currency is shown in SEK at the latest day's rates; the fine print names that day.
-- See docs/partner-formats/ecb-eurofxref.md.
create table public.fx_rates (
  rate_date date not null,
  -- ISO 4217, never EUR: every rate is per euro.
  currency text not null,
  -- Units of the currency one euro buys, exactly as the ECB wrote it.
  per_eur numeric(20, 10) not null,
  imported_at timestamptz not null default now(),
  primary key (rate_date, currency),
  constraint fx_rates_currency_format check (currency ~ '^[A-Z]{3}$' and currency <> 'EUR'),
  constraint fx_rates_positive check (per_eur > 0)
);

alter table public.fx_rates enable row level security;
