import type { Readiness } from "#app/utils/readiness.ts";

/**
 * The line under an action that needs an engine or a template: which one will do the work, or
 * (highlighted) why the action is unavailable. Its id goes into the button's aria-describedby.
 */
export function ReadinessNote({ id, readiness, className = "" }: { id: string; readiness: Readiness; className?: string }) {
  return readiness.ready ? (
    <p id={id} className={`text-xs break-words text-muted ${className}`}>
      {readiness.by}
    </p>
  ) : (
    <p id={id} className={`rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900 ${className}`}>
      <strong>Unavailable:</strong> {readiness.reason}
    </p>
  );
}
