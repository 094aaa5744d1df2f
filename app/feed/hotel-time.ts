/**
 * Times on a hotel's clock. Partners state deadlines (free cancellation until 18:00 two days
 * before check-in) in the hotel's local time; we do not store a hotel's time zone, and most of
 * the catalogue keeps Swedish (Central European) time, so that clock is Stockholm's
 * (docs/decisions/052-transaction-messages-and-demo-prices.md). Pure: shared by the format
 * readers and the demo's price files.
 */

/** The clock hotels' local times are read on. */
export const HOTEL_TIME_ZONE = "Europe/Stockholm";

const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone: HOTEL_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Minutes the hotel's clock is ahead of UTC at this instant. */
function offsetMinutes(instant: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((wall - instant) / 60_000);
}

/** A date and time on the hotel's clock as an ISO timestamp with its UTC offset. */
export function hotelTime(date: string, time: string): string {
  const wall = Date.parse(`${date}T${time}Z`);
  const offset = offsetMinutes(wall - offsetMinutes(wall) * 60_000);
  const sign = offset < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${date}T${time}${sign}${hours}:${minutes}`;
}
