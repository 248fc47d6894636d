import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, profileMessages } from '@common/profile';
import { buildApp } from '../app';
import { buildTestApp, openTestDatabase, signUp, testConfig, type TestApp } from '../test/test-app';

// Issue 14's abuse cases, uploads: a picture that is not one, a body far over the limit, and every file served
// with nosniff so a browser never reads one as another type.

describe('uploads', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pipewise-abuse-'));
    t = await buildTestApp({ dataDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
  const boundary = '----pipewise-abuse';
  const head = (filename: string, type: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);

  function upload(cookie: string, bytes: Buffer, filename: string, type: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: Buffer.concat([head(filename, type), bytes, tail]),
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  function expectRefused(res: LightMyRequestResponse, message: string) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: message, fields: { avatar: message } });
  }

  it('refuses HTML, SVG and any bytes that are not the image they claim to be', async () => {
    const ann = await signUp(t.app, 'ann');
    const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
    const refusals = [
      upload(ann.cookie, Buffer.from(html), 'me.png', 'image/png'),
      upload(ann.cookie, Buffer.from(`  \n${html}`), 'me.jpg', 'image/jpeg'),
      upload(ann.cookie, Buffer.from(html), 'me.html', 'text/html'),
      upload(
        ann.cookie,
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
        'a.png',
        'image/png',
      ),
      upload(ann.cookie, Buffer.from('%PDF-1.7\n%âãÏÓ'), 'me.gif', 'image/gif'),
      upload(ann.cookie, Buffer.concat([Buffer.from('GIF8'), png]), 'me.gif', 'image/gif'),
      upload(ann.cookie, png.subarray(0, 7), 'me.png', 'image/png'),
    ];
    for (const res of await Promise.all(refusals)) expectRefused(res, profileMessages.avatarType);
    expect((await ann.get('/api/me')).json().user.avatarUrl).toBeNull();
  });

  it('answers a body far over 5 MB as soon as it passes the limit, while the rest is still being sent', async () => {
    const ann = await signUp(t.app, 'ann');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const total = 60 * 1024 * 1024;
    const chunk = Buffer.alloc(256 * 1024, 0x42);
    const { status, body, sentWhenAnswered } = await new Promise<{
      status: number;
      body: string;
      sentWhenAnswered: number;
    }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = http.request({
        port,
        method: 'POST',
        path: '/api/profile/avatar',
        headers: {
          cookie: ann.cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(total + head('big.png', 'image/png').length + png.length + tail.length),
        },
      });
      req.on('response', (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (data: string) => (text += data));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: text, sentWhenAnswered });
          req.destroy();
        });
      });
      // The server may close the connection on the rest of the body once it has answered.
      req.on('error', (error) => (answered ? undefined : reject(error)));
      const write = () => {
        // Waits for the socket to drain, as a real client does: what is sent is what the server could read.
        while (!answered && sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        if (!answered) req.end(tail);
      };
      req.write(head('big.png', 'image/png'));
      req.write(png);
      write();
    });
    expect(status, body).toBe(413);
    expect(JSON.parse(body)).toEqual({
      error: profileMessages.avatarSize,
      fields: { avatar: profileMessages.avatarSize },
    });
    // The answer came with most of the body unsent: the server cut the file at the limit rather than buffering it.
    expect(sentWhenAnswered).toBeLessThan(total / 2);
    expect(sentWhenAnswered).toBeGreaterThan(AVATAR_MAX_BYTES);
    expect((await ann.get('/api/me')).json().user.avatarUrl).toBeNull();
  });
});

describe('X-Content-Type-Options: nosniff', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'pipewise-abuse-web-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pipewise-abuse-data-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Pipewise</title><div id="root"></div>');
    writeFileSync(path.join(webDir, 'assets', 'app-1.js'), 'console.log(1)');
    writeFileSync(path.join(webDir, 'assets', 'app-1.css'), 'body{}');
    writeFileSync(path.join(webDir, 'form-widget.js'), 'console.log(2)');
    writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const database = await openTestDatabase();
    app = await buildApp({ config: { ...testConfig, dataDir }, database, webDir, logger: false });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
      rmSync(webDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close?.());

  it('is on the web app’s files, the API’s answers and errors, and the served pictures', async () => {
    const ann = await signUp(app, 'ann');
    const picture = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: Buffer.concat([
        Buffer.from('--b\r\nContent-Disposition: form-data; name="avatar"; filename="a.jpg"\r\n\r\n'),
        picture,
        Buffer.from('\r\n--b--\r\n'),
      ]),
      headers: { cookie: ann.cookie, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const avatarUrl: string = uploaded.json().avatarUrl;

    const answers = [
      ...['/', '/contacts', '/assets/app-1.js', '/assets/app-1.css', '/form-widget.js', '/favicon.svg'].map((url) =>
        app.inject({ url }),
      ),
      app.inject({ url: avatarUrl }),
      app.inject({ url: avatarUrl.split('?')[0]! }),
      app.inject({ url: `/api/avatars/${crypto.randomUUID()}` }),
      ann.get('/api/me'),
      ann.get('/api/contacts'),
      ann.get('/api/contacts/export'),
      app.inject({ url: '/api/me' }),
      ann.post('/api/contacts', { name: '' }),
      app.inject({ method: 'POST', url: '/api/contacts', payload: 'x', headers: { 'content-type': 'text/plain' } }),
    ];
    for (const res of await Promise.all(answers)) {
      const label = `${res.raw.req.method} ${res.raw.req.url} → ${res.statusCode}`;
      expect(res.statusCode, label).toBeLessThan(500);
      expect(res.headers['x-content-type-options'], label).toBe('nosniff');
    }
    const served = await app.inject({ url: avatarUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload).toEqual(picture);
  });
});
