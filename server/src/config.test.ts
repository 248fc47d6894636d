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

describe.skipIf(process.env.TEST_DB === 'postgres')('the AI providers’ settings', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pipewise-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const configOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'k', ...env }, false);

  it('points a spec provider at another base URL, its trailing slash left out', () => {
    expect(configOf({}).aiBaseUrls).toEqual({ openai: undefined, anthropic: undefined, google: undefined });
    expect(
      configOf({
        OPENAI_BASE_URL: 'https://proxy.example/openai/v1/',
        ANTHROPIC_BASE_URL: ' http://127.0.0.1:8080/v1 ',
        GOOGLE_AI_BASE_URL: 'https://proxy.example/google/v1beta',
      }).aiBaseUrls,
    ).toEqual({
      openai: 'https://proxy.example/openai/v1',
      anthropic: 'http://127.0.0.1:8080/v1',
      google: 'https://proxy.example/google/v1beta',
    });
  });

  it('refuses a base URL that is not http(s), naming the setting', () => {
    for (const value of ['proxy.example/v1', 'ftp://proxy.example/v1', 'file:///etc'])
      expect(() => configOf({ OPENAI_BASE_URL: value }), value).toThrow(/OPENAI_BASE_URL must be an http/);
    expect(() => configOf({ GOOGLE_AI_BASE_URL: 'nope' })).toThrow(ConfigError);
  });

  it('takes the timeouts in milliseconds, and the defaults for anything but a positive number', () => {
    expect(configOf({ AI_TIMEOUT_MS: '30000', AI_IDLE_TIMEOUT_MS: '5000' })).toMatchObject({
      aiTimeoutMs: 30000,
      aiIdleTimeoutMs: 5000,
    });
    for (const value of ['', '0', '-5', 'soon'])
      expect(configOf({ AI_TIMEOUT_MS: value }).aiTimeoutMs, value).toBeUndefined();
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('the product’s own mail', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pipewise-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const configOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'k', ...env }, false);

  it('is off without SMTP_URL, and sends from no-reply at the public host by default', () => {
    const config = configOf({ PUBLIC_URL: 'https://crm.example.com' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Pipewise <no-reply@crm.example.com>');
    expect(configOf({ MAIL_FROM: ' Sales <sales@example.com> ' }).mailFrom).toBe('Sales <sales@example.com>');
  });

  it('takes an smtp:// or smtps:// URL, and refuses anything else naming the setting', () => {
    expect(configOf({ SMTP_URL: 'smtps://user:p%40ss@mail.example.com' }).smtpUrl?.hostname).toBe('mail.example.com');
    for (const value of ['mail.example.com', 'https://mail.example.com', 'smtp://'])
      expect(() => configOf({ SMTP_URL: value }), value).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
  });
});
