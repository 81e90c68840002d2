import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const complete = {
  STAGE: 'local',
  TABLE_NAME: 'solutionz-local',
  AWS_REGION: 'eu-west-2',
  USER_POOL_ID: 'local_pool',
  USER_POOL_CLIENT_ID: 'client-id',
};

describe('loadConfig', () => {
  it('reads a complete environment', () => {
    expect(loadConfig({ ...complete, LOG_LEVEL: 'DEBUG' })).toEqual({
      stage: 'local',
      isProduction: false,
      tableName: 'solutionz-local',
      region: 'eu-west-2',
      userPoolId: 'local_pool',
      userPoolClientId: 'client-id',
      logLevel: 'DEBUG',
      serviceName: undefined,
    });
  });

  it('names every missing variable in one error', () => {
    const { TABLE_NAME: _t, USER_POOL_ID: _p, ...partial } = complete;
    expect(() => loadConfig({ ...partial, STAGE: ' ' })).toThrow(ConfigError);
    try {
      loadConfig({ ...partial, STAGE: ' ' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual(['STAGE is not set', 'TABLE_NAME is not set', 'USER_POOL_ID is not set']);
      expect((error as Error).message).toContain('TABLE_NAME is not set');
    }
  });

  it('rejects an unknown log level by name', () => {
    expect(() => loadConfig({ ...complete, LOG_LEVEL: 'LOUD' })).toThrow(/LOG_LEVEL/);
  });

  it.each(['prod', 'production', 'Prod'])('treats stage %s as production', (stage) => {
    expect(loadConfig({ ...complete, STAGE: stage }).isProduction).toBe(true);
  });
});
