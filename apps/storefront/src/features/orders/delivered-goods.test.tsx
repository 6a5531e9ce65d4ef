import { aDeliveredOrder, aDownload, anItem } from '@store/api-fake';
import type { Order } from '@store/contracts';
import { createQueryClient } from '@store/ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { env } from '../../env.ts';
import { DOWNLOAD_COUNT_REFRESH_MS, DOWNLOAD_LIMIT_REACHED, DeliveredGoods, orderHasGoods } from './delivered-goods.tsx';
import { orderKeys } from './queries.ts';

function renderGoods(order: Order, queryClient: QueryClient = createQueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <DeliveredGoods order={order} />
    </QueryClientProvider>,
  );
  return screen.queryByRole('region', { name: 'Your products' });
}

/** The delivered order with one file line, whose file is `aDownload()` with these changes. */
function orderWithFile(file: Parameters<typeof aDownload>[0]): Order {
  return aDeliveredOrder({ items: [anItem({ title: 'Course Bundle', delivery: 'download', downloads: [aDownload(file)] })] });
}

describe('the delivered goods', () => {
  it('shows each file with its name, size, a Download link on the API and how much of its limit is used', () => {
    const goods = renderGoods(aDeliveredOrder())!;

    const files = within(goods).getByRole('list', { name: 'Files for Course Bundle' });
    expect(within(files).getByText('course-bundle.zip')).toBeInTheDocument();
    expect(within(files).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(files).getByText('Downloaded 1 of 5 times')).toBeInTheDocument();
    expect(within(files).getByText('4 downloads left')).toBeInTheDocument();
    const link = within(files).getByRole('link', { name: 'Download course-bundle.zip' });
    expect(link).toHaveAttribute('href', `${env.apiBase.replace(/\/+$/, '')}${aDownload().url}`);
    expect(link).toHaveAttribute('download');
    expect(within(files).queryByText(DOWNLOAD_LIMIT_REACHED)).toBeNull();
  });

  it('keeps the keys of a key line, with a Copy key button each', () => {
    const goods = renderGoods(aDeliveredOrder())!;

    const keys = within(goods).getByRole('list', { name: /^Licence keys for / });
    expect(within(keys).getByText('AAAA-1111-BBBB').tagName).toBe('CODE');
    expect(within(keys).getByText('CCCC-2222-DDDD').tagName).toBe('CODE');
    expect(within(keys).getAllByRole('button', { name: 'Copy key' })).toHaveLength(2);
    expect(within(keys).queryByRole('link')).toBeNull();
  });

  it('shows keys and files together when a line carries both', () => {
    const both = anItem({ title: 'Studio Suite', keys: ['KKKK-9999'], downloads: [aDownload({ name: 'studio-setup.exe', size: 2048 })] });
    const goods = renderGoods(aDeliveredOrder({ items: [both] }))!;

    expect(within(goods).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    const files = within(goods).getByRole('list', { name: 'Files for Studio Suite' });
    expect(within(files).getByText('2 KB')).toBeInTheDocument();
    expect(within(files).getByRole('link', { name: 'Download studio-setup.exe' })).toBeInTheDocument();
  });

  it('says a file was not downloaded yet, in the right number', () => {
    const files = within(renderGoods(orderWithFile({ download_count: 0, download_limit: 1 }))!).getByRole('list', { name: /^Files for / });

    expect(within(files).getByText('Downloaded 0 of 1 time')).toBeInTheDocument();
    expect(within(files).getByText('1 download left')).toBeInTheDocument();
    expect(within(files).getByRole('link', { name: 'Download course-bundle.zip' })).toBeInTheDocument();
  });

  it('replaces the Download link with a note once the download limit is used up', () => {
    const files = within(renderGoods(orderWithFile({ download_count: 5, download_limit: 5 }))!).getByRole('list', { name: /^Files for / });

    expect(within(files).queryByRole('link')).toBeNull();
    expect(within(files).getByText(DOWNLOAD_LIMIT_REACHED)).toBeInTheDocument();
    expect(within(files).getByText('Downloaded 5 of 5 times')).toBeInTheDocument();
    expect(within(files).getByText('0 downloads left')).toBeInTheDocument();
  });

  it('counts a line with files only as goods, and a line with neither keys nor files as nothing to show', () => {
    const filesOnly = orderWithFile({});
    expect(orderHasGoods(filesOnly)).toBe(true);

    const nothing = aDeliveredOrder({ items: [anItem({ keys: [], downloads: [] })] });
    expect(orderHasGoods(nothing)).toBe(false);
    expect(renderGoods(nothing)).toBeNull();
  });

  it('marks the order queries stale a moment after a Download click, so the count on screen is fetched again', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    // jsdom cannot follow the link (a browser would start the download); the click handlers still run.
    const stayOnPage = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', stayOnPage);
    onTestFinished(() => document.removeEventListener('click', stayOnPage));
    const queryClient = createQueryClient();
    const orderKey = orderKeys.guest('order-1', 'token');
    queryClient.setQueryData(orderKey, aDeliveredOrder());
    const goods = renderGoods(aDeliveredOrder(), queryClient)!;

    fireEvent.click(within(goods).getByRole('link', { name: 'Download course-bundle.zip' }));
    act(() => void vi.advanceTimersByTime(DOWNLOAD_COUNT_REFRESH_MS - 100));
    expect(queryClient.getQueryState(orderKey)?.isInvalidated).toBe(false);

    act(() => void vi.advanceTimersByTime(100));
    expect(queryClient.getQueryState(orderKey)?.isInvalidated).toBe(true);
  });
});
