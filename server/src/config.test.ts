import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe.skipIf(process.env.TEST_DB === 'postgres')('TRUST_PROXY', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pipewise-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const trustProxyOf = (value: string | undefined) =>
    loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'k', TRUST_PROXY: value }, false).trustProxy;

  it('trusts no proxy by default', () => {
    for (const value of [undefined, '', 'false', '0']) expect(trustProxyOf(value)).toBe(false);
  });

  it('takes a number of proxies in front', () => {
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf(' 2 ')).toBe(2);
  });

  it('takes a comma-separated list of proxy addresses and CIDR ranges', () => {
    expect(trustProxyOf('10.0.0.5, 10.1.0.0/16,fd00::/8, ::1,loopback')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses true, which would trust the address a client writes, naming the two forms', () => {
    expect(() => trustProxyOf('true')).toThrow(ConfigError);
    expect(() => trustProxyOf('true')).toThrow(/number of proxies.*TRUST_PROXY=1.*comma-separated list/);
  });

  it('refuses what is neither a number nor addresses, naming the entry', () => {
    for (const value of ['yes', '10.0.0.300', '10.0.0.0/33', 'nginx.local', '10.0.0.1,,10.0.0.2', '-1'])
      expect(() => trustProxyOf(value), value).toThrow(ConfigError);
    expect(() => trustProxyOf('10.0.0.1, proxy')).toThrow(/"proxy"/);
  });
});
