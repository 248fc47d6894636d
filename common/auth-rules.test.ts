import { describe, expect, it } from 'vitest';
import { signInInputSchema, signUpInputSchema } from './auth';
import { checkAuthFields, type AuthFields, type AuthFieldsCheck } from './auth-rules';

// The sign-up form checks without zod (auth-rules.ts); the server checks with the schemas built from the same rules.
// Both must give the same answer (cleaned values, or each field's first message) for every kind of input.

/** What the server's schema says, in the form check's shape. */
function serverCheck(mode: 'signin' | 'signup', values: AuthFields): AuthFieldsCheck {
  const result =
    mode === 'signup'
      ? signUpInputSchema.safeParse(values)
      : signInInputSchema.safeParse({ email: values.email, password: values.password });
  if (result.success) return { values: { ...values, ...result.data } };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
}

const names = ['', ' ', 'Ann', '  Bea Booker  ', 'x'.repeat(100), 'x'.repeat(101), ` ${'y'.repeat(100)} `, 'Zoë 🙂'];
const emails = [
  '',
  '   ',
  'ann@example.com',
  '  Ann.Smith@Example.COM ',
  'ann',
  'ann@',
  '@example.com',
  'ann@example',
  'ann@example.c',
  'ann..smith@example.com',
  '.ann@example.com',
  'ann.@example.com',
  "o'neil+crm@mail.example.co.uk",
  'ann@-example.com',
  'ann@exa_mple.com',
  'ann smith@example.com',
  'ann@example.com.',
  'ännä@example.com',
  `${'a'.repeat(243)}@example.com`,
  `${'a'.repeat(244)}@example.com`,
  `${'a'.repeat(250)}@example.com`,
];
const passwords = [
  '',
  'a',
  '12345',
  '123456',
  'password',
  'Password1',
  'correct-horse-42',
  'x'.repeat(128),
  'x'.repeat(129),
  ' '.repeat(6),
];

describe('the sign-in and sign-up checks without zod', () => {
  it.each(['signup', 'signin'] as const)('agree with the server’s schemas on every combination (%s)', (mode) => {
    let compared = 0;
    for (const name of names)
      for (const email of emails)
        for (const password of passwords) {
          const values = { name, email, password };
          const form = checkAuthFields(mode, values);
          const server = serverCheck(mode, values);
          expect(form, JSON.stringify(values)).toEqual(server);
          compared++;
        }
    expect(compared).toBe(names.length * emails.length * passwords.length);
  });

  it('cleans what the server cleans, and names each field’s first problem', () => {
    expect(
      checkAuthFields('signup', { name: ' Ann ', email: ' ANN@Example.com ', password: 'correct-horse-42' }),
    ).toEqual({ values: { name: 'Ann', email: 'ann@example.com', password: 'correct-horse-42' } });
    expect(checkAuthFields('signup', { name: '', email: 'ann', password: 'password' })).toEqual({
      errors: {
        name: 'Full Name is required',
        email: 'Please enter a valid email address',
        password: 'This password is too common. Please choose a less predictable one.',
      },
    });
  });
});
