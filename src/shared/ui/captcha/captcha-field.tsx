import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { configQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Text } from '@/shared/ui/text';
import { ALTCHA_LANGUAGE, loadAltcha } from './load-altcha';
import { loadRecaptcha } from './load-recaptcha';
import styles from './captcha-field.module.css';

export interface CaptchaFieldProps {
  /** The answer to send as `RecaptchaToken`, or null while there is none (not solved yet, expired). */
  onChange: (token: string | null) => void;
}

/** The path the ALTCHA widget fetches its challenges from. */
export const ALTCHA_CHALLENGE_PATH = '/api/Account/Captcha';
/** The answer sent when the server has no captcha (CAPTCHA=off). */
export const CAPTCHA_OFF_TOKEN = 'off';

/**
 * The captcha of the login and registration forms, as the server is configured: ALTCHA (a
 * proof of work the browser solves by itself while the visitor types), reCAPTCHA, or none.
 * The widgets load on demand, never with the first screen.
 */
export function CaptchaField({ onChange }: CaptchaFieldProps) {
  const config = useQuery(configQueryOptions());
  const provider = config.data?.CaptchaProvider;
  const siteKey = config.data?.RecaptchaSiteKey;
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  // A stable callback for the widgets, always reaching the latest onChange.
  const [report] = useState(() => (token: string | null) => onChangeRef.current(token));

  useEffect(() => {
    if (provider === 'off') report(CAPTCHA_OFF_TOKEN);
  }, [provider, report]);

  if (provider === 'altcha') return <AltchaWidget onChange={report} />;
  if (provider === 'recaptcha' && siteKey) return <RecaptchaWidget siteKey={siteKey} onChange={report} />;
  return null;
}

type AltchaState = 'verifying' | 'verified' | 'expired' | 'error' | 'unverified' | 'code';

function AltchaWidget({ onChange }: { onChange: (token: string | null) => void }) {
  const { t } = useTranslation('captcha');
  const ref = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [state, setState] = useState<AltchaState>('unverified');
  const [failedToLoad, setFailedToLoad] = useState(false);
  const [strings] = useState<unknown>(() => t('widget', { returnObjects: true }));

  useEffect(() => {
    let alive = true;
    loadAltcha(strings)
      .then(() => alive && setLoaded(true))
      .catch(() => alive && setFailedToLoad(true));
    return () => {
      alive = false;
    };
  }, [strings]);

  // Listening from the commit that adds the widget: a widget that solves at once ("onload")
  // may answer before a passive effect would have run, and its answer would be lost.
  useLayoutEffect(() => {
    const widget = ref.current;
    if (!loaded || !widget) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: AltchaState; payload?: string }>).detail;
      setState(detail.state);
      onChange(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, [loaded, onChange]);

  if (failedToLoad) return <Text tone="error">{t('loadFailed')}</Text>;
  return (
    <div className={styles.captcha} data-testid="captcha" data-state={state}>
      {/* "onload": the proof of work starts at once, so nobody has to tick anything. */}
      {loaded && (
        <altcha-widget
          ref={ref}
          challenge={ALTCHA_CHALLENGE_PATH}
          auto="onload"
          language={ALTCHA_LANGUAGE}
          name="altcha"
        />
      )}
      <Text size="small" tone="muted" aria-live="polite">
        {state === 'verified' ? t('verified') : state === 'expired' || state === 'error' ? t('retry') : t('working')}
      </Text>
    </div>
  );
}

function RecaptchaWidget({ siteKey, onChange }: { siteKey: string; onChange: (token: string | null) => void }) {
  const { t } = useTranslation('captcha');
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    loadRecaptcha()
      .then((grecaptcha) => {
        if (!alive || !ref.current) return;
        grecaptcha.render(ref.current, {
          sitekey: siteKey,
          callback: onChange,
          'expired-callback': () => onChange(null),
          'error-callback': () => onChange(null),
        });
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [siteKey, onChange]);
  return failed ? (
    <Text tone="error">{t('loadFailed')}</Text>
  ) : (
    <div ref={ref} className={styles.captcha} data-testid="captcha" />
  );
}
