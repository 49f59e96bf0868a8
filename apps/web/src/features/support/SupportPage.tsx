import { useState, type FormEvent } from 'react';
import { messages } from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { useFillText } from '../../shared/config/useAppConfig';
import { useSession } from '../../shared/session/SessionContext';
import { Banner } from '../../shared/ui/Banner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { SUPPORT_ISSUES, SUPPORT_TEXT } from './texts';

/** SPEC §7 POST /api/Support/create-ticket; its server side arrives with the support issue. */
const CREATE_TICKET_PATH = '/api/Support/create-ticket';

/**
 * /support: the "thrift support" form. The active-ticket chat (GET /api/Support/my-active-ticket and
 * the support hub) arrives with the support issue; until then the form is what shows (SPEC §4).
 */
export default function SupportPage() {
  useDocumentTitle(SUPPORT_TEXT.title);
  const fill = useFillText();
  const { session, currentUser } = useSession();
  const username = session?.username ?? currentUser?.username ?? '';
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSent(false);
    if (!subject.trim() || !message.trim()) {
      setError(messages.common.fillFieldsProperly);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await apiFetch(CREATE_TICKET_PATH, {
        method: 'POST',
        body: { subject, message: message.trim(), username },
        fallbackMessage: messages.support.failed,
      });
      setSubject('');
      setMessage('');
      setSent(true);
    } catch {
      setError(messages.support.failed);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 md:py-10">
      <div className="card p-5 md:p-8">
        <p className="text-stone-700">{fill(messages.support.greeting, { username })}</p>
        <h1 className="text-3xl font-extrabold text-brand-800">{messages.support.title}</h1>
        <p className="mb-6 text-lg text-stone-800">{messages.support.help}</p>
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={submitting}>
          {error && <Banner onDismiss={() => setError(null)}>{error}</Banner>}
          {sent && <Banner tone="success">{SUPPORT_TEXT.sent}</Banner>}
          <div>
            <label htmlFor="support-issue" className="field-label">
              {SUPPORT_TEXT.issueLabel}
            </label>
            <select
              id="support-issue"
              className="field-input"
              value={subject}
              disabled={submitting}
              onChange={(event) => {
                setSubject(event.target.value);
                setError(null);
              }}
            >
              <option value="">{SUPPORT_TEXT.issuePlaceholder}</option>
              {SUPPORT_ISSUES.map((issue) => (
                <option key={issue} value={issue}>
                  {messages.support.issues[issue]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="support-description" className="field-label">
              {SUPPORT_TEXT.descriptionLabel}
            </label>
            <textarea
              id="support-description"
              rows={5}
              className="field-input"
              placeholder={SUPPORT_TEXT.descriptionPlaceholder}
              value={message}
              disabled={submitting}
              onChange={(event) => {
                setMessage(event.target.value);
                setError(null);
              }}
            />
          </div>
          <button
            type="submit"
            className="btn btn-primary w-full md:w-auto md:self-end"
            disabled={submitting}
          >
            {submitting ? messages.support.submitting : messages.support.send}
          </button>
        </form>
      </div>
    </div>
  );
}
