import { useState, type FormEvent } from 'react';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import styles from './moderation.module.css';

export interface ModerationDecisionLabels {
  approve: string;
  reject: string;
  reason: string;
  reasonHelp: string;
  reasonMissing: string;
  confirmReject: string;
  cancel: string;
}

export interface ModerationDecisionProps {
  /** The id of the card's heading: the buttons are described by it. */
  titleId: string;
  labels: ModerationDecisionLabels;
  /** The fewest characters of a rejection's reason. */
  minReason?: number;
  approve: () => Promise<void>;
  reject: (reason: string) => Promise<void>;
  /** What to say when a decision failed (null: nothing, the caller handles it). */
  describeFailure: (error: unknown) => string | null;
}

/**
 * A moderator's two decisions on a card of a moderation queue: «Approva» at once, «Rifiuta»
 * after the reason its author will read; a failure said on the card, the buttons busy meanwhile.
 */
export function ModerationDecision({
  titleId,
  labels,
  minReason = 1,
  approve,
  reject,
  describeFailure,
}: ModerationDecisionProps) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonShown, setReasonShown] = useState(false);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (which: 'approve' | 'reject', decide: () => Promise<void>) => {
    setBusy(which);
    setError(null);
    try {
      await decide();
    } catch (e) {
      setRejecting(false);
      setError(describeFailure(e));
    } finally {
      setBusy(null);
    }
  };
  const submitReject = (event: FormEvent) => {
    event.preventDefault();
    setReasonShown(true);
    if (reason.trim().length < minReason) return;
    void run('reject', () => reject(reason.trim()));
  };

  return (
    <>
      {error ? <Alert tone="error" title={error} /> : null}
      {rejecting ? (
        <form className={styles.reject} onSubmit={submitReject} noValidate>
          <TextField
            label={labels.reason}
            help={labels.reasonHelp}
            value={reason}
            maxLength={300}
            onChange={(e) => setReason(e.target.value)}
            error={reasonShown && reason.trim().length < minReason ? labels.reasonMissing : undefined}
            autoFocus
            required
          />
          <div className={styles.actions}>
            <Button type="submit" variant="primary" loading={busy === 'reject'}>
              {labels.confirmReject}
            </Button>
            <Button variant="ghost" onClick={() => setRejecting(false)} disabled={busy !== null}>
              {labels.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button onClick={() => void run('approve', approve)} loading={busy === 'approve'} aria-describedby={titleId}>
            {labels.approve}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setRejecting(true)}
            disabled={busy !== null}
            aria-describedby={titleId}
          >
            {labels.reject}
          </Button>
        </div>
      )}
    </>
  );
}
