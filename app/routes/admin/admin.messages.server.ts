/**
 * The contact messages screen, server side: a page of messages, and the one intent, deleting
 * one. The route module (admin.messages.tsx) guards and wires.
 */
import { href } from "react-router";
import { deleteContactMessage, listContactMessages, MESSAGES_PAGE_SIZE } from "#app/contact/messages.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";
import { dispatchIntent, intent } from "#app/utils/action-kit.server.ts";
import { readPage } from "#app/utils/read-page.ts";
import { isUuid } from "#app/utils/uuid.ts";
import { z } from "#app/utils/zod.ts";

/** A page of messages, newest first (?sida). */
export async function messagesPage(params: URLSearchParams) {
  const page = readPage(params);
  const { messages, total } = await listContactMessages(page);
  return { messages, total, page, pages: Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE)) };
}

/** The screen's posts, by intent; each answer comes back to the page it was sent from (`search`: its query). */
export function messagesAction(form: FormData, search: string) {
  return dispatchIntent(form, {
    delete: intent(z.object({ id: z.string().refine(isUuid) }), ({ id }) => deleteMessage(id, search)),
  });
}

async function deleteMessage(id: string, search: string) {
  const deleted = await deleteContactMessage(id);
  return redirectWithFlash(
    `${href("/admin/messages")}${search}`,
    deleted
      ? { title: "Message deleted", description: "The message has been removed." }
      : { title: "Error", description: "That message was already deleted.", variant: "destructive" },
  );
}
