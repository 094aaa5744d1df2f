import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { HoneypotField } from "./honeypot-field.tsx";
import { answerLines, RECOMMENDATION_INTENT, RECOMMENDATION_LIMITS } from "#app/ai/recommendation.ts";
import { Button } from "./ui/button.tsx";
import { Input } from "./ui/input.tsx";
import { Textarea } from "./ui/textarea.tsx";

export type RecommendationResult =
  | { ok: true; query: string; preferences: string; text: string; hotels: { name: string; path: string }[] }
  | { ok: false; query: string; preferences: string; title: string; description: string; field?: "query" };

interface Props {
  /** The answer of a post made without JavaScript (the page's action data). */
  result: RecommendationResult | null;
  /** Where the form posts: the page itself, with its filters. */
  action: string;
}

/**
 * The AI box of the search page: a question and optional preferences, answered in
 * the page. A <details> shows and hides it without JavaScript; the form is an ordinary POST.
 * With JavaScript it posts in the background and the list stays as it is.
 */
export function AiRecommendationBox({ result: pageResult, action }: Props) {
  const fetcher = useFetcher<{ ai?: RecommendationResult }>({ key: "ai-recommendations" });
  const result = fetcher.data?.ai ?? pageResult;
  const busy = fetcher.state !== "idle";
  const answerRef = useRef<HTMLDivElement>(null);

  // With JavaScript the answer arrives without a page load: move focus to it, as a new page would.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ai) answerRef.current?.focus();
  }, [fetcher.state, fetcher.data]);

  const queryError = result && !result.ok && result.field === "query" ? result.description : null;

  return (
    <details open={result !== null} className="group rounded-xl border border-brand-100 bg-brand-50/60 p-4 sm:p-5">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-md font-semibold text-brand-800">
        <span className="flex items-center gap-2">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
            <path d="M10 1.5l1.9 4.6 4.6 1.9-4.6 1.9L10 14.5l-1.9-4.6L3.5 8l4.6-1.9L10 1.5Zm5.5 10.5.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9.9-2.1Z" />
          </svg>
          Få hotellförslag med AI
        </span>
        <span className="text-sm font-normal text-muted group-open:hidden">Visa</span>
        <span className="hidden text-sm font-normal text-muted group-open:inline">Dölj</span>
      </summary>
      {/* The server checks the question (the same message with and without JavaScript). */}
      <fetcher.Form method="post" action={action} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value={RECOMMENDATION_INTENT} />
        <div className="sm:col-span-2">
          <label htmlFor="ai-query" className="block font-medium">
            Vad söker du?
          </label>
          <p id="ai-query-hint" className="text-sm text-muted">
            Till exempel: ”Fyrstjärnigt hotell i Göteborg med frukost och parkering”.
          </p>
          <Textarea
            id="ai-query"
            name="query"
            rows={2}
            required
            maxLength={RECOMMENDATION_LIMITS.query}
            defaultValue={result?.query ?? ""}
            aria-invalid={queryError ? true : undefined}
            aria-describedby={queryError ? "ai-query-hint ai-error" : "ai-query-hint"}
            className="mt-1"
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="ai-preferences" className="block font-medium">
            Önskemål <span className="font-normal text-muted">(valfritt)</span>
          </label>
          <Input
            id="ai-preferences"
            name="preferences"
            type="text"
            maxLength={RECOMMENDATION_LIMITS.preferences}
            defaultValue={result?.preferences ?? ""}
            placeholder="Budget, läge, resesällskap …"
            className="mt-1"
          />
        </div>
        <HoneypotField idPrefix="ai" />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={busy} className="disabled:cursor-wait">
            {busy ? "Hämtar rekommendationer..." : "Få rekommendationer"}
          </Button>
        </div>
      </fetcher.Form>
      <div aria-live="polite">
        {result && !result.ok ? (
          <div id="ai-error" role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
            <p className="font-semibold">{result.title}</p>
            <p className="mt-1 text-sm">{result.description}</p>
          </div>
        ) : null}
        {result?.ok ? (
          <div
            ref={answerRef}
            tabIndex={-1}
            aria-labelledby="ai-answer-heading"
            role="region"
            className="mt-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          >
            <h2 id="ai-answer-heading" className="font-semibold">
              Våra förslag
            </h2>
            <div className="mt-2 space-y-1 text-sm leading-relaxed">
              {answerLines(result.text, result.hotels).map((segments, index) =>
                segments.length === 0 ? (
                  <div key={index} className="h-2" aria-hidden="true" />
                ) : (
                  <p key={index}>
                    {segments.map((segment, part) =>
                      segment.path ? (
                        <Link key={part} to={segment.path} className="font-medium text-brand-700 underline hover:text-brand-800">
                          {segment.text}
                        </Link>
                      ) : (
                        <span key={part}>{segment.text}</span>
                      ),
                    )}
                  </p>
                ),
              )}
            </div>
            <p className="mt-3 text-xs text-muted">
              Förslagen bygger på hotellen i vår katalog. Kontrollera alltid pris och villkor hos bokningssajten.
            </p>
          </div>
        ) : null}
      </div>
    </details>
  );
}
