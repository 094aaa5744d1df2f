import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Flash } from "#app/http/flash.server.ts";

/**
 * The spec's toasts. Without JavaScript the message is a status region at the top of the
 * page; with it, a toast that can be dismissed and fades out on its own.
 */
export function FlashMessage({ flash, english = false }: { flash: Flash | null; english?: boolean }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    if (!flash) return;
    const timer = setTimeout(() => setVisible(false), 8000);
    return () => clearTimeout(timer);
  }, [flash]);

  const destructive = flash?.variant === "destructive";
  const tone = destructive ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900";
  return (
    <div
      role={destructive ? "alert" : "status"}
      aria-live={destructive ? "assertive" : "polite"}
      className={hydrated ? "pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4" : "container-page"}
    >
      {flash && visible ? (
        <div className={`pointer-events-auto mt-4 flex w-full max-w-md items-start gap-3 rounded-lg border p-4 shadow-md ${tone}`}>
          <div className="flex-1" lang={flash.lang}>
            <p className="font-semibold">{flash.title}</p>
            {flash.description ? <p className="mt-1 text-sm">{flash.description}</p> : null}
          </div>
          {hydrated ? (
            <button
              type="button"
              onClick={() => setVisible(false)}
              className="rounded p-1 text-sm font-medium hover:bg-black/5"
              aria-label={english ? "Close the message" : "Stäng meddelandet"}
            >
              ✕
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
