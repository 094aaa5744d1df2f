/** Small line icons drawn in the text's colour, beside a word that says the same (so hidden from screen readers). */

const CROSS = "M6 6l12 12M18 6 6 18";
const CHECK = "M5 12.5l4.5 4.5L19 7";

function StrokeIcon({ path, className }: { path: string; className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
    >
      <path d={path} />
    </svg>
  );
}

/** ✕: remove, or no. */
export const CrossIcon = ({ className = "size-4" }: { className?: string }) => <StrokeIcon path={CROSS} className={className} />;

/** ✓: yes. */
export const CheckIcon = ({ className = "size-4" }: { className?: string }) => <StrokeIcon path={CHECK} className={className} />;
