/**
 * Leaving the shop for the payment provider. Kept in one object so tests can replace the page load
 * (jsdom cannot navigate) with `vi.spyOn(browser, 'assign')`.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Only http(s) addresses are followed: a `javascript:` or `data:` answer must never run in the shop's page. */
export function isHttpUrl(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
