import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataCell, DataHeaderCell, DataRow, DataTable, DataTableEmptyRow, DataTableLoadingRow } from './data-table.tsx';

const columns = (
  <>
    <DataHeaderCell>Order</DataHeaderCell>
    <DataHeaderCell align="end">Total</DataHeaderCell>
  </>
);

describe('DataTable', () => {
  it('is a named table whose cells carry their column name for the stacked phone layout', () => {
    render(
      <DataTable caption="Orders" columns={columns}>
        <DataRow>
          <DataCell label="Order">#abcd1234</DataCell>
          <DataCell label="Total" align="end">
            $10.00
          </DataCell>
        </DataRow>
      </DataTable>,
    );

    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Order', 'Total']);
    expect(within(table).getByRole('cell', { name: '#abcd1234' })).toHaveAttribute('data-label', 'Order');
  });

  it('has a loading row with a named spinner, an empty row with a title, and marks itself busy', () => {
    const { rerender } = render(
      <DataTable caption="Orders" columns={columns} busy>
        <DataTableLoadingRow colSpan={2} label="Loading orders…" />
      </DataTable>,
    );
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status', { name: 'Loading orders…' })).toBeInTheDocument();

    rerender(
      <DataTable caption="Orders" columns={columns}>
        <DataTableEmptyRow colSpan={2} title="No orders found">
          Nothing matches
        </DataTableEmptyRow>
      </DataTable>,
    );
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('cell')).toHaveAttribute('colspan', '2');
    expect(screen.getByText('No orders found')).toBeInTheDocument();
  });
});
