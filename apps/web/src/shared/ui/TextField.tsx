import type { InputHTMLAttributes, ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  /** Message shown under the field; also marks the field invalid. */
  error?: string;
  /** Marks the field invalid without a message of its own (the form shows one banner instead). */
  invalid?: boolean;
  /** Hides the label visually while keeping it for screen readers. */
  hideLabel?: boolean;
}

/** A labelled input whose error text is tied to it with aria-describedby. */
export function TextField({
  id,
  label,
  error,
  invalid,
  hideLabel,
  className = '',
  ...input
}: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
      </label>
      <input
        id={id}
        className="field-input"
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The error line under a custom control (location, captcha, checkbox) that is not a TextField. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}
