import { useId } from "react";
import { AREA_PARAM } from "#app/hotels/map-area.ts";
import { Form, Link } from "react-router";
import {
  CALENDAR_ANCHOR,
  CALENDAR_NIGHTS_PARAM,
  CALENDAR_PARAM,
  calendarEntries,
  cheapestDates,
  dayLabel,
  dayOfMonth,
  defaultNights,
  MAX_CALENDAR_NIGHTS,
  MIN_CALENDAR_NIGHTS,
  monthLabel,
  monthOf,
  monthWeeks,
  WEEKDAYS,
  withCalendar,
  type CalendarData,
} from "#app/prices/calendar-month.ts";
import { currencySign, formatSek, formatSekCompact, type PriceDisplay } from "#app/utils/money.ts";
import {
  addDays,
  adultsLabel,
  hasDates,
  MAX_ADULTS,
  MAX_ROOMS,
  nightsLabel,
  roomsLabel,
  STAY_PARAMS,
  stayEntries,
  todayInSweden,
  type DatedStay,
  type Stay,
} from "#app/utils/stay.ts";
import { Button } from "./ui/button.tsx";
import { Label } from "./ui/label.tsx";
import { Select } from "./ui/select.tsx";

const datesEntries = (stay: DatedStay): Array<[string, string]> => [
  [STAY_PARAMS.checkIn, stay.checkIn],
  [STAY_PARAMS.checkOut, stay.checkOut],
];

/** An address: the page with the given parameters and anchor. */
function pageHref(path: string, entries: Array<[string, string]>, anchor: string): string {
  const search = new URLSearchParams(entries).toString();
  return `${path}${search ? `?${search}` : ""}${anchor ? `#${anchor}` : ""}`;
}

/**
 * "Flexibla datum? Se priser för hela månaden": opens the page's price calendar on the month of
 * the visitor's check-in (or this month), keeping the stay and the page's other choices (`page`:
 * the page's address with them).
 */
export function CalendarLink({ page, stay, className }: { page: string; stay: Stay; className?: string }) {
  const month = monthOf(stay.checkIn ?? todayInSweden());
  return (
    <p className={className}>
      <Link
        to={`${withCalendar(page, calendarEntries({ month, nights: defaultNights(stay) }, stay))}#${CALENDAR_ANCHOR}`}
        rel="nofollow"
        className="font-medium text-brand-700 underline"
      >
        Flexibla datum? Se priser för hela månaden
      </Link>
    </p>
  );
}

interface PriceCalendarProps {
  calendar: CalendarData;
  /** The page's own address (no parameters). */
  path: string;
  /** The visitor's stay as the page reads it (its dates are kept by the form). */
  stay: Stay;
  display: PriceDisplay;
  /** What a price is of: "hotellets" or "billigaste hotellets". */
  whose: "hotel" | "place";
  /**
   * A place's calendar on a list of the map's area (`omrade`): it prices the whole place (its
   * name here), not the area, so it says so and its dates lead to the whole place's list (decision 082).
   */
  wholePlace?: string;
  /** Where a date leads on the page (its prices). */
  resultAnchor: string;
  today: string;
}

/**
 * The month view of stay prices (issue 38): a table of the month's check-in dates, Monday first,
 * each with the cheapest total for the chosen length and party (the cheapest marked "Billigast", "–"
 * when nothing is for sale), each priced date a link to the page with that stay. A GET form changes
 * the length and party; plain links go a month back or ahead. Works without JavaScript.
 */
