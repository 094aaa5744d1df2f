/** The partners screen's buttons and address, shared by its page and its action. */
import { href } from "react-router";

export const PARTNER_INTENT = {
  create: "create",
  update: "update",
  deactivate: "deactivate",
  activate: "activate",
  fetch: "fetch",
} as const;

export const partnersHref = () => href("/admin/partners");
