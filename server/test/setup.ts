import { setPasswordHashingCost } from '../modules/auth/passwords.ts';

/**
 * The lowest argon2id cost: the same algorithm and code paths, ~1 ms a hash instead of ~45 ms
 * (passwords.test.ts and auth.api.test.ts check the product's OWASP parameters themselves).
 */
export const TEST_ARGON2_COST = { memoryCost: 1024, timeCost: 1 };

setPasswordHashingCost(TEST_ARGON2_COST);
