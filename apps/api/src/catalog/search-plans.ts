/**
 * Search plans kept in memory (docs/decisions/046-search.md): a search's ranking is made once per filter
 * and read by every page and every request of it until the catalogue changes. The promise is kept, so
 * requests that ask at once share one query. At most `maxEntries` (the least recently used go first); 0
 * keeps nothing, as the catalogue cache does with `CATALOG_CACHE_ENTRIES=0`.
 */
export class PlanCache {
  readonly #entries = new Map<string, Promise<unknown>>();

  constructor(readonly maxEntries: number) {}

  get<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (this.maxEntries === 0) return make();
    const found = this.#entries.get(key);
    if (found) {
      this.#entries.delete(key);
      this.#entries.set(key, found);
      return found as Promise<T>;
    }
    const made = make();
    this.#entries.set(key, made);
    made.catch(() => {
      if (this.#entries.get(key) === made) this.#entries.delete(key);
    });
    while (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    return made;
  }

  /** Forgets every plan: the catalogue changed (a product added, edited or deleted, here or on another instance). */
  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
