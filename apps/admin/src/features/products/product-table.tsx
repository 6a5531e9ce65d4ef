import { labelOf, CATEGORIES, PRODUCT_TYPES, formatUsd, type AdminProduct } from '@store/contracts';
import { Badge, DataCell, DataHeaderCell, DataRow, DataTable, IconButton, ImageIcon, KeyIcon, PencilIcon, Spinner, TrashIcon, resolveAssetUrl } from '@store/ui';
import { env } from '../../env.ts';
import * as styles from './products.css.ts';

export interface ProductTableProps {
  products: readonly AdminProduct[];
  /** Ids of products being deleted: their buttons wait. */
  deleting: ReadonlySet<string>;
  /** A new search or filter is loading over these rows. */
  busy?: boolean;
  onEdit: (product: AdminProduct) => void;
  onKeys: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
}

function Thumbnail({ product }: { product: AdminProduct }) {
  const src = resolveAssetUrl(product.images[0] ?? product.image, env.apiBase);
  return (
    <span className={styles.thumb}>
      {src ? <img src={src} alt="" width={48} height={48} loading="lazy" /> : <ImageIcon size={20} />}
    </span>
  );
}

/** The product list: a table on wide screens, one card per product on narrow ones; actions named per product. */
export function ProductTable({ products, deleting, busy = false, onEdit, onKeys, onDelete }: ProductTableProps) {
  return (
    <DataTable
      caption="Products"
      busy={busy}
      columns={
        <>
          <DataHeaderCell>Product</DataHeaderCell>
          <DataHeaderCell>Category</DataHeaderCell>
          <DataHeaderCell>Type</DataHeaderCell>
          <DataHeaderCell align="end">Price</DataHeaderCell>
          <DataHeaderCell align="end">Stock</DataHeaderCell>
          <DataHeaderCell align="end">Actions</DataHeaderCell>
        </>
      }
    >
      {products.map((product) => {
        const removing = deleting.has(product.id);
        return (
          <DataRow key={product.id}>
            <DataCell label="Product">
              <span className={styles.productCell}>
                <Thumbnail product={product} />
                <span className={styles.productText}>
                  <span className={styles.productTitle}>{product.title}</span>
                  <span className={styles.productDescription}>{product.description}</span>
                </span>
              </span>
            </DataCell>
            <DataCell label="Category" nowrap>
              {labelOf(CATEGORIES, product.category)}
            </DataCell>
            <DataCell label="Type" nowrap>
              {labelOf(PRODUCT_TYPES, product.product_type)}
            </DataCell>
            <DataCell label="Price" align="end" nowrap>
              {formatUsd(product.price)}
            </DataCell>
            <DataCell label="Stock" align="end" nowrap>
              {product.stock_quantity > 0 ? product.stock_quantity.toLocaleString('en-US') : <Badge tone="red">Out of stock</Badge>}
            </DataCell>
            <DataCell label="Actions" align="end" nowrap>
              <span className={styles.actions}>
                <IconButton variant="secondary" size="sm" label={`Edit ${product.title}`} icon={<PencilIcon size={16} />} onClick={() => onEdit(product)} />
                <IconButton variant="secondary" size="sm" label={`Licence keys of ${product.title}`} icon={<KeyIcon size={16} />} onClick={() => onKeys(product)} />
                <IconButton
                  variant="danger"
                  size="sm"
                  label={`Delete ${product.title}`}
                  icon={removing ? <Spinner size="sm" decorative /> : <TrashIcon size={16} />}
                  disabled={removing}
                  aria-busy={removing || undefined}
                  onClick={() => onDelete(product)}
                />
              </span>
            </DataCell>
          </DataRow>
        );
      })}
    </DataTable>
  );
}
