import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import {
  ACCEPTED_PASSWORD_SCORE,
  loadPasswordScorer,
  type PasswordScore,
  type PasswordScorer,
} from '@/shared/lib/password-strength';
import styles from './password-strength-meter.module.css';

const LEVEL: Record<PasswordScore, 'weak' | 'fair' | 'good' | 'strong'> = {
  0: 'weak',
  1: 'weak',
  2: 'fair',
  3: 'good',
  4: 'strong',
};

export interface PasswordStrengthMeterProps {
  password: string;
  /** The user's details (e-mail, names) a password should not be made of. */
  userInputs?: string[];
}

/**
 * How hard the password being typed is to guess, on the scale the server applies: a bar of
 * four steps and a word, announced politely. Nothing shows (and nothing loads) before the
 * first character.
 */
export function PasswordStrengthMeter({ password, userInputs = [] }: PasswordStrengthMeterProps) {
  const { t } = useTranslation('common');
  const [scorer, setScorer] = useState<PasswordScorer | null>(null);
  const typed = password.length > 0;

  useEffect(() => {
    if (!typed || scorer) return;
    let alive = true;
    loadPasswordScorer()
      .then((loaded) => alive && setScorer(() => loaded))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [typed, scorer]);

  if (!typed) return null;
  const score = scorer ? scorer(password, userInputs) : null;
  const level = score === null ? null : LEVEL[score];
  return (
    <div className={styles.meter} data-testid="password-strength" data-level={level ?? 'pending'}>
      <div className={styles.bar} aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span
            key={step}
            className={styles.step}
            data-on={score !== null && Math.max(score, 1) >= step ? level : undefined}
          />
        ))}
      </div>
      <p className={styles.label} aria-live="polite">
        {level === null ? t('passwordStrength.checking') : t(`passwordStrength.${level}`)}
        {score !== null && score < ACCEPTED_PASSWORD_SCORE && <> {t('passwordStrength.advice')}</>}
      </p>
    </div>
  );
}
