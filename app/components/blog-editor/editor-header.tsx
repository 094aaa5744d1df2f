import { href, Link } from "react-router";
import { EDITOR_INTENTS } from "#app/blog/editor-form.ts";
import { INTENT_FIELD } from "#app/utils/action-fields.ts";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";

/**
 * The save button, named for what it will do: "Spara utkast" while the publish switch is off;
 * while it is on, "Publicera", or "Spara ändringar" for a post that is published already (saving
 * it publishes nothing new). The form's own `:has()` picks the label from the switch as it is
 * now, so it is right from the first paint and follows the switch with JavaScript off too (the
 * hidden label is display:none, so it is not part of the button's accessible name).
 */
function SaveButton({ working, published }: { working: string | null; published: boolean }) {
  return (
    <Button type="submit" name={INTENT_FIELD} value={EDITOR_INTENTS.save} disabled={Boolean(working)}>
      {working === EDITOR_INTENTS.save ? (
        "Sparar..."
      ) : (
        <>
          <span className="group-has-[[data-publish-switch]:checked]/editor:hidden">Spara utkast</span>
          <span className="hidden group-has-[[data-publish-switch]:checked]/editor:inline">
            {published ? "Spara ändringar" : "Publicera"}
          </span>
        </>
      )}
    </Button>
  );
}

/** The page's heading with Avbryt and the save button ("Sparar..." while it saves); `published`: the stored post is. */
export function EditorHeader({ isNew, published, working }: { isNew: boolean; published: boolean; working: string | null }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{isNew ? "Skapa nytt inlägg" : "Redigera inlägg"}</h1>
      <div className="flex gap-2">
        <Link to={href("/admin/blog")} className={buttonClassName({ variant: "secondary" })}>
          Avbryt
        </Link>
        <SaveButton working={working} published={published} />
      </div>
    </div>
  );
}

/**
 * Under the post: the preview (the post as it would look, from the form as it is; nothing is
 * saved) and the save button again, so a long post need not be scrolled back up. The header's
 * save is the form's first button, so Enter in a field saves (the browser sends that button's intent).
 */
export function EditorFooter({ published, working }: { published: boolean; working: string | null }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-4">
      <Button
        type="submit"
        variant="secondary"
        name={INTENT_FIELD}
        value={EDITOR_INTENTS.preview}
        formNoValidate
        disabled={Boolean(working)}
      >
        {working === EDITOR_INTENTS.preview ? "Förhandsgranskar..." : "Förhandsgranska"}
      </Button>
      <SaveButton working={working} published={published} />
    </div>
  );
}
