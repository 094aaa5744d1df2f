import { useId } from "react";
import { addDays, MAX_ADULTS, MAX_DAYS_AHEAD, MAX_NIGHTS, MAX_ROOMS, STAY_PARAMS, type Stay } from "#app/utils/stay.ts";
import { Input } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";

interface StayFieldsProps {
  stay: Stay;
  /** The visitor's today (todayInSweden() from the loader): the earliest check-in. */
  today: string;
  /** Applies the form (the filter bar): dates once both are set or both are empty, guests when their field is left. */
  onApply?: () => void;
  className?: string;
  /** Two fields a row (a narrow box such as the hotel page's booking box) instead of four from 640 px. */
  narrow?: boolean;
}

/**
 * Check-in, check-out, adults and rooms as native inputs (a date picker and number fields in
 * every browser, with or without JavaScript), named as the address carries them. Values the
 * server would set aside are still checked there; min and max only help the picker. With
 * JavaScript, a filter bar applies them: dates once both are chosen, guests when a field is left.
 */
export function StayFields({ stay, today, onApply, className, narrow = false }: StayFieldsProps) {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const applyDates = (event: React.ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (!form || !onApply) return;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
    const checkIn = value(STAY_PARAMS.checkIn);
    const checkOut = value(STAY_PARAMS.checkOut);
    if (Boolean(checkIn) === Boolean(checkOut)) onApply();
  };
  // The narrow form (the hotel page's booking box: a side column from 1024 px, inside a padded
  // card on a phone) is too narrow for two whole dates side by side (the year was cut off).
  const dateSpan = narrow ? "col-span-2" : undefined;
  return (
    <fieldset className={className}>
      <legend className="sr-only">Datum och gäster</legend>
      <div className={narrow ? "grid grid-cols-2 gap-3" : "grid grid-cols-2 gap-3 sm:grid-cols-4"}>
        <StayInput
          id={field("in")}
          label="Incheckning"
          type="date"
          name={STAY_PARAMS.checkIn}
          min={today}
          max={addDays(today, MAX_DAYS_AHEAD)}
          value={stay.checkIn ?? ""}
          onChange={applyDates}
          className={dateSpan}
        />
        <StayInput
          id={field("out")}
          label="Utcheckning"
          type="date"
          name={STAY_PARAMS.checkOut}
          min={stay.checkIn ? addDays(stay.checkIn, 1) : addDays(today, 1)}
          // Always a bound: without one the browser makes room for a six-digit year.
          max={stay.checkIn ? addDays(stay.checkIn, MAX_NIGHTS) : addDays(today, MAX_DAYS_AHEAD + MAX_NIGHTS)}
          value={stay.checkOut ?? ""}
          onChange={applyDates}
          className={dateSpan}
        />
        <StayInput
          id={field("adults")}
          label="Vuxna"
          type="number"
          name={STAY_PARAMS.adults}
          min={1}
          max={MAX_ADULTS}
          value={String(stay.adults)}
          onLeave={onApply}
        />
        <StayInput
          id={field("rooms")}
          label="Rum"
          type="number"
          name={STAY_PARAMS.rooms}
          min={1}
          max={MAX_ROOMS}
          value={String(stay.rooms)}
          onLeave={onApply}
        />
      </div>
    </fieldset>
  );
}

/**
 * One labelled field. Uncontrolled (it works before hydration and without JavaScript); its key
 * follows the address's value, so a navigation shows the new one. A number is applied when the
 * field is left with a changed value, not at each digit typed.
 */
function StayInput({
  id,
  label,
  type,
  name,
  min,
  max,
  value,
  onChange,
  onLeave,
  className,
}: {
  id: string;
  label: string;
  type: "date" | "number";
  name: string;
  min?: string | number;
  max?: string | number;
  value: string;
  onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
  onLeave?: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </Label>
      <Input
        id={id}
        type={type}
        inputMode={type === "number" ? "numeric" : undefined}
        name={name}
        min={min}
        max={max}
        defaultValue={value}
        key={`${name}-${value}`}
        onChange={onChange}
        onBlur={onLeave ? (event) => event.currentTarget.value !== value && onLeave() : undefined}
      />
    </div>
  );
}
