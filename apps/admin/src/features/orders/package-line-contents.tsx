import type { OrderItem } from '@store/contracts';
import * as layout from '../layout/admin-layout.css.ts';

/**
 * A package line's products in the order details (docs/decisions/038-packages.md): each with the units the
 * line delivers, from the order's creation on (the members are kept with the order as it was placed), and how
 * many keys it was given once delivered (staff's answers carry no download links).
 */
export function PackageLineContents({ item }: { item: OrderItem }) {
  if (!item.members || item.members.length === 0) return null;
  return (
    <ul aria-label={`Contents of ${item.title}`} className={layout.muted}>
      {item.members.map((member) => {
        const keys = member.keys.length;
        return (
          <li key={member.product_id}>
            {item.quantity * member.quantity} × {member.title}
            {keys > 0 && ` (${keys} ${keys === 1 ? 'key' : 'keys'})`}
          </li>
        );
      })}
    </ul>
  );
}
