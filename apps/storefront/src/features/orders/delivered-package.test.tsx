import { aDeliveredOrder, aDownload, anItem } from '@store/api-fake';
import type { Order } from '@store/contracts';
import { createQueryClient } from '@store/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeliveredGoods, orderHasGoods } from './delivered-goods.tsx';

/* A package line's goods, grouped by product (docs/decisions/038-packages.md). */

const WRITER = '00000000-0000-4000-8000-00000000a001';
const GUIDE = '00000000-0000-4000-8000-00000000a002';

function packageOrder(): Order {
  const guide = aDownload({ name: 'guide.pdf', size: 2048 });
  return aDeliveredOrder({
    items: [
      anItem({
        title: 'Starter Bundle',
        quantity: 2,
        delivery: 'license_key',
        // What older clients read: every key and file of the line.
        keys: ['WRTR-1111', 'WRTR-2222'],
        downloads: [guide],
        members: [
          { product_id: WRITER, title: 'Aurora Writer', quantity: 1, keys: ['WRTR-1111', 'WRTR-2222'], downloads: [] },
          { product_id: GUIDE, title: 'Prompt Guide', quantity: 1, keys: [], downloads: [guide] },
        ],
      }),
    ],
  });
}

function renderGoods(order: Order) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeliveredGoods order={order} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Your products' });
}

describe('a delivered package', () => {
  it("shows each product's keys and files under its own name, once", () => {
    const order = packageOrder();
    expect(orderHasGoods(order)).toBe(true);
    const goods = renderGoods(order);
    const contents = within(goods).getByRole('list', { name: 'Contents of Starter Bundle' });
    const [writer, guide] = within(contents).getAllByRole('listitem', { name: '' }).filter((item) => item.parentElement === contents);
    expect(writer).toHaveTextContent('Aurora Writer× 2');
    const keys = within(writer!).getByRole('list', { name: 'Licence keys for Aurora Writer' });
    expect(within(keys).getAllByRole('button', { name: 'Copy key' })).toHaveLength(2);
    expect(within(guide!).getByRole('link', { name: 'Download guide.pdf' })).toBeInTheDocument();
    // Shown once, by product: not again as the line's own list.
    expect(within(goods).getAllByText('WRTR-1111')).toHaveLength(1);
    expect(within(goods).getAllByRole('link', { name: 'Download guide.pdf' })).toHaveLength(1);
    expect(within(goods).queryByRole('list', { name: 'Licence keys for Starter Bundle' })).toBeNull();
  });
});
