import { useEffect } from "react";
import { useBeforeUnload, useBlocker } from "react-router";

export const LEAVE_QUESTION = "Du har osparade ändringar. Vill du lämna sidan ändå?";

/**
 * Leaving with unsaved changes asks first (JavaScript only; without it there is nothing to lose
 * but the page). The form's own posts (save, upload, AI) go to this same address, so they are
 * not leaving, and the redirect after a save is never put to a blocker. No "sending" flag is
 * set in onSubmit: conform's client-side intents (the slug following the title, adding a block)
 * pass through onSubmit without any navigation, so such a flag would stay set and nothing would
 * ever be asked. Reloading, closing the tab or leaving the site get the browser's own question.
 */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useBeforeUnload((event) => {
    if (!dirty) return;
    event.preventDefault();
    event.returnValue = true;
  });
}
