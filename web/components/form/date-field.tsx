import { ActionIcon, TextInput } from '@mantine/core';
import { useRef } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { isoToUsDate, maskUsDate, usDateToIso } from '../../../domain/dates.ts';
import classes from './date-field.module.css';
import { type FormFieldProps, useFormField } from './use-form-field.ts';

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

interface DateFieldProps {
  label: string;
  /** Bounds of the picker, 'YYYY-MM-DD'. */
  min?: string | undefined;
  max?: string | undefined;
}

/**
 * A date typed or picked, held and shown MM/DD/YYYY whatever the browser's language (spec pos.md
 * §2 Refund: "From Date, To Date (MM/DD/YYYY with pickers)"): a native date input would show the
 * locale's own order (2026-11-22 in en-CA). The calendar button opens the browser's own picker,
 * within min and max.
 */
export function DateField<TForm extends FieldValues, TName extends FieldPath<TForm>>({
  control,
  name,
  label,
  min,
  max,
}: FormFieldProps<TForm, TName> & DateFieldProps) {
  const { field, bound } = useFormField({ control, name });
  const picker = useRef<HTMLInputElement>(null);
  const value = typeof field.value === 'string' ? field.value : '';

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
        {...bound}
        label={label}
        value={value}
        placeholder="MM/DD/YYYY"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        onChange={(event) => field.onChange(maskUsDate(event.currentTarget.value))}
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
          if (picked) field.onChange(picked);
        }}
      />
    </div>
  );
}
