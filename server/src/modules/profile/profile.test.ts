import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, profileMessages } from '@common/profile';
import { users } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pipewise-profile-'));
  t = await buildTestApp({ dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const profileRow = async (userId: string) => (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!;

// The smallest byte runs each kind is recognised by, with a tail so two uploads differ.
const images = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0])]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
} as const;
const contentTypes = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;

interface Part {
  name: string;
  filename?: string;
  type?: string;
  bytes: Buffer | string;
}

function multipart(parts: Part[]) {
  const boundary = `----pipewise${Math.random().toString(36).slice(2)}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename === undefined ? '' : `; filename="${part.filename}"`) +
        `\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
    ),
    Buffer.isBuffer(part.bytes) ? part.bytes : Buffer.from(part.bytes),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function upload(user: UserClient, parts: Part[]) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/avatar',
    payload,
    headers: { cookie: user.cookie, 'content-type': contentType },
  });
}

const uploadImage = (user: UserClient, bytes: Buffer, filename = 'me.png', type = 'image/png') =>
  upload(user, [{ name: 'avatar', filename, type, bytes }]);

const folderOf = (userId: string) => path.join(dataDir, 'avatars', userId);
const fileOf = (userId: string, ext: string) => path.join(folderOf(userId), `${userId}-avatar.${ext}`);

function expectRefused(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode, res.body).toBe(message === profileMessages.avatarSize ? 413 : 400);
  expect(res.json()).toEqual({ error: message, fields: { avatar: message } });
}

