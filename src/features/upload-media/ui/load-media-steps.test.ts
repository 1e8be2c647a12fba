import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const source = (relative: string) => readFileSync(fileURLToPath(new URL(relative, import.meta.url)), 'utf8');

describe('the uploader loads on demand', () => {
  it('is reached from the slice only through dynamic imports of the two steps', () => {
    const index = source('../index.ts');
    expect(index).not.toMatch(
      /^export \{[^}]*\} from '\.\/ui\/(photos-step|documents-step|media-uploader|media-list)'/m,
    );
    const loaders = source('./load-media-steps.ts');
    expect(loaders).toMatch(/import\('\.\/photos-step'\)/);
    expect(loaders).toMatch(/import\('\.\/documents-step'\)/);
    expect(loaders).not.toMatch(/^import /m);
  });
});
