/** The hotel's partner ids screen: its address and its one button, shared by its page, its action and the hotel table. */
import { href } from "react-router";

export const PARTNER_IDS_INTENT = { save: "save-partner-ids" } as const;

/** The screen of one hotel, by its feed key (hotels.hotel_id, as the hotel table and /admin/rewrite name hotels). */
export const partnerIdsPath = (hotelKey: string) => href("/admin/hotels/:id/partner-ids", { id: encodeURIComponent(hotelKey) });
