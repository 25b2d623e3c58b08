import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { controlClasses, FieldFrame, useFieldIds } from './field-frame.tsx';

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
};

/** A labelled select whose error and hint are announced with it, like TextField. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, className = '', id, children, ...select },
  ref,
) {
  const ids = useFieldIds(id, { hint, error });
  return (
    <FieldFrame
      {...{ label, hint, error, ids }}
      className={`flex min-w-0 flex-col gap-1 ${className}`}
    >
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
