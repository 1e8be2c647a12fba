import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import {
  checkParams,
  numericIdSchema,
  oneOf,
  paramsShape,
  parseLoginSearch,
  recordIdSchema,
  requireParams,
  segmentSchema,
  typeSlugSchema,
} from './route-params';

const listingParams = paramsShape({ type: typeSlugSchema, prov: segmentSchema, id: numericIdSchema });

describe('path params', () => {
  it('pass when every param has its form', () => {
    expect(checkParams(listingParams, { type: 'bilocali', prov: 'milano', id: '123' })).toEqual({
      type: 'bilocali',
      prov: 'milano',
      id: '123',
    });
  });

  it('fail on an unknown type slug, a non-numeric id, an empty or overlong segment, a missing param', () => {
    expect(checkParams(listingParams, { type: 'castelli', prov: 'milano', id: '1' })).toBeNull();
    expect(checkParams(listingParams, { type: 'case', prov: 'milano', id: '12a' })).toBeNull();
    expect(checkParams(listingParams, { type: 'case', prov: 'milano', id: '1234567890123' })).toBeNull();
    expect(checkParams(listingParams, { type: 'case', prov: '', id: '1' })).toBeNull();
    expect(checkParams(listingParams, { type: 'case', prov: 'x'.repeat(201), id: '1' })).toBeNull();
    expect(checkParams(listingParams, { type: 'case', id: '1' })).toBeNull();
    expect(checkParams(listingParams, null)).toBeNull();
  });

  it("take a stored record's id only from 1 to 2^31 − 1, without leading zeros (the API refuses the others)", () => {
    for (const id of ['1', '33', '2147483647']) expect(recordIdSchema(id), id).toBe(true);
    for (const id of ['0', '00033', '-1', '2147483648', '999999999999', '1e3', ' 1', ''])
      expect(recordIdSchema(id), id).toBe(false);
  });

  it('accept only the listed values with oneOf', () => {
    const tabs = paramsShape({ type: oneOf(['0', '1', '2']) });
    expect(checkParams(tabs, { type: '2' })).toEqual({ type: '2' });
    expect(checkParams(tabs, { type: '3' })).toBeNull();
  });

  it('turn a URL that does not fit into a not-found, so the 404 page shows', () => {
    expect(requireParams(listingParams, { type: 'case', prov: 'roma', id: '7' }).id).toBe('7');
    let thrown: unknown;
    try {
      requireParams(listingParams, { type: 'case', prov: 'roma', id: 'abc' });
    } catch (error) {
      thrown = error;
    }
    expect(isNotFound(thrown)).toBe(true);
  });
});

describe('home page search', () => {
  it('keeps a whole-number login and a short redirect', () => {
    expect(parseLoginSearch({ login: 1, redirect: '/myrexer/profilo' })).toEqual({
      login: 1,
      redirect: '/myrexer/profilo',
    });
    expect(parseLoginSearch({ login: '1' })).toEqual({ login: 1, redirect: undefined });
  });

  it('drops malformed values instead of failing the page', () => {
    expect(parseLoginSearch({ login: 'yes', redirect: 42 })).toEqual({ login: undefined, redirect: undefined });
    expect(parseLoginSearch({ login: 1.5, redirect: 'x'.repeat(2049) })).toEqual({
      login: undefined,
      redirect: undefined,
    });
  });
});
