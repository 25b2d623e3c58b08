import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { controlClasses, FieldFrame, type FieldLayout, useFieldIds } from './field-frame.tsx';

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> &
  FieldLayout & {
    label: string;
    error?: string;
    hint?: string;
    children: ReactNode;
  };

/** A labelled select whose error and hint are announced with it, like TextField. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, rowAligned, className = '', id, children, ...select },
  ref,
) {
  const ids = useFieldIds(id, { hint, error });
  return (
    <FieldFrame {...{ label, hint, error, ids, rowAligned }} className={`min-w-0 ${className}`}>
      <select
        ref={ref}
        {...ids.control}
        className={`${controlClasses(error)} bg-white`}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
});
