import { ActionIcon, TextInput } from '@mantine/core';
import { type FocusEvent, type Ref, useRef } from 'react';
import classes from './pos.module.css';
import { isoToUsDate, maskUsDate, usDateToIso } from './pos-rules.ts';

interface DateFieldProps {
  label: string;
  name: string;
  /** 'MM/DD/YYYY' as typed. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** Bounds of the picker, 'YYYY-MM-DD'. */
  min?: string | undefined;
  max?: string | undefined;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="4" y="5" width="16" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M4 11h16" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A date typed or picked, shown MM/DD/YYYY whatever the browser's language (spec §2 Refund: "From
 * Date, To Date (MM/DD/YYYY with pickers)"): a native date input would show the locale's own
 * order (2026-11-22 in en-CA). The calendar button opens the browser's own picker, within min
 * and max.
 */
export function DateField({ label, name, value, onChange, onBlur, min, max, error, ref }: DateFieldProps) {
  const picker = useRef<HTMLInputElement>(null);

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = usDateToIso(value) ?? '';
    try {
      input.showPicker();
    } catch {
      // A browser without showPicker: the date can still be typed.
      input.focus();
    }
  };

  return (
    <div className={classes.dateField}>
      <TextInput
        ref={ref}
        label={label}
        name={name}
        value={value}
        placeholder="MM/DD/YYYY"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        error={error}
        onChange={(event) => onChange(maskUsDate(event.currentTarget.value))}
        onBlur={onBlur}
        rightSection={
          <ActionIcon variant="subtle" color="gray" aria-label={`Choose ${label}`} onClick={openPicker}>
            <CalendarIcon />
          </ActionIcon>
        }
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className={classes.datePicker}
        min={min}
        max={max}
        onChange={(event) => {
          const picked = isoToUsDate(event.currentTarget.value);
          if (picked) onChange(picked);
        }}
      />
    </div>
  );
}
