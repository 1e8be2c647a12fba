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

  it('are refused outside a test run and when a name is unknown', () => {
    expect(failpointsError({ REXER_FAILPOINTS: FAILPOINTS.mailBeforeSend, NODE_ENV: 'production' })).toMatch(
      /allowed only when NODE_ENV=test/,
    );
    // Any NODE_ENV but test refuses them: a misspelt production, a staging, none at all.
    for (const nodeEnv of ['Production', 'prod', ' production', 'staging', 'development', undefined])
      expect(failpointsError({ REXER_FAILPOINTS: FAILPOINTS.mailBeforeSend, NODE_ENV: nodeEnv }), nodeEnv).toMatch(
        /allowed only when NODE_ENV=test/,
      );
    expect(() => armFailpoints({ REXER_FAILPOINTS: FAILPOINTS.mailBeforeSend, NODE_ENV: 'production' })).toThrow();
    expect(failpointsError({ REXER_FAILPOINTS: `${FAILPOINTS.mailBeforeSend},mail.typo`, NODE_ENV: 'test' })).toMatch(
      /unknown failpoints: mail\.typo/,
    );
  });
});
