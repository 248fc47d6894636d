/**
 * The most common leaked passwords of six characters or more (shorter ones already fail the length rule).
 * Refusing them stops the cheapest guessing attacks without a network call.
 */
const COMMON_PASSWORDS = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345678910', '987654321', '0987654321',
  '111111', '1111111', '11111111', '000000', '00000000', '121212', '123123', '123321', '654321', '666666',
  '696969', '777777', '888888', '999999', '112233', '123654', '147258', '159753', '159357', '789456',
  '123qwe', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', 'qwe123', 'qwerty', 'qwerty1', 'qwerty12', 'qwerty123',
  'qwertyuiop', 'qazwsx', '1qaz2wsx', 'zxcvbn', 'zxcvbnm', 'asdfgh', 'asdfghjkl', 'asdf1234', 'azerty',
  'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pass123',
  'password!', 'letmein', 'letmein1', 'welcome', 'welcome1', 'welcome123', 'iloveyou', 'iloveyou1',
  'abc123', 'abcdef', 'abcd1234', 'abc12345', 'a123456', 'aa123456', 'admin123', 'administrator',
  'monkey', 'dragon', 'master', 'shadow', 'sunshine', 'princess', 'football', 'baseball', 'superman',
  'batman', 'trustno1', 'starwars', 'whatever', 'freedom', 'michael', 'jennifer', 'jordan23', 'hunter2',
  'charlie', 'donald', 'computer', 'internet', 'secret', 'secret123', 'changeme', 'default', 'google',
  'mustang', 'access', 'flower', 'hello123', 'hello1', 'loveme', 'lovely', 'killer', 'soccer', 'hockey',
  'ranger', 'buster', 'thomas', 'tigger', 'robert', 'matrix', 'cheese', 'chelsea', 'summer', 'winter',
  'spring', 'autumn', 'pokemon', 'naruto', 'qwertz', 'test123', 'testing', 'test1234', 'user123',
  'login', 'guest123', 'root123', 'temp123', 'P@ssw0rd', 'Password1', 'Password123', 'Qwerty123',
  'q1w2e3r4', 'q1w2e3r4t5', 'zaq12wsx', 'xsw21qaz', 'qweasd', 'qweasdzxc', '1qazxsw2', 'asdasd',
  'aaaaaa', 'abcabc', 'blink182', 'liverpool', 'arsenal', 'samsung', 'iphone', 'apple123', 'myspace1',
  'linkedin', 'facebook', 'pa55word', 'passpass', 'mypassword', 'newpassword', 'ninja', 'jessica',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password) || COMMON_PASSWORDS.has(password.toLowerCase());
}
