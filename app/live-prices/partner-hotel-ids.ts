/**
 * The rules of a hotel's id at a partner (hotel_partner_ids.partner_hotel_id), shared by the
 * hotel feed's `partner_ids` column and the back office's form: 1–64 characters of
 * [A-Za-z0-9._-], which every partner API we know uses for its property ids and which needs no
 * escaping in a URL, a CSV cell or the `booking:1001;expedia:55` list. Pure.
 */
import { z } from "#app/utils/zod.ts";

export const MAX_PARTNER_HOTEL_ID_LENGTH = 64;
export const PARTNER_HOTEL_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export const PARTNER_HOTEL_ID_MESSAGE = "Use 1–64 letters, digits, dots, underscores or hyphens (e.g. 1001).";

/** One hotel's id at one partner. */
export interface PartnerIdPair {
  /** partners.id */
  partnerId: string;
  partnerHotelId: string;
}

export const isPartnerHotelId = (value: string) => PARTNER_HOTEL_ID_PATTERN.test(value);

/**
 * The back office's form for one hotel: a text field per partner, named `ids.<partner id>`
 * (conform's nested object); an empty field removes the hotel's id at that partner.
 */
export const partnerIdsFormSchema = z.object({
  ids: z
    .record(
      z.string(),
      z
        .string()
        .trim()
        .refine((value) => value === "" || isPartnerHotelId(value), { error: PARTNER_HOTEL_ID_MESSAGE })
        .optional()
        .default(""),
    )
    .optional()
    .default({}),
});
export type PartnerIdsForm = z.output<typeof partnerIdsFormSchema>;
