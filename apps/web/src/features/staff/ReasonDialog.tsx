import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MODERATION_REASON_MAX } from '@rummage/contract';
import { ModalFrame } from '../../shared/ui/ModalFrame';
import { useTexts } from '../../shared/i18n/useTexts';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  /** Hiding and banning need a reason (the owner and the log show it); other actions take an optional note. */
  required?: boolean;
  busy?: boolean;
  /** The server's refusal, shown inside the dialog so the reason is not lost. */
  error?: string | null;
  onConfirm(reason: string): void;
  onCancel(): void;
}

/**
 * A modal that asks why before a moderation action. Like ConfirmDialog it keeps focus inside and gives it
 * back to the opener; it starts in the reason box because the reason is what is being asked for.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ReasonDialogBody {...props} />, document.body);
}

function ReasonDialogBody({
  title,
  description,
  confirmLabel,
  required = true,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ReasonDialogProps) {
  const texts = useTexts();
  const T = texts.staff;
  const fieldId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error ?? null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (required && !trimmed) {
      setProblem(texts.staff.reasonRequired);
      return;
    }
    onConfirm(trimmed);
  }

  return (
    <ModalFrame
      role="dialog"
      title={title}
      description={description}
      initialFocus={fieldRef}
      width="md"
      busy={busy}
      onCancel={onCancel}
    >
      <form noValidate onSubmit={handleSubmit} className="mt-4 flex flex-col gap-3">
        <label htmlFor={fieldId} className="field-label">
          {required ? T.reason : T.reasonOptional}
        </label>
        <textarea
          id={fieldId}
          ref={fieldRef}
          rows={3}
          className="field-input"
          value={reason}
          maxLength={MODERATION_REASON_MAX}
          disabled={busy}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
        />
        {shown && (
          <p role="alert" className="field-error">
            {shown}
          </p>
        )}
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
            {T.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </ModalFrame>
  );
}
