import { useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { PLACEHOLDER_IMAGE } from "#app/hotels/hotel-record.ts";

const DRAG_THRESHOLD_PX = 10;

/**
 * With JavaScript, a picture that fails shows the placeholder. Without it (or when it fails
 * before the page's JavaScript has run) the `hotel-image` class in app.css draws the
 * placeholder over the browser's broken-image icon and alt text.
 */
function fallbackToPlaceholder(event: React.SyntheticEvent<HTMLImageElement>) {
  if (!event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) event.currentTarget.src = PLACEHOLDER_IMAGE;
}

interface HotelImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  highPriority?: boolean;
  className?: string;
}

/** A hotel picture that shows the placeholder when it cannot be loaded, with or without JavaScript. */
export function HotelImage({ src, alt, width, height, eager = false, highPriority = false, className = "" }: HotelImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      draggable={false}
      loading={eager ? "eager" : "lazy"}
      decoding={eager ? undefined : "async"}
      fetchPriority={highPriority ? "high" : undefined}
      onError={fallbackToPlaceholder}
      className={`hotel-image h-full w-full object-cover ${className}`}
    />
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
      {direction === "left" ? (
        <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 1 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
      ) : (
        <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 1 1-1.4-1.4l4.3-4.3-4.3-4.3a1 1 0 0 1 0-1.4Z" />
      )}
    </svg>
  );
}

interface ImageCarouselProps {
  images: string[];
  name: string;
  /** `page`: the hotel page's big gallery; `card`: a list card's picture. */
  variant?: "page" | "card";
  /**
   * A card's picture beside the text, as tall as the card: `true` at every width (a large card),
   * `"phone"` below 640 px only (a compact card, picture on top from there). Below 640 px it is a
   * narrow strip: swiping and the dots remain, the buttons and counter would cover it.
   */
  fillHeight?: boolean | "phone";
  /** Load the first picture at once (above the fold). */
  eager?: boolean;
  /** Fetch the first picture before other pictures: the page's largest paint (the first list card, the gallery). */
  highPriority?: boolean;
}

/**
 * A CSS scroll-snap carousel: every image can be reached by scrolling, swiping or, once the
 * list has focus, the arrow keys — with or without JavaScript. Without JavaScript a badge
 * says how many pictures there are (and the list keeps its scroll bar); JavaScript adds
 * previous/next buttons, position dots, a counter and dragging with the mouse (after 10 px).
 */
