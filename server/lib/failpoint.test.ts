import { describe, expect, it } from 'vitest';
import { armFailpoints, failpoint, failpointsError, FAILPOINTS } from './failpoint';

describe('failpoints', () => {
  it('are off without REXER_FAILPOINTS, and a point not armed does nothing', () => {
    expect(failpointsError({})).toBeNull();
    expect(failpointsError({ REXER_FAILPOINTS: ' , ', NODE_ENV: 'production' })).toBeNull();
    armFailpoints({ REXER_FAILPOINTS: FAILPOINTS.mailBeforeSend, NODE_ENV: 'test' });
    // Not the armed one: the process goes on.
    failpoint(FAILPOINTS.wizardSaveBeforeCommit);
    armFailpoints({});
    failpoint(FAILPOINTS.mailBeforeSend);
  });

  it('are refused in production and when a name is unknown', () => {
    expect(failpointsError({ REXER_FAILPOINTS: FAILPOINTS.mailBeforeSend, NODE_ENV: 'production' })).toMatch(
      /refused when NODE_ENV=production/,
    );
    expect(() => armFailpoints({ REXER_FAILPOINTS: FAILPOINTS.mailBeforeSend, NODE_ENV: 'production' })).toThrow();
    expect(failpointsError({ REXER_FAILPOINTS: `${FAILPOINTS.mailBeforeSend},mail.typo`, NODE_ENV: 'test' })).toMatch(
      /unknown failpoints: mail\.typo/,
    );
  });
});