export function PriceCalendar({ calendar, path, stay, display, whose, wholePlace, resultAnchor, today }: PriceCalendarProps) {
  const id = useId();
  const { choice, adults, rooms, kept } = calendar;
  const prices = new Map(calendar.prices);
  const cheapest = cheapestDates(prices);
  const party = { adults, rooms };
  const calendarStay: Stay = { ...stay, ...party };
  const monthHref = (month: string) =>
    pageHref(
      path,
      [...kept, ...stayEntries(calendarStay), ...calendarEntries({ month, nights: choice.nights }, calendarStay)],
      CALENDAR_ANCHOR,
    );
  // The whole place's prices lead to the whole place's list: a date drops the map's area (decision 082).
  const dateKept = wholePlace ? kept.filter(([name]) => name !== AREA_PARAM) : kept;
  const dateHref = (checkIn: string) =>
    pageHref(path, [...dateKept, ...stayEntries({ checkIn, checkOut: addDays(checkIn, choice.nights), ...party })], resultAnchor);
  const closeHref = pageHref(path, [...kept, ...stayEntries(calendarStay)], "");
  const stayWords = `${nightsLabel(choice.nights)}, ${adultsLabel(adults)}, ${roomsLabel(rooms)}`;
  const caption = `${whose === "place" ? "Billigaste hotellets totalpris" : "Totalpris"} i ${currencySign(display.currency)} för ${stayWords}, per incheckningsdag i ${monthLabel(choice.month)}`;

  return (
    <section
      id={CALENDAR_ANCHOR}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-4 space-y-4 rounded-lg border border-slate-200 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          Priser för hela månaden
        </h2>
        <Link to={closeHref} className="text-sm text-brand-700 underline">
          Stäng kalendern
        </Link>
      </div>
      {wholePlace ? (
        <p className="rounded-md bg-slate-50 p-2 text-sm">
          Priserna gäller hela {wholePlace}, inte bara kartans område. Ett datum visar alla hotell i {wholePlace} för de datumen.
        </p>
      ) : null}
      {calendar.notes.map((note) => (
        <p key={note} role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {note}
        </p>
      ))}

      <Form method="get" action={`${path}#${CALENDAR_ANCHOR}`} preventScrollReset className="flex flex-wrap items-end gap-3">
        {/* The stay's dates stay as they are; the fields below set the calendar's length and party. */}
        {[...kept, ...(hasDates(stay) ? datesEntries(stay) : [])].map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CALENDAR_PARAM} value={choice.month} />
        <CountSelect
          id={`${id}-nights`}
          label="Nätter"
          name={CALENDAR_NIGHTS_PARAM}
          value={choice.nights}
          min={MIN_CALENDAR_NIGHTS}
          max={MAX_CALENDAR_NIGHTS}
        />
        <CountSelect id={`${id}-adults`} label="Vuxna" name={STAY_PARAMS.adults} value={adults} min={1} max={MAX_ADULTS} />
        <CountSelect id={`${id}-rooms`} label="Rum" name={STAY_PARAMS.rooms} value={rooms} min={1} max={MAX_ROOMS} />
        <Button type="submit" variant="outline">
          Visa priser
        </Button>
      </Form>

      <nav aria-label="Månader" className="flex items-center justify-between gap-2 text-sm">
        {calendar.previous ? (
          <Link to={monthHref(calendar.previous)} preventScrollReset className="text-brand-700 underline">
            <span aria-hidden="true">← </span>
            {monthLabel(calendar.previous)}
          </Link>
        ) : (
          <span />
        )}
        {calendar.next ? (
          <Link to={monthHref(calendar.next)} preventScrollReset className="text-brand-700 underline">
            {monthLabel(calendar.next)}
            <span aria-hidden="true"> →</span>
          </Link>
        ) : null}
      </nav>

      {calendar.failed ? (
        <p role="alert" className="text-sm text-red-800">
          Priserna för månaden gick inte att hämta just nu. Försök igen om en stund.
        </p>
      ) : (
        <table className="w-full table-fixed border-collapse text-center">
          <caption className="mb-2 text-left text-sm text-muted">{caption}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map((weekday) => (
                <th key={weekday.short} scope="col" className="pb-1 text-xs font-semibold">
                  <abbr title={weekday.long} className="no-underline">
                    {weekday.short}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(choice.month).map((week) => (
              <tr key={week.find((day) => day !== null)}>
                {week.map((day, index) =>
                  day === null ? (
                    <td key={`empty-${index}`} />
                  ) : (
                    <td key={day} className="border border-slate-200 p-0 align-top">
                      <DayCell
                        day={day}
                        total={prices.get(day)}
                        past={day < today}
                        cheapest={cheapest.has(day)}
                        href={dateHref(day)}
                        display={display}
                        nights={choice.nights}
                      />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="text-xs text-muted">
        Totalpris inkl. skatter och avgifter för hela vistelsen. ”–”: inga lediga rum med incheckning den dagen. Välj en dag för att se
        erbjudandena.
      </p>
    </section>
  );
}

function CountSelect({
  id,
  label,
  name,
  value,
  min,
  max,
}: {
  id: string;
  label: string;
  name: string;
  value: number;
  min: number;
  max: number;
}) {
  return (
    <div>
      <Label htmlFor={id} className="text-sm">
        {label}
      </Label>
      <Select id={id} name={name} defaultValue={String(value)} className="mt-1 w-20">
        {Array.from({ length: max - min + 1 }, (_, index) => min + index).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </Select>
    </div>
  );
}

const cellClass = "flex min-h-16 flex-col items-center justify-start gap-0.5 px-0.5 py-1 text-xs leading-tight";

function DayCell({
  day,
  total,
  past,
  cheapest,
  href,
  display,
  nights,
}: {
  day: string;
  total: number | undefined;
  past: boolean;
  cheapest: boolean;
  href: string;
  display: PriceDisplay;
  nights: number;
}) {
  // What a screen reader reads is written out for it; the compact figures are for the eye only.
  const date = (
    <span aria-hidden="true" className="text-sm font-semibold">
      {dayOfMonth(day)}
    </span>
  );
  if (past) {
    return (
      <div className={`${cellClass} text-slate-500`}>
        <span className="sr-only">{dayLabel(day)}: har varit</span>
        {date}
      </div>
    );
  }
  if (total === undefined) {
    return (
      <div className={cellClass}>
        <span className="sr-only">{dayLabel(day)}: inga lediga rum</span>
        {date}
        <span aria-hidden="true">–</span>
      </div>
    );
  }
  return (
    <Link
      to={href}
      className={`${cellClass} h-full no-underline hover:bg-brand-50 ${cheapest ? "bg-green-50 text-green-900" : "text-brand-700"}`}
    >
      <span className="sr-only">
        {`${dayLabel(day)}: ${formatSek(total, display)} för ${nightsLabel(nights)}${cheapest ? ", billigast" : ""}`}
      </span>
      {date}
      <span aria-hidden="true" className="font-medium whitespace-nowrap">
        {formatSekCompact(total, display)}
      </span>
      {cheapest ? (
        <span aria-hidden="true" className="text-[0.625rem] font-semibold tracking-tight">
          Billigast
        </span>
      ) : null}
    </Link>
  );
}
