/** The user's public booking page (decisions.md item 15), as a path of this app. */
export const bookingPath = (userId: string) => `/book/${encodeURIComponent(userId)}`;

/** The same page as a full address to share: the app is served from one origin (PUBLIC_URL). */
export const bookingUrl = (userId: string) => `${window.location.origin}${bookingPath(userId)}`;
