import { describe, expect, it } from 'vitest';
import { clientOf, visitorHash } from './view-visitor';

describe('the visitor of a listing view', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:192.0.2.33', '192.0.2.33'],
    ['::ffff:c000:221', '192.0.2.33'],
    ['::1', '0:0:0:0::/64'],
  ])('reads the client of %s as %s', (ip, client) => {
    expect(clientOf(ip)).toBe(client);
  });

  it('hashes the day with the account or the client under the key: 22 url-safe characters, another the next day', () => {
    const a = visitorHash('k', '2026-11-28', { ip: '2001:db8:1:2::1' });
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(visitorHash('k', '2026-11-28', { ip: '2001:db8:1:2::9' })).toBe(a);
    expect(visitorHash('k', '2026-11-29', { ip: '2001:db8:1:2::1' })).not.toBe(a);
    expect(visitorHash('other key', '2026-11-28', { ip: '2001:db8:1:2::1' })).not.toBe(a);
    expect(visitorHash('k', '2026-11-28', { accountId: 7 })).not.toBe(visitorHash('k', '2026-11-28', { ip: '7' }));
  });
});
