import { ApiError, type CartItem, type Product } from '@store/contracts';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { productQueryOptions } from '../catalog/queries.ts';
import { cartStore, useCart } from './cart-store.ts';

export interface RepricedLine {
  id: string;
  title: string;
  /** Dollars. */
  from: number;
  to: number;
}

export interface CartPriceRefresh {
  /** True until every line has an answer from the server: the total shown is not final yet. */
  checking: boolean;
  /** Lines whose price changed since they were added (the newest change per line). */
  repriced: readonly RepricedLine[];
  /** Titles of lines dropped because their product no longer exists. */
  dropped: readonly string[];
  dismiss: () => void;
}

/**
 * Brings the stored cart up to the catalogue's current prices on entering a page that shows a total
 * (cart, checkout): each line's product is fetched fresh, a changed price is applied and reported, and
 * a product that is gone (404) is dropped and reported. A line whose product could not be fetched for
 * another reason (network) keeps its stored price; the server prices every order anyway.
 */
export function useCartPriceRefresh(): CartPriceRefresh {
  const ids = useCart((state) => state.items.map((item) => item.id).join(','));
  const idList = useMemo(() => (ids ? ids.split(',') : []), [ids]);
  const results = useQueries({
    queries: idList.map((id) => ({ ...productQueryOptions(id), staleTime: 0, refetchOnWindowFocus: false })),
  });

  const applied = useRef(new Map<string, number>());
  const [repriced, setRepriced] = useState<readonly RepricedLine[]>([]);
  const [dropped, setDropped] = useState<readonly string[]>([]);

  // One string that changes only when an answer arrives, so the effect does not run on every render.
  const answers = results.map((result, index) => `${idList[index]}:${result.dataUpdatedAt}:${result.errorUpdatedAt}`).join('|');

  useEffect(() => {
    const fresh: Product[] = [];
    const gone: string[] = [];
    results.forEach((result, index) => {
      const id = idList[index];
      if (id === undefined) return;
      const stamp = Math.max(result.dataUpdatedAt, result.errorUpdatedAt);
      if (stamp === 0 || applied.current.get(id) === stamp) return;
      applied.current.set(id, stamp);
      if (result.data && result.dataUpdatedAt >= result.errorUpdatedAt) fresh.push(result.data);
      else if (result.error instanceof ApiError && result.error.status === 404) gone.push(id);
    });
    if (fresh.length === 0 && gone.length === 0) return;

    const before = new Map<string, CartItem>(cartStore.getState().items.map((line) => [line.id, line]));
    const outcome = cartStore.getState().refreshPrices(fresh);
    for (const id of gone) cartStore.getState().remove(id);

    if (outcome.repriced.length > 0) {
      const after = new Map(outcome.lines.map((line) => [line.id, line]));
      const changes = outcome.repriced.flatMap((id) => {
        const old = before.get(id);
        const now = after.get(id);
        return old && now ? [{ id, title: now.title, from: old.price, to: now.price }] : [];
      });
      setRepriced((current) => [...current.filter((line) => !outcome.repriced.includes(line.id)), ...changes]);
    }
    const goneTitles = gone.flatMap((id) => {
      const line = before.get(id);
      return line ? [line.title] : [];
    });
    if (goneTitles.length > 0) setDropped((current) => [...current, ...goneTitles]);
    // `answers` stands for `results`, which is a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answers, idList]);

  return {
    checking: results.some((result) => result.isPending),
    repriced,
    dropped,
    dismiss: () => {
      setRepriced([]);
      setDropped([]);
    },
  };
}
