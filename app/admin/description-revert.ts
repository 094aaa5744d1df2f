/**
 * Reverting a hotel to its original description: the rewritten text is deleted, so visitors
 * read the partner's description again and the hotel no longer counts as rewritten. It asks
 * first (a question on /admin/rewrite, the same with and without JavaScript), and the post
 * must carry the confirmation. Pure; shared by the screens and the action.
 */
import { href } from "react-router";
import { confirmedField } from "#app/utils/action-fields.ts";
import { z } from "#app/utils/zod.ts";
import { rewriteHotelId } from "./description-translation.ts";

/** The rewrite screen for one hotel. */
export const rewritePath = (hotelId: string) => `${href("/admin/rewrite")}?hotel=${encodeURIComponent(hotelId)}`;

/** The rewrite screen asking whether to revert that hotel. */
export const revertPath = (hotelId: string) => `${rewritePath(hotelId)}&revert=1`;

/** What a revert post carries: the hotel, and the confirmation (anything else is "not confirmed"). */
export const revertSchema = z.object({
  hotel_id: rewriteHotelId,
  confirm: confirmedField,
});