export function ImageCarousel({
  images,
  name,
  variant = "page",
  fillHeight = false,
  eager = variant === "page",
  highPriority = variant === "page" && eager,
}: ImageCarouselProps) {
  const hydrated = useHydrated();
  const track = useRef<HTMLUListElement>(null);
  const drag = useRef<{ x: number; scroll: number; dragging: boolean } | null>(null);
  const [index, setIndex] = useState(0);
  const card = variant === "card";
  const count = images.length;
  const several = count > 1;

  /** Shows picture `next`, wrapping round at both ends (so a focused button never goes away). */
  const go = (next: number) => {
    const el = track.current;
    if (!el) return;
    const target = ((next % count) + count) % count;
    el.scrollTo({ left: target * el.clientWidth, behavior: "smooth" });
  };

  const size = card ? { width: 300, height: 200 } : { width: 600, height: 400 };
  const height = !card
    ? "h-[260px] sm:h-[400px]"
    : fillHeight === true
      ? "h-full min-h-[170px] sm:min-h-[220px]"
      : fillHeight === "phone"
        ? "h-full min-h-[170px] sm:h-[200px] sm:min-h-0"
        : "h-[200px]";
  const wideOnly = fillHeight ? "hidden sm:flex" : "flex";
  const roundButton =
    "absolute top-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow-md ring-1 ring-black/10 hover:bg-white";

  if (!several) {
    return (
      <div className={`${height} bg-slate-100 ${card ? "" : "overflow-hidden rounded-xl"}`}>
        <HotelImage src={images[0] ?? PLACEHOLDER_IMAGE} alt={name} {...size} eager={eager} highPriority={highPriority} />
      </div>
    );
  }

  return (
    <div className={`relative ${height}`}>
      {/* A scrollable list is focusable so that a keyboard can scroll it; its arrow keys step the images. */}
      {/* eslint-disable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */}
      <ul
        ref={track}
        tabIndex={0}
        aria-label={card ? `Bilder på ${name}` : `Bilder på ${name}, ${count} st`}
        onScroll={(event) => {
          const el = event.currentTarget;
          setIndex(Math.min(count - 1, Math.round(el.scrollLeft / Math.max(1, el.clientWidth))));
        }}
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
          go(dx < 0 ? Math.min(count - 1, index + 1) : Math.max(0, index - 1));
        }}
        onPointerLeave={(event) => {
          if (drag.current?.dragging) event.currentTarget.style.scrollSnapType = "";
          drag.current = null;
        }}
        // With the buttons there, the scroll bar is only clutter; without JavaScript it says "scroll me".
        className={`flex h-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain bg-slate-100 ${card ? "" : "rounded-xl"} ${
          hydrated ? "[scrollbar-width:none] [&::-webkit-scrollbar]:hidden" : ""
        }`}
      >
        {images.map((image, i) => (
          <li key={image} className="h-full w-full shrink-0 snap-start">
            <HotelImage
              src={image}
              alt={i === 0 ? name : `${name}, bild ${i + 1} av ${count}`}
              {...size}
              eager={eager && i === 0}
              highPriority={highPriority && i === 0}
            />
          </li>
        ))}
      </ul>
      {/* eslint-enable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */}
      {hydrated ? (
        <>
          <button
            type="button"
            onClick={() => go(index - 1)}
            className={`${roundButton} ${wideOnly} ${card ? "left-2 size-9" : "left-3 size-11"}`}
            aria-label="Föregående bild"
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            onClick={() => go(index + 1)}
            className={`${roundButton} ${wideOnly} ${card ? "right-2 size-9" : "right-3 size-11"}`}
            aria-label="Nästa bild"
          >
            <Chevron direction="right" />
          </button>
          {/* The dots are for the mouse (the counter tells a screen reader where it is). */}
          {/* On a dark pill, so that they show on light pictures (and the placeholder) too. */}
          <div
            aria-hidden="true"
            className={`absolute left-1/2 flex -translate-x-1/2 items-center rounded-full bg-black/45 px-2 py-1 ${card ? "bottom-2 gap-1.5" : "bottom-3 gap-2"}`}
          >
            {images.map((image, i) => (
              <button
                key={image}
                type="button"
                tabIndex={-1}
                onClick={() => go(i)}
                className={`${card ? "size-2" : "size-2.5"} rounded-full ${i === index ? "bg-white" : "bg-white/45 hover:bg-white/80"}`}
              />
            ))}
          </div>
          <p
            className={`absolute rounded-md bg-black/70 px-2 py-0.5 text-xs text-white ${fillHeight ? "hidden sm:block" : ""} ${card ? "top-2 right-2" : "top-3 right-3"}`}
            aria-live={card ? undefined : "polite"}
          >
            Bild {index + 1} av {count}
          </p>
        </>
      ) : (
        // Without JavaScript: a cue that there are more pictures to scroll to.
        <p
          className={`pointer-events-none absolute inline-flex items-center gap-1 rounded-md bg-black/70 px-2 py-0.5 text-xs text-white ${
            card ? "top-2 right-2" : "top-3 right-3"
          }`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
            <path d="M3 5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v1h-2V5H5v8h1v2H5a2 2 0 0 1-2-2V5Zm4 4a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V9Z" />
          </svg>
          {count} bilder
        </p>
      )}
    </div>
  );
}
