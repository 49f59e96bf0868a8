import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fillText } from '@rummage/contract';
import { useSession } from '../../shared/session/SessionContext';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { blockKeys, setBlocked } from './api';
import { useTexts } from '../../shared/i18n/useTexts';

export interface BlockButtonProps {
  userId: number;
  userName: string;
  initialBlocked: boolean;
  /** Told the new state once the server agreed. */
  onChange?: (blocked: boolean) => void;
  className?: string;
}

/**
 * Block or unblock a person (docs/product.md §11), on profiles and in the chat header. Asks first in the shared
 * confirm dialog; the state changes only once the server agreed. Not shown to visitors or on your own account.
 */
export function BlockButton({
  userId,
  userName,
  initialBlocked,
  onChange,
  className = '',
}: BlockButtonProps) {
  const B = useTexts().blocking;
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [blocked, setBlockedState] = useState(initialBlocked);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A fresh answer from the server (another tab unblocked) wins.
  const [synced, setSynced] = useState({ userId, initialBlocked });
  if (synced.userId !== userId || synced.initialBlocked !== initialBlocked) {
    setSynced({ userId, initialBlocked });
    setBlockedState(initialBlocked);
  }
  if (session === null || session.userId === userId) return null;

  async function confirm() {
    const wanted = !blocked;
    setBusy(true);
    setError(null);
    try {
      await setBlocked(userId, wanted);
      setBlockedState(wanted);
      setAsking(false);
      onChange?.(wanted);
      for (const queryKey of blockKeys.affected) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    } catch (failure) {
      setAsking(false);
      setError(failure instanceof Error && failure.message ? failure.message : B.actionFailed);
    } finally {
      setBusy(false);
    }
  }

  const label = blocked ? B.unblock : B.block;
  return (
    <>
      <button
        type="button"
        data-blocked={blocked}
        aria-label={fillText(blocked ? B.unblockNamed : B.blockNamed, { username: userName })}
        onClick={() => setAsking(true)}
        className={`btn btn-outline ${className}`}
      >
        {label}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={fillText(blocked ? B.confirmUnblock : B.confirmBlock, { username: userName })}
        confirmLabel={label}
        cancelLabel={B.cancel}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
