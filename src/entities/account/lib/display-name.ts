/**
 * How the header names the logged-in user: the first name (never the whole e-mail, which
 * would push the menu onto two lines), and initials for the avatar.
 */
export function accountLabel(person: { name?: string | null; surname?: string | null; email?: string | null }): {
  firstName: string | null;
  initials: string;
} {
  const name = person.name?.trim().split(/\s+/)[0] ?? '';
  const surname = person.surname?.trim() ?? '';
  const emailLetter = person.email?.trim().charAt(0) ?? '';
  const initials = (name ? name.charAt(0) + surname.charAt(0) : emailLetter).toUpperCase() || '?';
  return { firstName: name ? name.charAt(0).toUpperCase() + name.slice(1) : null, initials };
}
