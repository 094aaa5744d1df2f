/** The popular-destinations screen's buttons and addresses, shared by its page and its action. */
import { href } from "react-router";

export const DESTINATION_INTENT = { add: "add", edit: "edit", remove: "remove", up: "up", down: "down" } as const;

export const destinationsHref = () => href("/admin/destinations");

/** The screen with that card's form open in place. */
export const editDestinationHref = (id: string) => `${destinationsHref()}?edit=${id}`;

/** The screen asking whether to remove that card (the question's own page, without JavaScript). */
export const removeDestinationHref = (id: string) => `${destinationsHref()}?remove=${id}`;
