// One source for every limit the server checks and the UI shows (counters, input bounds).
export const LIMITS = {
  password: { min: 8, max: 128 },
  email: { max: 254 },
  nickname: { max: 20 },
  personName: { max: 60 },
  birthday: { min: '1900-01-01' },
  avatar: { maxBytes: 2 * 1024 * 1024, sizePx: 256, cacheSeconds: 3600 },
  jsonBodyBytes: 1024 * 1024,
  session: { days: 30, slideAfterMinutes: 60 },
  auth: {
    // Per IP on login, register and password endpoints; per account on failed logins.
    perIpPerMinute: 30,
    failedLoginsPerAccount: 10,
    failedLoginWindowMinutes: 15,
  },
} as const;

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
