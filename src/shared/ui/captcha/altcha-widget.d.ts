import type { DetailedHTMLProps, HTMLAttributes } from 'react';

// The ALTCHA web component, as the captcha field uses it.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
        language?: string;
        name?: string;
      };
    }
  }
}
