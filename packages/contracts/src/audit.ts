import { AUDIT_AREAS, type AuditAction, type AuditArea } from './entities.ts';
import { routes, type RouteDefinition, type RouteName, type Routes } from './routes.ts';

/*
 * The audit trail in words (docs/decisions/029-audit-trail.md, 049-audit-labels.md): which routes it records,
 * what each is called and where it is grouped, written once beside the route in the table; and what each kind of
 * target is called. An entry stores only the route's name and the target's kind, so an entry written before a
 * label changed reads with today's words.
 */

/** A staff change: an admin route whose method writes, or an admin read the table marks `auditedRead` (an export of buyers' data). */
export const isAuditedRoute = (route: Pick<RouteDefinition, 'access' | 'method' | 'auditedRead'>): boolean =>
  route.access === 'admin' && (route.method !== 'GET' || route.auditedRead === true);

/** The route names `isAuditedRoute` picks, as a type. */
export type AuditedRouteName = {
  [N in RouteName]: Routes[N]['access'] extends 'admin'
    ? Routes[N]['method'] extends 'GET'
      ? Routes[N] extends { auditedRead: true }
        ? N
        : never
      : N
    : never;
}[RouteName];

export const auditedRouteNames = (Object.keys(routes) as RouteName[]).filter((name) => isAuditedRoute(routes[name])) as AuditedRouteName[];

/** What the screen shows for an action the table no longer has (an entry older than a removed route). */
export const RETIRED_AUDIT_ACTION = { label: 'Earlier action (no longer offered)', area: 'Other' } as const;

/** An entry's action (the route name it stored) in words, with its area. */
export function auditActionOf(action: string): { label: string; area: AuditArea | typeof RETIRED_AUDIT_ACTION.area } {
  if (!Object.hasOwn(routes, action)) return RETIRED_AUDIT_ACTION;
  const route: RouteDefinition = routes[action as RouteName];
  // Every audited route has both (the contract's test); a route that stopped being audited keeps a plain fallback.
  return { label: route.auditLabel ?? RETIRED_AUDIT_ACTION.label, area: route.auditArea ?? RETIRED_AUDIT_ACTION.area };
}

/** Every action the trail records, in words, grouped by area in the filter's order, then by label. */
export const AUDIT_ACTIONS: AuditAction[] = auditedRouteNames
  .map((value) => ({ value, ...auditActionOf(value) }))
  .sort((a, b) => AUDIT_AREAS.indexOf(a.area as AuditArea) - AUDIT_AREAS.indexOf(b.area as AuditArea) || a.label.localeCompare(b.label));

/** The kinds of target the trail stores (`target_type`), as staff call them. */
export const AUDIT_TARGET_TYPES: Readonly<Record<string, string>> = {
  products: 'Product',
  orders: 'Order',
  users: 'Account',
  reviews: 'Review',
  discounts: 'Discount code',
  subscriptions: 'Subscription',
  settings: 'Site settings',
  images: 'Image',
  'api-keys': 'API key',
  webhooks: 'Webhook endpoint',
};

/** A stored kind of target in words; one this list does not know (yet) as a sentence-case phrase, never 'discounts'. */
export function auditTargetName(type: string | null): string | null {
  if (!type) return null;
  if (Object.hasOwn(AUDIT_TARGET_TYPES, type)) return AUDIT_TARGET_TYPES[type]!;
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : null;
}
