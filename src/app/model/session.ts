/**
 * What the router knows about the visitor's session. Sessions arrive in a later release;
 * until then every visitor is anonymous, and the app injects this object so that release
 * (and tests) can replace it without touching the routes.
 */
export interface RouterSession {
  isLoggedIn: boolean;
}

export const anonymousSession: RouterSession = { isLoggedIn: false };
