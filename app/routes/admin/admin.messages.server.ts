/**
 * The contact messages screen, server side: a page of messages, and the one intent, deleting
 * one. The route module (admin.messages.tsx) guards and wires.
 */
import { href } from "react-router";
import { deleteContactMessage, listContactMessages, MESSAGES_PAGE_SIZE } from "#app/contact/messages.server.ts";
import { redirectWithFlash } from "#app/http/flash.server.ts";

/** A page of messages, newest first (`page` from ?sida). */
export async function messagesPage(page: number) {
  const { messages, total } = await listContactMessages(page);
  return { messages, total, page, pages: Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE)) };
}

/** Deletes one message and comes back to the same page (`search`: the page's query). */
export async function deleteMessage(id: string, search: string) {
  const deleted = await deleteContactMessage(id);
  return redirectWithFlash(
    `${href("/admin/messages")}${search}`,
    deleted
      ? { title: "Message deleted", description: "The message has been removed." }
      : { title: "Error", description: "That message was already deleted.", variant: "destructive" },
  );
}
