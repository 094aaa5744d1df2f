import { getInputProps } from "@conform-to/react";
import { TextField } from "./text-field.tsx";
import type { BlockFieldset } from "./use-post-editor-form.ts";

/** A button block: its text and link, a new window or not, filled or outlined, and a preview. */
export function ButtonBlockFields({ f }: { f: BlockFieldset }) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField field={f.text!} label="Knapptext" />
        <TextField field={f.url!} label="Länk" />
      </div>
      <div className="flex flex-wrap items-center gap-6">
        <label className="flex items-center gap-2 text-sm">
          <input {...getInputProps(f.external!, { type: "checkbox" })} className="size-4" />
          Öppna i nytt fönster
        </label>
        <fieldset className="flex items-center gap-3 text-sm">
          <legend className="sr-only">Utseende</legend>
          {(["default", "outline"] as const).map((variant) => (
            <label key={variant} className="flex items-center gap-1">
              {/* One id per radio: conform gives the field's id to each. */}
              <input {...getInputProps(f.variant!, { type: "radio", value: variant })} id={`${f.variant!.id}-${variant}`} />
              {variant === "default" ? "Fylld" : "Kontur"}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="text-sm text-muted">
        Förhandsvisning:{" "}
        <span
          className={`ml-1 inline-block rounded-md px-3 py-1 font-semibold ${f.variant!.value === "outline" ? "border-2 border-brand-600 text-brand-700" : "bg-brand-600 text-white"}`}
        >
          {String(f.text!.value ?? "Läs mer")}
        </span>
      </p>
    </>
  );
}
