import { afterEach, describe, expect, it } from 'vitest';
import {
  HOME_TYPE,
  getHomeTypeCookie,
  homeTypeName,
  isPartnerHost,
  parseHomeType,
  resolveHomeType,
  setHomeTypeCookie,
} from './home-type';

const { UNDEFINED, SELLER, BUYER, LANDLORD, RENTER } = HOME_TYPE;

afterEach(() => {
  document.cookie = 'rexer_home_option=; path=/; max-age=0';
});

describe('home types', () => {
  it('keeps the product numbers', () => {
    expect(HOME_TYPE).toEqual({ UNDEFINED: 0, SELLER: 1, BUYER: 2, LANDLORD: 3, RENTER: 4 });
    expect(homeTypeName(LANDLORD)).toBe('LANDLORD');
  });

  it('parses only known numbers', () => {
    expect(parseHomeType('2')).toBe(BUYER);
    expect(parseHomeType('0')).toBe(UNDEFINED);
    expect(parseHomeType('7')).toBeUndefined();
    expect(parseHomeType('')).toBeUndefined();
    expect(parseHomeType('abc')).toBeUndefined();
    expect(parseHomeType(undefined)).toBeUndefined();
  });

  it('stores the type in rexer_home_option', () => {
    expect(getHomeTypeCookie()).toBeUndefined();
    setHomeTypeCookie(RENTER);
    expect(document.cookie).toContain('rexer_home_option=4');
    expect(getHomeTypeCookie()).toBe(RENTER);
  });
});

describe('resolveHomeType', () => {
  it('keeps the current type when the page accepts it', () => {
    expect(resolveHomeType({ current: SELLER, accepted: [SELLER, LANDLORD], defaultType: LANDLORD })).toBe(SELLER);
  });

  it('switches to the default type when the current one is not accepted', () => {
    expect(resolveHomeType({ current: RENTER, accepted: [BUYER, SELLER], defaultType: SELLER })).toBe(SELLER);
  });

  it('falls back to the first accepted type without a default', () => {
    expect(resolveHomeType({ current: RENTER, accepted: [SELLER, LANDLORD] })).toBe(SELLER);
  });

  it('reads a missing cookie as UNDEFINED', () => {
    expect(resolveHomeType({ current: undefined, accepted: [UNDEFINED] })).toBe(UNDEFINED);
    expect(resolveHomeType({ current: undefined, accepted: [BUYER], defaultType: BUYER })).toBe(BUYER);
  });

  it('keeps any type on a page that accepts all', () => {
    expect(resolveHomeType({ current: LANDLORD, accepted: [] })).toBe(LANDLORD);
  });

  it('does not switch on a partner host or its subdomains', () => {
    const partnerHosts = ['partner.example.it'];
    expect(resolveHomeType({ current: RENTER, accepted: [SELLER], host: 'partner.example.it', partnerHosts })).toBe(
      RENTER,
    );
    expect(
      resolveHomeType({ current: RENTER, accepted: [SELLER], host: 'casa.partner.example.it:8080', partnerHosts }),
    ).toBe(RENTER);
    expect(resolveHomeType({ current: RENTER, accepted: [SELLER], host: 'www.rexer.it', partnerHosts })).toBe(SELLER);
  });

  it('matches partner hosts by name, not by suffix', () => {
    expect(isPartnerHost('notpartner.it', ['partner.it'])).toBe(false);
    expect(isPartnerHost('PARTNER.it', ['https://partner.it/'])).toBe(true);
    expect(isPartnerHost(undefined, ['partner.it'])).toBe(false);
  });
});
