const RELOAD_FLAG = 'mandado:chunk-reload';

function readFlag(): boolean {
  try {
    return window.sessionStorage.getItem(RELOAD_FLAG) !== null;
  } catch {
    return true;
  }
}

function writeFlag(on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(RELOAD_FLAG, '1');
    else window.sessionStorage.removeItem(RELOAD_FLAG);
  } catch {
    // Without session storage we cannot tell a second failure from a first; the error page shows instead.
  }
}

/**
 * Spec §8 "Failed chunk load: the page reloads". After a deploy the old hashed chunks are gone, so a reload
 * fetches the new index.html; the session flag makes it happen once, and a second failure reaches the error page.
 */
export function lazyWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      const module = await load();
      writeFlag(false);
      return module;
    } catch (error) {
      if (!readFlag()) {
        writeFlag(true);
        window.location.reload();
        return new Promise<T>(() => {});
      }
      writeFlag(false);
      throw error;
    }
  };
}
