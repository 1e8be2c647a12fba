import { describe, expect, it } from 'vitest';
import { messageIdOf } from './sender';

describe('messageIdOf', () => {
  it("is the same for every attempt of one outbox row, at the sender's domain", () => {
    const row = { id: 42, createdAt: new Date('2026-11-30T10:00:00Z') };
    const id = messageIdOf(row, 'Rexer <noreply@www.rexer.example>');
    expect(id).toBe(`<outbox-42.${row.createdAt.getTime()}@www.rexer.example>`);
    expect(messageIdOf({ ...row }, 'Rexer <noreply@www.rexer.example>')).toBe(id);
    expect(messageIdOf({ ...row, id: 43 }, 'Rexer <noreply@www.rexer.example>')).not.toBe(id);
    expect(messageIdOf(row, 'noreply@rexer.example')).toBe(`<outbox-42.${row.createdAt.getTime()}@rexer.example>`);
    expect(messageIdOf(row, 'Rexer')).toBe(`<outbox-42.${row.createdAt.getTime()}@rexer.invalid>`);
  });
});