describe('Full Name', () => {
  it('saves the trimmed name, and GET /api/me shows it at once', async () => {
    const ann = await signUp(t.app, 'ann');
    expect((await ann.get('/api/me')).json().user.name).toBe('ann'); // now remembered with the session
    const res = await ann.patch('/api/profile', { name: '  Ann Smith  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: ann.id, email: ann.email, name: 'Ann Smith', avatarUrl: null });
    expect((await profileRow(ann.id)).name).toBe('Ann Smith');
    expect((await ann.get('/api/me')).json().user.name).toBe('Ann Smith');
  });

  it('refuses a blank, missing or too long name with the field message and keeps the old one', async () => {
    const ann = await signUp(t.app, 'ann');
    for (const [body, message] of [
      [{ name: '' }, profileMessages.nameRequired],
      [{ name: '   ' }, profileMessages.nameRequired],
      [{}, profileMessages.nameRequired],
      [{ name: 42 }, profileMessages.nameRequired],
      [{ name: 'x'.repeat(101) }, 'Full Name is too long'],
    ] as const) {
      const res = await ann.patch('/api/profile', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: message, fields: { name: message } });
    }
    expect((await profileRow(ann.id)).name).toBe('ann');
  });

  it('changes only the signed-in user, and needs a session', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    await bob.patch('/api/profile', { name: 'Bobby' });
    expect((await profileRow(ann.id)).name).toBe('ann');
    const anonymous = await t.app.inject({ method: 'PATCH', url: '/api/profile', payload: { name: 'Mallory' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/avatar' })).statusCode).toBe(401);
    const { payload, contentType } = multipart([{ name: 'avatar', filename: 'a.png', bytes: images.png }]);
    const anonymousUpload = await t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(anonymousUpload.statusCode).toBe(401);
  });
});

describe('avatar upload', () => {
  it.each(Object.keys(images) as Array<keyof typeof images>)(
    'stores a %s at {userId}/{userId}-avatar.{ext} and serves it at the avatar URL',
    async (ext) => {
      const ann = await signUp(t.app, 'ann');
      await ann.get('/api/me');
      // The declared name and type say nothing: the bytes decide.
      const res = await uploadImage(ann, images[ext], 'picture.bin', 'application/octet-stream');
      expect(res.statusCode, res.body).toBe(200);
      const user = res.json();
      expect(user).toEqual({ id: ann.id, email: ann.email, name: 'ann', avatarUrl: expect.any(String) });
      expect(user.avatarUrl).toMatch(new RegExp(`^/api/avatars/${ann.id}\\?v=[a-z0-9]+$`));
      expect((await profileRow(ann.id)).avatarUrl).toBe(user.avatarUrl);
      expect((await ann.get('/api/me')).json().user.avatarUrl).toBe(user.avatarUrl);
      expect(readFileSync(fileOf(ann.id, ext))).toEqual(images[ext]);
      expect(readdirSync(folderOf(ann.id))).toEqual([`${ann.id}-avatar.${ext}`]);

      const served = await t.app.inject({ method: 'GET', url: user.avatarUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(contentTypes[ext]);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload).toEqual(images[ext]);
    },
  );

  it('overwrites the picture: a new version, and the file of the old extension gone', async () => {
    const ann = await signUp(t.app, 'ann');
    const first = (await uploadImage(ann, images.png)).json().avatarUrl;
    const second = await uploadImage(ann, images.jpg, 'me.jpg', 'image/jpeg');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().avatarUrl).not.toBe(first);
    expect(existsSync(fileOf(ann.id, 'png'))).toBe(false);
    expect(readdirSync(folderOf(ann.id))).toEqual([`${ann.id}-avatar.jpg`]);
    const third = await uploadImage(ann, Buffer.concat([images.jpg, Buffer.from('v3')]), 'me.jpg', 'image/jpeg');
    expect(third.json().avatarUrl).not.toBe(second.json().avatarUrl);
    expect(readFileSync(fileOf(ann.id, 'jpg')).toString()).toContain('v3');
  });

  it('refuses what is not a PNG, JPEG, GIF or WebP image, or is over 5 MB, and keeps the old picture', async () => {
    const ann = await signUp(t.app, 'ann');
    const before = (await uploadImage(ann, images.gif, 'me.gif', 'image/gif')).json().avatarUrl;
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const overLimit = Buffer.concat([images.png, Buffer.alloc(AVATAR_MAX_BYTES)]);

    expectRefused(
      await uploadImage(ann, Buffer.from('just some text'), 'photo.png', 'image/png'),
      profileMessages.avatarType,
    );
    expectRefused(await uploadImage(ann, Buffer.from(svg), 'logo.svg', 'image/svg+xml'), profileMessages.avatarType);
    expectRefused(await uploadImage(ann, Buffer.from(svg), 'logo.png', 'image/png'), profileMessages.avatarType);
    expectRefused(await uploadImage(ann, Buffer.alloc(0), 'empty.png', 'image/png'), profileMessages.avatarType);
    expectRefused(await uploadImage(ann, Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ')), profileMessages.avatarType);
    expectRefused(await uploadImage(ann, overLimit), profileMessages.avatarSize);
    expectRefused(await uploadImage(ann, Buffer.alloc(6 * 1024 * 1024, 0xff)), profileMessages.avatarSize);
    expectRefused(await uploadImage(ann, Buffer.alloc(20 * 1024 * 1024, 0x89)), profileMessages.avatarSize);

    expect((await profileRow(ann.id)).avatarUrl).toBe(before);
    expect(readFileSync(fileOf(ann.id, 'gif'))).toEqual(images.gif);
    expect(readdirSync(folderOf(ann.id))).toEqual([`${ann.id}-avatar.gif`]);
  });

  it('takes a picture of exactly 5 MB', async () => {
    const ann = await signUp(t.app, 'ann');
    const exactly = Buffer.concat([images.png, Buffer.alloc(AVATAR_MAX_BYTES - images.png.length)]);
    expect((await uploadImage(ann, exactly)).statusCode).toBe(200);
    expect(readFileSync(fileOf(ann.id, 'png')).length).toBe(AVATAR_MAX_BYTES);
  });

  it('refuses a body without the one file field `avatar`', async () => {
    const ann = await signUp(t.app, 'ann');
    const refusals = [
      await upload(ann, [{ name: 'picture', filename: 'me.png', type: 'image/png', bytes: images.png }]),
      await upload(ann, [{ name: 'avatar', bytes: 'not a file' }]),
      await upload(ann, []),
      await upload(ann, [
        { name: 'avatar', filename: 'a.png', type: 'image/png', bytes: images.png },
        { name: 'avatar', filename: 'b.png', type: 'image/png', bytes: images.png },
      ]),
      await ann.post('/api/profile/avatar', { avatar: images.png.toString('base64') }),
      await t.app.inject({
        method: 'POST',
        url: '/api/profile/avatar',
        payload: 'garbage',
        headers: { cookie: ann.cookie, 'content-type': 'multipart/form-data; boundary=x' },
      }),
    ];
    for (const res of refusals) expectRefused(res, profileMessages.avatarType);
    expect((await profileRow(ann.id)).avatarUrl).toBeNull();
    expect(existsSync(folderOf(ann.id))).toBe(false);
  });

  it('takes multipart only on the upload path', async () => {
    const ann = await signUp(t.app, 'ann');
    const { payload, contentType } = multipart([{ name: 'name', bytes: 'Mallory' }]);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload,
      headers: { cookie: ann.cookie, 'content-type': contentType },
    });
    expect(res.statusCode).toBe(415);
    expect((await profileRow(ann.id)).name).toBe('ann');
  });

  it('removes the picture: avatar_url null, the file gone, and its address a 404', async () => {
    const ann = await signUp(t.app, 'ann');
    const url = (await uploadImage(ann, images.webp, 'me.webp', 'image/webp')).json().avatarUrl;
    await ann.get('/api/me');
    const res = await ann.delete('/api/profile/avatar');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().avatarUrl).toBeNull();
    expect((await profileRow(ann.id)).avatarUrl).toBeNull();
    expect((await ann.get('/api/me')).json().user.avatarUrl).toBeNull();
    expect(existsSync(fileOf(ann.id, 'webp'))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // Removing it again is harmless.
    expect((await ann.delete('/api/profile/avatar')).statusCode).toBe(200);
  });
});

describe('GET /api/avatars/:userId', () => {
  it('is cached for good at the upload’s own address, and revalidated at any other', async () => {
    const ann = await signUp(t.app, 'ann');
    const url: string = (await uploadImage(ann, images.png)).json().avatarUrl;
    const version = new URL(url, 'http://x').searchParams.get('v');

    // No session: the public booking page shows it.
    const exact = await t.app.inject({ method: 'GET', url });
    expect(exact.statusCode).toBe(200);
    expect(exact.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(exact.headers['content-type']).toBe('image/png');

    for (const other of [`/api/avatars/${ann.id}`, `/api/avatars/${ann.id}?v=old`]) {
      const res = await t.app.inject({ method: 'GET', url: other });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBe(`"${version}"`);
      expect(res.rawPayload).toEqual(images.png);
      const again = await t.app.inject({ method: 'GET', url: other, headers: { 'if-none-match': `"${version}"` } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }

    // A new upload: the old address now revalidates and gets the new picture.
    await uploadImage(ann, images.jpg, 'me.jpg', 'image/jpeg');
    const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"${version}"` } });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect(stale.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 404 for a user without a picture, an unknown user, or a malformed id', async () => {
    const ann = await signUp(t.app, 'ann');
    for (const url of [
      `/api/avatars/${ann.id}`,
      '/api/avatars/00000000-0000-0000-0000-000000000000',
      '/api/avatars/not-a-uuid',
      '/api/avatars/..%2F..%2Fsecret.key',
      '/api/avatars/%00',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
  });
});
