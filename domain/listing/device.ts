// The device a wizard step was saved from (insertProperty.page.lastDevice): what the client
// says, or else what its user agent says.

export const DEVICES = ['desktop', 'tablet', 'mobile'] as const;
export type DeviceKind = (typeof DEVICES)[number];

const TABLET = /ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i;
const MOBILE = /mobile|iphone|ipod|android|iemobile|blackberry|opera mini|windows phone/i;

/** The device of a user agent: tablet, mobile (a phone) or desktop (anything else, an empty one too). */
export function deviceFromUserAgent(userAgent: string | null | undefined): DeviceKind {
  const ua = userAgent ?? '';
  if (TABLET.test(ua)) return 'tablet';
  if (MOBILE.test(ua)) return 'mobile';
  return 'desktop';
}
