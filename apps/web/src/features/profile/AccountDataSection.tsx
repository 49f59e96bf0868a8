import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { API, ROUTES } from '@rummage/contract';
import { ApiError, apiDownload, apiFetch } from '../../shared/api/client';
import { clearSession } from '../../shared/session/storage';
import { Banner } from '../../shared/ui/Banner';
import { ModalFrame } from '../../shared/ui/ModalFrame';
import { useTexts } from '../../shared/i18n/useTexts';
import { browserTexts } from '../../shared/i18n/i18n';

/**
 * GET /api/Account/export/archive (a ZIP with the JSON and the person's photos), saved the way a download link
 * would save it; the call needs the token, so a plain link cannot do it.
 */
async function downloadMyData(username: string): Promise<void> {
  const { blob, filename } = await apiDownload(API.account.exportArchive, {
    fallbackMessage: browserTexts().accountData.downloadFailed,
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? `rummage-${username}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: some browsers start the download a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The edit-profile page's "your data" part: download everything, or delete the account (docs/product.md). */
export function AccountDataSection({ username }: { username: string }) {
  const D = useTexts().accountData;
  const [downloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function handleDownload() {
    if (downloading) return;
    setProblem(null);
    setDownloading(true);
    try {
      await downloadMyData(username);
    } catch (caught) {
      setProblem(caught instanceof ApiError ? caught.message : D.downloadFailed);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="mt-8 flex flex-col gap-3 border-t border-stone-200 pt-6" aria-label={D.download}>
      {problem && (
        <Banner tone="error" onDismiss={() => setProblem(null)}>
          {problem}
        </Banner>
      )}
      <button
        type="button"
        className="btn btn-outline w-full"
        onClick={() => void handleDownload()}
        disabled={downloading}
        aria-busy={downloading || undefined}
      >
        {D.download}
      </button>
      <button type="button" className="btn btn-outline w-full text-red-700" onClick={() => setDeleting(true)}>
        {D.deleteAccount}
      </button>
      {deleting && <DeleteAccountDialog onCancel={() => setDeleting(false)} />}
    </section>
  );
}

/**
 * Asks for the password, deletes the account, and signs out: the session died with the account. Lands on the login
 * page, which says the account has been deleted.
 */
function DeleteAccountDialog({ onCancel }: { onCancel(): void }) {
  const texts = useTexts();
  const D = texts.accountData;
  const fieldId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = `${fieldId}-error`;

  // A refusal (a wrong password) puts the cursor back in the field, which the disabled state had taken it from,
  // with the error read as its description: the keyboard stays in the dialog, never on the page behind it.
  useEffect(() => {
    if (problem && !busy) fieldRef.current?.focus();
  }, [problem, busy]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setProblem(D.passwordRequired);
      return;
    }
    setBusy(true);
    try {
      await apiFetch(API.account.delete, { method: 'DELETE', body: { password } });
    } catch (caught) {
      setProblem(caught instanceof ApiError ? caught.message : texts.common.somethingWentWrong);
      setBusy(false);
      return;
    }
    // The login page says the account is gone (messages.accountData.deleted), so the person knows it worked.
    clearSession(D.deleted);
    queryClient.clear();
    navigate(ROUTES.login, { replace: true });
  }

  if (typeof document === 'undefined') return null;
  return createPortal(
    <ModalFrame
      role="dialog"
      title={D.deleteTitle}
      description={D.deleteText}
      initialFocus={fieldRef}
      width="md"
      busy={busy}
      onCancel={onCancel}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="mt-4 flex flex-col gap-3">
        <label htmlFor={fieldId} className="field-label">
          {D.passwordLabel}
        </label>
        <input
          id={fieldId}
          ref={fieldRef}
          type="password"
          autoComplete="current-password"
          className="field-input"
          value={password}
          disabled={busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            setPassword(event.target.value);
            setProblem(null);
          }}
        />
        {problem && (
          <p id={errorId} role="alert" className="field-error">
            {problem}
          </p>
        )}
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
            {texts.profile.cancel}
          </button>
          <button type="submit" className="btn btn-primary bg-red-700" disabled={busy}>
            {D.confirmDelete}
          </button>
        </div>
      </form>
    </ModalFrame>,
    document.body,
  );
}
