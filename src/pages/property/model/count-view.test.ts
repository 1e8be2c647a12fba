import { describe, expect, it, vi } from 'vitest';
import { countViewOnce } from './count-view';

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('countViewOnce', () => {
  it('reports a listing once per tab: a reload or a return to it is not a new view', () => {
    const report = vi.fn(async () => {});
    const storage = memoryStorage();
    expect(countViewOnce(10, report, storage, BROWSER)).toBe(true);
    expect(countViewOnce(10, report, storage, BROWSER)).toBe(false);
    expect(countViewOnce(11, report, storage, BROWSER)).toBe(true);
    expect(report.mock.calls).toEqual([[10], [11]]);
  });

  it('never reports for a crawler', () => {
    const report = vi.fn(async () => {});
    expect(
      countViewOnce(
        10,
        report,
        memoryStorage(),
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      ),
    ).toBe(false);
    expect(report).not.toHaveBeenCalled();
  });

  it('still reports when the tab refuses storage', () => {
    const report = vi.fn(async () => {});
    const refusing = {
      ...memoryStorage(),
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as Storage;
    expect(countViewOnce(10, report, refusing, BROWSER)).toBe(true);
    expect(report).toHaveBeenCalledWith(10);
  });
});
