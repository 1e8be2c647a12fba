import { describe, expect, it } from 'vitest';
import lists from './seed/data/reference-lists.json';
import { roomPlural } from './room-plural';

describe('roomPlural', () => {
  it('has an Italian plural for every room type of the reference lists', () => {
    const missing = lists.roomTypes
      .filter((room) => roomPlural(room.code, '\u0000') === '\u0000')
      .map((room) => room.code);
    expect(missing).toEqual([]);
  });

  it('answers the plural of a room type, and the singular for an unknown one', () => {
    expect(roomPlural('balcony', 'Balcone')).toBe('balconi');
    expect(roomPlural('double_bedroom', 'Camera matrimoniale')).toBe('camere matrimoniali');
    expect(roomPlural('box', 'Box')).toBe('box');
    expect(roomPlural('no_such_room', 'Stanza')).toBe('stanza');
  });
});
