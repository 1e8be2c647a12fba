import { describe, expect, it } from 'vitest';
import { groupByInitial, initialOf } from './group-by-initial';

const m = (Name: string) => ({ Name });

describe('groupByInitial', () => {
  it('groups municipalities alphabetically under their initial letter', () => {
    const groups = groupByInitial([m('Monza'), m('Agrate Brianza'), m('Meda'), m('Arcore'), m('Lissone')]);
    expect(groups.map((g) => g.letter)).toEqual(['A', 'L', 'M']);
    expect(groups[0].items.map((i) => i.Name)).toEqual(['Agrate Brianza', 'Arcore']);
    expect(groups[2].items.map((i) => i.Name)).toEqual(['Meda', 'Monza']);
  });

  it('files accented and apostrophe names under the plain letter', () => {
    expect(initialOf('Èrbusco')).toBe('E');
    expect(initialOf("L'Aquila")).toBe('L');
    const groups = groupByInitial([m('Erba'), m('Èrbusco'), m('Esine')]);
    expect(groups).toHaveLength(1);
    expect(groups[0].items.map((i) => i.Name)).toEqual(['Erba', 'Èrbusco', 'Esine']);
  });

  it('sorts with Italian collation, ignoring case', () => {
    const groups = groupByInitial([m('san Vito'), m('Sala'), m('Sacile')]);
    expect(groups[0].items.map((i) => i.Name)).toEqual(['Sacile', 'Sala', 'san Vito']);
  });

  it('puts names that do not start with a letter last, under #', () => {
    const groups = groupByInitial([m('2 Ponti'), m('Zone')]);
    expect(groups.map((g) => g.letter)).toEqual(['Z', '#']);
  });

  it('returns no groups for an empty list', () => {
    expect(groupByInitial([])).toEqual([]);
  });
});
