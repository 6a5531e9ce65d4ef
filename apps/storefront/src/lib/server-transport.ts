/**
 * How the server's render reaches the API: the API registers its in-process transport once at start
 * (`configureServerRender` in entry-server.tsx), Fastify's routes answering without a socket. Never set in a
 * browser.
 */
let transport: typeof fetch | null = null;

export function setServerTransport(next: typeof fetch): void {
  transport = next;
}

export const serverTransport: typeof fetch = (input, init) => {
  if (!transport) return Promise.reject(new Error('The server render has no API transport: call configureServerRender first'));
  return transport(input, init);
};
