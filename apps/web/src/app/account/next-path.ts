/** Pages a "come back here after logging in" must never point at (they would loop or make no sense). */
const AUTH_PATHS = ['/login', '/register', '/password-reset'];

/**
 * The `next` of /login?next=…: only a path of this site (never "//evil.example" or a full URL, which would
 * make the login page an open redirect), and never an auth page itself; otherwise null.
 */
export function safeNextPath(raw: string | null): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, 'https://mandado.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://mandado.invalid') return null;
  // Dot segments and backslashes are resolved by the parser: '/.//x', '/%2e//x' and '/./\\x' all come out as
  // '//x', which a navigation reads as another host. Only a path that is still single-slashed is ours.
  if (url.pathname.startsWith('//')) return null;
  if (AUTH_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a finished login goes without a `next`: the stores when a city is chosen, else the city screen. */
export function homePath(hasCity: boolean): string {
  return hasCity ? '/stores' : '/';
}

/** /login?next=<here> for a visitor who reached an account page. */
export function loginPathFor(pathname: string, search = ''): string {
  return `/login?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`;
}
