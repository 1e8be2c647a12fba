import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api';
import profile from '../../../../locales/it/profile.json';
import { saveErrorKey } from './use-profile-save';

const translated = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], profile);

describe('saveErrorKey', () => {
  it.each([
    [507, 'StorageFull', 'avatar.errors.avatarStorage'],
    [503, 'ImageWorkBusy', 'avatar.errors.avatarBusy'],
    [415, 'InvalidFileType', 'avatar.errors.avatarType'],
  ])('says a %i %s in its own words', (status, type, key) => {
    const error = new ApiError('upload', status, { ExceptionType: 0, ExceptionTypeString: type });
    expect(saveErrorKey(error)).toBe(key);
    expect(typeof translated(key)).toBe('string');
  });

  it('falls back on the server or the network', () => {
    expect(saveErrorKey(new ApiError('x', 500, { ExceptionType: 9, ExceptionTypeString: 'InternalError' }))).toBe(
      'save.errors.server',
    );
    expect(saveErrorKey(new TypeError('Failed to fetch'))).toBe('save.errors.network');
  });
});
