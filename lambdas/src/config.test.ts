import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const complete = {
  STAGE: 'local',
  TABLE_NAME: 'solutionz-local',
  AWS_REGION: 'eu-west-2',
  USER_POOL_ID: 'local_pool',
  USER_POOL_CLIENT_ID: 'client-id',
  ORIGIN_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:solutionz-local-origin-AbCdEf',
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
      originSecret: { secretArn: complete.ORIGIN_SECRET_ARN },
    });
  });

  it('takes the origin secret by value where there is no Secrets Manager (local runs), and refuses to start without either', () => {
    const { ORIGIN_SECRET_ARN: _arn, ...local } = complete;
    expect(loadConfig({ ...local, ORIGIN_SECRET: 'local-secret' }).originSecret).toEqual({ value: 'local-secret' });
    expect(() => loadConfig(local)).toThrow(/ORIGIN_SECRET_ARN is not set/);
  });

  it('names every missing variable in one error', () => {
    const { TABLE_NAME: _t, USER_POOL_ID: _p, ...partial } = complete;
    expect(() => loadConfig({ ...partial, STAGE: ' ' })).toThrow(ConfigError);
    try {
      loadConfig({ ...partial, STAGE: ' ' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual(['STAGE is not set', 'TABLE_NAME is not set', 'USER_POOL_ID is not set']);
      expect(() => loadConfig({ ...partial, ORIGIN_SECRET_ARN: '' })).toThrow(/TABLE_NAME is not set; USER_POOL_ID is not set; ORIGIN_SECRET_ARN is not set/);
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
