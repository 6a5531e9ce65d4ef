import type { CartItem } from '@store/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { currentProductsQueryOptions } from '../catalog/queries.ts';
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
 * (cart, checkout): the lines' products are fetched fresh in one request, a changed price is applied and
 * reported, and a product the catalogue no longer has is dropped and reported. If the request fails
 * (network) the lines keep their stored prices; the server prices every order anyway.
 */
export function useCartPriceRefresh(): CartPriceRefresh {
  const ids = useCart((state) => state.items.map((item) => item.id).join(','));
  const idList = useMemo(() => (ids ? ids.split(',') : []), [ids]);
  const current = useQuery({ ...currentProductsQueryOptions(idList), enabled: idList.length > 0, staleTime: 0, refetchOnWindowFocus: false });

  const applied = useRef(0);
  const [repriced, setRepriced] = useState<readonly RepricedLine[]>([]);
  const [dropped, setDropped] = useState<readonly string[]>([]);

  useEffect(() => {
    const products = current.data;
    if (!products || current.dataUpdatedAt === applied.current) return;
    applied.current = current.dataUpdatedAt;

    const found = new Set(products.map((product) => product.id));
    const before = new Map<string, CartItem>(cartStore.getState().items.map((line) => [line.id, line]));
    const outcome = cartStore.getState().refreshPrices(products);
    const gone = idList.filter((id) => !found.has(id));
    for (const id of gone) cartStore.getState().remove(id);

    if (outcome.repriced.length > 0) {
      const after = new Map(outcome.lines.map((line) => [line.id, line]));
      const changes = outcome.repriced.flatMap((id) => {
        const old = before.get(id);
        const now = after.get(id);
        return old && now ? [{ id, title: now.title, from: old.price, to: now.price }] : [];
      });
      setRepriced((shown) => [...shown.filter((line) => !outcome.repriced.includes(line.id)), ...changes]);
    }
    const goneTitles = gone.flatMap((id) => {
      const line = before.get(id);
      return line ? [line.title] : [];
    });
    if (goneTitles.length > 0) setDropped((shown) => [...shown, ...goneTitles]);
  }, [current.data, current.dataUpdatedAt, idList]);

  return {
    checking: current.isLoading,
    repriced,
    dropped,
    dismiss: () => {
      setRepriced([]);
      setDropped([]);
    },
  };
}
