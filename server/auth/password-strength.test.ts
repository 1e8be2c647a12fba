import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBreached, isEasilyGuessed, passwordRefusal, userWords } from './password-strength';

const MARIO = userWords(['mario.rossi@example.com', 'Mario', 'Rossi']);

describe('password strength', () => {
  it('refuses passwords that follow the rule but are common or easily guessed', () => {
    for (const password of ['Password1!', 'QWERTY123!', 'Qwerty123!', 'Casa#2026', 'Roma2024!', 'Ancora#2026']) {
      expect(isEasilyGuessed(password, []), password).toBe(true);
    }
  });

  it('refuses the user’s own details with a few characters around them', () => {
    expect(isEasilyGuessed('Mario.Rossi1!', MARIO)).toBe(true);
    expect(isEasilyGuessed('Rossi#Mario99', MARIO)).toBe(true);
    // Somebody else's name is just a word among others.
    expect(isEasilyGuessed('Mario.Rossi1!', userWords(['anna@example.com', 'Anna', 'Bianchi']))).toBe(false);
  });

  it('accepts passwords that are long and personal', () => {
    for (const password of ['Tetto.Rosso#Vicolo88', 'Cortile.Glicine#1974', 'Nuova#Casa2026']) {
      expect(isEasilyGuessed(password, MARIO), password).toBe(false);
    }
  });

  it('reads the user’s words from e-mail and names', () => {
    expect(userWords(['Mario.Rossi@Example.com', 'Mario', null, undefined, ' '])).toEqual(
      ['mario.rossi@example.com', 'mario', 'rossi', 'example', 'com'].filter((w) => w.length >= 3),
    );
  });
});

describe('breached passwords through a range service (k-anonymity)', () => {
  const breached = 'Tetto.Rosso#Vicolo88';
  const sha1 = createHash('sha1').update(breached).digest('hex').toUpperCase();
  const asked: string[] = [];
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url?.startsWith('/down/')) {
        res.writeHead(503).end();
        return;
      }
      const prefix = /\/range\/([0-9A-F]{5})$/.exec(req.url ?? '')?.[1];
      // A padded answer: the real suffix among others, and zero-count padding lines.
      const lines = ['0018A45C4D1DEF81644B54AB7F969B88D65:3', `${'F'.repeat(35)}:0`];
      if (prefix === sha1.slice(0, 5)) lines.push(`${sha1.slice(5)}:12`);
      res.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends only the first five hex digits of the SHA-1 and finds the suffix in the answer', async () => {
    expect(await isBreached(breached, url)).toBe(true);
    expect(asked.at(-1)).toBe(`/range/${sha1.slice(0, 5)}`);
    expect(asked.join()).not.toContain(sha1.slice(5));
    expect(await isBreached('Cortile.Glicine#1974', url)).toBe(false);
  });

  it('refuses a breached password, and accepts one when the service is down or unreachable', async () => {
    expect(await passwordRefusal(breached, { userInputs: [], pwnedPasswordsUrl: url })).toBe('PasswordBreached');
    let downs = 0;
    const onServiceDown = () => downs++;
    expect(
      await passwordRefusal(breached, { userInputs: [], pwnedPasswordsUrl: `${url}/down`, onServiceDown }),
    ).toBeUndefined();
    expect(
      await passwordRefusal(breached, { userInputs: [], pwnedPasswordsUrl: 'http://127.0.0.1:9', onServiceDown }),
    ).toBeUndefined();
    expect(downs).toBe(2);
    // Off unless configured.
    expect(await passwordRefusal(breached, { userInputs: [], pwnedPasswordsUrl: undefined })).toBeUndefined();
  });

  it('answers the spec’s rule first, then the guessability', async () => {
    expect(await passwordRefusal('corta', { userInputs: [], pwnedPasswordsUrl: url })).toBe('InvalidPassword');
    expect(await passwordRefusal('Password1!', { userInputs: [], pwnedPasswordsUrl: url })).toBe('PasswordTooWeak');
  });
});
