import { describe, expect, it } from 'vitest';
import { isValidAnswer } from '@domain/wizard-steps';
import { pinAfterKey, metresPerPixel } from '../lib/pin-map';
import {
  bearingFrom,
  distanceM,
  locationProblems,
  movedBy,
  placedPin,
  toPickedLocation,
  type LocationDraft,
} from './location';

const BOLOGNA = { istat: '037006', name: 'Bologna', province: 'BO', center: { latitude: 44.4938, longitude: 11.3387 } };
const COMPLETE: LocationDraft = {
  municipality: BOLOGNA,
  street: '  Via dell’Indipendenza ',
  streetNumber: ' 12/A ',
  pin: { latitude: 44.4981234567, longitude: 11.3421765432 },
};

describe('locationProblems', () => {
  it('names every missing part, in the order of the form; the pin only once there is a town to place it in', () => {
    expect(locationProblems({ municipality: null, street: ' ', streetNumber: '', pin: null })).toEqual([
      { field: 'municipality', kind: 'missing' },
      { field: 'street', kind: 'missing' },
      { field: 'streetNumber', kind: 'missing' },
    ]);
    expect(locationProblems({ ...COMPLETE, municipality: { ...BOLOGNA, center: null }, pin: null })).toEqual([
      { field: 'pin', kind: 'missing' },
    ]);
  });

  it('refuses a street number without a digit, but takes «snc» and «S.N.C.»', () => {
    expect(locationProblems({ ...COMPLETE, streetNumber: 'bis' })).toEqual([
      { field: 'streetNumber', kind: 'noDigit' },
    ]);
    expect(locationProblems({ ...COMPLETE, streetNumber: 'snc' })).toEqual([]);
    expect(locationProblems({ ...COMPLETE, streetNumber: 'S.N.C.' })).toEqual([]);
  });

  it('refuses texts past the answer’s limits', () => {
    expect(locationProblems({ ...COMPLETE, street: 'x'.repeat(201) })).toEqual([{ field: 'street', kind: 'tooLong' }]);
    expect(locationProblems({ ...COMPLETE, streetNumber: '1'.repeat(21) })).toEqual([
      { field: 'streetNumber', kind: 'tooLong' },
    ]);
  });

  it('refuses a pin more than 40 km from the town’s centre, as the server does, and one outside Italy', () => {
    const near = movedBy(BOLOGNA.center, 0, 39_900);
    const far = movedBy(BOLOGNA.center, 0, 40_100);
    expect(locationProblems({ ...COMPLETE, pin: near })).toEqual([]);
    expect(locationProblems({ ...COMPLETE, pin: far })).toEqual([{ field: 'pin', kind: 'tooFar' }]);
    expect(
      locationProblems({
        ...COMPLETE,
        municipality: { ...BOLOGNA, center: null },
        pin: { latitude: 51.5, longitude: -0.12 },
      }),
    ).toEqual([{ field: 'pin', kind: 'outsideItaly' }]);
  });
});

describe('toPickedLocation', () => {
  it('answers the trimmed address, the town and the pin rounded to six decimals', () => {
    expect(toPickedLocation(COMPLETE)).toEqual({
      municipalityIstat: '037006',
      municipalityName: 'Bologna',
      street: 'Via dell’Indipendenza',
      streetNumber: '12/A',
      latitude: 44.498123,
      longitude: 11.342177,
    });
  });

  it('answers what the wizard’s step 2 accepts, and nothing for a draft it would refuse', () => {
    const { municipalityName: _name, ...picked } = toPickedLocation(COMPLETE)!;
    expect(isValidAnswer('locality', { ...picked, showAddress: false }, {})).toBe(true);
    for (const draft of [
      { ...COMPLETE, street: '' },
      { ...COMPLETE, streetNumber: '' },
      { ...COMPLETE, municipality: null },
      { ...COMPLETE, pin: null },
    ]) {
      expect(toPickedLocation(draft)).toBeNull();
    }
  });
});

describe('the pin’s position in words and by keyboard', () => {
  it('tells the distance and the compass direction from the centre', () => {
    const point = movedBy(movedBy(BOLOGNA.center, 0, 300), 300, 0);
    const where = bearingFrom(BOLOGNA.center, point);
    expect(where.direction).toBe('northEast');
    expect(where.distanceM).toBeGreaterThan(420);
    expect(where.distanceM).toBeLessThan(430);
    expect(bearingFrom(BOLOGNA.center, movedBy(BOLOGNA.center, 0, -500)).direction).toBe('south');
    expect(bearingFrom(BOLOGNA.center, movedBy(BOLOGNA.center, -500, 0)).direction).toBe('west');
  });

  it('moves the pin 10 screen pixels an arrow key, 50 with Shift, and ignores other keys', () => {
    const step = 10 * metresPerPixel(15, BOLOGNA.center.latitude);
    const up = pinAfterKey(BOLOGNA.center, 'ArrowUp', 15)!;
    expect(distanceM(BOLOGNA.center, up)).toBeCloseTo(step, 0);
    expect(up.latitude).toBeGreaterThan(BOLOGNA.center.latitude);
    const right = pinAfterKey(BOLOGNA.center, 'ArrowRight', 15, true)!;
    expect(distanceM(BOLOGNA.center, right)).toBeCloseTo(5 * step, 0);
    expect(right.longitude).toBeGreaterThan(BOLOGNA.center.longitude);
    expect(pinAfterKey(BOLOGNA.center, 'ArrowDown', 15)!.latitude).toBeLessThan(BOLOGNA.center.latitude);
    expect(pinAfterKey(BOLOGNA.center, 'ArrowLeft', 15)!.longitude).toBeLessThan(BOLOGNA.center.longitude);
    expect(pinAfterKey(BOLOGNA.center, 'a', 15)).toBeNull();
  });
});

describe('placedPin', () => {
  const typed: LocationDraft = { municipality: BOLOGNA, street: 'Via Rizzoli', streetNumber: '3', pin: null };
  const rizzoli = { latitude: 44.494, longitude: 11.346 };

  it('puts the pin at the town’s centre as soon as the town is chosen, so the step can go on without the map', () => {
    const placed = placedPin(typed, null);
    expect(placed).toMatchObject({ pin: BOLOGNA.center, pinFrom: 'town' });
    expect(locationProblems(placed)).toEqual([]);
    expect(toPickedLocation(placed)).toMatchObject({ latitude: 44.4938, longitude: 11.3387 });
  });

  it('moves it to the street’s known position, and back to the centre when the street is unknown', () => {
    const onStreet = placedPin(placedPin(typed, null), rizzoli);
    expect(onStreet).toMatchObject({ pin: rizzoli, pinFrom: 'street' });
    expect(placedPin(onStreet, rizzoli)).toBe(onStreet);
    expect(placedPin({ ...onStreet, street: 'Via Nuova' }, null)).toMatchObject({
      pin: BOLOGNA.center,
      pinFrom: 'town',
    });
  });

  it('never moves a pin the seller placed, nor places one without a town or a centre', () => {
    const moved: LocationDraft = { ...typed, pin: { latitude: 44.5, longitude: 11.35 }, pinFrom: 'seller' };
    expect(placedPin(moved, rizzoli)).toBe(moved);
    expect(placedPin({ ...typed, municipality: null }, rizzoli).pin).toBeNull();
    expect(placedPin({ ...typed, municipality: { ...BOLOGNA, center: null } }, null).pin).toBeNull();
  });
});
