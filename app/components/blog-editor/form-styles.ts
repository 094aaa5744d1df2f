/** The editor's look for text fields (red when invalid) and its small buttons. */
export const fieldClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm ${invalid ? "border-red-600 ring-1 ring-red-600" : "border-slate-400"}`;

export const SMALL_BUTTON =
  "rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
