import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';

// Who a listing's view belongs to (docs/listings.md, "Views"): a person counts once per
// listing and day. An anonymous session is not a person (it costs one call to make, and a
// browser clearing its cookies makes another), so a view counts for a confirmed account when
// the call carries one's session, and otherwise for the client's address: IPv4 as it is, IPv6
// by its /64 (the block one home or phone is given), an IPv4-mapped IPv6 address as the IPv4.
// Visitors behind one address (a family, an office, a mobile operator's NAT) count as one.

/** The 8 groups of an IPv6 address (`isIP(address) === 6`), an embedded IPv4 read as two. */
function ipv6Groups(address: string): number[] {
  const expand = (part: string) => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const [head = '', tail] = address.split('::');
  const left = expand(head);
  const right = tail === undefined ? [] : expand(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The client a view is counted for when no confirmed account made it: the address, IPv6 by its /64. */
export function clientOf(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** Who made a view: a confirmed, active account, or else the client's address (never stored as such). */
export type Visitor = { accountId: number } | { ip: string };

/**
 * The visitor of a day as stored in `property_view_visitors`: 128 bits of an HMAC-SHA-256 under
 * the servers' shared `view_visitor_key` of the day and the account or client. The same
 * visitor has the same hash on every server that day and another one the next day; an
 * address cannot be read back without the key and a search of every address.
 */
export function visitorHash(key: string, day: string, visitor: Visitor): string {
  const who = 'accountId' in visitor ? `account:${visitor.accountId}` : `client:${clientOf(visitor.ip)}`;
  return createHmac('sha256', key).update(`${day}\n${who}`).digest('base64url').slice(0, 22);
}
