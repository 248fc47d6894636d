/**
 * The message of the session check, which every web page loads: apart from the other sign-in messages
 * (auth-messages.ts), which only the sign-in page needs.
 */
export const sessionMessages = {
  profileLoadFailed: 'Error loading user profile',
} as const;
