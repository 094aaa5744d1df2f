/**
 * The rewritten-description rule (description-rule.ts) in SQL, for queries that count, filter or
 * show descriptions: the same test the database's trigger applies to is_description_rewritten.
 */
import { sql } from "kysely";

/** Whether the hotel's description is rewritten: its rewritten text is not blank. */
export const hasRewrittenText = sql<boolean>`(coalesce(btrim(rewritten_text), '') <> '')`;

/** The description a visitor reads: the rewritten text when the hotel has one, else the partner's. */
export const shownDescription = sql<string>`(case when ${hasRewrittenText} then rewritten_text else description end)`;
