import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import rules of docs/architecture.md are enforced by ESLint (eslint.config.js); these
// tests lint small files placed where the rule applies, so a weakened rule fails here.

const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const machineImport =
  "import { sessionMachine } from '../../../../machines/session.machine';\nexport const machine = sessionMachine;\n";

describe('import rules', () => {
  it.each([
    'src/entities/session/model/uses-machine.test.ts',
    'src/entities/account/api/uses-machine.ts',
    'src/features/contact-form/uses-machine.ts',
    'src/pages/profile/ui/uses-machine.tsx',
    'src/shared/lib/uses-machine.ts',
    'src/app/uses-machine.ts',
  ])('refuses machines/ imported from %s', async (filePath) => {
    expect(await restrictedImports(filePath, machineImport)).toEqual([expect.stringContaining('Only src/processes')]);
  });

  it('lets the session process import its machine', async () => {
    expect(await restrictedImports('src/processes/session/model/uses-machine.ts', machineImport)).toEqual([]);
  });

  it('lets every layer import the domain types', async () => {
    expect(
      await restrictedImports(
        'src/entities/account/api/domain.ts',
        "import type { Credentials } from '@domain/session';\nexport type C = Credentials;\n",
      ),
    ).toEqual([]);
  });

  it.each([
    'server/modules/search/x.ts',
    'machines/x.machine.ts',
    'src/pages/profile/ui/x.tsx',
    'src/processes/session/model/x.ts',
    'tests/api/x.test.ts',
    'scripts/x.ts',
  ])('refuses the domain by a relative path in %s: one way, @domain/', async (filePath) => {
    expect(
      await restrictedImports(filePath, "import { SEARCH } from '../../domain/search';\nexport const s = SEARCH;\n"),
    ).toEqual([expect.stringContaining('as @domain/')]);
    expect(
      await restrictedImports(filePath, "import { SEARCH } from '@domain/search';\nexport const s = SEARCH;\n"),
    ).toEqual([]);
  });

  it('keeps the server out of src/ and src/ out of machines/', async () => {
    expect(
      await restrictedImports(
        'src/processes/session/model/x.ts',
        "import { x } from '../../../../server/app';\nexport const y = x;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports('machines/x.machine.ts', "import { x } from '@/shared/api';\nexport const y = x;\n"),
    ).toHaveLength(1);
  });
});
