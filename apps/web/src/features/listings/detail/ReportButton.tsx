import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES, type Catalogue } from '@rummage/contract';
import { ApiError } from '../../../shared/api/client';
import { reportProduct } from '../api';
import { Dialog } from '../../../shared/ui/Dialog';
import { actionButton } from './styles';
import { useTexts } from '../../../shared/i18n/useTexts';

const ALREADY_REPORTED = /already reported/i;

export type ReportState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'success'; message: string }
  | { kind: 'error'; message: string };

/** What the dialog says after the call (docs/product.md §8 "Report"). */
export async function runReport(productId: number, L: Catalogue['listing']): Promise<ReportState> {
  try {
    const answer = await reportProduct(productId);
    const message = typeof answer?.message === 'string' ? answer.message : '';
    if (ALREADY_REPORTED.test(message)) return { kind: 'error', message };
    return { kind: 'success', message: message || L.reported };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) return { kind: 'error', message: L.reportError };
    if (ALREADY_REPORTED.test(error.message)) return { kind: 'error', message: error.message };
    if (error.status === 409) return { kind: 'error', message: L.alreadyReported };
    // apiFetch already fell back to "Failed to report product. Please try again." when the server said nothing.
    return { kind: 'error', message: error.message || L.reportFailed };
  }
}

/** "report" and its dialog: "Login to report" for visitors, else "Report" with a confirm, loading and result. */
export function ReportButton({ productId, signedIn }: { productId: number; signedIn: boolean }) {
  const L = useTexts().listing;
  return (
    <ReportDialogButton
      signedIn={signedIn}
      label={
        <>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
            <path
              d="M5 21V4m0 0h11l-2 4 2 4H5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {L.reportButton}
        </>
      }
      className={actionButton}
      question={L.reportQuestion}
      send={() => runReport(productId, L)}
    />
  );
}

/**
 * A report button and its dialog, for a listing or a rating (docs/product.md §8, §20): "Login to report" for
 * visitors, else the question, an optional reason box when `reasonLabel` is given, then the loading state and the
 * server's answer, green or red. `send` turns the call into what the dialog says.
 */
export function ReportDialogButton({
  signedIn,
  label,
  className,
  question,
  reasonLabel,
  reasonMax,
  send,
}: {
  signedIn: boolean;
  label: ReactNode;
  className: string;
  question: string;
  reasonLabel?: string;
  reasonMax?: number;
  send(reason: string): Promise<ReportState>;
}) {
  const L = useTexts().listing;
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<ReportState>({ kind: 'idle' });
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const finished = state.kind === 'success' || state.kind === 'error';

  // The confirm button goes away with the answer; keep the keyboard in the dialog, on its Close button.
  useEffect(() => {
    if (finished) doneRef.current?.focus();
  }, [finished]);

  function close() {
    if (state.kind === 'loading') return;
    setOpen(false);
    setState({ kind: 'idle' });
    setReason('');
  }

  async function confirm() {
    setState({ kind: 'loading' });
    try {
      setState(await send(reason.trim()));
    } catch {
      setState({ kind: 'error', message: L.reportError });
    }
  }

  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </button>
      {open && !signedIn && (
        <Dialog title={L.loginToReport} onClose={close} closeLabel={L.done}>
          <p className="mb-6 text-stone-700">{L.reportLoginText}</p>
          <div className="flex justify-end">
            <Link to={ROUTES.login} className="btn btn-primary">
              {L.login}
            </Link>
          </div>
        </Dialog>
      )}
      {open && signedIn && (
        <Dialog title={L.report} onClose={close} initialFocusRef={confirmRef}>
          <div aria-busy={state.kind === 'loading'}>
            {!finished && <p className="mb-6 text-stone-700">{question}</p>}
            {!finished && reasonLabel && (
              <div className="mb-6 flex flex-col gap-1">
                <label htmlFor={reasonId} className="field-label">
                  {reasonLabel}
                </label>
                <textarea
                  id={reasonId}
                  rows={3}
                  className="field-input"
                  value={reason}
                  maxLength={reasonMax}
                  disabled={state.kind === 'loading'}
                  onChange={(event) => setReason(event.target.value)}
                />
              </div>
            )}
            {state.kind === 'success' && (
              <p role="status" className="mb-6 rounded-xl bg-brand-50 px-4 py-3 font-semibold text-brand-800">
                {state.message}
              </p>
            )}
            {state.kind === 'error' && (
              <p role="alert" className="mb-6 rounded-xl bg-red-50 px-4 py-3 font-semibold text-red-800">
                {state.message}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-3">
              {finished ? (
                <button ref={doneRef} type="button" className="btn btn-primary" onClick={close}>
                  {L.done}
                </button>
              ) : (
                <>
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={close}
                    disabled={state.kind === 'loading'}
                  >
                    {L.cancel}
                  </button>
                  <button
                    ref={confirmRef}
                    type="button"
                    className="btn bg-red-700 text-white hover:bg-red-800"
                    onClick={() => void confirm()}
                    disabled={state.kind === 'loading'}
                  >
                    {state.kind === 'loading' && (
                      <span
                        aria-hidden="true"
                        className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
                      />
                    )}
                    {state.kind === 'loading' ? L.reporting : L.reportConfirm}
                  </button>
                </>
              )}
            </div>
          </div>
        </Dialog>
      )}
    </>
  );
}
