/** Why talking to a mail server failed, as a person reads it: in the 'Check Mail' and 'Send' answers. */
export const mailConnectionMessages = {
  wrongPassword: 'Wrong user name or password for the mail server',
  hostNotFound: 'Mail server not found: check the server host name',
  connectionRefused: 'The mail server refused the connection: check the host and port',
  tlsFailed: 'The secure connection (SSL/TLS) to the mail server failed: check the SSL setting and the port',
  starttlsMissing:
    "The mail server does not offer STARTTLS, so the connection would not be encrypted: turn on SSL/TLS, or allow an unencrypted connection in the account's settings",
  timeout: 'The mail server did not answer in time',
  privateAddress: 'This mail server is on a private or local network address, which this server may not connect to',
  tooLarge: 'The message is too large for the mail server',
  /** Anything else: the server's own line, so the user (or their provider's help page) can act on it. */
  serverAnswered: 'The mail server answered:',
  connectionLost: 'The connection to the mail server was lost',
} as const;

export type MailConnectionReason = Exclude<keyof typeof mailConnectionMessages, 'serverAnswered'> | 'server';
