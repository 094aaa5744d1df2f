import { useId } from "react";
import { addDays, MAX_ADULTS, MAX_NIGHTS, MAX_ROOMS, STAY_PARAMS, type Stay } from "#app/offers/stay.ts";
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
  return (
    <fieldset className={className}>
      <legend className="sr-only">Datum och gäster</legend>
      <div className={narrow ? "grid grid-cols-2 gap-3" : "grid grid-cols-2 gap-3 sm:grid-cols-4"}>
        <div>
          <Label htmlFor={field("in")} className="mb-1 block text-sm font-medium">
            Incheckning
          </Label>
          <Input
            id={field("in")}
            type="date"
            name={STAY_PARAMS.checkIn}
            min={today}
            defaultValue={stay.checkIn ?? ""}
            key={`in-${stay.checkIn ?? ""}`}
            onChange={applyDates}
          />
        </div>
        <div>
          <Label htmlFor={field("out")} className="mb-1 block text-sm font-medium">
            Utcheckning
          </Label>
          <Input
            id={field("out")}
            type="date"
            name={STAY_PARAMS.checkOut}
            min={stay.checkIn ? addDays(stay.checkIn, 1) : addDays(today, 1)}
            max={stay.checkIn ? addDays(stay.checkIn, MAX_NIGHTS) : undefined}
            defaultValue={stay.checkOut ?? ""}
            key={`out-${stay.checkOut ?? ""}`}
            onChange={applyDates}
          />
        </div>
        <div>
          <Label htmlFor={field("adults")} className="mb-1 block text-sm font-medium">
            Vuxna
          </Label>
          <Input
            id={field("adults")}
            type="number"
            inputMode="numeric"
            name={STAY_PARAMS.adults}
            min={1}
            max={MAX_ADULTS}
            defaultValue={stay.adults}
            key={`adults-${stay.adults}`}
            // Applied when the field is left, not at each digit typed.
            onBlur={(event) => event.currentTarget.value !== String(stay.adults) && onApply?.()}
          />
        </div>
        <div>
          <Label htmlFor={field("rooms")} className="mb-1 block text-sm font-medium">
            Rum
          </Label>
          <Input
            id={field("rooms")}
            type="number"
            inputMode="numeric"
            name={STAY_PARAMS.rooms}
            min={1}
            max={MAX_ROOMS}
            defaultValue={stay.rooms}
            key={`rooms-${stay.rooms}`}
            onBlur={(event) => event.currentTarget.value !== String(stay.rooms) && onApply?.()}
          />
        </div>
      </div>
    </fieldset>
  );
}
