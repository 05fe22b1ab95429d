import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Headers = Record<string, string>;

/** Thin wrappers over app.inject() for the account endpoints, so tests read like the API. */
export function accountApi(app: () => FastifyInstance) {
  const post = (url: string, payload: unknown, headers: Headers = {}): Promise<LightMyRequestResponse> =>
    app().inject({ method: 'POST', url, payload: payload as object, headers });
  return {
    register: (payload: unknown, headers?: Headers) => post('/api/register', payload, headers),
    login: (payload: unknown, headers?: Headers) => post('/api/login', payload, headers),
    logout: (headers: Headers) => app().inject({ method: 'POST', url: '/api/logout', headers }),
    me: (headers: Headers) => app().inject({ method: 'GET', url: '/api/users/me', headers }),
    update: (payload: unknown, headers: Headers) =>
      app().inject({ method: 'PUT', url: '/api/users/update', payload: payload as object, headers }),
    changePassword: (payload: unknown, headers: Headers) => post('/api/change-password', payload, headers),
  };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
