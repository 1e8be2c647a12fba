import { describe, expect, it } from 'vitest';
import { chosenOrder } from './upload-queue';

const items = (...ids: number[]) => ids.map((Id) => ({ Id }));

describe('chosenOrder', () => {
  it('puts the files of one choice back in the order chosen, in the places the server gave them', () => {
    // 1 was there; 3 (chosen second) was stored before 2 (chosen first); 9 is a document.
    expect(
      chosenOrder(
        items(1, 3, 2, 9),
        new Map([
          [2, 10],
          [3, 11],
        ]),
      ),
    ).toEqual([1, 2, 3, 9]);
    // Interleaved with what else the listing holds, which keeps its place.
    expect(
      chosenOrder(
        items(5, 1, 4, 9),
        new Map([
          [5, 3],
          [4, 1],
        ]),
      ),
    ).toEqual([4, 1, 5, 9]);
  });

  it('answers null when they already stand in the order chosen', () => {
    expect(
      chosenOrder(
        items(1, 2, 3),
        new Map([
          [2, 1],
          [3, 2],
        ]),
      ),
    ).toBeNull();
    expect(chosenOrder(items(1), new Map([[1, 1]]))).toBeNull();
    // A stored file deleted meanwhile is simply left out.
    expect(
      chosenOrder(
        items(1, 3),
        new Map([
          [2, 1],
          [3, 2],
        ]),
      ),
    ).toBeNull();
  });
});
