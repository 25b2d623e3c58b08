import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { controlClasses, FieldFrame, type FieldLayout, useFieldIds } from './field-frame.tsx';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> &
  FieldLayout & {
    label: string;
    error?: string;
    hint?: string;
    /** Something inside the input's right edge, e.g. a show-password toggle. */
    trailing?: ReactNode;
  };

/** A labelled input whose error and hint are announced with it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, trailing, rowAligned, className, id, ...input },
  ref,
) {
  const ids = useFieldIds(id, { hint, error });
  return (
    <FieldFrame {...{ label, hint, error, ids, rowAligned, className }}>
      <div className="relative">
        <input
          ref={ref}
          {...ids.control}
          className={`${controlClasses(error)} ${trailing ? 'pr-12' : ''}`}
          {...input}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>
        ) : null}
      </div>
    </FieldFrame>
  );
});
