// Operator details for the legal pages, fixed at build time from VITE_OPERATOR_* variables.
const env = import.meta.env;

export const operator = {
  name: env.VITE_OPERATOR_NAME || 'Decision Compass Operator',
  address: env.VITE_OPERATOR_ADDRESS || 'Musterstraße 1, 10115 Berlin',
  email: env.VITE_OPERATOR_EMAIL || 'contact@example.org',
  /** False while the placeholder defaults are in use; the legal pages then say so. */
  isConfigured: Boolean(env.VITE_OPERATOR_NAME && env.VITE_OPERATOR_ADDRESS && env.VITE_OPERATOR_EMAIL),
};
