import { LIMITS, type AdminProduct } from '@store/contracts';
import { Button, IconButton, PlusIcon, TextField, TrashIcon } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import type { PackageMemberDraft } from './product-draft.ts';
import * as styles from './products.css.ts';
import { productKeys } from './queries.ts';

/** Products shown for a search: enough to find one by a few letters of its name. */
const CANDIDATES = 8;

export interface PackageMembersProps {
  /** The package being edited (it cannot contain itself); null for a new one. */
  productId: string | null;
  members: readonly PackageMemberDraft[];
  onChange: (members: PackageMemberDraft[]) => void;
  error?: string | undefined;
}

/** A product that can go in a package: not a package, not a subscription, not the package itself nor a member already. */
function canJoin(product: AdminProduct, productId: string | null, members: readonly PackageMemberDraft[]): boolean {
  return (
    product.product_type !== 'package' &&
    product.product_type !== 'subscription' &&
    product.id !== productId &&
    !members.some((member) => member.product_id === product.id)
  );
}

/**
 * A package's members (docs/decisions/038-packages.md): found by a search of the catalogue, each with its units
 * in one package, removable; 2 to 20 of them. The API checks the same rules again.
 */
export function PackageMembers({ productId, members, onChange, error }: PackageMembersProps) {
  const [search, setSearch] = useState('');
  const term = search.trim();
  const candidates = useQuery({
    queryKey: [...productKeys.lists(), 'package-candidates', term],
    queryFn: ({ signal }) => api.adminListProducts({ query: { search: term, limit: CANDIDATES + LIMITS.packageMaxItems } }, { signal }),
    enabled: term.length > 0,
  });
  const found = (candidates.data?.products ?? []).filter((product) => canJoin(product, productId, members)).slice(0, CANDIDATES);
  const full = members.length >= LIMITS.packageMaxItems;

  const add = (product: AdminProduct) => {
    onChange([...members, { product_id: product.id, title: product.title, quantity: '1' }]);
    setSearch('');
  };
  const setQuantity = (index: number, quantity: string) =>
    onChange(members.map((member, position) => (position === index ? { ...member, quantity } : member)));

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Package contents</legend>
      <p className={styles.hint}>
        {LIMITS.packageMinItems} to {LIMITS.packageMaxItems} products, each with the units one package holds. The package's stock is what its
        products' stock allows; buyers get every product's keys and files.
      </p>
      {members.length > 0 ? (
        <ul className={styles.chipList} aria-label="Package contents">
          {members.map((member, index) => (
            <li key={member.product_id} className={styles.memberRow}>
              <span className={styles.chipText}>{member.title}</span>
              <TextField
                label={`Quantity of ${member.title}`}
                type="number"
                inputMode="numeric"
                step="1"
                min="1"
                max={LIMITS.packageItemMaxQuantity}
                className={styles.memberQuantity}
                value={member.quantity}
                onChange={(event) => setQuantity(index, event.target.value)}
              />
              <IconButton
                label={`Remove ${member.title} from the package`}
                icon={<TrashIcon size={16} />}
                size="sm"
                onClick={() => onChange(members.filter((_, position) => position !== index))}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.hint}>No products in this package yet.</p>
      )}
      {error && (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      )}
      <TextField
        label="Find a product to add"
        type="search"
        autoComplete="off"
        value={search}
        disabled={full}
        hint={full ? `A package holds at most ${LIMITS.packageMaxItems} products.` : 'Type a few letters of its name.'}
        onChange={(event) => setSearch(event.target.value)}
      />
      {term.length > 0 && !full && (
        <ul className={styles.chipList} aria-label="Products to add">
          {found.map((product) => (
            <li key={product.id}>
              <Button variant="secondary" size="sm" onClick={() => add(product)}>
                <PlusIcon size={16} /> Add {product.title}
              </Button>
            </li>
          ))}
          {candidates.isSuccess && found.length === 0 && <li className={styles.hint}>No product that can go in a package matches.</li>}
        </ul>
      )}
    </fieldset>
  );
}
