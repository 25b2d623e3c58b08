import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { controlClasses, FieldFrame, useFieldIds } from './field-frame.tsx';

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled textarea whose error and hint are announced with it, like TextField. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(
  function TextAreaField({ label, error, hint, className, id, ...textarea }, ref) {
    const ids = useFieldIds(id, { hint, error });
    return (
      <FieldFrame {...{ label, hint, error, ids, className }}>
        <textarea ref={ref} {...ids.control} className={controlClasses(error)} {...textarea} />
      </FieldFrame>
    );
  },
);
