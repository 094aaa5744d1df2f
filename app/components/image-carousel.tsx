import { useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { PLACEHOLDER_IMAGE } from "#app/hotels/hotel.ts";

const DRAG_THRESHOLD_PX = 10;

/**
 * A CSS scroll-snap carousel: every image can be reached by scrolling, swiping or, once the
 * list has focus, the arrow keys — with or without JavaScript. JavaScript adds buttons,
 * a counter, and dragging with the mouse (which starts only after 10 px).
 */
export function ImageCarousel({ images, name }: { images: string[]; name: string }) {
  const hydrated = useHydrated();
  const track = useRef<HTMLUListElement>(null);
  const drag = useRef<{ x: number; scroll: number; dragging: boolean } | null>(null);
  const [index, setIndex] = useState(0);

  const go = (next: number) => {
    const el = track.current;
    if (!el) return;
    const target = Math.max(0, Math.min(images.length - 1, next));
    el.scrollTo({ left: target * el.clientWidth, behavior: "smooth" });
  };

  return (
    <div className="relative">
      {/* A scrollable list is focusable so that a keyboard can scroll it; its arrow keys step the images. */}
      {/* eslint-disable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */}
      <ul
        ref={track}
        tabIndex={0}
        aria-label={`Bilder på ${name}, ${images.length} st`}
        onScroll={(event) => setIndex(Math.round(event.currentTarget.scrollLeft / Math.max(1, event.currentTarget.clientWidth)))}
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") {
            event.preventDefault();
            go(index + 1);
          } else if (event.key === "ArrowLeft") {
            event.preventDefault();
            go(index - 1);
          }
        }}
        onPointerDown={(event) => {
          if (event.pointerType !== "mouse") return; // touch scrolls natively
          drag.current = { x: event.clientX, scroll: event.currentTarget.scrollLeft, dragging: false };
        }}
        onPointerMove={(event) => {
          const state = drag.current;
          if (!state) return;
          const dx = event.clientX - state.x;
          if (!state.dragging && Math.abs(dx) < DRAG_THRESHOLD_PX) return;
          state.dragging = true;
          event.currentTarget.style.scrollSnapType = "none";
          event.currentTarget.scrollLeft = state.scroll - dx;
        }}
        onPointerUp={(event) => {
          const state = drag.current;
          drag.current = null;
          if (!state?.dragging) return;
          event.currentTarget.style.scrollSnapType = "";
          const dx = event.clientX - state.x;
          go(dx < 0 ? index + 1 : index - 1);
        }}
        onPointerLeave={(event) => {
          if (drag.current?.dragging) event.currentTarget.style.scrollSnapType = "";
          drag.current = null;
        }}
        className="flex h-[400px] snap-x snap-mandatory overflow-x-auto rounded-xl bg-slate-100"
      >
        {images.map((image, i) => (
          <li key={image} className="h-full w-full shrink-0 snap-start">
            <img
              src={image}
              alt={i === 0 ? name : `${name}, bild ${i + 1} av ${images.length}`}
              width={600}
              height={400}
              draggable={false}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : undefined}
              onError={(event) => {
                if (!event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) event.currentTarget.src = PLACEHOLDER_IMAGE;
              }}
              className="h-full w-full object-cover"
            />
          </li>
        ))}
      </ul>
      {/* eslint-enable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */}
      {hydrated && images.length > 1 ? (
        <>
          <button
            type="button"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-lg font-bold shadow disabled:opacity-40"
            aria-label="Föregående bild"
          >
            ‹
          </button>
          <button
            type="button"
            onClick={() => go(index + 1)}
            disabled={index >= images.length - 1}
            className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-lg font-bold shadow disabled:opacity-40"
            aria-label="Nästa bild"
          >
            ›
          </button>
          <p className="absolute bottom-3 right-3 rounded-md bg-black/70 px-2 py-1 text-xs text-white" aria-live="polite">
            Bild {index + 1} av {images.length}
          </p>
        </>
      ) : null}
    </div>
  );
}
