import { Link } from "react-router";

/** The page's heading with Avbryt and the save button ("Sparar..." while it saves). */
export function EditorHeader({ isNew, working }: { isNew: boolean; working: string | null }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{isNew ? "Skapa nytt inlägg" : "Redigera inlägg"}</h1>
      <div className="flex gap-2">
        <Link to="/admin/blog" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50">
          Avbryt
        </Link>
        <button
          type="submit"
          disabled={Boolean(working)}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
        >
          {working === "save" ? "Sparar..." : isNew ? "Publicera inlägg" : "Spara ändringar"}
        </button>
      </div>
    </div>
  );
}
