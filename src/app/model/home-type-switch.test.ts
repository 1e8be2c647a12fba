import { describe, expect, it } from 'vitest';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS, type RexerStaticData } from '../config/route-static-data';
import { Route as AuthenticatedRoute } from '../routes/_authenticated';
import { Route as ListingsRoute } from '../routes/_authenticated/myrexer/annunci/index';
import { Route as RootRoute } from '../routes/__root';
import { pageStaticData, switchHomeType } from './home-type-switch';

const { UNDEFINED, SELLER, BUYER, LANDLORD, RENTER } = HOME_TYPE;

// Pages as the route table declares them (docs/spec.md §2).
const search: RexerStaticData = { homeTypes: ACCEPTS.seekers, defaultHomeType: BUYER };
const valuation: RexerStaticData = { homeTypes: ACCEPTS.sellerBuyer, defaultHomeType: SELLER };
const ownersNoDefault: RexerStaticData = { homeTypes: [LANDLORD, SELLER] };
const chooser: RexerStaticData = { homeTypes: ACCEPTS.chooser };
const content: RexerStaticData = { homeTypes: ACCEPTS.all };

describe('switchHomeType', () => {
  it('keeps an accepted cookie type and writes no cookie', () => {
    expect(switchHomeType({ staticData: search, cookieType: RENTER })).toEqual({
      homeType: RENTER,
      writeCookie: false,
    });
    expect(switchHomeType({ staticData: search, cookieType: BUYER })).toEqual({ homeType: BUYER, writeCookie: false });
    for (const type of [UNDEFINED, SELLER, BUYER, LANDLORD, RENTER]) {
      expect(switchHomeType({ staticData: content, cookieType: type })).toEqual({ homeType: type, writeCookie: false });
    }
  });

  it('switches a type the page does not accept to the page default, and writes the cookie', () => {
    expect(switchHomeType({ staticData: search, cookieType: LANDLORD })).toEqual({
      homeType: BUYER,
      writeCookie: true,
    });
    expect(switchHomeType({ staticData: search, cookieType: SELLER })).toEqual({ homeType: BUYER, writeCookie: true });
    expect(switchHomeType({ staticData: valuation, cookieType: RENTER })).toEqual({
      homeType: SELLER,
      writeCookie: true,
    });
  });

  it('switches to the first accepted type when the page has no default', () => {
    expect(switchHomeType({ staticData: ownersNoDefault, cookieType: BUYER })).toEqual({
      homeType: LANDLORD,
      writeCookie: true,
    });
    expect(switchHomeType({ staticData: chooser, cookieType: RENTER })).toEqual({
      homeType: UNDEFINED,
      writeCookie: true,
    });
  });

  it('writes the cookie on a first visit (no cookie), even when the type stays undefined', () => {
    expect(switchHomeType({ staticData: chooser, cookieType: undefined })).toEqual({
      homeType: UNDEFINED,
      writeCookie: true,
    });
    expect(switchHomeType({ staticData: content, cookieType: undefined })).toEqual({
      homeType: UNDEFINED,
      writeCookie: true,
    });
    expect(switchHomeType({ staticData: search, cookieType: undefined })).toEqual({
      homeType: BUYER,
      writeCookie: true,
    });
  });

  it('skips the switching on a partner host and its subdomains, but not on other hosts', () => {
    const partnerHosts = ['casa.partner.it'];
    expect(switchHomeType({ staticData: search, cookieType: LANDLORD, host: 'casa.partner.it', partnerHosts })).toEqual(
      {
        homeType: LANDLORD,
        writeCookie: false,
      },
    );
    expect(
      switchHomeType({ staticData: valuation, cookieType: RENTER, host: 'www.casa.partner.it', partnerHosts }).homeType,
    ).toBe(RENTER);
    expect(switchHomeType({ staticData: search, cookieType: LANDLORD, host: 'www.rexer.it', partnerHosts })).toEqual({
      homeType: BUYER,
      writeCookie: true,
    });
    // A host that only ends with the partner's name is not the partner.
    expect(
      switchHomeType({ staticData: search, cookieType: LANDLORD, host: 'altracasa.partner.it', partnerHosts }).homeType,
    ).toBe(BUYER);
    // Without a configured list every host switches.
    expect(switchHomeType({ staticData: search, cookieType: LANDLORD, host: 'casa.partner.it' }).homeType).toBe(BUYER);
  });

  it('keeps any type on a page that declares no types', () => {
    expect(switchHomeType({ staticData: {}, cookieType: LANDLORD })).toEqual({
      homeType: LANDLORD,
      writeCookie: false,
    });
  });
});

describe('pageStaticData', () => {
  it('takes the deepest match: the page, not the root or its layout', () => {
    const matches = [
      { staticData: content },
      { staticData: { homeTypes: ACCEPTS.all, requiresLogin: true } },
      { staticData: search },
    ];
    expect(pageStaticData(matches)).toBe(search);
    expect(pageStaticData([{ staticData: content }, { staticData: valuation }])).toBe(valuation);
  });

  it('skips deeper matches that declare no types', () => {
    expect(pageStaticData([{ staticData: content }, { staticData: valuation }, { staticData: {} }, {}])).toBe(
      valuation,
    );
  });

  it('falls back to the last static data, or nothing, when no match declares types', () => {
    const header: RexerStaticData = { header: 'hideAll' };
    expect(pageStaticData([{}, { staticData: header }])).toBe(header);
    expect(pageStaticData([])).toEqual({});
  });

  it('lets the page under the MyRexer layout decide: a buyer on /myrexer/annunci becomes a seller', () => {
    const matches = [RootRoute, AuthenticatedRoute, ListingsRoute].map((route) => ({
      staticData: route.options.staticData,
    }));
    const staticData = pageStaticData(matches);
    expect(staticData).toBe(ListingsRoute.options.staticData);
    expect(switchHomeType({ staticData, cookieType: BUYER })).toEqual({ homeType: SELLER, writeCookie: true });
    expect(switchHomeType({ staticData, cookieType: LANDLORD })).toEqual({ homeType: LANDLORD, writeCookie: false });
  });
});
