export interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    element: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
}

const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit&hl=it';

let loading: Promise<Grecaptcha> | undefined;

/** Loads Google's reCAPTCHA script once, for explicit rendering. */
export function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const whenReady = () => {
      const grecaptcha = (window as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('reCAPTCHA did not load'));
    };
    if ((window as { grecaptcha?: Grecaptcha }).grecaptcha) return whenReady();
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT;
    script.async = true;
    script.onload = whenReady;
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A later form may try again (the network may be back).
    loading = undefined;
    throw error;
  });
  return loading;
}
