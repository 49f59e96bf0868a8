import { useState, type ReactNode } from 'react';
import { ApiError } from '../../shared/api/client';
import { Banner } from '../../shared/ui/Banner';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useStaffAction, type StaffActionRequest } from './api';
import { ReasonDialog } from './ReasonDialog';
import { useTexts } from '../../shared/i18n/useTexts';

/** One moderation action waiting for the staff member's go: with a reason box, or a plain yes/no. */
export interface ModerationAsk {
  ask: 'reason' | 'confirm';
  title: string;
  description?: string;
  confirmLabel: string;
  /** Whether the reason box must be filled (ask 'reason' only). */
  reasonRequired?: boolean;
  request: Omit<StaffActionRequest, 'reason'>;
  /** Runs after the action succeeded (a deleted account's page has nothing left to show). */
  after?: () => void;
}

interface Notice {
  tone: 'success' | 'error';
  text: string;
}

/**
 * Asks, runs and reports moderation actions for one tab: the dialog, then the server's answer as a banner
 * (its own words, e.g. "Listing hidden."). Every staff list refreshes afterwards (useStaffAction).
 */
export function useModeration(): { ask(action: ModerationAsk): void; dialogs: ReactNode; notice: ReactNode } {
  const texts = useTexts();
  const T = texts.staff;
  const action = useStaffAction();
  const [current, setCurrent] = useState<ModerationAsk | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  function close() {
    setCurrent(null);
    setDialogError(null);
  }

  function run(reason?: string) {
    if (!current) return;
    const asked = current;
    action.mutate(
      { ...asked.request, ...(reason ? { reason } : {}) },
      {
        onSuccess: (body) => {
          close();
          setNotice({ tone: 'success', text: body?.message || T.confirm });
          asked.after?.();
        },
        onError: (failure) => {
          const text = failure instanceof ApiError ? failure.message : texts.common.somethingWentWrong;
          if (asked.ask === 'reason') setDialogError(text);
          else {
            close();
            setNotice({ tone: 'error', text });
          }
        },
      },
    );
  }

  const dialogs = (
    <>
      <ReasonDialog
        open={current?.ask === 'reason'}
        title={current?.title ?? ''}
        description={current?.description}
        confirmLabel={current?.confirmLabel ?? T.confirm}
        required={current?.reasonRequired ?? true}
        busy={action.isPending}
        error={dialogError}
        onConfirm={(reason) => run(reason)}
        onCancel={close}
      />
      <ConfirmDialog
        open={current?.ask === 'confirm'}
        title={current?.title ?? ''}
        description={current?.description}
        confirmLabel={current?.confirmLabel ?? T.confirm}
        cancelLabel={T.cancel}
        busy={action.isPending}
        onConfirm={() => run()}
        onCancel={close}
      />
    </>
  );

  return {
    ask: (next) => {
      setNotice(null);
      setDialogError(null);
      setCurrent(next);
    },
    dialogs,
    notice: notice && (
      <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
        {notice.text}
      </Banner>
    ),
  };
}
