/**
 * "Stored prices changed": what an import's end and a stored live answer say, for whoever needs to
 * know (the price alerts' check, decision 072). The alerts sit above the importers and the live
 * prices in the layers, so they cannot be called from there; app/operations/job-registry.server.ts
 * registers the alert check's enqueue here instead. No listener (a script, a test): nothing happens.
 */
import { log } from "#app/utils/log.server.ts";

/** An import (a partner's file, an offers feed) or a partner's live answer (many: one per page with dates). */
export type PriceChangeSource = "import" | "live";

type Listener = (source: PriceChangeSource) => Promise<unknown>;

const listeners = new Set<Listener>();

/** Registers a listener; returns its removal. */
export function onPricesChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener; a listener's failure is logged, never the import's or the page's. */
export async function pricesChanged(source: PriceChangeSource): Promise<void> {
  for (const listener of listeners) await listener(source).catch((error: unknown) => log.error("price change listener failed", error));
}
