import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { EDITOR_INTENTS } from "#app/blog/editor-form.ts";
import { INTENT_FIELD } from "#app/utils/action-fields.ts";
import { Button } from "#app/components/ui/button.tsx";
import { TextareaField } from "#app/components/ui/forms.tsx";

/**
 * "Generera innehåll med AI": instructions and a button that asks the server for a draft of
 * title, excerpt and content. Open again after a failed draft; the instructions are kept across
 * a post without JavaScript.
 */
export function AiDraftPanel({
  instructions,
  failed,
  working,
  engine,
}: {
  instructions: string;
  failed: boolean;
  working: string | null;
  /** Which engine writes the draft (the local one always can, so the button is never disabled for want of one). */
  engine?: string;
}) {
  const hydrated = useHydrated();
  const [typed, setTyped] = useState(instructions);
  return (
    <details className="rounded-lg border border-brand-100 bg-brand-50/60 p-4" open={failed || undefined}>
      <summary className="cursor-pointer font-semibold text-brand-800">Generera innehåll med AI</summary>
      <div className="mt-3 space-y-3">
        <TextareaField
          label="Instruktioner"
          controlSize="compact"
          textareaProps={{
            id: "ai-instructions",
            name: "instructions",
            rows: 3,
            defaultValue: instructions,
            key: instructions,
            placeholder: "Till exempel: Skriv en guide till familjevänliga hotell i Köpenhamn.",
            onChange: (event) => setTyped(event.currentTarget.value),
          }}
        />
        <Button
          type="submit"
          name={INTENT_FIELD}
          value={EDITOR_INTENTS.aiGenerate}
          formNoValidate
          // Without JavaScript the server answers a blank box with 'Inga instruktioner'.
          disabled={working === EDITOR_INTENTS.aiGenerate || (hydrated && typed.trim() === "")}
        >
          {working === EDITOR_INTENTS.aiGenerate ? "Genererar..." : "Generera innehåll"}
        </Button>
        <p className="text-xs text-muted">Rubrik, utdrag och innehåll ersätts med förslaget; inget sparas förrän du sparar inlägget.</p>
        {engine ? <p className="text-xs text-muted">{engine}</p> : null}
      </div>
    </details>
  );
}
