import type { ReactNode } from 'react';
import { useId } from 'react';

type FieldMessages = { hint?: string; error?: string };

/** The ids of a labelled control: its own, its hint's and its error's, and what describes it. */
export function useFieldIds(id: string | undefined, { hint, error }: FieldMessages) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return {
    controlId,
    hintId,
    errorId,
    /** What the control itself carries: its id, whether it is invalid, what describes it. */
    control: {
      id: controlId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
    },
  };
}

/** The classes every text-like control shares; an error turns its border red. */
export function controlClasses(error: string | undefined): string {
  return `w-full rounded-md border px-3 py-2 text-slate-900 focus:outline-2 focus:outline-emerald-700 ${error ? 'border-red-700' : 'border-slate-400'}`;
}

/** What a labelled control takes besides its own attributes (TextField, SelectField). */
export type FieldLayout = {
  /**
   * Its label, control and messages take three rows of the grid it sits in (CSS subgrid),
   * so the boxes of a row of fields line up whatever their labels' and messages' heights:
   * a label wrapped on two lines or an error under one box moves none of the others.
   */
  rowAligned?: boolean;
};

/** The classes that make an element take three rows of its grid, as a rowAligned field does. */
export const ROW_ALIGNED = 'row-span-3 grid grid-rows-subgrid gap-1';

/**
 * The frame of every labelled form control (TextField, SelectField, TextAreaField): the
 * label, the control, then its hint and its error, each with the id the control's
 * `aria-describedby` names (from useFieldIds).
 */
export function FieldFrame({
  label,
  hint,
  error,
  ids,
  rowAligned = false,
  className = '',
  children,
}: FieldMessages &
  FieldLayout & {
    label: string;
    ids: ReturnType<typeof useFieldIds>;
    className?: string;
    children: ReactNode;
  }) {
  const messages = (
    <>
      {hint ? (
        <p id={ids.hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
  return (
    <div className={`${rowAligned ? ROW_ALIGNED : 'flex flex-col gap-1'} ${className}`}>
      <label htmlFor={ids.controlId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {/* The third row holds both messages, or stays empty. */}
      {rowAligned ? <div>{messages}</div> : messages}
    </div>
  );
}
