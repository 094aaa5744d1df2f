import { isChosenStay, stayLabel, type Stay } from "#app/offers/stay.ts";

/**
 * Under a list's heading: the stay its prices are for ('12 dec.–15 dec., 3 nätter, 2 vuxna,
 * 1 rum') and why part of the address was set aside (an unknown place, a past date).
 */
export function ListNotices({ notices, stay }: { notices: string[]; stay: Stay }) {
  return (
    <>
      {isChosenStay(stay) ? <p className="mt-1 text-sm font-medium">Priser för {stayLabel(stay)}</p> : null}
      {notices.map((notice) => (
        <p key={notice} role="status" className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ))}
    </>
  );
}
